package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestZeroGuaranteeUserLimitNoted: capq caps the user limit of a leaf
// without a guarantee at the queue's maximum on every profile from 2.10
// (UsersManager#computeUserLimit's originalCapacity branch in Hadoop's
// newest source); older sources cap it at max(guarantee, minimum
// allocation) × user-limit-factor and the release between is not pinned,
// so 2.10 to 3.3 say which rule the run used. 3.4 has the branch, and
// 2.7 computes user limits its own way.
func TestZeroGuaranteeUserLimitNoted(t *testing.T) {
	kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "100", "root.b.capacity": "0"}
	notes := func(v xmlconf.Version, kv map[string]string) []string {
		e, err := New(build(t, kv, v), []NodeSpec{{ID: "h1", MemoryMB: 16 * 1024, VCores: 16}}, Options{})
		require.NoError(t, err)
		var out []string
		for _, w := range e.Unmodelled() {
			if w.Feature == "user limit" {
				out = append(out, w.Effect)
			}
		}
		return out
	}
	for _, tc := range []struct {
		v    xmlconf.Version
		want int
	}{{xmlconf.V2_7, 0}, {xmlconf.V2_10, 1}, {xmlconf.V3_1, 1}, {xmlconf.V3_3, 1}, {xmlconf.V3_4, 0}} {
		got := notes(tc.v, kv)
		require.Len(t, got, tc.want, tc.v.String())
		if tc.want > 0 {
			assert.Contains(t, got[0], "root.b has no guarantee")
			assert.Contains(t, got[0], "not verified")
		}
	}
	assert.Empty(t, notes(xmlconf.V3_3, map[string]string{"root.queues": "a", "root.a.capacity": "100"}), "every leaf has a guarantee")
}
