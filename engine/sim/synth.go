package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"sort"

	"github.com/capq/capq/engine"
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
}

type synthTaskDef struct {
	Type      string       `json:"type"`
	Count     *synthSample `json:"count"`
	Time      *synthSample `json:"time"`
	MaxMemory *synthSample `json:"max_memory"`
	MaxVcores *synthSample `json:"max_vcores"`
	Priority  int32        `json:"priority"`
}

// synthSample is SynthTraceJobProducer.Sample.
type synthSample struct {
	Val      *float64  `json:"val"`
	Std      *float64  `json:"std"`
	Dist     string    `json:"dist"`
	Discrete []string  `json:"discrete"`
	Weights  []float64 `json:"weights"`
}

// Bounds on a SYNTH description: its jobs and their containers.
const (
	maxSynthJobs       = 1_000_000
	maxSynthContainers = MaxTaskGroups
)

// ReadSynth generates the jobs of a SYNTH description as SLS does:
// num_jobs jobs, each from a workload picked by weight (its queue), a
// submission second from its time distribution, a job class picked by
// weight (user, AM type, tasks with their counts, durations and sizes,
// memory at least 1024 MB and vcores at least 1 as in SynthJob); nodes
// are num_nodes in racks of nodes_per_rack, sized by set. Task times are
// milliseconds (AMDefinitionSynth passes them to withDuration as they
// are), submission times seconds. The draws come from capq's generator
// seeded with rand_seed: the same description gives the same workload,
// with SLS's distributions but not SLS's numbers (SLS draws from one
// java.util.Random and a Well19937c per distribution).
func ReadSynth(name string, data []byte, set xmlconf.SLSSettings) (*Workload, error) {
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
	w := &Workload{Name: name, AMHeartbeatMS: set.AMHeartbeatMS, NMHeartbeatMS: set.NMHeartbeatMS, RejectUnknownQueues: true}
	racks := max(1, tr.NumNodes/max(1, tr.NodesPerRack))
	w.Cluster.Nodes = []NodeGroup{{Count: tr.NumNodes, Racks: racks, RackPrefix: "/rack", MemoryMB: set.NMMemoryMB, VCores: set.NMVCores}}
	rng := rand.New(rand.NewSource(tr.RandSeed))
	var containers int
	reserve, stream := false, false
	for i := 0; i < tr.NumJobs; i++ {
		wl := &tr.Workloads[weighted(rng, weightsOf(len(tr.Workloads), func(j int) float64 { return tr.Workloads[j].Weight }))]
		submit := wl.submissionSecond(rng)
		jc := &wl.Classes[weighted(rng, weightsOf(len(wl.Classes), func(j int) float64 { return wl.Classes[j].Weight }))]
		app, err := jc.app(rng, i, wl.Queue, submit, set)
		if err != nil {
			return nil, fmt.Errorf("%s: workload %q class %q: %w", name, wl.Name, jc.Name, err)
		}
		if containers += app.Containers(); containers > maxSynthContainers {
			return nil, fmt.Errorf("%s: the description asks for more than %d containers", name, maxSynthContainers)
		}
		if jc.Reservation != nil && jc.Reservation.Val != nil && *jc.Reservation.Val > 0 {
			reserve = true
		}
		stream = stream || jc.Type == "stream"
		w.Apps = append(w.Apps, app)
	}
	// SLS submits in submission-time order (a priority queue).
	sort.SliceStable(w.Apps, func(a, b int) bool { return w.Apps[a].SubmitMS < w.Apps[b].SubmitMS })
	if reserve {
		w.Warnings = append(w.Warnings, name+": reservations (reservation, deadline_factor) are not modelled; every job is submitted without one")
	}
	if stream {
		w.Warnings = append(w.Warnings, streamNote(name))
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
	}
	return nil
}

// submissionSecond is Workload.generateSubmissionTime: a bucket by
// weight, then a uniform second up to the next bucket's time.
func (wl *synthWorkload) submissionSecond(rng *rand.Rand) int64 {
	i := weighted(rng, weightsOf(len(wl.TimeDistr), func(j int) float64 { return wl.TimeDistr[j].Weight }))
	start := wl.TimeDistr[i].Time
	end := wl.TimeDistr[min(i+1, len(wl.TimeDistr)-1)].Time
	if end-start > 0 {
		return int64(start + rng.Intn(end-start))
	}
	return int64(start)
}

