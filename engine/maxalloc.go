package engine

// maxAllocTracker is the part of ClusterNodeTracker that bounds requests:
// once the ResourceManager has run longer than
// yarn.resourcemanager.work-preserving-recovery.scheduling-wait-ms
// (getMaxAllowedAllocation's forceConfiguredMaxAllocation turns off), the
// maximum allocation is the configured one capped, resource by resource,
// by the largest registered node's (updateMaxResources). Before that, or
// with no node registered, it is the configured one.
type maxAllocTracker struct {
	// unforced is forceConfiguredMaxAllocation turned off.
	unforced bool
	// stale says a node came, went or changed partition since largest was
	// computed; largest is the component-wise largest live node, and any
	// says there is one (reportedMaxAllocation).
	stale   bool
	largest Resource
	any     bool
}

// SetForceConfiguredMaxAllocation is ClusterNodeTracker's setter of the
// same name: false makes the largest node cap the maximum allocation from
// now on. Hadoop turns it off by itself once the ResourceManager has run
// longer than the scheduling wait (the simulator does this at its clock's
// time); Hadoop's tests, which run for less than that, call the setter.
func (e *Engine) SetForceConfiguredMaxAllocation(force bool) {
	e.maxAlloc.unforced = !force
}

// maxAllowedAllocation is CapacityScheduler.getMaximumResourceCapability
// for q's requests: the component-wise minimum of the queue's configured
// maximum allocation and the cluster's (ClusterNodeTracker.
// getMaxAllowedAllocation: the configured global maximum, capped by the
// largest node once the configured one is no longer forced).
func (e *Engine) maxAllowedAllocation(q *queue) Resource {
	mx := q.maxAlloc
	t := &e.maxAlloc
	if !t.unforced {
		return mx
	}
	if t.stale {
		t.largest, t.any = e.largestNode()
		t.stale = false
	}
	if !t.any {
		return mx
	}
	cluster := Resource{MemoryMB: min(e.g.maxAlloc.MemoryMB, t.largest.MemoryMB), VCores: min(e.g.maxAlloc.VCores, t.largest.VCores)}
	return Resource{MemoryMB: min(mx.MemoryMB, cluster.MemoryMB), VCores: min(mx.VCores, cluster.VCores)}
}

// largestNode is updateMaxResources over the live nodes: each resource's
// largest total, whatever the node's partition.
func (e *Engine) largestNode() (Resource, bool) {
	var big Resource
	any := false
	for _, n := range e.nodes {
		if n.removed {
			continue
		}
		big = Resource{MemoryMB: max(big.MemoryMB, n.total.MemoryMB), VCores: max(big.VCores, n.total.VCores)}
		any = true
	}
	return big, any
}
