package engine

import (
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// absoluteLabelConf puts every queue in absolute resources, in the default
// partition and in x (Hadoop wants one mode per queue across labels).
func absoluteLabelConf() map[string]string {
	c := map[string]string{p + "root.queues": "a,b", p + "root.a.queues": "a1,a2"}
	for q, v := range map[string][2]string{
		"a":    {"[memory=8192,vcores=8]", "[memory=16384,vcores=8]"},
		"b":    {"[memory=8192,vcores=8]", "[memory=16384,vcores=8]"},
		"a.a1": {"[memory=4096,vcores=4]", "[memory=12288,vcores=4]"},
		"a.a2": {"[memory=4096,vcores=4]", "[memory=8192,vcores=4]"},
	} {
		c[p+"root."+q+".capacity"] = v[0]
		c[p+"root."+q+".accessible-node-labels"] = "x"
		c[p+"root."+q+".accessible-node-labels.x.capacity"] = v[1]
	}
	c[p+"root.a.accessible-node-labels.x.maximum-capacity"] = "[memory=20480,vcores=10]"
	c[p+"root.a.a2.accessible-node-labels.x.maximum-capacity"] = "[memory=40960,vcores=40]"
	return c
}

// Labelled capacities in absolute resources
// (AbstractCSQueue.updateEffectiveResources per label): x has 24 GB and 12
// vcores for 32 GB and 16 vcores configured under root, so a and b get
// 0.75 of theirs (recalculateEffectiveMinRatio); a's 12 GB and 6 vcores
// are less than a1 + a2's 20 GB and 8 vcores, so they get (float)
// 12288/20480 and 6/8: (long)(12288 × 0.6f) = 7372, (long)(8192 × 0.6f) =
// 4915. Maximums are the configured ones capped by the parent's
// (getOrInheritMaxResource); capacities follow from the resources
// (deriveCapacityFromAbsoluteConfigurations). A second x node ends root's
// scaling; a's 16 GB is still less than its children's 20 GB, so they get
// (float) 16384/20480 of their memory, (long)(12288 × 0.8f) = 9830, and
// all their vcores (8/8). capq tree --partition x computes the same numbers
// (xmlconf.LabelShares).
func TestAbsoluteLabelCapacities(t *testing.T) {
	e := newTestEngine(t, absoluteLabelConf())
	require.NoError(t, e.AddNodes(NodeSpec{ID: "x1", MemoryMB: 24576, VCores: 12, Partition: "x"}))
	pi := e.partIdx["x"]
	type want struct {
		min, max       Resource
		capacity, abs  float32
		maxCap, absMax float32
	}
	check := func(cases map[string]want) {
		t.Helper()
		part := e.PartitionResource("x")
		shares := xmlconf.LabelShares(e.model, "x", toModelRes(part))
		for path, w := range cases {
			lp := e.byPath[path].parts[pi]
			assert.Equal(t, w.min, lp.guarantee, path+" min")
			assert.Equal(t, w.max, lp.maxRes, path+" max")
			assert.InDelta(t, w.capacity, lp.capacity, 1e-6, path+" capacity")
			assert.InDelta(t, w.abs, lp.absCap, 1e-6, path+" absolute capacity")
			assert.InDelta(t, w.maxCap, lp.maxCapacity, 1e-6, path+" maximum capacity")
			assert.InDelta(t, w.absMax, lp.absMaxCap, 1e-6, path+" absolute maximum capacity")
			s := shares[e.model.Queue(path)]
			lo, hi := s.Resources(toModelRes(part))
			assert.Equal(t, w.min, fromModelRes(lo), path+" tree min")
			assert.Equal(t, w.max, fromModelRes(hi), path+" tree max")
			assert.InDelta(t, w.abs, s.Abs, 1e-6, path+" tree absolute capacity")
			assert.InDelta(t, w.absMax, s.AbsMax, 1e-6, path+" tree absolute maximum")
		}
	}
	full := Resource{24576, 12}
	check(map[string]want{
		"root.a":    {Resource{12288, 6}, Resource{20480, 10}, 0.5, 0.5, 20480.0 / 24576, 20480.0 / 24576},
		"root.b":    {Resource{12288, 6}, full, 0.5, 0.5, 1, 1},
		"root.a.a1": {Resource{7372, 3}, Resource{20480, 10}, 7372.0 / 12288, 0.5 * 7372 / 12288, 1, 20480.0 / 24576},
		"root.a.a2": {Resource{4915, 3}, Resource{20480, 10}, 4915.0 / 12288, 0.5 * 4915 / 12288, 1, 20480.0 / 24576},
	})
	// AbstractLeafQueue.updateMaximumApplications: (int)(10000 × a1's
	// absolute capacity in x), the largest over its labels.
	assert.Equal(t, int32(2999), e.byPath["root.a.a1"].maxApps)
	require.NoError(t, e.AddNodes(NodeSpec{ID: "x2", MemoryMB: 24576, VCores: 12, Partition: "x"}))
	full = Resource{49152, 24}
	check(map[string]want{
		"root.a":    {Resource{16384, 8}, Resource{20480, 10}, 16384.0 / 49152, 16384.0 / 49152, 20480.0 / 49152, 20480.0 / 49152},
		"root.b":    {Resource{16384, 8}, full, 16384.0 / 49152, 16384.0 / 49152, 1, 1},
		"root.a.a1": {Resource{9830, 4}, Resource{20480, 10}, 9830.0 / 16384, 9830.0 / 49152, 1, 20480.0 / 49152},
		"root.a.a2": {Resource{6553, 4}, Resource{20480, 10}, 6553.0 / 16384, 6553.0 / 49152, 1, 20480.0 / 49152},
	})
	assert.Equal(t, int32(1999), e.byPath["root.a.a1"].maxApps, "recomputed, not kept from the smaller partition")
}