func (jc *synthJob) app(rng *rand.Rand, i int, queue string, submitSec int64, set xmlconf.SLSSettings) (App, error) {
	amType := jc.Type
	if amType == "" {
		amType = "mapreduce"
	}
	user := jc.User
	if user == "" {
		user = "default"
	}
	a := App{ID: fmt.Sprintf("%s_%06d", jc.Name, i), Queue: queue, User: user, SubmitMS: submitSec * 1000,
		AM: engine.Resource{MemoryMB: set.AMMemoryMB, VCores: set.AMVCores}, Pos: fmt.Sprintf("job %d", i)}
	// SynthJob draws the job's duration (seconds) first.
	var durationMS int64
	if jc.Duration != nil {
		d, err := jc.Duration.long(rng)
		if err != nil {
			return a, fmt.Errorf("duration: %w", err)
		}
		if d > MaxTimeMS/1000 {
			return a, fmt.Errorf("duration %d s is out of range", d)
		}
		durationMS = d * 1000
	}
	for _, td := range jc.Tasks {
		n, err := td.Count.long(rng)
		if err != nil {
			return a, fmt.Errorf("task %q count: %w", td.Type, err)
		}
		mem, err1 := td.MaxMemory.long(rng)
		vc, err2 := td.MaxVcores.long(rng)
		if err1 != nil || err2 != nil {
			return a, fmt.Errorf("task %q: max_memory or max_vcores: %v", td.Type, firstErr(err1, err2))
		}
		if n < 0 || n > math.MaxInt32 {
			return a, fmt.Errorf("task %q: count %d out of int range", td.Type, n)
		}
		if n > maxSynthContainers {
			return a, fmt.Errorf("task %q: count %d is too many containers", td.Type, n)
		}
		g := TaskGroup{MemoryMB: max(mem, 1024), VCores: max(vc, 1), Priority: td.Priority, Type: td.Type}
		if amType == "mapreduce" {
			switch td.Type {
			case "map":
				g.Priority, g.Phase = mrPriorityMap, 0
			case "reduce":
				g.Priority, g.Phase = mrPriorityReduce, 1
			default:
				continue
			}
		}
		if g.Priority <= 0 {
			g.Priority = slsDefaultPrio
		}
		for k := int64(0); k < n; k++ {
			d, err := td.Time.long(rng)
			if err != nil {
				return a, fmt.Errorf("task %q time: %w", td.Type, err)
			}
			if d <= 0 {
				//lint:ignore ST1005 TaskContainerDefinition's message
				return a, fmt.Errorf("Duration of a task shouldn't be less or equal to 0! (task %q drew %d ms)", td.Type, d)
			}
			g.Count, g.DurationMS = 1, d
			a.Tasks = appendGroup(a.Tasks, g)
		}
	}
	if len(a.Tasks) == 0 {
		return a, fmt.Errorf("no task for the job (a %s AM runs only map and reduce tasks)", amType)
	}
	if amType == "stream" {
		if err := holdStreams(a.Tasks, durationMS); err != nil {
			return a, err
		}
		a.Tasks = mergeGroups(a.Tasks)
	}
	return a, nil
}

// long is Sample.getLong: Math.round of a constant, a draw, or a
// weighted discrete value.
func (s *synthSample) long(rng *rand.Rand) (int64, error) {
	v, err := s.double(rng)
	if err != nil {
		return 0, err
	}
	if math.IsNaN(v) || math.Abs(v) > 1<<53 {
		return 0, fmt.Errorf("value %g out of range", v)
	}
	return int64(math.Floor(v + 0.5)), nil
}

func (s *synthSample) double(rng *rand.Rand) (float64, error) {
	switch {
	case s == nil:
		return 0, fmt.Errorf("missing sample")
	case s.Val != nil && s.Std == nil:
		return *s.Val, nil
	case s.Val != nil:
		mean, std := *s.Val, *s.Std
		if !(mean > 0) || math.IsInf(mean, 0) || !(std >= 0) || math.IsInf(std, 0) {
			return 0, fmt.Errorf("a distribution needs a positive val and a non-negative std (got %g, %g)", mean, std)
		}
		if std == 0 {
			std = mean / 6 // SynthUtils' default for a missing parameter
		}
		switch s.Dist {
		case "", "LOGNORM":
			// SynthUtils.getLogNormalDist: the log-normal with this mean and
			// standard deviation.
			sigmasq := math.Log1p(std * std / (mean * mean))
			return math.Exp(math.Log(mean) - sigmasq/2 + math.Sqrt(sigmasq)*rng.NormFloat64()), nil
		case "NORM":
			return mean + std*rng.NormFloat64(), nil
		}
		return 0, fmt.Errorf("unknown dist %q (want LOGNORM or NORM)", s.Dist)
	case len(s.Discrete) > 0:
		ws := s.Weights
		if ws == nil {
			ws = make([]float64, len(s.Discrete))
			for i := range ws {
				ws[i] = 1
			}
		}
		if len(ws) != len(s.Discrete) {
			return 0, fmt.Errorf("discrete and weights differ in length")
		}
		v := s.Discrete[weighted(rng, ws)]
		var f float64
		if _, err := fmt.Sscan(v, &f); err != nil {
			return 0, fmt.Errorf("discrete value %q is not a number", v)
		}
		return f, nil
	}
	return 0, fmt.Errorf("a sample needs val (and std) or discrete")
}

// weighted is SynthUtils.getWeighted: the first index whose running sum
// exceeds a uniform draw over the total (the last past the end).
func weighted(rng *rand.Rand, ws []float64) int {
	total := 0.0
	for _, w := range ws {
		total += w
	}
	x := rng.Float64() * total
	cur := 0.0
	for i, w := range ws {
		cur += w
		if cur > x {
			return i
		}
	}
	return len(ws) - 1
}

func weightsOf(n int, f func(int) float64) []float64 {
	ws := make([]float64, n)
	for i := range ws {
		ws[i] = f(i)
	}
	return ws
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

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
