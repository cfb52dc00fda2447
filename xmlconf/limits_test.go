package xmlconf

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// names returns "p0,p1,...", n names.
func names(p string, n int) string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", p, i)
	}
	return strings.Join(out, ",")
}

func TestBuildQueueLimit(t *testing.T) {
	for _, tc := range []struct {
		name    string
		conf    map[string]string
		refused bool
	}{
		{"at the limit", map[string]string{"yarn.scheduler.capacity.root.queues": names("q", MaxQueues-1)}, false},
		{"one past the limit", map[string]string{"yarn.scheduler.capacity.root.queues": names("q", MaxQueues)}, true},
		{"duplicates count as Hadoop counts them", map[string]string{
			"yarn.scheduler.capacity.root.queues": strings.Repeat("a,", MaxQueues)}, true},
		{"spread over levels", map[string]string{
			"yarn.scheduler.capacity.root.queues":    names("p", 2),
			"yarn.scheduler.capacity.root.p0.queues": names("a", MaxQueues/2),
			"yarn.scheduler.capacity.root.p1.queues": names("b", MaxQueues/2),
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := Build(FromMap(tc.conf, "t.xml"), BuildOptions{})
			assert.LessOrEqual(t, len(m.Queues), MaxQueues)
			if !tc.refused {
				require.NoError(t, m.TooLarge)
				assert.Len(t, m.Queues, MaxQueues)
				return
			}
			require.ErrorIs(t, m.TooLarge, ErrTooLarge)
			assert.Contains(t, m.TooLarge.Error(), "at most 100,000 are supported")
		})
	}
}

func TestLoadRefusesTooManyQueues(t *testing.T) {
	xml := "<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>" +
		names("q", MaxQueues) + "</value></property></configuration>"
	_, err := Load(LoadOptions{CapacityScheduler: []Source{{Name: "cs.xml", Data: []byte(xml)}}})
	require.ErrorIs(t, err, ErrTooLarge)
	assert.Contains(t, err.Error(), "cs.xml:1:")
	assert.Contains(t, err.Error(), "yarn.scheduler.capacity.root.queues")
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 100000: "100,000", 1234567: "1,234,567"} {
		assert.Equal(t, want, thousands(n))
	}
}

func TestCheckLabelPairs(t *testing.T) {
	for _, tc := range []struct {
		queues, labels int
		want           string // "" when accepted
	}{
		{10_000, 0, ""},
		{10_000, 25, ""},
		{2, MaxLabelPairs / 2, ""},
		{501, 500, "500 node labels for 501 queues, at most 499 are supported"},
		{2001, 2000, "2,000 node labels for 2,001 queues, at most 124 are supported (capq holds every queue's capacities in every label, at most 250,000 in all)"},
		{MaxLabelPairs + 1, 1, "1 node labels for 250,001 queues, at most 1 are supported"},
	} {
		err := CheckLabelPairs(tc.queues, tc.labels)
		if tc.want == "" {
			assert.NoError(t, err, "%d × %d", tc.queues, tc.labels)
			continue
		}
		require.ErrorIs(t, err, ErrTooLarge)
		assert.Contains(t, err.Error(), tc.want)
	}
}
