package hadoop1

import (
	"fmt"
	"math"
	"strconv"
)

// JobSpec is a job as JobClient submits it.
type JobSpec struct {
	Name, User string
	// Queue defaults to Conf["mapred.job.queue.name"], then "default".
	Queue    string
	Priority Priority
	Maps     int
	Reduces  int
	// MapMemoryMB and ReduceMemoryMB default to Conf, then the JobTracker's
	// conf (mapred.job.map.memory.mb …), then −1 (unset).
	MapMemoryMB, ReduceMemoryMB *int64
	// MapLocations holds one host list per map; nil = every map is local
	// to every tracker; an empty list = no location (off-switch only).
	MapLocations [][]string
	// LocalityWaitFactor is mapreduce.job.locality.wait.factor.
	LocalityWaitFactor *float32
	// ReduceSlowstart is mapred.reduce.slowstart.completed.maps.
	ReduceSlowstart *float32
	// Conf holds any other job keys.
	Conf map[string]string
	// InitNow initializes and starts the job at submission, bypassing the
	// poller (the tests' submitJobAndInit); InitFails makes its
	// initialization fail.
	InitNow, InitFails bool
}

// SubmitResult says whether JobTracker.submitJob accepted the job.
type SubmitResult struct {
	Accepted bool
	Reason   string
}

// jobKey resolves a job key: the job's conf, then the JobTracker's.
func (e *Engine) jobKey(s JobSpec, key string) (string, bool) {
	if v, ok := s.Conf[key]; ok {
		return v, true
	}
	return jtLookup(e.cfg.JT, key)
}

func (e *Engine) jobMemory(s JobSpec, field *int64, key string) int64 {
	// JobConf.getMemoryForMapTask: the deprecated mapred.task.maxvmem (in
	// bytes) wins when set.
	if v, ok := e.jobKey(s, "mapred.task.maxvmem"); ok {
		if b := parseLong(v, -1); b >= 0 {
			return b / (1024 * 1024)
		}
	}
	mb := int64(-1)
	if field != nil {
		mb = *field
	} else if v, ok := e.jobKey(s, key); ok {
		mb = parseLong(v, -1)
	}
	if mb < 0 {
		return -1 // JobConf.normalizeMemoryConfigValue
	}
	return mb
}

// Submit is JobTracker.submitJob: the checks of hadoop1-engine.md §3 in
// order, then CapacityTaskScheduler.jobAdded. A refused job still takes a
// job id.
func (e *Engine) Submit(s JobSpec) (SubmitResult, error) {
	if s.Name == "" {
		return SubmitResult{}, fmt.Errorf("hadoop1: a job needs a name")
	}
	if _, dup := e.job[s.Name]; dup {
		return SubmitResult{}, fmt.Errorf("hadoop1: job %q submitted twice", s.Name)
	}
	if s.Maps < 0 || s.Reduces < 0 || s.Maps > 1<<20 || s.Reduces > 1<<20 {
		return SubmitResult{}, fmt.Errorf("hadoop1: job %q: maps and reduces must be 0..%d", s.Name, 1<<20)
	}
	if len(s.MapLocations) > 0 && len(s.MapLocations) != s.Maps {
		return SubmitResult{}, fmt.Errorf("hadoop1: job %q: %d map locations for %d maps", s.Name, len(s.MapLocations), s.Maps)
	}
	e.nextID++
	j := &Job{Name: s.Name, User: s.User, Queue: s.Queue, ID: e.nextID, seq: e.nextID, Priority: s.Priority,
		NumTasks: [2]int{s.Maps, s.Reduces}, SlotsPerTask: [2]int{1, 1}, locations: s.MapLocations, initFails: s.InitFails}
	if j.Queue == "" {
		j.Queue = "default"
		if v, ok := s.Conf["mapred.job.queue.name"]; ok {
			j.Queue = v
		}
	}
	j.MemoryMB = [2]int64{e.jobMemory(s, s.MapMemoryMB, "mapred.job.map.memory.mb"),
		e.jobMemory(s, s.ReduceMemoryMB, "mapred.job.reduce.memory.mb")}
	e.jobSettings(j, s)
	for _, t := range taskTypes {
		j.status[t] = make([]taskStatus, j.NumTasks[t])
	}
	e.jobs = append(e.jobs, j)
	e.job[j.Name] = j
	if reason := e.checkSubmission(j); reason != "" {
		j.State, j.RejectReason = Rejected, reason
		return SubmitResult{Reason: reason}, nil
	}
	q := e.queue[j.Queue]
	j.State = Waiting
	q.waiting = q.insert(q.waiting, j)
	q.jobsByUser[j.User]++
	e.preInitializeJob(j)
	if s.InitNow {
		// JobQueuesManager.makeJobRunning only calls
		// CapacitySchedulerQueue.addRunningJob: the job joins the running
		// list and stays in the waiting list (left to the poller, which never
		// takes a job it did not initialize). Only addInitializingJob counts
		// active tasks, so these count none; yet removeRunningJob's finishJob
		// subtracts them when the job completes, and the queue's and user's
		// counts go below what their jobs hold. A failed initJob
		// (JobTracker.failJob) takes the job from the waiting list only.
		if e.initJob(j) {
			q.running = q.insert(q.running, j)
			j.State = Running
			j.outsidePoller = true
		}
	}
	return SubmitResult{Accepted: true}, nil
}

