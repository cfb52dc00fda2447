package preview

// Run is one simulation's outcome as the comparison needs it: per-queue
// series and per-application records. Times are simulated milliseconds
// from the start of the run, memory is in MB.
type Run struct {
	// EndMS is when the simulation stopped. A comparison averages both
	// runs over [0, the later EndMS] (CommonWindow).
	EndMS  int64
	Queues []QueueRun
	// Users holds per-user usage series when the simulator records them;
	// application statistics per user come from Apps either way.
	Users []UserRun
	Apps  []AppRun
	// Held is why apps waited, per queue, user and reason; HeldKnown says
	// the simulator measured it (the Hadoop 1 simulator does not), so no
	// data is not mistaken for "never held".
	Held      []HeldRun
	HeldKnown bool
	// HeldSpans are stretches in which a user had an app held back: a
	// user's starvation (stats.go).
	HeldSpans []HeldSpan
	// ContainersAllocated counts every container the run allocated.
	ContainersAllocated int64
	// Warnings name what the configuration enables that the engine does
	// not model (engine.Unmodelled).
	Warnings []string
	// Partitions are the run's node label partitions (none without
	// labels).
	Partitions []PartitionRun
}

// QueueRun is one queue's configuration and usage over time.
type QueueRun struct {
	Path string
	Leaf bool
	// GuaranteedMB and MaxMB are the queue's absolute capacity and
	// maximum in memory on the simulated cluster.
	GuaranteedMB, MaxMB int64
	// Capacity and MaxCapacity are the configured percentages of the
	// parent (for the queue tree of the report); AbsCapacity and
	// AbsMaxCapacity are fractions of the cluster.
	Capacity, MaxCapacity       float64
	AbsCapacity, AbsMaxCapacity float64
	// Series is the queue's usage as a step function, sorted by time.
	Series []Sample
	// Preempted counts containers preempted from this queue.
	Preempted int
}

// UserRun is one user's usage across queues: a series when the
// simulator records one, else the average and peak it measured.
type UserRun struct {
	Name   string
	Series []Sample
	// AvgUsedMB and PeakUsedMB stand in for a series when HasUsage is set.
	AvgUsedMB, PeakUsedMB int64
	HasUsage              bool
}

// Sample is a point of a usage series: from T until the next sample the
// queue used UsedMB, had PendingMB asked for and not yet allocated, and
// Allocated containers were allocated at T.
//
// A sample is starving when demand is pending, nothing was allocated and
// the queue is below its guarantee (or uses nothing): a queue capped at
// its maximum with demand left over is capped, not starved.
type Sample struct {
	T         int64 `json:"t_ms"`
	UsedMB    int64 `json:"used_mb"`
	PendingMB int64 `json:"pending_mb"`
	Allocated int   `json:"-"`
	// GuaranteedMB is the guarantee at T (refreshes and node changes move
	// it); 0 means the queue's GuaranteedMB.
	GuaranteedMB int64 `json:"-"`
}

// AppRun is one application's timeline. A time of -1 means it never
// happened within the run.
type AppRun struct {
	ID, Queue, User string
	SubmitMS        int64
	// FirstMS is when the first container (the AM) was allocated.
	FirstMS int64
	// WaitMS is the simulator's waiting time for the app (-1: use
	// FirstMS-SubmitMS).
	WaitMS   int64
	FinishMS int64
	Rejected bool
	Reason   string
	// Preempted counts containers preempted from this app.
	Preempted int
}

// HeldSpan is a stretch [FromMS, ToMS) in which User had at least one app
// of Queue held back.
type HeldSpan struct {
	Queue, User  string
	FromMS, ToMS int64
}
