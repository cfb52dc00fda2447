package engine

// This file is owned by the simulator (engine/sim): the few read-only
// accessors a time-driven simulation needs that the rest of the API does
// not give cheaply. Nothing here changes scheduler state.

// QueueResources returns every queue's effective guarantee and maximum
// resource (the values ParentQueue.updateClusterResource computed for the
// current cluster), in QueuePaths order. Unlike Snapshot it allocates
// two slices and walks nothing else, so a simulator can call it after
// every node change or refresh.
func (e *Engine) QueueResources() (guarantee, maximum []Resource) {
	guarantee = make([]Resource, len(e.queues))
	maximum = make([]Resource, len(e.queues))
	for i, q := range e.queues {
		guarantee[i], maximum[i] = q.guarantee, q.maxRes
	}
	return guarantee, maximum
}

// PartitionGuarantees is each queue's guarantee in one partition as the
// preemption policy reads it (TempQueuePerPartition.getGuaranteed), in
// QueuePaths order.
type PartitionGuarantees struct {
	Partition  string // "" is the default partition
	Guarantees []Resource
}

// PreemptionGuarantees returns the queues' guarantees in every partition
// that has resources, the default partition first.
func (e *Engine) PreemptionGuarantees() []PartitionGuarantees {
	var out []PartitionGuarantees
	for pi, p := range e.parts {
		if p.res.IsZero() {
			continue
		}
		g := make([]Resource, len(e.queues))
		for i, q := range e.queues {
			g[i] = e.policyGuarantee(q, pi)
		}
		out = append(out, PartitionGuarantees{Partition: p.name, Guarantees: g})
	}
	return out
}

// NodeFree returns what node i (a NodeIndex) has unallocated: its total
// less its running containers. A reservation does not count, as in
// SchedulerNode.getUnallocatedResource.
func (e *Engine) NodeFree(i int) Resource { return e.nodes[i].free() }

// NodeTotal returns node i's total resource.
func (e *Engine) NodeTotal(i int) Resource { return e.nodes[i].total }

// QueueAllocated returns queue k's (QueuePaths order) running containers'
// resource: its used resource without reservations (the queue's
// QueueResourceUsage "used" less "reserved").
func (e *Engine) QueueAllocated(k int) Resource {
	q := e.queues[k]
	return q.used.Sub(q.reserved)
}

// NodePartition returns node i's node label partition ("" for the
// default partition): a heartbeat's outcome depends on it, so the
// simulator compares it before treating two nodes' heartbeats alike.
func (e *Engine) NodePartition(i int) string { return e.nodes[i].partition }

// PassStamp changes whenever anything a scheduling pass reads of the
// queue tree may have changed: the root's change count (queue.changed,
// bumped on every change of usage, reservations, asks, apps and users'
// limits below it) and the remembered passes' epoch (settings, the
// cluster, starvation moves; passmemo.go). The simulator's checks use it
// to confirm that a call it believes changes nothing changed nothing.
type PassStamp struct{ changes, memoEpoch uint64 }

// PassStamp returns the stamp now.
func (e *Engine) PassStamp() PassStamp {
	return PassStamp{changes: e.root.changes, memoEpoch: e.memoEpoch}
}
