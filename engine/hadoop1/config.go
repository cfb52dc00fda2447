package hadoop1

import (
	"fmt"
	"math"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// QueueConf is one queue's resolved settings (CapacitySchedulerConf) and
// the limits CapacitySchedulerQueue.initializeQueue derives from them.
type QueueConf struct {
	Name                   string
	Capacity               float32 // percent
	MaxCapacity            float32 // percent, −1 = none
	MinUserLimitPercent    int
	UserLimitFactor        float32
	SupportsPriority       bool
	MaxActiveTasks         int
	MaxActiveTasksPerUser  int
	MaxJobsToInit          int
	MaxJobsPerUserToInit   int
	MaxJobsToAccept        int
	MaxJobsPerUserToAccept int
	Running                bool
	SubmitACL              xmlconf.ACL
}

// MemoryConf is memory-based scheduling (hadoop1-engine.md §7): on only
// when the slot sizes and the per-task maxima are all set.
type MemoryConf struct {
	Enabled                 bool
	MapSlotMB, ReduceSlotMB int64
	MaxMapMB, MaxReduceMB   int64
}

// Config is everything the engine reads from a Hadoop 1 file set.
type Config struct {
	// Queues in mapred.queue.names order.
	Queues                 []QueueConf
	MaxSystemJobs          int
	MaxTasksPerHeartbeat   int
	MaxTasksAfterOffswitch int
	InitPollIntervalMS     int64
	InitWorkerThreads      int
	HeartbeatIntervalMS    int64
	Memory                 MemoryConf
	ACLsEnabled            bool
	Admins                 xmlconf.ACL
	// MaxTasksPerJob is mapred.jobtracker.maxtasks.per.job (≤ 0: none).
	MaxTasksPerJob int
	// JT is the JobTracker's conf, the default for job keys.
	JT *xmlconf.Conf
	// Warnings are settings read but not modelled (shown to the user).
	Warnings []string
}

// StartupError is the JobTracker refusing to start the scheduler.
type StartupError struct{ Messages []string }

func (e *StartupError) Error() string {
	return "hadoop1: the JobTracker would not start: " + strings.Join(e.Messages, "; ")
}

// FromModel resolves the engine's Config from a Hadoop 1 model. What
// CapacityTaskScheduler.start would refuse comes back as *StartupError;
// only the 1.x flat dialect is modelled.
func FromModel(m *xmlconf.H1Model) (Config, error) {
	if m == nil {
		return Config{}, fmt.Errorf("hadoop1: no model")
	}
	if m.Dialect != xmlconf.H1Dialect1x {
		return Config{}, fmt.Errorf("hadoop1: not a 1.x config (dialect %s): the engine models the 0.20.205–1.2.1 CapacityTaskScheduler", m.Dialect)
	}
	var refusals, warnings []string
	for _, f := range m.Findings {
		switch {
		case f.Rule == xmlconf.RuleH1Scheduler:
			// The engine is the CapacityTaskScheduler; say so rather than refuse.
			warnings = append(warnings, f.Message+"; simulated as if it ran the CapacityTaskScheduler")
		case xmlconf.H1Refuses(f) && f.Hint != "":
			refusals = append(refusals, f.Message+" ("+f.Hint+")")
		case xmlconf.H1Refuses(f):
			refusals = append(refusals, f.Message)
		}
	}
	if len(refusals) > 0 {
		return Config{}, &StartupError{Messages: refusals}
	}
	c := Config{
		MaxSystemJobs:          int(m.MaxSystemJobs.V),
		MaxTasksPerHeartbeat:   int(m.MaxTasksPerHeartbeat.V),
		MaxTasksAfterOffswitch: int(m.MaxTasksAfterOffswitch.V),
		InitPollIntervalMS:     m.InitPollInterval.V,
		InitWorkerThreads:      int(m.InitWorkerThreads.V),
		ACLsEnabled:            m.ACLsEnabled.V,
		Admins:                 m.Admins.V,
		JT:                     m.JT,
	}
	c.MaxTasksPerJob = int(jtLong(m.JT, "mapred.jobtracker.maxtasks.per.job", -1))
	c.HeartbeatIntervalMS = 3000
	c.Memory = memoryConf(m.JT)
	for _, q := range m.Leaves() {
		qc, refusal := queueConf(m, q)
		if refusal != "" {
			return Config{}, &StartupError{Messages: []string{refusal}}
		}
		c.Queues = append(c.Queues, qc)
	}
	if len(c.Queues) == 0 {
		return Config{}, &StartupError{Messages: []string{"System has no queue configured"}}
	}
	c.Warnings = append(warnings, unmodelled(m.JT)...)
	return c, nil
}

// queueConf resolves one queue; the string is CapacitySchedulerQueue's
// refusal, in Hadoop's words, or "".
func queueConf(m *xmlconf.H1Model, q *xmlconf.H1Queue) (QueueConf, string) {
	lim, _ := m.JobLimits(q)
	qc := QueueConf{
		Name:                   q.Name,
		Capacity:               q.Capacity.V,
		MaxCapacity:            q.MaxCapacity.V,
		MinUserLimitPercent:    int(q.MinUserLimitPercent.V),
		UserLimitFactor:        q.UserLimitFactor.V,
		SupportsPriority:       q.SupportsPriority.V,
		MaxActiveTasks:         int(q.MaxInitActiveTasks.V),
		MaxActiveTasksPerUser:  int(q.MaxInitActiveTasksPerUser.V),
		MaxJobsToInit:          int(lim.Init),
		MaxJobsPerUserToInit:   int(lim.InitPerUser),
		MaxJobsToAccept:        int(lim.Accept),
		MaxJobsPerUserToAccept: int(lim.AcceptPerUser),
		Running:                q.Running,
		SubmitACL:              q.SubmitACL.V,
	}
	if qc.MaxActiveTasks < qc.MaxActiveTasksPerUser || qc.MaxJobsToInit < qc.MaxJobsPerUserToInit ||
		qc.MaxJobsToAccept < qc.MaxJobsPerUserToAccept {
		return qc, fmt.Sprintf("Illegal queue configuration for queue '%s'", q.Name)
	}
	return qc, ""
}

// memoryConf is CapacityTaskScheduler.initializeMemoryRelatedConf.
func memoryConf(jt *xmlconf.Conf) MemoryConf {
	norm := func(v int64) int64 {
		if v < 0 {
			return -1 // JobConf.normalizeMemoryConfigValue
		}
		return v
	}
	mc := MemoryConf{
		MapSlotMB:    norm(jtLong(jt, "mapred.cluster.map.memory.mb", -1)),
		ReduceSlotMB: norm(jtLong(jt, "mapred.cluster.reduce.memory.mb", -1)),
	}
	if v, ok := jtLookup(jt, "mapred.task.limit.maxvmem"); ok {
		b := norm(parseLong(v, -1))
		if b >= 0 {
			b /= 1024 * 1024
		}
		mc.MaxMapMB, mc.MaxReduceMB = b, b
	} else {
		mc.MaxMapMB = norm(jtLong(jt, "mapred.cluster.max.map.memory.mb", -1))
		mc.MaxReduceMB = norm(jtLong(jt, "mapred.cluster.max.reduce.memory.mb", -1))
	}
	// MemoryMatcher.isSchedulingBasedOnMemEnabled
	mc.Enabled = mc.MapSlotMB >= 0 && mc.ReduceSlotMB >= 0 && mc.MaxMapMB >= 0 && mc.MaxReduceMB >= 0
	return mc
}

func jtLookup(jt *xmlconf.Conf, key string) (string, bool) {
	if jt == nil {
		return "", false
	}
	v, ok, err := jt.Get(key)
	if !ok || err != nil {
		return "", false
	}
	return v, true
}

func jtLong(jt *xmlconf.Conf, key string, def int64) int64 {
	v, ok := jtLookup(jt, key)
	if !ok {
		return def
	}
	return parseLong(v, def)
}

func parseLong(s string, def int64) int64 {
	n, err := xmlconf.H1GetLong(s)
	if err != nil {
		return def
	}
	return n
}

// parseFloat32 reads a Java float (Configuration.getFloat) or def.
func parseFloat32(s string, def float32) float32 {
	var f float64
	if _, err := fmt.Sscanf(strings.TrimSpace(s), "%g", &f); err != nil || math.IsNaN(f) {
		return def
	}
	return float32(f)
}

// unmodelledKeys are JobTracker settings that change scheduling but that
// the engine does not model; each one set gets a warning.
var unmodelledKeys = []string{
	"mapred.map.tasks.speculative.execution",
	"mapred.reduce.tasks.speculative.execution",
	"mapred.jobtracker.restart.recover",
	"mapred.max.tracker.blacklists",
	"mapred.max.tracker.failures",
	"mapred.map.max.attempts",
	"mapred.reduce.max.attempts",
	"mapred.jobtracker.completeuserjobs.maximum",
}

func unmodelled(jt *xmlconf.Conf) []string {
	var out []string
	for _, k := range unmodelledKeys {
		if v, ok := jtLookup(jt, k); ok {
			out = append(out, fmt.Sprintf("%s=%q is not modelled: the engine runs no speculative, retried or recovered attempts and never blacklists a tracker", k, v))
		}
	}
	return out
}
