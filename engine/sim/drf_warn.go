package sim

import (
	"fmt"

	"github.com/capq/capq/engine"
)

// zeroShareWarning names the leaf queues the policy may preempt from whose
// guarantee on the starting cluster is zero in one resource and not in
// the other, in any partition, when the preemption policy runs under the
// dominant resource calculator. Hadoop scales the partition by a
// percentage queue's absolute capacity and truncates
// (TempQueuePerPartition.getGuaranteed, Resources.multiply), so a leaf of
// 1.1% on 64 vcores is guaranteed 0 vcores. Its share of the vcores
// offered in computeFixpointAllocation is then 0 (resetCapacity's
// normalizedGuarantee), its ideal assignment gets none, and once its use
// is above its guarantee the vcores it uses are preempted every round,
// often to be handed straight back to the same app: capq models this as
// Hadoop computes it, and says so here, since a dry run showing
// containers preempted from an idle cluster looks like an engine fault.
// Later node changes are not looked at.
func zeroShareWarning(e *engine.Engine, drf bool, preemptable func(path string) bool) string {
	if !drf || !e.PreemptionEnabled() {
		return ""
	}
	paths := e.QueuePaths()
	named := map[int]bool{}
	var first string
	for _, pg := range e.PreemptionGuarantees() {
		for k, r := range pg.Guarantees {
			if named[k] || !preemptable(paths[k]) || (r.MemoryMB == 0) == (r.VCores == 0) {
				continue
			}
			if len(named) == 0 {
				first = fmt.Sprintf("%s: %d MB and %d vcores", paths[k], r.MemoryMB, r.VCores)
				if pg.Partition != "" {
					first = fmt.Sprintf("%s in partition %s: %d MB and %d vcores", paths[k], pg.Partition, r.MemoryMB, r.VCores)
				}
			}
			named[k] = true
		}
	}
	if len(named) == 0 {
		return ""
	}
	return fmt.Sprintf("preemption under the dominant resource calculator: %d leaf queue(s) are guaranteed none of one resource "+
		"on this cluster (%s; Hadoop truncates absolute capacity times the partition's resource, "+
		"TempQueuePerPartition.getGuaranteed). ProportionalCapacityPreemptionPolicy offers such a queue none of that resource, "+
		"so what it uses of it beyond its guarantee is preempted every round, often to go straight back to the same app. "+
		"Hadoop does this too; capq models it",
		len(named), first)
}

// preemptableLeaf reports whether the configuration's queue at path is a
// leaf the policy may preempt from (disable_preemption, inherited, is
// off).
func (r *run) preemptableLeaf(path string) bool {
	q := r.model.Queue(path)
	return q != nil && q.IsLeaf() && !q.DisablePreemption.V
}
