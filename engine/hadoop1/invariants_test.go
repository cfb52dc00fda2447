package hadoop1

import (
	"fmt"
	"slices"
)

// checkInvariants returns the first broken invariant of the engine, or
// nil: no tracker over its slots, every slot accounted for, no queue
// taken over its maximum by a heartbeat (before: each queue's occupied
// slots when the step began; a cluster change may move the maximum below
// what already runs), lists and reservations consistent.
func (e *Engine) checkInvariants(before map[*Queue][2]int) error {
	if err := e.checkClusterIndex(); err != nil {
		return err
	}
	onTrackers := map[*Job]*[2]int{}
	for _, tt := range e.trackers {
		var sum [2]int
		for _, a := range tt.attempts {
			sum[a.Type] += a.Slots
			if onTrackers[a.Job] == nil {
				onTrackers[a.Job] = &[2]int{}
			}
			onTrackers[a.Job][a.Type]++
			if a.Tracker != tt {
				return fmt.Errorf("attempt %s on %s names tracker %s", a.Name(), tt.Name, a.Tracker.Name)
			}
		}
		for _, t := range taskTypes {
			if sum[t] != tt.occupied[t] {
				return fmt.Errorf("tracker %s: %d %s slots occupied, attempts hold %d", tt.Name, tt.occupied[t], t, sum[t])
			}
			if tt.occupied[t] > tt.MaxSlots[t] {
				return fmt.Errorf("tracker %s: %d %s slots occupied of %d", tt.Name, tt.occupied[t], t, tt.MaxSlots[t])
			}
			if j := tt.reservedFor[t]; j != nil && !contains(j.reserved[t], tt) {
				return fmt.Errorf("tracker %s reserved for %s, which does not list it", tt.Name, j.Name)
			}
		}
	}
	for _, j := range e.jobs {
		if j.State.Done() {
			for _, t := range taskTypes {
				if len(j.reserved[t]) > 0 {
					return fmt.Errorf("ended job %s still reserves trackers", j.Name)
				}
			}
			continue
		}
		for _, t := range taskTypes {
			n := 0
			if c := onTrackers[j]; c != nil {
				n = c[t]
			}
			if n != j.running[t] {
				return fmt.Errorf("job %s: %d running %ss, trackers hold %d", j.Name, j.running[t], t, n)
			}
			if j.Pending(t) < 0 {
				return fmt.Errorf("job %s: negative pending %ss", j.Name, t)
			}
			for _, tt := range j.reserved[t] {
				if tt.reservedFor[t] != j {
					return fmt.Errorf("job %s lists tracker %s, reserved for another job", j.Name, tt.Name)
				}
			}
		}
	}
	e.updateAll()
	for _, q := range e.queue {
		active := 0
		for _, l := range [][]*Job{q.initializing, q.running} {
			for _, j := range l {
				if !j.outsidePoller {
					active += j.DesiredTasks()
				}
			}
		}
		// A job started outside the poller counted nothing and released
		// its tasks when it ended (CapacitySchedulerQueue.finishJob).
		for _, j := range e.jobs {
			if j.Queue == q.Conf.Name && j.outsidePoller && j.State.Done() {
				active -= j.DesiredTasks()
			}
		}
		if active != q.activeTasks {
			return fmt.Errorf("queue %s: %d active tasks, its jobs have %d", q.Conf.Name, q.activeTasks, active)
		}
		for _, t := range taskTypes {
			s := &q.slots[t]
			if b, ok := before[q]; ok && s.occupied > b[t] && s.maxCapacity > 0 && s.occupied > s.maxCapacity {
				return fmt.Errorf("queue %s: a heartbeat took it to %d %s slots, over its maximum %d", q.Conf.Name, s.occupied, t, s.maxCapacity)
			}
		}
	}
	return nil
}

func contains(l []*Tracker, t *Tracker) bool {
	for _, x := range l {
		if x == t {
			return true
		}
	}
	return false
}

// occupancy recounts and returns every queue's occupied slots.
func (e *Engine) occupancy() map[*Queue][2]int {
	e.updateAll()
	out := map[*Queue][2]int{}
	for _, q := range e.queue {
		out[q] = [2]int{q.slots[Map].occupied, q.slots[Reduce].occupied}
	}
	return out
}

// checkClusterIndex compares the kept slot totals and host index with a
// walk over the trackers (what clusterSlots, uniqueHosts and rackOf
// computed before they were kept).
func (e *Engine) checkClusterIndex() error {
	var slots [2]int
	hosts := map[string][]*Tracker{}
	for _, tt := range e.trackers {
		slots[Map] += tt.MaxSlots[Map]
		slots[Reduce] += tt.MaxSlots[Reduce]
		hosts[tt.Host] = append(hosts[tt.Host], tt)
	}
	if slots != e.slots {
		return fmt.Errorf("cluster slots kept as %v, trackers hold %v", e.slots, slots)
	}
	if len(hosts) != len(e.byHost) {
		return fmt.Errorf("%d hosts kept, trackers are on %d", len(e.byHost), len(hosts))
	}
	for h, ts := range hosts {
		if !slices.Equal(ts, e.byHost[h]) {
			return fmt.Errorf("host %s: trackers kept out of joining order or missing", h)
		}
	}
	return nil
}