// jobSettings reads the job's slow-start fraction and locality wait.
func (e *Engine) jobSettings(j *Job, s JobSpec) {
	slow := float32(0.05)
	if s.ReduceSlowstart != nil {
		slow = *s.ReduceSlowstart
	} else if v, ok := e.jobKey(s, "mapred.reduce.slowstart.completed.maps"); ok {
		slow = parseFloat32(v, 0.05)
	}
	// JobInProgress: (int)Math.ceil(fraction × maps), the product in float.
	j.slowstartCount = int(math.Ceil(float64(slow * float32(j.NumTasks[Map]))))
	j.waitFactor = 1.0
	if s.LocalityWaitFactor != nil {
		j.waitFactor = *s.LocalityWaitFactor
	} else if v, ok := e.jobKey(s, "mapreduce.job.locality.wait.factor"); ok {
		j.waitFactor = parseFloat32(v, 1.0)
	}
	j.waitDefault = j.waitFactor == 1.0
}

// checkSubmission returns the first refusal of JobTracker.submitJob and
// CapacitySchedulerQueue.checkJobSubmissionLimits, or "".
func (e *Engine) checkSubmission(j *Job) string {
	q, ok := e.queue[j.Queue]
	if !ok {
		return fmt.Sprintf("java.io.IOException: Queue \"%s\" does not exist", j.Queue)
	}
	if m := e.cfg.MaxTasksPerJob; m > 0 && j.DesiredTasks() > m {
		return fmt.Sprintf("java.io.IOException: The number of tasks for this job %d exceeds the configured limit %d", j.DesiredTasks(), m)
	}
	if !q.Conf.Running {
		return fmt.Sprintf("Queue \"%s\" is not running", j.Queue)
	}
	if e.cfg.ACLsEnabled && !e.maySubmit(j.User, q) {
		return fmt.Sprintf("User %s cannot perform operation SUBMIT_JOB on queue %s.", j.User, j.Queue)
	}
	if r := e.checkMemory(j); r != "" {
		return r
	}
	return q.checkLimits(j)
}

func (e *Engine) maySubmit(user string, q *Queue) bool {
	g := e.opts.UserGroups[user]
	return user == e.opts.JobTrackerUser || e.cfg.Admins.Allows(user, g) || q.Conf.SubmitACL.Allows(user, g)
}

