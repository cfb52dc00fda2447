package hadoop1

import (
	"sort"
	"strconv"
)

// State is a snapshot of the scheduler (hadoop1-scenario-format.md).
type State struct {
	Queues     map[string]QueueState   `json:"queues"`
	Jobs       map[string]JobStateView `json:"jobs"`
	Trackers   map[string]TrackerState `json:"trackers"`
	QueueOrder QueueOrder              `json:"queue_order"`
	Memory     MemoryState             `json:"memory"`
	Cluster    ClusterState            `json:"cluster"`
}

// QueueState is one queue's configuration, limits, lists and usage.
type QueueState struct {
	CapacityPercent        float64   `json:"capacity_percent"`
	MaximumCapacityPercent float64   `json:"maximum_capacity_percent"`
	MinimumUserLimitPct    int       `json:"minimum_user_limit_percent"`
	UserLimitFactor        float64   `json:"user_limit_factor"`
	SupportsPriority       bool      `json:"supports_priority"`
	MaxJobsToInit          int       `json:"max_jobs_to_init"`
	MaxJobsPerUserToInit   int       `json:"max_jobs_per_user_to_init"`
	MaxJobsToAccept        int       `json:"max_jobs_to_accept"`
	MaxJobsPerUserToAccept int       `json:"max_jobs_per_user_to_accept"`
	MaxActiveTasks         int       `json:"max_active_tasks"`
	MaxActiveTasksPerUser  int       `json:"max_active_tasks_per_user"`
	ActiveTasks            int       `json:"active_tasks"`
	UsersWithJobs          int       `json:"users_with_jobs"`
	WaitingJobs            []string  `json:"waiting_jobs"`
	InitializingJobs       []string  `json:"initializing_jobs"`
	RunningJobs            []string  `json:"running_jobs"`
	NumWaitingJobs         int       `json:"num_waiting_jobs"`
	NumInitializingJobs    int       `json:"num_initializing_jobs"`
	NumRunningJobs         int       `json:"num_running_jobs"`
	Map                    SlotState `json:"map"`
	Reduce                 SlotState `json:"reduce"`
}

// SlotState is a queue's usage of one task type.
type SlotState struct {
	CapacitySlots    int            `json:"capacity_slots"`
	MaxCapacitySlots int            `json:"max_capacity_slots"`
	OccupiedSlots    int            `json:"occupied_slots"`
	UsedPercent      float64        `json:"used_percent"`
	RunningTasks     int            `json:"running_tasks"`
	ActiveUsers      int            `json:"active_users"`
	UserLimitSlots   int            `json:"user_limit_slots"`
	Users            map[string]int `json:"users"`
}

// JobStateView is one job's state.
type JobStateView struct {
	Queue                   string           `json:"queue"`
	User                    string           `json:"user"`
	Priority                Priority         `json:"priority"`
	State                   JobState         `json:"state"`
	SlotsPerMap             int              `json:"slots_per_map"`
	SlotsPerReduce          int              `json:"slots_per_reduce"`
	RunningMaps             int              `json:"running_maps"`
	RunningReduces          int              `json:"running_reduces"`
	FinishedMaps            int              `json:"finished_maps"`
	FinishedReduces         int              `json:"finished_reduces"`
	PendingMaps             int              `json:"pending_maps"`
	PendingReduces          int              `json:"pending_reduces"`
	MapSlots                int              `json:"map_slots"`
	ReduceSlots             int              `json:"reduce_slots"`
	ReservedMapSlots        int              `json:"reserved_map_slots"`
	ReservedReduceSlots     int              `json:"reserved_reduce_slots"`
	ReservedTrackers        ReservedTrackers `json:"reserved_trackers"`
	SchedulingOpportunities int64            `json:"scheduling_opportunities"`
	LocalityWaitFactor      float64          `json:"locality_wait_factor"`
	RejectReason            string           `json:"reject_reason"`
}

// ReservedTrackers lists the trackers reserved for a job, per type.
type ReservedTrackers struct {
	Map    []string `json:"map"`
	Reduce []string `json:"reduce"`
}

