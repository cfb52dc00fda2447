package xmlconf

import (
	"fmt"
	"strings"
)

// H1Dialect is the Hadoop 1 (MRv1) queue configuration dialect of a file
// set. The JobTracker's parsing and checks differ between them.
type H1Dialect int

// Hadoop 1 dialects (hadoop1-formats.md §0).
const (
	H1DialectUnknown H1Dialect = iota
	// H1Dialect020 is Apache 0.20.0–0.20.2: flat queues, no state, no
	// maximum-capacity or user-limit-factor, unconfigured capacity allowed.
	H1Dialect020
	// H1Dialect1x is 0.20.203–1.2.1: flat queues, mapred-queue-acls.xml,
	// Math.floor(sum) == 100 check.
	H1Dialect1x
	// H1Dialect021 is 0.21/0.22: the hierarchical mapred-queues.xml.
	H1Dialect021
)

// String names the dialect as --source-dialect accepts it.
func (d H1Dialect) String() string {
	switch d {
	case H1Dialect020:
		return "0.20"
	case H1Dialect1x:
		return "1.x"
	case H1Dialect021:
		return "0.21"
	}
	return "unknown"
}

// MarshalText renders the dialect name (for JSON).
func (d H1Dialect) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// ParseH1Dialect reads "0.20", "1.x" (also "1", "1.0", "1.2", "0.20.203"…)
// and "0.21" (also "0.22").
func ParseH1Dialect(s string) (H1Dialect, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch {
	case t == "0.20" || t == "0.20.0" || t == "0.20.1" || t == "0.20.2":
		return H1Dialect020, nil
	case t == "1" || t == "1.x" || strings.HasPrefix(t, "1.") || strings.HasPrefix(t, "0.20.2"):
		return H1Dialect1x, nil
	case strings.HasPrefix(t, "0.21") || strings.HasPrefix(t, "0.22"):
		return H1Dialect021, nil
	}
	return H1DialectUnknown, fmt.Errorf("hadoop 1 dialect %q: want 0.20, 1.x or 0.21", s)
}

// HasUserLimitFactor reports whether the dialect knows user-limit-factor
// (0.20 and 0.21 let one user grow to the queue's ceiling).
func (d H1Dialect) HasUserLimitFactor() bool { return d == H1Dialect1x }

// Hadoop 1 key prefixes and well-known keys.
const (
	H1CSPrefix         = "mapred.capacity-scheduler."
	H1CSQueuePrefix    = "mapred.capacity-scheduler.queue."
	H1QueuePrefix      = "mapred.queue."
	H1KeyQueueNames    = "mapred.queue.names"
	H1KeyACLsEnabled   = "mapred.acls.enabled"
	H1KeyAdmins        = "mapreduce.cluster.administrators"
	H1KeyScheduler     = "mapred.jobtracker.taskScheduler"
	H1KeyScheduler021  = "mapreduce.jobtracker.taskscheduler"
	H1CapacityTaskSchd = "org.apache.hadoop.mapred.CapacityTaskScheduler"
	H1DefaultScheduler = "org.apache.hadoop.mapred.JobQueueTaskScheduler"
)

// H1Files is a Hadoop 1 file set as the user names it. MapredSite is the
// JobTracker's conf; QueueACLs is added on top of it (QueueManager);
// CapacityScheduler is read alone; MapredQueues is the 0.21 tree.
type H1Files struct {
	MapredSite        *Document
	CapacityScheduler *Document
	QueueACLs         *Document
	MapredQueues      *H1QueuesDoc
	// Dialect forces a dialect; H1DialectUnknown detects it from keys.
	Dialect H1Dialect
}

// H1Defaults are the mapred.capacity-scheduler.default-* values.
type H1Defaults struct {
	MinUserLimitPercent   Value[int32]
	UserLimitFactor       Value[float32]
	SupportsPriority      Value[bool]
	MaxActiveTasksPerQ    Value[int32]
	MaxActiveTasksPerUser Value[int32]
	InitAcceptJobsFactor  Value[int32]
	// MaxInitJobsPerUser is default-maximum-initialized-jobs-per-user (0.20/0.21).
	MaxInitJobsPerUser Value[int32]
}

