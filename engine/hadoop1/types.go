package hadoop1

import (
	"fmt"
	"strings"
)

// TaskType is a map or a reduce: Hadoop 1 keeps separate slots for each.
type TaskType int

// Task types.
const (
	Map TaskType = iota
	Reduce
)

// String names the type as the scenario format spells it.
func (t TaskType) String() string {
	if t == Reduce {
		return "reduce"
	}
	return "map"
}

// ParseTaskType reads "map" or "reduce".
func ParseTaskType(s string) (TaskType, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "map", "m":
		return Map, nil
	case "reduce", "r":
		return Reduce, nil
	}
	return Map, fmt.Errorf("task type %q: want map or reduce", s)
}

var taskTypes = [2]TaskType{Map, Reduce}

// Priority is a JobPriority; a larger value runs first.
type Priority int

// Job priorities (org.apache.hadoop.mapred.JobPriority).
const (
	VeryLow Priority = iota
	Low
	Normal
	High
	VeryHigh
)

var priorityNames = [...]string{"VERY_LOW", "LOW", "NORMAL", "HIGH", "VERY_HIGH"}

// String names the priority as Hadoop does.
func (p Priority) String() string {
	if p < VeryLow || p > VeryHigh {
		return "NORMAL"
	}
	return priorityNames[p]
}

// MarshalText renders the priority name (for JSON).
func (p Priority) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// ParsePriority reads VERY_HIGH, HIGH, NORMAL, LOW or VERY_LOW ("" = NORMAL).
func ParsePriority(s string) (Priority, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "" {
		return Normal, nil
	}
	for i, n := range priorityNames {
		if n == t {
			return Priority(i), nil
		}
	}
	return Normal, fmt.Errorf("job priority %q: want VERY_HIGH, HIGH, NORMAL, LOW or VERY_LOW", s)
}

// JobState is where a job is in its life cycle, as the scheduler sees it.
type JobState int

// Job states; Rejected jobs never reached the scheduler.
const (
	Waiting JobState = iota
	Initializing
	Running
	Succeeded
	Failed
	Killed
	Rejected
)

var stateNames = [...]string{"WAITING", "INITIALIZING", "RUNNING", "SUCCEEDED", "FAILED", "KILLED", "REJECTED"}

// String names the state as the scenario format spells it.
func (s JobState) String() string { return stateNames[s] }

// MarshalText renders the state name (for JSON).
func (s JobState) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Done reports whether the job has left the scheduler.
func (s JobState) Done() bool { return s >= Succeeded }

// Locality is how close a map ran to its split (reduces have none).
type Locality int

// Localities.
const (
	NoLocality Locality = iota
	NodeLocal
	RackLocal
	OffSwitch
)

// String names the locality as the scenario format spells it.
func (l Locality) String() string {
	switch l {
	case NodeLocal:
		return "node"
	case RackLocal:
		return "rack"
	case OffSwitch:
		return "off_switch"
	}
	return ""
}

// TrackerSpec describes a TaskTracker joining the cluster.
type TrackerSpec struct {
	Name, Host, Rack      string
	MapSlots, ReduceSlots int
}

// Tracker is a live TaskTracker: its slots, the attempts running on it
// and at most one reserving job per type (jobForFallowMapSlot /
// jobForFallowReduceSlot).
type Tracker struct {
	Name, Host, Rack string
	MaxSlots         [2]int
	occupied         [2]int
	attempts         []*Attempt
	reservedFor      [2]*Job
}

// Attempt is one running task attempt on a tracker.
type Attempt struct {
	Job      *Job
	Type     TaskType
	Index    int // 1-based task number in its job
	Slots    int
	Locality Locality
	Tracker  *Tracker
}

// Name is the attempt's task name, <job>_m_<n> or <job>_r_<n>.
func (a *Attempt) Name() string { return taskName(a.Job.Name, a.Type, a.Index) }

func taskName(job string, t TaskType, i int) string {
	k := "m"
	if t == Reduce {
		k = "r"
	}
	return fmt.Sprintf("%s_%s_%d", job, k, i)
}

type taskStatus int

const (
	taskPending taskStatus = iota
	taskRunning
	taskDone
)

// Job is one submitted MapReduce job (JobInProgress plus the scheduler's
// per-job state).
type Job struct {
	Name, User, Queue string
	// ID is the job's number in submission order (refused ones included).
	ID       int
	Priority Priority
	State    JobState
	// NumTasks is maps and reduces; SlotsPerTask is fixed at submission
	// (CapacityTaskScheduler.preInitializeJob).
	NumTasks     [2]int
	SlotsPerTask [2]int
	MemoryMB     [2]int64
	RejectReason string

	status [2][]taskStatus
	// low is, per type, the lowest task index that may be pending: tasks
	// are handed out in order, so the scan for the next one starts there.
	low [2]int
	// live holds the running attempts by type and task index.
	live     [2]map[int]*Attempt
	running  [2]int
	finished [2]int
	reserved [2][]*Tracker
	// opportunities is numSchedulingOpportunities.
	opportunities int64
	// waitFactor is the job's locality wait factor; waitDefault whether it
	// was left at 1.0 (then lowered at initialization, createCache).
	waitFactor  float32
	waitDefault bool
	// locations holds one host list per map; nil means every map is local
	// to every tracker (TestCapacityScheduler's FakeJobInProgress).
	locations      [][]string
	slowstartCount int
	initFails      bool
	seq            int // start-time order
	// outsidePoller marks a job started at submission (init_now): it
	// counts no active tasks, yet releases them when it ends.
	outsidePoller bool
}

// Pending returns desired − running − finished tasks of type t.
func (j *Job) Pending(t TaskType) int { return j.NumTasks[t] - j.running[t] - j.finished[t] }

// Running returns the running tasks of type t.
func (j *Job) Running(t TaskType) int { return j.running[t] }

// Finished returns the finished tasks of type t.
func (j *Job) Finished(t TaskType) int { return j.finished[t] }

// DesiredTasks is maps + reduces (JobInProgress.desiredTasks).
func (j *Job) DesiredTasks() int { return j.NumTasks[Map] + j.NumTasks[Reduce] }

// ReservedTrackers returns the trackers reserved for the job's type t.
func (j *Job) ReservedTrackers(t TaskType) []*Tracker { return j.reserved[t] }

// occupiedSlots is TaskSchedulingMgr.getSlotsOccupied: running tasks and
// reserved trackers, each at the job's slots per task.
func (j *Job) occupiedSlots(t TaskType) int {
	return (len(j.reserved[t]) + j.running[t]) * j.SlotsPerTask[t]
}

// scheduleReduces is JobInProgress.scheduleReduces: enough maps finished.
func (j *Job) scheduleReduces() bool { return j.finished[Map] >= j.slowstartCount }
