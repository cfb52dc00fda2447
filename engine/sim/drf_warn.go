package sim

import (
	"fmt"

	"github.com/capq/capq/engine"
)

// zeroShareWarning names the leaf queues the policy may preempt from whose
// guarantee on the starting cluster is zero in one resource and not in
// the other, when the preemption policy runs under the dominant resource
// calculator. Hadoop scales the cluster by a percentage queue's absolute
// capacity and truncates (TempQueuePerPartition.getGuaranteed, Resources.multiply), so
// a leaf of 1.1% on 64 vcores is guaranteed 0 vcores. Its share of the
// vcores offered in computeFixpointAllocation is then 0 (resetCapacity's
// normalizedGuarantee), its ideal assignment gets none, and once its use
// is above its guarantee the vcores it uses are preempted every round,
// often to be handed straight back to the same app: capq models this as
// Hadoop computes it, and says so here, since a dry run showing
// containers preempted from an idle cluster looks like an engine fault.
// Labelled partitions are not looked at; nor are later node changes.
func zeroShareWarning(e *engine.Engine, drf bool, preemptable func(path string) bool) string {
	if !drf || !e.PreemptionEnabled() {
		return ""
	}
	g, _ := e.QueueResources()
	var first string
	var firstG engine.Resource
	n := 0
	for k, path := range e.QueuePaths() {
		r := g[k]
		if !preemptable(path) || (r.MemoryMB == 0) == (r.VCores == 0) {
			continue
		}
		if n == 0 {
			first, firstG = path, r
		}
		n++
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("preemption under the dominant resource calculator: %d leaf queue(s) are guaranteed none of one resource "+
		"on this cluster (%s: %d MB and %d vcores; Hadoop truncates absolute capacity times the cluster, "+
		"TempQueuePerPartition.getGuaranteed). ProportionalCapacityPreemptionPolicy offers such a queue none of that resource, "+
		"so what it uses of it beyond its guarantee is preempted every round, often to go straight back to the same app. "+
		"Hadoop does this too; capq models it",
		n, first, firstG.MemoryMB, firstG.VCores)
}

// preemptableLeaf reports whether the configuration's queue at path is a
// leaf the policy may preempt from (disable_preemption, inherited, is
// off).
func (r *run) preemptableLeaf(path string) bool {
	q := r.model.Queue(path)
	return q != nil && q.IsLeaf() && !q.DisablePreemption.V
}