// TrackerState is one tracker's slots and reservations.
type TrackerState struct {
	MaxMapSlots         int      `json:"max_map_slots"`
	MaxReduceSlots      int      `json:"max_reduce_slots"`
	OccupiedMapSlots    int      `json:"occupied_map_slots"`
	OccupiedReduceSlots int      `json:"occupied_reduce_slots"`
	FreeMapSlots        int      `json:"free_map_slots"`
	FreeReduceSlots     int      `json:"free_reduce_slots"`
	ReservedMapFor      *string  `json:"reserved_map_for"`
	ReservedReduceFor   *string  `json:"reserved_reduce_for"`
	MapMemoryUsedMB     *int64   `json:"map_memory_used_mb"`
	ReduceMemoryUsedMB  *int64   `json:"reduce_memory_used_mb"`
	RunningTasks        []string `json:"running_tasks"`
}

// QueueOrder is the scheduler's queue lists as left by their last sort.
type QueueOrder struct {
	Map    []string `json:"map"`
	Reduce []string `json:"reduce"`
}

// MemoryState is memory-based scheduling as configured.
type MemoryState struct {
	Enabled      bool  `json:"enabled"`
	MapSlotMB    int64 `json:"map_slot_mb"`
	ReduceSlotMB int64 `json:"reduce_slot_mb"`
	MaxMapMB     int64 `json:"max_map_mb"`
	MaxReduceMB  int64 `json:"max_reduce_mb"`
}

// ClusterState is the cluster as ClusterStatus reports it.
type ClusterState struct {
	Trackers    int `json:"trackers"`
	UniqueHosts int `json:"unique_hosts"`
	MapSlots    int `json:"map_slots"`
	ReduceSlots int `json:"reduce_slots"`
}

// Snapshot recomputes usage like the start of a heartbeat (without sorting
// or assigning) and returns the whole state.
func (e *Engine) Snapshot() State {
	e.updateAll()
	st := State{Queues: map[string]QueueState{}, Jobs: map[string]JobStateView{}, Trackers: map[string]TrackerState{}}
	for _, qc := range e.cfg.Queues {
		st.Queues[qc.Name] = e.queueState(e.queue[qc.Name])
	}
	for _, j := range e.jobs {
		st.Jobs[j.Name] = jobState(j)
	}
	for _, tt := range e.trackers {
		st.Trackers[tt.Name] = e.trackerState(tt)
	}
	for _, q := range e.order[Map] {
		st.QueueOrder.Map = append(st.QueueOrder.Map, q.Conf.Name)
	}
	for _, q := range e.order[Reduce] {
		st.QueueOrder.Reduce = append(st.QueueOrder.Reduce, q.Conf.Name)
	}
	st.Memory = MemoryState(e.cfg.Memory)
	st.Cluster = ClusterState{Trackers: len(e.trackers), UniqueHosts: e.uniqueHosts(), MapSlots: e.clusterSlots(Map), ReduceSlots: e.clusterSlots(Reduce)}
	return st
}

func names(l []*Job) []string {
	out := make([]string, 0, len(l))
	for _, j := range l {
		out = append(out, j.Name)
	}
	return out
}

func (e *Engine) queueState(q *Queue) QueueState {
	c := q.Conf
	qs := QueueState{
		CapacityPercent: f32(c.Capacity), MaximumCapacityPercent: f32(c.MaxCapacity),
		MinimumUserLimitPct: c.MinUserLimitPercent, UserLimitFactor: f32(c.UserLimitFactor),
		SupportsPriority: c.SupportsPriority, MaxJobsToInit: c.MaxJobsToInit, MaxJobsPerUserToInit: c.MaxJobsPerUserToInit,
		MaxJobsToAccept: c.MaxJobsToAccept, MaxJobsPerUserToAccept: c.MaxJobsPerUserToAccept,
		MaxActiveTasks: c.MaxActiveTasks, MaxActiveTasksPerUser: c.MaxActiveTasksPerUser,
		ActiveTasks: q.activeTasks, UsersWithJobs: len(q.jobsByUser),
		WaitingJobs: names(q.waiting), InitializingJobs: names(q.initializing), RunningJobs: names(q.running),
		NumWaitingJobs: len(q.waiting), NumInitializingJobs: len(q.initializing), NumRunningJobs: len(q.running),
	}
	qs.Map, qs.Reduce = e.slotState(q, Map), e.slotState(q, Reduce)
	return qs
}

