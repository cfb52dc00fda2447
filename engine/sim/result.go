package sim

import "github.com/capq/capq/xmlconf"

// Result is everything a simulation measured. It is self-describing (it
// names its inputs and units) and deterministic: the same model, workload
// and options give an equal Result, so two runs (old and new
// configuration, same workload) can be compared queue by queue, user by
// user and app by app. Memory is in MB and time in simulated
// milliseconds from the start of the run.
type Result struct {
	Workload string `json:"workload"`
	// HeartbeatMS is the node heartbeat interval used; SampleMS the step
	// of Series.
	HeartbeatMS int64 `json:"heartbeat_ms"`
	// AsyncIntervalMS is the interval of the asynchronous scheduling
	// passes when schedule-asynchronously.enable is on (heartbeats then
	// schedule nothing); MultiNode says multi-node placement was on.
	AsyncIntervalMS int64       `json:"async_interval_ms,omitempty"`
	MultiNode       bool        `json:"multi_node,omitempty"`
	SampleMS        int64       `json:"sample_ms"`
	Seed            int64       `json:"seed"`
	Cluster         ClusterInfo `json:"cluster"`
	// Warnings name what the engine does not model for the configuration
	// (Engine.Unmodelled: settings the run behaves as if were off, and
	// semantics that differ), at the start and any a refresh added.
	Warnings []string `json:"warnings,omitempty"`
	Summary  Summary  `json:"summary"`
	// Queues are every queue in tree order (root first, depth first).
	Queues []QueueResult `json:"queues"`
	// Partitions are the default partition and each node label, with
	// every queue's guarantee and usage in it; absent without labels.
	Partitions []PartitionResult `json:"partitions,omitempty"`
	// Users are per (leaf queue, user), sorted by queue then user.
	Users []UserResult `json:"users"`
	// Apps are every application in submission order.
	Apps []AppResult `json:"apps"`
	// Rejected are the refused submissions with Hadoop's message.
	Rejected []Rejection `json:"rejected"`
	// Preemptions are containers the scheduler took back.
	Preemptions []Preemption `json:"preemptions"`
	// Refreshes are the configuration refreshes with their outcome.
	Refreshes []RefreshResult `json:"refreshes"`
	// DynamicQueues are the queues auto-created on submission, in order
	// (absent when none was).
	DynamicQueues []DynamicQueue `json:"dynamic_queues,omitempty"`

	endModel *xmlconf.Model
	// futileAnswers counts heartbeats answered by futile without a walk
	// (tests check the shortcut ran).
	futileAnswers int
	// stretchAnswers counts those of them fastBulk answered a stretch at
	// a time (tests check it ran).
	stretchAnswers int
	// parkStretchAnswers counts those of them parkStretch answered a
	// stretch at a time while the cluster was quiet (tests check it ran).
	parkStretchAnswers int
	// simpleStretchAnswers counts those of them parkStretch answered a
	// stretch at a time while simple held (tests check it ran).
	simpleStretchAnswers int
	// eligAnswers counts futile answers eligCovered gave from the elig
	// bit, under checkRoom only (tests check it ran).
	eligAnswers int
	// goneEnds counts container ends that found the container killed or
	// preempted earlier and kept the futile record (containerDone).
	goneEnds int
	// countedReReservations counts reserved nodes' heartbeats the engine
	// counted as re-reservations without a pass (standing.go).
	countedReReservations int
	// Held is why apps waited: time held back per queue, user and reason.
	Held []HeldResult `json:"held"`
	// HeldSpans are the stretches in which a user had an app held back.
	HeldSpans []HeldSpan `json:"held_spans"`
	// Series samples every queue every SampleMS.
	Series Series `json:"series"`
}

// ClusterInfo is the cluster at the start of the run.
type ClusterInfo struct {
	Nodes    int   `json:"nodes"`
	MemoryMB int64 `json:"memory_mb"`
	VCores   int64 `json:"vcores"`
}

// Summary holds run totals.
type Summary struct {
	ContainersAllocated int64 `json:"containers_allocated"`
	AMContainers        int64 `json:"am_containers"`
	Reservations        int64 `json:"reservations"`
	Preempted           int64 `json:"preempted"`
	AppsSubmitted       int   `json:"apps_submitted"`
	AppsFinished        int   `json:"apps_finished"`
	AppsRejected        int   `json:"apps_rejected"`
	// AppsFailed were accepted but failed (an ask above the maximum
	// allocation, a lost AM).
	AppsFailed int `json:"apps_failed"`
	// AppsKilled were killed at their lifetime (maximum- or
	// default-application-lifetime, or the lifetime they asked for).
	AppsKilled int `json:"apps_killed,omitempty"`
	// AppsUnfinished were accepted but had not finished when the run
	// ended (at Until, or stuck when nothing could change any more).
	AppsUnfinished int   `json:"apps_unfinished"`
	SimulatedMS    int64 `json:"simulated_ms"`
	// Heartbeats counts the scheduling passes run: node heartbeats, or
	// with asynchronous scheduling the schedule(cs) passes.
	Heartbeats int64 `json:"heartbeats"`
	// StoppedAtUntil says the run was cut at Options.Until.
	StoppedAtUntil bool `json:"stopped_at_until"`
}

