package hadoop1

import "fmt"

// obtainNewTask is MapSchedulingMgr / ReduceSchedulingMgr.obtainNewTask.
func (e *Engine) obtainNewTask(t TaskType, tt *Tracker, j *Job, assignOffSwitch bool) lookup {
	if t == Reduce {
		if !j.scheduleReduces() {
			e.notef(j, t, "reduces wait for reduce slow-start: %d of %d maps finished", j.finished[Map], j.slowstartCount)
			return lookup{status: noTask}
		}
		if i := j.firstPending(Reduce, func(int) bool { return true }); i >= 0 {
			return lookup{status: localFound, attempt: e.launch(tt, j, Reduce, i, NoLocality)}
		}
		return lookup{status: noTask}
	}
	j.opportunities++
	if i, loc := e.localMap(tt, j); i >= 0 {
		j.opportunities = 0 // reset only on node- or rack-local maps
		return lookup{status: localFound, attempt: e.launch(tt, j, Map, i, loc)}
	}
	if j.SlotsPerTask[Map] > 1 || (assignOffSwitch && e.scheduleOffSwitch(j)) {
		if i := e.nonLocalMap(j); i >= 0 {
			return lookup{status: offSwitchFound, attempt: e.launch(tt, j, Map, i, OffSwitch)}
		}
	} else if j.Pending(Map) > 0 {
		if !assignOffSwitch {
			e.notef(j, Map, "only node- or rack-local maps are left to it and this heartbeat already handed out an off-switch map")
		} else {
			e.notef(j, Map, "no map local to tracker %q; off-switch maps wait for %s scheduling opportunities (missed %d)", tt.Name, formatFloat(e.offSwitchThreshold(j)), j.opportunities)
		}
	}
	return lookup{status: noTask}
}

// scheduleOffSwitch is JobInProgress.scheduleOffSwitch.
func (e *Engine) scheduleOffSwitch(j *Job) bool {
	return e.offSwitchThreshold(j) < float32(j.opportunities)
}

func (e *Engine) offSwitchThreshold(j *Job) float32 {
	required := min(j.NumTasks[Map]-j.finished[Map], len(e.trackers))
	return float32(required) * j.waitFactor
}

func (j *Job) firstPending(t TaskType, ok func(int) bool) int {
	st := j.status[t]
	for j.low[t] < len(st) && st[j.low[t]] != taskPending {
		j.low[t]++
	}
	for i := j.low[t]; i < len(st); i++ {
		if st[i] == taskPending && ok(i) {
			return i
		}
	}
	return -1
}

// repend returns task i of type t to pending (its tracker was lost).
func (j *Job) repend(t TaskType, i int) {
	j.status[t][i] = taskPending
	j.low[t] = min(j.low[t], i)
}

// localMap is obtainNewNodeOrRackLocalMapTask: a pending map with a split
// on the tracker's host, else on its rack.
func (e *Engine) localMap(tt *Tracker, j *Job) (int, Locality) {
	if j.locations == nil {
		return j.firstPending(Map, func(int) bool { return true }), NodeLocal
	}
	if i := j.firstPending(Map, func(i int) bool {
		for _, h := range j.locations[i] {
			if h == tt.Host {
				return true
			}
		}
		return false
	}); i >= 0 {
		return i, NodeLocal
	}
	return j.firstPending(Map, func(i int) bool {
		for _, h := range j.locations[i] {
			if e.rackOf(h) == tt.Rack {
				return true
			}
		}
		return false
	}), RackLocal
}

// nonLocalMap is obtainNewNonLocalMapTask: maps with splits elsewhere,
// then maps without a split location.
func (e *Engine) nonLocalMap(j *Job) int {
	if j.locations == nil {
		return j.firstPending(Map, func(int) bool { return true })
	}
	if i := j.firstPending(Map, func(i int) bool { return len(j.locations[i]) > 0 }); i >= 0 {
		return i
	}
	return j.firstPending(Map, func(int) bool { return true })
}

