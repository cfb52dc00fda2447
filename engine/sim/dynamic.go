package sim

import "fmt"

// DynamicQueue is a queue the run created on submission, with when it
// was created and, if it expired, when it was removed.
type DynamicQueue struct {
	Path      string `json:"path"`
	CreatedMS int64  `json:"created_ms"`
	// RemovedMS is -1 while the queue still exists at the end.
	RemovedMS int64 `json:"removed_ms"`
	// Weight and AbsoluteCapacity are the queue's at its creation.
	Weight           float64 `json:"weight"`
	AbsoluteCapacity float64 `json:"absolute_capacity"`
}

// created records queues a submission created, refreshes the queue
// tables and makes sure the deletion policy runs.
func (r *run) created(paths []string) {
	if len(paths) == 0 {
		return
	}
	r.model = r.e.Model()
	r.readLimits()
	st := r.e.Snapshot()
	for _, p := range paths {
		d := DynamicQueue{Path: p, CreatedMS: r.now, RemovedMS: -1}
		if q, ok := st.Queues[p]; ok {
			d.AbsoluteCapacity = q.AbsoluteCapacity
			if q.Weight != nil {
				d.Weight = *q.Weight
			}
		}
		if qi, ok := r.qIdx[p]; ok && r.queues[qi].guarantee0 == 0 {
			// The table shows a dynamic queue's guarantee at its first
			// creation, as it shows static queues' at the start.
			q := &r.queues[qi]
			q.guarantee0, q.max0, q.removed = q.guarantee, q.max, false
		}
		r.dynIdx[p] = len(r.res.DynamicQueues)
		r.res.DynamicQueues = append(r.res.DynamicQueues, d)
	}
	r.tickExpiry()
	r.warnKeptQueues(paths)
}

// warnKeptQueues says once per kind that auto-created queues stay as
// created when the ResourceManager does not run the policy that manages
// them; the usual reason is a yarn-site.xml not given to capq.
func (r *run) warnKeptQueues(paths []string) {
	p := paths[len(paths)-1]
	switch {
	case r.e.FlexibleQueue(p) && !r.keptWarned && r.e.DeletionPolicyMS() == 0:
		r.keptWarned = true
		r.res.Warnings = append(r.res.Warnings, fmt.Sprintf("at %s: auto-created queues are never removed: the ResourceManager deletes idle ones only when "+
			"yarn.resourcemanager.scheduler.monitor.enable is true and AutoCreatedQueueDeletionPolicy is among "+
			"yarn.resourcemanager.scheduler.monitor.policies (yarn-site.xml; give it with --yarn-site or a configuration directory)", fmtMS(r.now)))
	case !r.e.FlexibleQueue(p) && !r.legacyWarned && !r.model.Global.MonitorRuns("QueueManagementDynamicEditPolicy"):
		r.legacyWarned = true
		r.res.Warnings = append(r.res.Warnings, fmt.Sprintf("at %s: auto-created leaf queues keep the guarantee they got at creation: only "+
			"QueueManagementDynamicEditPolicy hands an idle queue's guarantee on, and the ResourceManager runs it only when "+
			"yarn.resourcemanager.scheduler.monitor.enable is true and it is among yarn.resourcemanager.scheduler.monitor.policies "+
			"(yarn-site.xml; give it with --yarn-site or a configuration directory)", fmtMS(r.now)))
	}
}

// tickExpiry queues the next run of AutoCreatedQueueDeletionPolicy while
// dynamic queues exist and none is queued, if the ResourceManager runs
// the policy at all (Engine.DeletionPolicyMS): runs fall on multiples of
// its interval from the start, as the scheduling monitor makes them.
// Rounds skipped while no dynamic queue exists would mark nothing.
func (r *run) tickExpiry() {
	iv := r.e.DeletionPolicyMS()
	if r.expireOn || iv <= 0 || len(r.e.DynamicQueues()) == 0 || r.now > MaxTimeMS {
		return
	}
	r.expireOn = true
	r.q.push(event{t: (r.now/iv + 1) * iv, kind: evExpire})
}

// expireRound runs the deletion policy once.
func (r *run) expireRound() {
	r.expireOn = false
	removed := r.e.DeletionRound(r.now)
	if len(removed) > 0 {
		r.model = r.e.Model()
		r.readLimits()
		for _, p := range removed {
			if i, ok := r.dynIdx[p]; ok {
				r.res.DynamicQueues[i].RemovedMS = r.now
			}
			if qi, ok := r.qIdx[p]; ok {
				r.queues[qi].removed = true
			}
		}
		r.touch()
	}
	if r.done < len(r.apps) || len(removed) > 0 || r.pendingExpiry() {
		r.tickExpiry()
	}
}

// pendingExpiry reports whether an idle dynamic queue may still expire.
func (r *run) pendingExpiry() bool {
	return len(r.e.DynamicQueues()) > 0
}
