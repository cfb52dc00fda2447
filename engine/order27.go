package engine

import "strings"

// This file holds Hadoop 2.7's order of a parent's children, which the
// 2.7 profile follows in place of PriorityUtilizationQueueOrderingPolicy
// (order.go), a 2.9 class (YARN-5864). A 2.7 ParentQueue keeps its
// children in a TreeSet sorted by CapacityScheduler.queueComparator:
// less used capacity first, ties by queue path (String.compareTo), with
// no rule for queues without capacity, no tie-break by capacity or
// configured minimum, no queue priority, and one order for every node,
// labelled or not (2.8's PartitionedQueueComparator is YARN-3361). The
// TreeSet re-sorts a child when it is given a container
// (assignContainersToChildQueues' remove and re-insert) or one of its
// containers completes (completedContainer), which is when its usage
// changes; capq re-sorts a child on each change of its usage, and fully
// after a cluster change, which scales every child's used capacity
// alike.

// usedCapacity27 is 2.7's CSQueueUtils.updateQueueStatistics
// usedCapacity: the queue's usage over Resources.multiply(clusterResource,
// absoluteCapacity) (the whole cluster), 0 when that limit is none or
// the cluster has no resource (Resources.greaterThan(cluster, none)).
func (e *Engine) usedCapacity27(q *queue) float32 {
	rc := &e.g.rc
	if !rc.greater(rc.cluster, Resource{}) {
		return 0
	}
	limit := multiplyTrunc(rc.cluster, float64(q.absCap))
	if limit.IsZero() {
		return 0
	}
	return rc.divide(q.used, limit)
}

// compare27 is 2.7's CapacityScheduler.queueComparator on the children's
// sort keys (usedCapacity27).
func compare27(a, b *queue) int {
	switch {
	case a.sortUsed < b.sortUsed:
		return -1
	case a.sortUsed > b.sortUsed:
		return 1
	}
	return strings.Compare(a.path, b.path)
}