// checkMemory is JobTracker.checkMemoryRequirements.
func (e *Engine) checkMemory(j *Job) string {
	m := e.cfg.Memory
	if !m.Enabled {
		return ""
	}
	mapMB, redMB := j.MemoryMB[Map], j.MemoryMB[Reduce]
	head := fmt.Sprintf("%s(%d memForMapTasks %d memForReduceTasks): ", j.Name, mapMB, redMB)
	switch {
	case mapMB > m.MaxMapMB || redMB > m.MaxReduceMB:
		return head + "Exceeds the cluster's max-memory-limit."
	case mapMB == -1 || redMB == -1:
		return head + "Invalid job requirements."
	}
	return ""
}

// checkLimits is CapacitySchedulerQueue.checkJobSubmissionLimits.
func (q *Queue) checkLimits(j *Job) string {
	c := q.Conf
	if j.DesiredTasks() > c.MaxActiveTasksPerUser {
		return fmt.Sprintf("Job '%s' from user '%s' rejected since it has %d tasks which exceeds the limit of %d tasks per-user which can be initialized for queue '%s'",
			j.Name, j.User, j.DesiredTasks(), c.MaxActiveTasksPerUser, c.Name)
	}
	w, i, r := len(q.waiting), len(q.initializing), len(q.running)
	if w+i+r >= c.MaxJobsToAccept {
		return fmt.Sprintf("Job '%s' from user '%s' rejected since queue '%s' already has %d waiting jobs, %d initializing jobs and %d running jobs - Exceeds limit of %d jobs to accept",
			j.Name, j.User, c.Name, w, i, r, c.MaxJobsToAccept)
	}
	w, i, r = q.userJobs(j.User)
	if w+i+r >= c.MaxJobsPerUserToAccept {
		return fmt.Sprintf("Job '%s' rejected since user '%s' already has %d waiting jobs, %d initializing jobs and %d running jobs -  Exceeds limit of %d jobs to accept in queue '%s' per user",
			j.Name, j.User, w, i, r, c.MaxJobsPerUserToAccept, c.Name)
	}
	return ""
}

// preInitializeJob fixes the slots per task (JobConf.computeNumSlotsPerMap).
func (e *Engine) preInitializeJob(j *Job) {
	m := e.cfg.Memory
	if !m.Enabled {
		return
	}
	slotMB := [2]int64{m.MapSlotMB, m.ReduceSlotMB}
	for _, t := range taskTypes {
		if j.MemoryMB[t] == -1 || slotMB[t] == -1 {
			continue
		}
		j.SlotsPerTask[t] = int(math.Ceil(float64(float32(j.MemoryMB[t]) / float32(slotMB[t]))))
	}
}

// initJob is JobTracker.initJob: a failure ends the job FAILED; success
// sets the locality wait factor (JobInProgress.createCache).
func (e *Engine) initJob(j *Job) bool {
	if j.initFails {
		e.leave(j, Failed, true)
		return false
	}
	if j.waitDefault && j.locations != nil {
		hosts := map[string]bool{}
		for _, l := range j.locations {
			for _, h := range l {
				hosts[h] = true
			}
		}
		f := float32(len(hosts)) / float32(e.uniqueHosts())
		if !(f >= 1.0) && f == f {
			j.waitFactor = f
		} else if f == f {
			j.waitFactor = 1.0
		} else {
			j.waitFactor = f // 0/0: NaN, as Java's Math.min keeps it
		}
	}
	return true
}

// addActive is addInitializingJob's bookkeeping: the job's tasks count
// towards the queue's and the user's active tasks.
func (q *Queue) addActive(j *Job) {
	q.activeTasks += j.DesiredTasks()
	q.userActiveTasks[j.User] += j.DesiredTasks()
}

func (q *Queue) releaseActive(j *Job) {
	q.activeTasks -= j.DesiredTasks()
	q.userActiveTasks[j.User] -= j.DesiredTasks()
	// A user's count stays negative after a job started outside the poller
	// ends (UserInfo.jobCompleted subtracts what it never added).
	if q.userActiveTasks[j.User] == 0 {
		delete(q.userActiveTasks, j.User)
	}
}

// formatFloat renders a float32 the way the scenario output wants it.
func formatFloat(f float32) string { return strconv.FormatFloat(float64(f), 'g', -1, 32) }
