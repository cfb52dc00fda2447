package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/capq/capq/xmlconf"
)

// A SYNTH description (SLS --tracetype=SYNTH, SynthTraceJobProducer):
// workloads picked by weight, each with a queue, job classes picked by
// weight and a time distribution of submissions; a job class gives its
// user, AM type and tasks, each value a Sample (a constant, a normal or
// log-normal distribution, or a weighted discrete choice).
type synthTrace struct {
	NumNodes     int             `json:"num_nodes"`
	NodesPerRack int             `json:"nodes_per_rack"`
	NumJobs      int             `json:"num_jobs"`
	RandSeed     int64           `json:"rand_seed"`
	Workloads    []synthWorkload `json:"workloads"`
}

type synthWorkload struct {
	Name      string     `json:"workload_name"`
	Weight    float64    `json:"workload_weight"`
	Queue     string     `json:"queue_name"`
	Classes   []synthJob `json:"job_classes"`
	TimeDistr []struct {
		Time   int     `json:"time"`
		Weight float64 `json:"weight"`
	} `json:"time_distribution"`
}

type synthJob struct {
	Name        string          `json:"class_name"`
	User        string          `json:"user_name"`
	Weight      float64         `json:"class_weight"`
	Type        string          `json:"type"`
	Deadline    *synthSample    `json:"deadline_factor"`
	Duration    *synthSample    `json:"duration"`
	Reservation *synthSample    `json:"reservation"`
	Tasks       []synthTaskDef  `json:"tasks"`
	Old         synthOldJobKeys `json:"-"`
}

// synthOldJobKeys is the format before job classes had "tasks"
// (SynthTraceJobProducer.validateJobDef converts it: maps at priority 20,
// reduces at 10).
type synthOldJobKeys struct {
	ChanceOfReservation float64 `json:"chance_of_reservation"`
	DeadlineAvg         float64 `json:"deadline_factor_avg"`
	DeadlineStd         float64 `json:"deadline_factor_stddev"`
	DurAvg              float64 `json:"dur_avg"`
	DurStd              float64 `json:"dur_stddev"`
	MTimeAvg            float64 `json:"mtime_avg"`
	MTimeStd            float64 `json:"mtime_stddev"`
	RTimeAvg            float64 `json:"rtime_avg"`
	RTimeStd            float64 `json:"rtime_stddev"`
	MTasksAvg           float64 `json:"mtasks_avg"`
	MTasksStd           float64 `json:"mtasks_stddev"`
	RTasksAvg           float64 `json:"rtasks_avg"`
	RTasksStd           float64 `json:"rtasks_stddev"`
	MapMemAvg           float64 `json:"map_max_memory_avg"`
	MapMemStd           float64 `json:"map_max_memory_stddev"`
	RedMemAvg           float64 `json:"reduce_max_memory_avg"`
	RedMemStd           float64 `json:"reduce_max_memory_stddev"`
	MapVcAvg            float64 `json:"map_max_vcores_avg"`
	MapVcStd            float64 `json:"map_max_vcores_stddev"`
	RedVcAvg            float64 `json:"reduce_max_vcores_avg"`
	RedVcStd            float64 `json:"reduce_max_vcores_stddev"`
	MapExec             *string `json:"map_execution_type"`
	RedExec             *string `json:"reduce_execution_type"`
}

type synthTaskDef struct {
	Type      string       `json:"type"`
	Count     *synthSample `json:"count"`
	Time      *synthSample `json:"time"`
	MaxMemory *synthSample `json:"max_memory"`
	MaxVcores *synthSample `json:"max_vcores"`
	Priority  int32        `json:"priority"`
	// ExecType is execution_type: absent or null is GUARANTEED.
	ExecType *string `json:"execution_type"`
}

// Bounds on a SYNTH description: its jobs and their containers.
const (
	maxSynthJobs       = 1_000_000
	maxSynthContainers = MaxTaskGroups
)