func (e *Engine) slotState(q *Queue, t TaskType) SlotState {
	s := &q.slots[t]
	ss := SlotState{CapacitySlots: s.capacity, MaxCapacitySlots: s.maxCapacity, OccupiedSlots: s.occupied,
		RunningTasks: s.runningTasks, ActiveUsers: len(s.activeUsers), UserLimitSlots: q.userLimit(t, 1, e.opts.Profile),
		Users: map[string]int{}}
	if s.capacity > 0 {
		ss.UsedPercent = float64(s.occupied) * 100 / float64(s.capacity)
	}
	for u, n := range s.userOccupied {
		ss.Users[u] = n
	}
	return ss
}

// f32 renders a float32 setting as its shortest decimal (50 not 50.000001).
func f32(f float32) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(float64(f), 'g', -1, 32), 64)
	return v
}

func jobState(j *Job) JobStateView {
	v := JobStateView{Queue: j.Queue, User: j.User, Priority: j.Priority, State: j.State,
		SlotsPerMap: j.SlotsPerTask[Map], SlotsPerReduce: j.SlotsPerTask[Reduce],
		RunningMaps: j.running[Map], RunningReduces: j.running[Reduce],
		FinishedMaps: j.finished[Map], FinishedReduces: j.finished[Reduce],
		MapSlots: j.running[Map] * j.SlotsPerTask[Map], ReduceSlots: j.running[Reduce] * j.SlotsPerTask[Reduce],
		ReservedMapSlots: len(j.reserved[Map]) * j.SlotsPerTask[Map], ReservedReduceSlots: len(j.reserved[Reduce]) * j.SlotsPerTask[Reduce],
		ReservedTrackers:        ReservedTrackers{Map: trackerNames(j.reserved[Map]), Reduce: trackerNames(j.reserved[Reduce])},
		SchedulingOpportunities: j.opportunities, LocalityWaitFactor: f32(j.waitFactor), RejectReason: j.RejectReason}
	if j.State != Rejected {
		v.PendingMaps, v.PendingReduces = max(0, j.Pending(Map)), max(0, j.Pending(Reduce))
	}
	return v
}

func trackerNames(l []*Tracker) []string {
	out := make([]string, 0, len(l))
	for _, t := range l {
		out = append(out, t.Name)
	}
	sort.Strings(out)
	return out
}

func (e *Engine) trackerState(tt *Tracker) TrackerState {
	ts := TrackerState{MaxMapSlots: tt.MaxSlots[Map], MaxReduceSlots: tt.MaxSlots[Reduce],
		OccupiedMapSlots: tt.occupied[Map], OccupiedReduceSlots: tt.occupied[Reduce],
		FreeMapSlots: tt.MaxSlots[Map] - tt.occupied[Map], FreeReduceSlots: tt.MaxSlots[Reduce] - tt.occupied[Reduce],
		RunningTasks: []string{}}
	if j := tt.reservedFor[Map]; j != nil {
		ts.ReservedMapFor = &j.Name
	}
	if j := tt.reservedFor[Reduce]; j != nil {
		ts.ReservedReduceFor = &j.Name
	}
	if m := e.cfg.Memory; m.Enabled {
		mm, rm := m.MapSlotMB*int64(tt.occupied[Map]), m.ReduceSlotMB*int64(tt.occupied[Reduce])
		ts.MapMemoryUsedMB, ts.ReduceMemoryUsedMB = &mm, &rm
	}
	for _, a := range tt.attempts {
		ts.RunningTasks = append(ts.RunningTasks, a.Name())
	}
	return ts
}
