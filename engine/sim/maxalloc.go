package sim

import "github.com/capq/capq/xmlconf"

// freeMaxAlloc turns off the engine's forced configured maximum
// allocation once the ResourceManager has run longer than the scheduling
// wait (yarn.resourcemanager.work-preserving-recovery.scheduling-wait-ms),
// before a request is validated: from then on the largest node caps what
// an app may ask, and a larger request fails its app. Simulated time 0 is
// the ResourceManager's start. ClusterNodeTracker.getMaxAllowedAllocation
// (2.9 on) answers the first call after the wait with the cap; 2.7's
// AbstractYarnScheduler.getMaximumResourceCapability flips its flag on
// that call but still answers it with the configured maximum, so there the
// cap starts with the next request.
func (r *run) freeMaxAlloc() {
	if r.maxAllocFree || r.now <= r.maxAllocWait {
		return
	}
	if r.model.Version.Less(xmlconf.V2_10) && !r.maxAllocFlipped {
		r.maxAllocFlipped = true
		return
	}
	r.e.SetForceConfiguredMaxAllocation(false)
	r.maxAllocFree = true
}