// ReadSynth generates the jobs of a SYNTH description as SLS 3.4 does
// (SynthTraceJobProducer, SynthJob, SynthUtils): the same java.util.Random
// seeded with rand_seed, the same Well19937c per distribution, the same
// draws in the same order, the same submission order (a PriorityQueue)
// and job names. Nodes are num_nodes in racks of nodes_per_rack, sized by
// set. Task times are milliseconds (AMDefinitionSynth passes them to
// withDuration as they are), submission times seconds. FORMAT.md lists
// what still differs from SLS.
//
// maxContainers is the cap of the run the description is read for
// (Options.MaxContainers, 0: DefaultMaxContainers): past it, ReadSynth
// refuses as Run would, before drawing the rest.
func ReadSynth(name string, data []byte, set xmlconf.SLSSettings, maxContainers int) (*Workload, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var tr synthTrace
	if err := dec.Decode(&tr); err != nil {
		r := &posReader{name: name, data: data, lastLine: 1}
		return nil, fmt.Errorf("not a SYNTH description: %w", r.jsonErr(err, dec))
	}
	if err := readOldJobKeys(data, &tr); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := tr.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	w := &Workload{Name: name, AMHeartbeatMS: set.AMHeartbeatMS, NMHeartbeatMS: set.NMHeartbeatMS,
		AMHeartbeatFrom: slsSetAt(slsAMHeartbeatKey, set.AMHeartbeatPos), NMHeartbeatFrom: slsSetAt(slsNMHeartbeatKey, set.NMHeartbeatPos),
		RejectUnknownQueues: true, SLSAMs: true}
	w.Warnings = synthIgnoredKeys(name, data)
	racks := max(1, tr.NumNodes/max(1, tr.NodesPerRack))
	w.Cluster.Nodes = []NodeGroup{{Count: tr.NumNodes, Racks: racks, RackPrefix: "/rack", MemoryMB: set.NMMemoryMB, VCores: set.NMVCores}}
	var containers, reserved, opportunistic int
	stream, late := false, false
	w.Apps = make([]App, 0, tr.NumJobs)
	// Each job becomes an app as soon as it is drawn, so a large
	// description never holds all its containers one by one.
	err := tr.generate(newContainerCount(maxContainers), func(j *synthGenJob) error {
		app, err := j.app(set)
		if err != nil {
			return fmt.Errorf("%s (workload %q class %q): %w", j.name, j.wl.Name, j.def.Name, err)
		}
		if containers += app.Containers(); containers > maxSynthContainers {
			return fmt.Errorf("the description asks for more than %d containers", maxSynthContainers)
		}
		if j.deadlineMS > 0 {
			reserved++
		}
		opportunistic += j.opportunistic
		stream = stream || set.AMKind(j.amType()) == "stream"
		late = late || j.submitSec > 0
		w.Apps = append(w.Apps, app)
		return nil
	})
	if ce := (*capError)(nil); errors.As(err, &ce) {
		return nil, fmt.Errorf("%s: %w", name, ce.err)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if reserved > 0 {
		w.Warnings = append(w.Warnings, fmt.Sprintf("%s: %d of %d jobs drew a reservation (SynthJob.hasDeadline), which capq does not model; they are submitted without one", name, reserved, len(w.Apps)))
	}
	if opportunistic > 0 {
		w.Warnings = append(w.Warnings, fmt.Sprintf("%s: %d containers are OPPORTUNISTIC (execution_type), which the RM's opportunistic container allocator serves when enabled; capq does not model it and schedules them as GUARANTEED", name, opportunistic))
	}
	if stream {
		w.Warnings = append(w.Warnings, streamNote(name))
	}
	if late {
		// AMDefinitionFactory.createFromSynth passes baseline 0, so
		// AMDefinitionSynth.Builder.build subtracts each job's own start.
		w.Warnings = append(w.Warnings, name+": SLS 3.4 starts every SYNTH job at time 0 (AMDefinitionFactory.createFromSynth's baseline); capq submits each at the second drawn from time_distribution")
	}
	return w, w.Validate()
}

func (tr *synthTrace) check() error {
	switch {
	case tr.NumJobs <= 0 || tr.NumJobs > maxSynthJobs:
		return fmt.Errorf("num_jobs %d is out of range (1 to %d)", tr.NumJobs, maxSynthJobs)
	case tr.NumNodes <= 0 || tr.NumNodes > MaxNodes:
		return fmt.Errorf("num_nodes %d is out of range (1 to %d)", tr.NumNodes, MaxNodes)
	case len(tr.Workloads) == 0:
		return fmt.Errorf("no workloads")
	}
	for _, wl := range tr.Workloads {
		if len(wl.Classes) == 0 || len(wl.TimeDistr) == 0 || wl.Queue == "" {
			return fmt.Errorf("workload %q needs queue_name, job_classes and time_distribution", wl.Name)
		}
		for _, t := range wl.TimeDistr {
			if t.Time < 0 || int64(t.Time) > MaxTimeMS/1000 || !(t.Weight >= 0) {
				return fmt.Errorf("workload %q: time_distribution time %d or weight %g out of range", wl.Name, t.Time, t.Weight)
			}
		}
		for _, jc := range wl.Classes {
			if err := jc.checkSamples(); err != nil {
				return fmt.Errorf("workload %q class %q: %w", wl.Name, jc.Name, err)
			}
		}
	}
	return nil
}

// checkSamples: JobDefinition.init dereferences deadline_factor, duration,
// reservation and every task's count, time, max_memory and max_vcores, so
// SLS fails on a class without one; each must also be a valid Sample.
func (jc *synthJob) checkSamples() error {
	named := []struct {
		key string
		s   *synthSample
	}{{"deadline_factor", jc.Deadline}, {"duration", jc.Duration}, {"reservation", jc.Reservation}}
	for _, td := range jc.Tasks {
		named = append(named, []struct {
			key string
			s   *synthSample
		}{{"task " + td.Type + " count", td.Count}, {"task " + td.Type + " time", td.Time},
			{"task " + td.Type + " max_memory", td.MaxMemory}, {"task " + td.Type + " max_vcores", td.MaxVcores}}...)
	}
	for _, n := range named {
		if n.s == nil {
			return fmt.Errorf("%s is missing (SLS fails with a NullPointerException in JobDefinition.init)", n.key)
		}
		if err := n.s.check(); err != nil {
			return fmt.Errorf("%s: %w", n.key, err)
		}
	}
	return nil
}

// mergeGroups merges consecutive groups made identical (stream
// containers once their durations are the job's).
func mergeGroups(gs []TaskGroup) []TaskGroup {
	var out []TaskGroup
	for _, g := range gs {
		out = appendGroup(out, g)
	}
	return out
}
