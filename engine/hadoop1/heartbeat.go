package hadoop1

import "fmt"

// overrideOpportunities is JobInProgress.OVERRIDE: a reserved tracker
// serves its job without waiting for locality.
const overrideOpportunities = 1000000

// lookupStatus is TaskLookupResult.LookUpStatus.
type lookupStatus int

const (
	noTask lookupStatus = iota
	localFound
	offSwitchFound
	memFailed
)

type lookup struct {
	status  lookupStatus
	attempt *Attempt
}

// HeartbeatResult is what one assignTasks call handed the tracker.
type HeartbeatResult struct {
	Tracker string
	Tasks   []*Attempt
	// Reserved names the job each type of the tracker is reserved for
	// after the call ("" for none).
	Reserved [2]string
}

// Heartbeat is one CapacityTaskScheduler.assignTasks call for a tracker:
// usage recomputed, maps while slots are free, then at most one reduce.
func (e *Engine) Heartbeat(name string) (HeartbeatResult, error) {
	tt, ok := e.tracker[name]
	if !ok {
		return HeartbeatResult{}, fmt.Errorf("hadoop1: no tracker %q", name)
	}
	e.updateAll()
	res := HeartbeatResult{Tracker: name}
	res.Tasks = e.addMapTasks(tt, res.Tasks)
	res.Tasks = e.addReduceTask(tt, res.Tasks)
	for _, t := range taskTypes {
		if j := tt.reservedFor[t]; j != nil {
			res.Reserved[t] = j.Name
		}
	}
	return res, nil
}

// addMapTasks is CapacityTaskScheduler.addMapTasks.
func (e *Engine) addMapTasks(tt *Tracker, out []*Attempt) []*Attempt {
	available := tt.MaxSlots[Map] - tt.occupied[Map]
	assignOffSwitch := true
	afterOffSwitch := e.cfg.MaxTasksAfterOffswitch
	for available > 0 {
		sortQueues(e.order[Map], Map)
		lr := e.assignTasks(Map, tt, available, assignOffSwitch)
		if lr.status == noTask || lr.status == memFailed {
			break
		}
		a := lr.attempt
		out = append(out, a)
		if len(out) >= e.cfg.MaxTasksPerHeartbeat {
			return out
		}
		if lr.status == offSwitchFound {
			assignOffSwitch = false // at most one off-switch map per heartbeat
		}
		if !assignOffSwitch {
			if afterOffSwitch == 0 {
				return out
			}
			afterOffSwitch--
		}
		available -= a.Slots
		e.queue[a.Job.Queue].slots[Map].add(Map, a.Job, 1, a.Slots)
	}
	return out
}

// addReduceTask is CapacityTaskScheduler.addReduceTask: one lookup.
func (e *Engine) addReduceTask(tt *Tracker, out []*Attempt) []*Attempt {
	available := tt.MaxSlots[Reduce] - tt.occupied[Reduce]
	if available <= 0 {
		return out
	}
	sortQueues(e.order[Reduce], Reduce)
	if lr := e.assignTasks(Reduce, tt, available, true); lr.status == localFound {
		out = append(out, lr.attempt)
	}
	return out
}

// assignTasks is TaskSchedulingMgr.assignTasks: a reserved tracker serves
// only its job; otherwise the queues in order.
func (e *Engine) assignTasks(t TaskType, tt *Tracker, available int, assignOffSwitch bool) lookup {
	if j := tt.reservedFor[t]; j != nil {
		if available >= j.SlotsPerTask[t] {
			e.unreserve(tt, t)
			if t == Map {
				j.opportunities = overrideOpportunities
			}
			return e.obtainNewTask(t, tt, j, true)
		}
		e.notef(j, t, "tracker %q is reserved for it but has %d free %s slots of the %d a task needs", tt.Name, available, t, j.SlotsPerTask[t])
		return lookup{status: memFailed}
	}
	for _, q := range e.order[t] {
		if !q.assignSlotsToQueue(t, 1) {
			for _, j := range q.running {
				e.notef(j, t, "queue %q is at its maximum capacity of %d %s slots", q.Conf.Name, q.slots[t].maxCapacity, t)
			}
			continue
		}
		if lr := e.getTaskFromQueue(t, tt, available, q, assignOffSwitch); lr.status != noTask {
			return lr
		}
	}
	return lookup{status: noTask}
}

