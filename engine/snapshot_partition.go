package engine

// This file holds the per-partition snapshot fields of
// scenario-format-extensions.md (node labels). They appear once the
// cluster has a label (a labelled node, a defined label or a queue
// setting for one); without labels snapshots are what they were.

// PartitionState is a queue's capacities and usage in one partition
// (QueueCapacities and ResourceUsage by label). Key "" of
// QueueState.Partitions is the default partition, with the same values as
// the top-level fields.
type PartitionState struct {
	Capacity                float64 `json:"capacity"`
	MaximumCapacity         float64 `json:"maximum_capacity"`
	AbsoluteCapacity        float64 `json:"absolute_capacity"`
	AbsoluteMaximumCapacity float64 `json:"absolute_maximum_capacity"`
	// Weight appears only in weight mode.
	Weight *float64 `json:"weight,omitempty"`
	// UsedMB is allocated + reserved (ResourceUsage.getUsed(label)).
	UsedMB      int64 `json:"used_mb"`
	AllocatedMB int64 `json:"allocated_mb"`
	ReservedMB  int64 `json:"reserved_mb"`
	AMUsedMB    int64 `json:"am_used_mb"`
	// UsedCapacity is used / guarantee(label), AbsoluteUsedCapacity
	// used / partition resource.
	UsedCapacity         float64 `json:"used_capacity"`
	AbsoluteUsedCapacity float64 `json:"absolute_used_capacity"`
	NumContainers        int     `json:"num_containers"`
	// AMLimitMB is getAMResourceLimitPerPartition, UserAMLimitMB
	// getUserAMResourceLimitPerPartition for a weight-1 user (leaves).
	AMLimitMB            int64   `json:"am_limit_mb"`
	UserAMLimitMB        int64   `json:"user_am_limit_mb"`
	MaxAMResourcePercent float64 `json:"max_am_resource_percent"`
	// EffectiveMinMB and EffectiveMaxMB are the effective guaranteed and
	// maximum memory in the partition.
	EffectiveMinMB int64 `json:"effective_min_mb"`
	EffectiveMaxMB int64 `json:"effective_max_mb"`
	// PendingMB is the outstanding memory of the queue's active apps for
	// this partition (ResourceUsage.getPending(label)).
	PendingMB int64 `json:"pending_mb"`
}

// labelSnapshotFields reports whether snapshots carry the label fields.
func (e *Engine) labelSnapshotFields() bool { return e.labelsOn }

// partitionStates fills QueueState.Partitions and the label settings.
func (e *Engine) partitionStates(q *queue, s *QueueState) {
	if !e.labelSnapshotFields() {
		return
	}
	am := q.amUsedIn(0).MemoryMB
	s.AMUsedMB = &am
	s.AccessibleNodeLabels = append([]string{}, q.accessible...)
	dl := q.defaultLabel
	s.DefaultNodeLabelExpression = &dl
	s.Partitions = map[string]PartitionState{}
	for pi := range e.parts {
		s.Partitions[e.parts[pi].name] = e.partitionState(q, pi)
	}
}

// partitionState is one queue's PartitionState in partition pi.
func (e *Engine) partitionState(q *queue, pi int) PartitionState {
	c := q.capsIn(pi)
	used, reserved := q.usedIn(pi), q.reservedIn(pi)
	g, mx := q.guaranteeIn(pi), q.maxResIn(pi)
	ps := PartitionState{
		Capacity: f32(c.capacity), MaximumCapacity: f32(c.maxCapacity),
		AbsoluteCapacity: f32(c.absCap), AbsoluteMaximumCapacity: f32(c.absMaxCap),
		UsedMB: used.MemoryMB, AllocatedMB: used.MemoryMB - reserved.MemoryMB, ReservedMB: reserved.MemoryMB,
		AMUsedMB:     q.amUsedIn(pi).MemoryMB,
		UsedCapacity: f32(e.usedCapacityIn(q, pi)), AbsoluteUsedCapacity: f32(e.absUsedCapacityIn(q, pi)),
		NumContainers:  q.numContainersIn(pi),
		EffectiveMinMB: g.MemoryMB, EffectiveMaxMB: mx.MemoryMB,
		PendingMB: e.pendingMBIn(q, pi),
	}
	if c.weightMode {
		w := f32(c.weight)
		ps.Weight = &w
	}
	if q.leaf {
		ps.MaxAMResourcePercent = f32(c.amPercent)
		ps.AMLimitMB = e.amLimitIn(q, pi).MemoryMB
		ps.UserAMLimitMB = e.userAMLimitIn(q, pi, 1).MemoryMB
	}
	return ps
}

// byPartition renders per-partition memory with every known partition
// as a key (zero included), so expectations can name any of them.
func (e *Engine) byPartition(f func(pi int) int64) map[string]int64 {
	if !e.labelSnapshotFields() {
		return nil
	}
	out := make(map[string]int64, len(e.parts))
	for pi := range e.parts {
		out[e.parts[pi].name] = f(pi)
	}
	return out
}