// H1Queue is one Hadoop 1 queue with every value resolved the way the
// JobTracker and its CapacityTaskScheduler resolve it.
type H1Queue struct {
	// Name is the queue's own name exactly as Hadoop keeps it (untrimmed:
	// "a, b" yields " b"); FullName joins 0.21 ancestors with ":".
	Name, FullName string
	Parent         *H1Queue
	Children       []*H1Queue
	// Pos is where the queue is declared (mapred.queue.names or <queue>).
	Pos Pos

	// Capacity is the configured percentage (relative to the parent in
	// 0.21); CapacityConfigured is false when it was absent or (0.20/0.21)
	// unparseable, and Capacity.V then holds the share the scheduler
	// assigned (remainder split equally), or -1 in 1.x.
	Capacity           Value[float32]
	CapacityConfigured bool
	// MaxCapacity is -1 for "no limit" (absent, ≤ 0 or unparseable).
	MaxCapacity         Value[float32]
	MinUserLimitPercent Value[int32]
	// UserLimitFactor is meaningful only when the dialect has one.
	UserLimitFactor    Value[float32]
	SupportsPriority   Value[bool]
	MaxInitActiveTasks Value[int32]
	// MaxInitActiveTasksPerUser is maximum-initialized-active-tasks-per-user.
	MaxInitActiveTasksPerUser Value[int32]
	InitAcceptJobsFactor      Value[int32]
	// MaxInitJobsPerUser is maximum-initialized-jobs-per-user (0.20/0.21).
	MaxInitJobsPerUser Value[int32]

	// State is the state text as configured ("RUNNING" when unset); Running
	// is whether the JobTracker accepts jobs (invalid text: not running).
	State   Value[string]
	Running bool
	// SubmitACL and AdminACL are acl-submit-job and acl-administer-jobs
	// (unset: "*" in 1.x and 0.21.0).
	SubmitACL, AdminACL Value[ACL]

	// AbsCapacity and AbsMaxCapacity are percentages of the cluster as the
	// source scheduler computes them (AbsMaxCapacity 100 when unlimited).
	AbsCapacity, AbsMaxCapacity float64

	// Props holds every property of this queue by its key suffix.
	Props map[string]*Property
}

// IsLeaf reports whether jobs can be submitted to the queue.
func (q *H1Queue) IsLeaf() bool { return len(q.Children) == 0 }

// H1Model is the typed view of a Hadoop 1 file set, as complete as the
// input allows; Findings hold every quirk and every refusal.
type H1Model struct {
	Dialect H1Dialect
	// TooLarge, when set, says the file set names more than MaxQueues
	// queues; none of them was built and callers refuse the set with it
	// (wraps ErrTooLarge), as Model.TooLarge refuses a YARN tree.
	TooLarge error
	// DialectReason says which keys decided the dialect.
	DialectReason string
	// Deprecated021 is a 0.21 JobTracker with mapred.queue.names set: its
	// DeprecatedQueueConfigurationParser reads flat queues, ACLs and
	// lowercase states from mapred-site.xml and no per-queue scheduler
	// properties, so every queue gets an equal share.
	Deprecated021 bool
	// JT is mapred-site.xml with mapred-queue-acls.xml added (QueueManager);
	// CS is capacity-scheduler.xml alone. Either may be empty, never nil.
	JT, CS *Conf

	Scheduler   Value[string]
	ACLsEnabled Value[bool]
	// Admins is mapreduce.cluster.administrators (default " ": nobody but
	// the JobTracker user).
	Admins Value[ACL]

	MaxSystemJobs          Value[int32]
	InitPollInterval       Value[int64]
	InitWorkerThreads      Value[int32]
	MaxTasksPerHeartbeat   Value[int32]
	MaxTasksAfterOffswitch Value[int32]
	Defaults               H1Defaults

	// Roots are the top-level queues in declaration order; Queues lists
	// every queue depth first.
	Roots, Queues []*H1Queue
	// QueueNames is mapred.queue.names (nil when unset or 0.21 tree).
	QueueNames *Property
	// Files lists every input document, for the property inventory.
	Files H1Files

	// Findings are the reader's facts under H1xxx IDs (with Severity zero,
	// or lower for a softer variant) plus the XML loader's findings; the
	// Hadoop 1 rules in validate judge the facts (validate.LintHadoop1,
	// validate.JudgeHadoop1). Read them through validate, not directly.
	Findings []Finding
}

// Leaves returns the queues jobs are submitted to, depth first.
func (m *H1Model) Leaves() []*H1Queue {
	var out []*H1Queue
	for _, q := range m.Queues {
		if q.IsLeaf() {
			out = append(out, q)
		}
	}
	return out
}

// H1JobLimits are the job-count limits CapacitySchedulerQueue derives
// (1.x): initialized ≈ running jobs and accepted (waiting + running) jobs,
// per queue and per user.
type H1JobLimits struct {
	Init, InitPerUser, Accept, AcceptPerUser int64
}

// JobLimits computes CapacitySchedulerQueue.initializeQueue's limits for
// q: ceil(S·c/100) with S·c in Java float, then × init-accept-jobs-factor.
// Only 1.x has them; ok is false otherwise.
func (m *H1Model) JobLimits(q *H1Queue) (H1JobLimits, bool) {
	if m.Dialect != H1Dialect1x || !q.IsLeaf() {
		return H1JobLimits{}, false
	}
	s := m.MaxSystemJobs.V
	c := q.Capacity.V
	if c < 0 {
		c = 0
	}
	prod := float64(float32(s) * c) // int × float is evaluated in float
	init := javaCeilInt(prod / 100.0)
	perUser := javaCeilInt(prod / 100.0 * float64(q.MinUserLimitPercent.V) / 100.0)
	f := int64(q.InitAcceptJobsFactor.V)
	return H1JobLimits{Init: init, InitPerUser: perUser, Accept: int64(int32(init * f)), AcceptPerUser: int64(int32(perUser * f))}, true
}
