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
// The run asks again after every node change and refresh (checkZeroShare):
// warned holds the queues (by partition and path) already named, so a
// later warning names only the queues the change left with a zero share.
func zeroShareWarning(e *engine.Engine, drf bool, preemptable func(path string) bool, warned map[[2]string]bool) string {
	if !drf || !e.PreemptionEnabled() {
		return ""
	}
	paths := e.QueuePaths()
	named := map[int]bool{}
	var first string
	for _, pg := range e.PreemptionGuarantees() {
		for k, r := range pg.Guarantees {
			key := [2]string{pg.Partition, paths[k]}
			if named[k] || warned[key] || !preemptable(paths[k]) || (r.MemoryMB == 0) == (r.VCores == 0) {
				continue
			}
			warned[key] = true
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

// checkZeroShare adds the zero-share warning for queues not named before:
// at the start, and after a node change or refresh, which can leave a
// queue with a zero share of a resource it had some of ("at <time>: ").
func (r *run) checkZeroShare(at string) {
	if r.zeroWarned == nil {
		r.zeroWarned = map[[2]string]bool{}
	}
	if z := zeroShareWarning(r.e, r.drf, r.preemptableLeaf, r.zeroWarned); z != "" {
		r.res.Warnings = append(r.res.Warnings, at+z)
	}
}