// launch starts task i of type t of job j on the tracker.
func (e *Engine) launch(tt *Tracker, j *Job, t TaskType, i int, loc Locality) *Attempt {
	a := &Attempt{Job: j, Type: t, Index: i + 1, Slots: j.SlotsPerTask[t], Locality: loc, Tracker: tt}
	j.status[t][i] = taskRunning
	j.running[t]++
	if j.live[t] == nil {
		j.live[t] = map[int]*Attempt{}
	}
	j.live[t][i+1] = a
	tt.occupied[t] += a.Slots
	tt.attempts = append(tt.attempts, a)
	if w := e.why[j]; w != nil {
		w[t] = ""
	}
	return a
}

// CompleteTasks ends running tasks of a job successfully: the listed task
// numbers, or the count lowest-numbered running ones. On a job that has
// ended it only frees the trackers' slots.
func (e *Engine) CompleteTasks(job string, t TaskType, tasks []int, count int) ([]string, error) {
	j, ok := e.job[job]
	if !ok {
		return nil, fmt.Errorf("hadoop1: no job %q", job)
	}
	if len(tasks) == 0 {
		for i, s := range j.status[t] {
			if len(tasks) == count {
				break
			}
			if s == taskRunning && e.attemptOf(j, t, i+1) != nil {
				tasks = append(tasks, i+1)
			}
		}
		if len(tasks) < count {
			return nil, fmt.Errorf("hadoop1: job %q has %d running %s tasks, not %d", job, len(tasks), t, count)
		}
	}
	var done []string
	for _, n := range tasks {
		a := e.attemptOf(j, t, n)
		if a == nil {
			return done, fmt.Errorf("hadoop1: task %s is not running", taskName(job, t, n))
		}
		e.free(a)
		if !j.State.Done() {
			j.status[t][n-1] = taskDone
			j.running[t]--
			j.finished[t]++
		}
		done = append(done, a.Name())
	}
	return done, nil
}

// attemptOf finds the running attempt of task n.
func (e *Engine) attemptOf(j *Job, t TaskType, n int) *Attempt {
	return j.live[t][n]
}

// free takes an attempt off its tracker.
func (e *Engine) free(a *Attempt) {
	delete(a.Job.live[a.Type], a.Index)
	tt := a.Tracker
	tt.occupied[a.Type] -= a.Slots
	for i, x := range tt.attempts {
		if x == a {
			tt.attempts = append(tt.attempts[:i], tt.attempts[i+1:]...)
			break
		}
	}
}

// EndJob ends a job SUCCEEDED, FAILED or KILLED: it leaves the scheduler
// (jobCompleted) and its reservations are cancelled; with freeSlots its
// running attempts leave their trackers at once.
func (e *Engine) EndJob(job string, s JobState, freeSlots bool) error {
	j, ok := e.job[job]
	if !ok {
		return fmt.Errorf("hadoop1: no job %q", job)
	}
	if j.State.Done() {
		return fmt.Errorf("hadoop1: job %q has already ended (%s)", job, j.State)
	}
	if s != Succeeded && s != Failed && s != Killed {
		return fmt.Errorf("hadoop1: a job ends SUCCEEDED, FAILED or KILLED, not %s", s)
	}
	e.leave(j, s, freeSlots)
	return nil
}

// leave is JobQueuesManager.jobCompleted plus JobInProgress.garbageCollect.
func (e *Engine) leave(j *Job, s JobState, freeSlots bool) {
	q := e.queue[j.Queue]
	var wasActive bool
	q.waiting, _ = remove(q.waiting, j)
	if l, ok := remove(q.initializing, j); ok {
		q.initializing, wasActive = l, true
	}
	if l, ok := remove(q.running, j); ok {
		q.running, wasActive = l, true
	}
	if wasActive || j.State == Initializing || j.State == Running {
		q.releaseActive(j)
	}
	if q.jobsByUser[j.User]--; q.jobsByUser[j.User] <= 0 {
		delete(q.jobsByUser, j.User)
	}
	for _, t := range taskTypes {
		for _, tt := range append([]*Tracker(nil), j.reserved[t]...) {
			e.unreserve(tt, t)
		}
	}
	if freeSlots {
		for _, tt := range e.trackers {
			for _, a := range append([]*Attempt(nil), tt.attempts...) {
				if a.Job == j {
					e.free(a)
				}
			}
		}
	}
	if s == Succeeded {
		for _, t := range taskTypes {
			for i, st := range j.status[t] {
				if st != taskDone {
					j.status[t][i] = taskDone
					j.finished[t]++
				}
			}
			j.running[t] = 0
		}
	}
	j.State = s
}
