package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// tryPreemptContainerAndDeductResToObtain under DRF: a zero component of
// the need turns -1; the conservative mode refuses a need with any major
// resource at or below zero, the relaxed mode takes a container while it
// lowers the need's positive part.
func TestTryConservativeAndRelaxedDRF(t *testing.T) {
	cluster := Resource{61440, 600}
	c1 := &container{res: Resource{1024, 1}}
	for _, tc := range []struct {
		name         string
		conservative bool
		need         Resource
		take         bool
		after        Resource
	}{
		// testInterQueuePreemptionWithStrictAndRelaxedDRF: a must give
		// memory only.
		{"strict refuses a need without vcores", true, Resource{20480, 0}, false, Resource{20480, -1}},
		{"relaxed takes while memory is needed", false, Resource{20480, 0}, true, Resource{19456, -2}},
		{"strict takes when both are needed", true, Resource{2048, 2}, true, Resource{1024, 1}},
		// only vcores left positive: the container still lowers them
		{"relaxed, negative memory, one vcore", false, Resource{-10, 1}, true, Resource{-1034, 0}},
		{"strict, negative memory", true, Resource{-10, 1}, false, Resource{-10, 1}},
		{"nothing needed", false, Resource{0, 0}, false, Resource{0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := &Engine{g: globals{rc: calc{drf: true, cluster: cluster}}}
			s := &selection{e: e, allowed: cluster, conservative: tc.conservative}
			need := tc.need
			assert.Equal(t, tc.take, s.try(c1, &need))
			assert.Equal(t, tc.after, need)
		})
	}
}

// Under the default calculator only memory counts: a container without
// memory never lowers the need (relaxed) and a need with memory is taken.
func TestTryDefaultCalculator(t *testing.T) {
	e := &Engine{g: globals{rc: calc{cluster: Resource{100, 100}}}}
	s := &selection{e: e, allowed: Resource{100, 100}}
	need := Resource{10, 0}
	assert.False(t, s.try(&container{res: Resource{0, 1}}, &need))
	assert.True(t, s.try(&container{res: Resource{5, 1}}, &need))
	assert.Equal(t, Resource{5, -2}, need)
}

// computeIdealResourceDistribution compares a level's queues against
// tot_guarant, the parent's ideal: under DRF two usages that tie against
// the cluster need not tie against the parent's share of it.
func TestLevelComparesAgainstParentIdeal(t *testing.T) {
	rc := &calc{drf: true, cluster: Resource{100, 100}}
	a, b := Resource{10, 1}, Resource{1, 10}
	assert.Zero(t, rc.compare(a, b), "10:1 and 1:10 tie against the 100:100 cluster")
	lvl := rc.over(Resource{20, 100})
	assert.Positive(t, lvl.compare(a, b), "against a 20:100 parent, 10:1 is the larger (half the memory)")
	assert.Equal(t, Resource{100, 100}, rc.cluster, "the cluster calculator is left as it was")

	// The default calculator compares memory only, whatever the total.
	def := (&calc{cluster: Resource{100, 100}}).over(Resource{20, 100})
	assert.Positive(t, def.compare(a, b))
}