// getTaskFromQueue is TaskSchedulingMgr.getTaskFromQueue.
func (e *Engine) getTaskFromQueue(t TaskType, tt *Tracker, available int, q *Queue, assignOffSwitch bool) lookup {
	for _, j := range q.running {
		if j.State != Running {
			continue
		}
		if why := e.assignSlotsToJob(t, q, j); why != "" {
			e.note(j, t, why)
			continue
		}
		if e.memoryFits(j, t, available) {
			if lr := e.obtainNewTask(t, tt, j, assignOffSwitch); lr.status != noTask {
				return lr
			}
			continue
		}
		pending := j.Pending(t)
		tooBig := e.opts.Profile.reservesOnlyFittingTrackers() && j.SlotsPerTask[t] > tt.MaxSlots[t]
		if pending != 0 && len(j.reserved[t]) < pending && !tooBig {
			e.reserve(tt, t, j)
			e.notef(j, t, "a %s needs %d slots and tracker %q has %d free: the tracker is reserved for the job", t, j.SlotsPerTask[t], tt.Name, available)
			return lookup{status: memFailed}
		}
		e.notef(j, t, "a %s needs %d slots and tracker %q has %d free", t, j.SlotsPerTask[t], tt.Name, available)
	}
	return lookup{status: noTask}
}

// refused stands for a reason not spelled out (Options.Explain off).
const refused = "refused"

// assignSlotsToJob is CapacitySchedulerQueue.assignSlotsToJob: the queue's
// maximum capacity for the job's slots per task, then the user limit.
// It returns why the job may not have a slot, or "".
func (e *Engine) assignSlotsToJob(t TaskType, q *Queue, j *Job) string {
	r := j.SlotsPerTask[t]
	if !q.assignSlotsToQueue(t, r) {
		if !e.opts.Explain {
			return refused
		}
		return fmt.Sprintf("queue %q has %d of its maximum %d %s slots occupied; a task needs %d", q.Conf.Name, q.slots[t].occupied, q.slots[t].maxCapacity, t, r)
	}
	limit := q.userLimit(t, r, e.opts.Profile)
	if used := q.slots[t].userOccupied[j.User]; used+r > limit {
		if !e.opts.Explain {
			return refused
		}
		return fmt.Sprintf("user %q occupies %d %s slots in queue %q; %d more would exceed the user limit of %d (minimum-user-limit-percent %d, %d active users, user-limit-factor %s)",
			j.User, used, t, q.Conf.Name, r, limit, q.Conf.MinUserLimitPercent, len(q.slots[t].activeUsers), formatFloat(q.Conf.UserLimitFactor))
	}
	return ""
}

// memoryFits is MemoryMatcher.matchesMemoryRequirements.
func (e *Engine) memoryFits(j *Job, t TaskType, available int) bool {
	m := e.cfg.Memory
	if !m.Enabled {
		return true
	}
	slotMB := m.MapSlotMB
	if t == Reduce {
		slotMB = m.ReduceSlotMB
	}
	return j.MemoryMB[t] <= slotMB*int64(available)
}

func (e *Engine) reserve(tt *Tracker, t TaskType, j *Job) {
	tt.reservedFor[t] = j
	for _, x := range j.reserved[t] {
		if x == tt {
			return
		}
	}
	j.reserved[t] = append(j.reserved[t], tt)
}

func (e *Engine) unreserve(tt *Tracker, t TaskType) {
	j := tt.reservedFor[t]
	if j == nil {
		return
	}
	tt.reservedFor[t] = nil
	for i, x := range j.reserved[t] {
		if x == tt {
			j.reserved[t] = append(j.reserved[t][:i], j.reserved[t][i+1:]...)
			break
		}
	}
}

// notef remembers why the job was passed by, for WhyNot; only with
// Options.Explain, since formatting every skip would dominate a long
// simulation.
func (e *Engine) notef(j *Job, t TaskType, format string, args ...any) {
	if e.opts.Explain {
		e.note(j, t, fmt.Sprintf(format, args...))
	}
}

// note remembers why the job was passed by, for WhyNot.
func (e *Engine) note(j *Job, t TaskType, why string) {
	w := e.why[j]
	if w == nil {
		w = &[2]string{}
		e.why[j] = w
	}
	w[t] = why
}
