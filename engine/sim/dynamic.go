package sim

// expireIntervalMS is how often AutoCreatedQueueDeletionPolicy runs in
// the simulation (the scheduling monitors' default interval).
const expireIntervalMS = 3000

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
}

// tickExpiry queues the next deletion-policy round while dynamic queues
// exist and none is queued.
func (r *run) tickExpiry() {
	if r.expireOn || len(r.e.DynamicQueues()) == 0 {
		return
	}
	r.expireOn = true
	r.q.push(event{t: (r.now/expireIntervalMS + 1) * expireIntervalMS, kind: evExpire})
}

// expireRound removes dynamic queues idle past their expiry.
func (r *run) expireRound() {
	r.expireOn = false
	removed := r.e.ExpireQueues(r.now)
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