// QueueResult is one queue's figures over the run. Guaranteed and max
// are at the start of the run (refreshes and node changes move them; the
// series has the values over time).
type QueueResult struct {
	Path          string `json:"path"`
	Leaf          bool   `json:"leaf"`
	GuaranteedMB  int64  `json:"guaranteed_mb"`
	MaxMB         int64  `json:"max_mb"`
	PeakUsedMB    int64  `json:"peak_used_mb"`
	AvgUsedMB     int64  `json:"avg_used_mb"`
	PeakPendingMB int64  `json:"peak_pending_mb"`
	WaitP50MS     int64  `json:"wait_p50_ms"`
	WaitP95MS     int64  `json:"wait_p95_ms"`
	WaitMaxMS     int64  `json:"wait_max_ms"`
	AppsSubmitted int    `json:"apps_submitted"`
	AppsFinished  int    `json:"apps_finished"`
	AppsRejected  int    `json:"apps_rejected"`
	Containers    int64  `json:"containers"`
	Preempted     int64  `json:"preempted"`
	// AvgUsedOfGuarantee is AvgUsedMB / GuaranteedMB (0 when no guarantee).
	AvgUsedOfGuarantee float64 `json:"avg_used_of_guarantee"`
}

// UserResult is one user of a leaf queue.
type UserResult struct {
	Queue      string `json:"queue"`
	User       string `json:"user"`
	Apps       int    `json:"apps"`
	PeakUsedMB int64  `json:"peak_used_mb"`
	AvgUsedMB  int64  `json:"avg_used_mb"`
	// Share is the user's part of the queue's usage over the run
	// (memory-time), 0..1.
	Share float64 `json:"share"`
}

// AppResult is one application. Times are -1 when the event did not
// happen.
type AppResult struct {
	ID               string `json:"id"`
	Queue            string `json:"queue"`
	User             string `json:"user"`
	State            string `json:"state"`
	SubmitMS         int64  `json:"submit_ms"`
	FirstContainerMS int64  `json:"first_container_ms"`
	FinishMS         int64  `json:"finish_ms"`
	// WaitMS is first container - submit (the AM's wait), -1 if none.
	WaitMS     int64 `json:"wait_ms"`
	Containers int64 `json:"containers"`
	Preempted  int64 `json:"preempted"`
	// Attempts counts AM attempts: a lost AM container (preempted, node
	// removed) starts another, except for the AMs of SLS, Rumen and SYNTH
	// traces, whose app fails (slsAMLost).
	Attempts int    `json:"attempts"`
	Reason   string `json:"reason,omitempty"`
}

// App states in results.
const (
	AppFinished   = "FINISHED"
	AppRejected   = "REJECTED"
	AppRunning    = "RUNNING"
	AppAccepted   = "ACCEPTED" // submitted, AM not yet allocated
	AppNotArrived = "NOT_SUBMITTED"
	AppFailed     = "FAILED"
	// AppKilled: the ResourceManager killed the app at its lifetime.
	AppKilled = "KILLED"
)

// Rejection is a refused submission.
type Rejection struct {
	App    string `json:"app"`
	Queue  string `json:"queue"`
	User   string `json:"user"`
	AtMS   int64  `json:"at_ms"`
	Reason string `json:"reason"`
}

// Preemption is one container taken back by the scheduler.
type Preemption struct {
	AtMS        int64  `json:"at_ms"`
	ContainerID int64  `json:"container_id"`
	App         string `json:"app"`
	Queue       string `json:"queue"`
	Node        string `json:"node"`
	MemoryMB    int64  `json:"memory_mb"`
}

// RefreshResult is one configuration refresh.
type RefreshResult struct {
	AtMS     int64    `json:"at_ms"`
	Config   string   `json:"config"`
	Accepted bool     `json:"accepted"`
	Errors   []string `json:"errors,omitempty"`
}

// Series holds every queue's samples: TimesMS[i] is the time of sample i
// and Queues[q].UsedMB[i] its value then.
type Series struct {
	TimesMS []int64       `json:"times_ms"`
	Queues  []QueueSeries `json:"queues"`
}

// QueueSeries is one queue over time.
type QueueSeries struct {
	Path         string  `json:"path"`
	GuaranteedMB []int64 `json:"guaranteed_mb"`
	MaxMB        []int64 `json:"max_mb"`
	UsedMB       []int64 `json:"used_mb"`
	PendingMB    []int64 `json:"pending_mb"`
	// Allocated counts containers allocated in the queue's subtree since
	// the previous sample.
	Allocated []int64 `json:"allocated"`
}

// Queue returns the result of the queue at path, or nil.
func (r *Result) Queue(path string) *QueueResult {
	for i := range r.Queues {
		if r.Queues[i].Path == path {
			return &r.Queues[i]
		}
	}
	return nil
}

// QueueSeries returns the series of the queue at path, or nil.
func (r *Result) QueueSeries(path string) *QueueSeries {
	for i := range r.Series.Queues {
		if r.Series.Queues[i].Path == path {
			return &r.Series.Queues[i]
		}
	}
	return nil
}

// EndModel is the configuration the scheduler ran at the end: the file's
// queues after any refresh, plus the queues auto-created and not yet
// expired (capq simulate --end-tree prints it).
func (r *Result) EndModel() *xmlconf.Model { return r.endModel }

// SizedEndModel is EndModel with the simulated cluster's size, so a tree
// of it shows absolute resources; nil when there is no end model.
func (r *Result) SizedEndModel() *xmlconf.Model {
	if r.endModel == nil {
		return nil
	}
	sized := *r.endModel
	sized.Cluster = xmlconf.Resource{MemoryMB: r.Cluster.MemoryMB, VCores: r.Cluster.VCores}
	return &sized
}
