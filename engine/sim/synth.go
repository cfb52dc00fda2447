package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

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

	// at is where a value of the description is, by its path
	// (synthCoerce), or the description's name when it is absent.
	at func(path string) string
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
	// path is the workload's path in the description, for errors.
	path string
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
	// path is the class's path in the description, for errors;
	// converted marks a class of the old format (readOldJobKeys).
	path      string
	converted bool
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
// refuses as Run would, before drawing the rest. The run's work budget
// is the default one (readSynth takes another).
func ReadSynth(name string, data []byte, set xmlconf.SLSSettings, maxContainers int) (*Workload, error) {
	return readSynth(name, data, set, maxContainers, 0)
}

// readSynth is ReadSynth for a run with the work budget maxEvents
// (Options.MaxEvents: 0 the default, negative none): num_jobs past what
// the budget allows for that many applications (checkApps) is refused at
// its line before a job is drawn, as Run would refuse the workload; a few
// bytes asking for a million jobs drew them for seconds, and the run then
// took half a minute and gigabytes.
func readSynth(name string, data []byte, set xmlconf.SLSSettings, maxContainers int, maxEvents int64) (*Workload, error) {
	// Jackson's coercions first, so that "10" and 1.5 reach the typed
	// read as the numbers SLS reads (synth_jackson.go).
	data, pos, err := synthCoerce(name, data)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var tr synthTrace
	if err := dec.Decode(&tr); err != nil {
		r := &posReader{name: name, data: data, lastLine: 1}
		return nil, fmt.Errorf("not a SYNTH description: %w", r.jsonErr(err, dec))
	}
	tr.locate(name, pos)
	if err := readOldJobKeys(data, &tr); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := tr.check(); err != nil {
		return nil, err
	}
	if err := checkApps(tr.NumJobs, maxEvents); err != nil {
		return nil, fmt.Errorf("%s: num_jobs %d: %w", tr.at("num_jobs"), tr.NumJobs, err)
	}
	w := &Workload{Name: name, AMHeartbeatMS: set.AMHeartbeatMS, NMHeartbeatMS: set.NMHeartbeatMS,
		AMHeartbeatFrom: slsSetAt(slsAMHeartbeatKey, set.AMHeartbeatPos), NMHeartbeatFrom: slsSetAt(slsNMHeartbeatKey, set.NMHeartbeatPos),
		RejectUnknownQueues: true, SLSAMs: true}
	w.Warnings = synthIgnoredKeys(name, data)
	r := &posReader{name: name, data: data, lastLine: 1}
	if off := r.skipSpace(dec.InputOffset()); off < int64(len(data)) {
		// Jackson's readValue stops after the description
		// (FAIL_ON_TRAILING_TOKENS is off), and so does capq.
		w.Warnings = append(w.Warnings, r.pos(off)+": text after the description is ignored, as SynthTraceJobProducer ignores it")
	}
	racks := max(1, tr.NumNodes/max(1, tr.NodesPerRack))
	w.Cluster.Nodes = []NodeGroup{{Count: tr.NumNodes, Racks: racks, RackPrefix: "/rack", MemoryMB: set.NMMemoryMB, VCores: set.NMVCores}}
	var containers, reserved, opportunistic int
	stream, late := false, false
	w.Apps = make([]App, 0, tr.NumJobs)
	// Each job becomes an app as soon as it is drawn, so a large
	// description never holds all its containers one by one.
	err = tr.generate(newContainerCount(maxContainers), func(j *synthGenJob) error {
		app, err := j.app(set)
		if err != nil {
			return posErr(tr.at(j.def.path), "%s (workload %q class %q): %v", j.name, j.wl.Name, j.def.Name, err)
		}
		if containers += app.Containers(); containers > maxSynthContainers {
			return fmt.Errorf("%s: the description asks for more than %d containers", name, maxSynthContainers)
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
		return nil, err // placed by generate
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

// locate gives the description's workloads and classes their paths and
// tr.at its positions.
func (tr *synthTrace) locate(name string, pos synthPositions) {
	tr.at = func(path string) string {
		if p := pos.at(path); p != "" {
			return p
		}
		return name
	}
	for i := range tr.Workloads {
		wl := &tr.Workloads[i]
		wl.path = fmt.Sprintf("workloads[%d]", i)
		for j := range wl.Classes {
			wl.Classes[j].path = fmt.Sprintf("%s.job_classes[%d]", wl.path, j)
		}
	}
}

// check refuses what SLS cannot run, at the value's file:line.
func (tr *synthTrace) check() error {
	switch {
	case tr.NumJobs <= 0 || tr.NumJobs > maxSynthJobs:
		return posErr(tr.at("num_jobs"), "num_jobs %d is out of range (1 to %d)", tr.NumJobs, maxSynthJobs)
	case tr.NumNodes <= 0 || tr.NumNodes > MaxNodes:
		return posErr(tr.at("num_nodes"), "num_nodes %d is out of range (1 to %d)", tr.NumNodes, MaxNodes)
	case len(tr.Workloads) == 0:
		return posErr(tr.at("workloads"), "no workloads")
	}
	for _, wl := range tr.Workloads {
		if len(wl.Classes) == 0 || len(wl.TimeDistr) == 0 || wl.Queue == "" {
			return posErr(tr.at(wl.path), "workload %q needs queue_name, job_classes and time_distribution", wl.Name)
		}
		for i, t := range wl.TimeDistr {
			if t.Time < 0 || int64(t.Time) > MaxTimeMS/1000 || !(t.Weight >= 0) {
				return posErr(tr.at(fmt.Sprintf("%s.time_distribution[%d]", wl.path, i)),
					"workload %q: time_distribution time %d or weight %g out of range", wl.Name, t.Time, t.Weight)
			}
		}
		for _, jc := range wl.Classes {
			if key, err := jc.checkSamples(); err != nil {
				return posErr(tr.at(jc.path+key), "workload %q class %q: %v", wl.Name, jc.Name, err)
			}
		}
	}
	return nil
}

// checkSamples: JobDefinition.init dereferences deadline_factor, duration,
// reservation and every task's count, time, max_memory and max_vcores, so
// SLS fails on a class without one; each must also be a valid Sample. It
// returns the offending sample's path under the class ("" for a class
// of the old format, whose samples are built from its keys).
func (jc *synthJob) checkSamples() (string, error) {
	type named struct {
		key, path string
		s         *synthSample
	}
	list := []named{{"deadline_factor", ".deadline_factor", jc.Deadline}, {"duration", ".duration", jc.Duration}, {"reservation", ".reservation", jc.Reservation}}
	for i, td := range jc.Tasks {
		at := fmt.Sprintf(".tasks[%d]", i)
		list = append(list, named{"task " + td.Type + " count", at + ".count", td.Count}, named{"task " + td.Type + " time", at + ".time", td.Time},
			named{"task " + td.Type + " max_memory", at + ".max_memory", td.MaxMemory}, named{"task " + td.Type + " max_vcores", at + ".max_vcores", td.MaxVcores})
	}
	for _, n := range list {
		if jc.converted {
			n.path = ""
		}
		if n.s == nil {
			if i := strings.LastIndexByte(n.path, '.'); i >= 0 {
				n.path = n.path[:i] // the missing key's object
			}
			return n.path, fmt.Errorf("%s is missing (SLS fails with a NullPointerException in JobDefinition.init)", n.key)
		}
		if err := n.s.check(); err != nil {
			return n.path, fmt.Errorf("%s: %w", n.key, err)
		}
	}
	return "", nil
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
