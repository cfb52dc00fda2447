package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRawIntKeysReadLikeIntegerParseInt: CapacitySchedulerConfiguration#
// getMaxParallelAppsForQueue and #getMaxParallelAppsForUser read a queue's
// and a user's max-parallel-apps with get(...) and Integer.parseInt, which
// neither trims nor reads hex, unlike getInt (the scheduler-wide keys).
func TestRawIntKeysReadLikeIntegerParseInt(t *testing.T) {
	cases := []struct {
		raw  string
		want int32
		err  string
	}{
		{"5", 5, ""},
		{"+5", 5, ""}, // Integer.parseInt takes a leading plus (Java 7 on)
		{"-1", -1, ""},
		{" 5", maxInt32, `For input string: " 5"`},
		{"5\n", maxInt32, `For input string: "5\n"`},
		{"0x10", maxInt32, `For input string: "0x10"`},
		{"2147483648", maxInt32, `For input string: "2147483648"`},
	}
	for _, tc := range cases {
		t.Run(tc.raw, func(t *testing.T) {
			m := buildMap(t, map[string]string{
				p + "root.queues": "a", p + "root.a.capacity": "100",
				p + "root.a.max-parallel-apps":     tc.raw,
				p + "user.alice.max-parallel-apps": tc.raw,
			}, BuildOptions{Version: V3_3})
			q := m.Queue("root.a").MaxParallelApps
			assert.Equal(t, tc.want, q.V)
			assert.Equal(t, tc.err, q.Err)
			u, own := m.MaxParallelAppsForUser("alice")
			assert.True(t, own)
			assert.Equal(t, tc.want, u.V)
			assert.Equal(t, tc.err, u.Err)
		})
	}
}

// TestRawIntKeysGlobalStayGetInt: the scheduler-wide defaults beside them
// are getInt (trimmed, hex).
func TestRawIntKeysGlobalStayGetInt(t *testing.T) {
	m := buildMap(t, map[string]string{
		p + "root.queues": "a", p + "root.a.capacity": "100",
		p + "max-parallel-apps": " 0x10", p + "user.max-parallel-apps": "7\n",
	}, BuildOptions{Version: V3_4})
	assert.Equal(t, int32(16), m.Global.MaxParallelApps.V)
	assert.Empty(t, m.Global.MaxParallelApps.Err)
	assert.Equal(t, int32(16), m.Queue("root.a").MaxParallelApps.V, "unset on the queue: the global getInt")
	u, own := m.MaxParallelAppsForUser("bob")
	assert.False(t, own)
	assert.Equal(t, int32(7), u.V)
}

// TestFairSizeBasedWeightReadLikeBooleanParseBoolean: FairOrderingPolicy#
// configure reads enable-size-based-weight with Boolean.parseBoolean from
// the map getAppOrderingPolicy fills by iterating the Configuration (raw
// values): " true" or a ${var} that expands to true turn nothing on,
// silently, where getBoolean would trim and expand.
func TestFairSizeBasedWeightReadLikeBooleanParseBoolean(t *testing.T) {
	cases := []struct {
		raw     string
		want    bool
		flagged bool
	}{
		{"true", true, false},
		{"TRUE", true, false},
		{"false", false, false},
		{" true", false, true},
		{"true\n", false, true},
		{"${sbw}", false, true},
		{"yes", false, true},
	}
	for _, tc := range cases {
		t.Run(tc.raw, func(t *testing.T) {
			m := buildMap(t, map[string]string{
				p + "root.queues": "a", p + "root.a.capacity": "100", "sbw": "true",
				p + "root.a.ordering-policy":                               "fair",
				p + "root.a.ordering-policy.fair.enable-size-based-weight": tc.raw,
			}, BuildOptions{Version: V3_4})
			v := m.Queue("root.a").FairSizeBasedWeight
			assert.Equal(t, tc.want, v.V)
			assert.Equal(t, tc.flagged, v.Err != "", v.Err)
		})
	}
}
