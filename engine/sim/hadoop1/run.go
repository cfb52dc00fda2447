package hadoop1

import (
	"container/heap"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	h1 "github.com/capq/capq/engine/hadoop1"
	"github.com/capq/capq/engine/sim"
)

// Options tune a run.
type Options struct {
	Profile h1.Profile
	// Until stops the run at this simulated time (ms); 0 runs to the end.
	Until int64
	// SampleMS is the step of the per-queue series (default 60000).
	SampleMS int64
	// JobTrackerUser is the JobTracker's own user (an administrator).
	JobTrackerUser string
	// MaxEvents is the work budget, as sim.Options.MaxEvents: 0 means
	// sim.DefaultMaxEvents, negative no budget. A run that uses it up
	// ends with an error wrapping sim.ErrBudget.
	MaxEvents int64
}

// OptionsFor are the Hadoop 1 run's options for release prof with a YARN
// run's shared ones (stop time, series step, work budget), so a Hadoop 1
// simulation and a preview's old side take them alike.
func OptionsFor(prof h1.Profile, o sim.Options) Options {
	return Options{Profile: prof, Until: o.Until, SampleMS: o.SampleMS, MaxEvents: o.MaxEvents}
}

// Mapping says how the workload's cluster and apps became TaskTrackers
// and jobs, for the report's notes.
type Mapping struct {
	MapSlots, ReduceSlots int
	// SlotMB is the memory one slot stands for (node memory / slots).
	SlotMB      int64
	HeartbeatMS int64
	Notes       []string
}

type evKind int

const (
	evSubmit evKind = iota
	evTaskDone
	evPoll
	evBeat
	evSample
)

type event struct {
	at   int64
	seq  int64
	kind evKind
	i    int // app index, tracker index
	a    *h1.Attempt
}

type evHeap []event

func (h evHeap) Len() int { return len(h) }
func (h evHeap) Less(i, j int) bool {
	if h[i].at != h[j].at {
		return h[i].at < h[j].at
	}
	return h[i].seq < h[j].seq
}
func (h evHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *evHeap) Push(x any)   { *h = append(*h, x.(event)) }
func (h *evHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

type jobRun struct {
	app       sim.App
	durations [2][]int64
	mem       [2]int64
	submitted bool
	first     int64
	finish    int64
	state     string
	reason    string
	tasks     int64
	// shuffling are reduces launched before the last map finished: they
	// hold their slot and start their work when the maps are done.
	shuffling []*h1.Attempt
}

type run struct {
	cfg     h1.Config
	e       *h1.Engine
	w       *sim.Workload
	opts    Options
	mp      Mapping
	q       evHeap
	seq     int64
	now     int64
	jobs    []*jobRun
	byName  map[string]int
	trk     []string
	left    int
	res     *sim.Result
	stats   *stats
	events  int64
	work    uint64 // weighted events charged against Options.MaxEvents
	beats   int64
	stopped bool
	// budgetErr is set when the run used up Options.MaxEvents; it stops
	// the run.
	budgetErr error
}

// Run simulates the workload on the Hadoop 1 configuration cfg.
func Run(cfg h1.Config, w *sim.Workload, opts Options) (*sim.Result, Mapping, error) {
	if opts.SampleMS <= 0 {
		opts.SampleMS = sim.DefaultSampleMS
	}
	nodes := w.Cluster.Expand()
	if len(nodes) == 0 {
		return nil, Mapping{}, fmt.Errorf("the workload has no nodes")
	}
	if len(nodes) > sim.MaxNodes {
		return nil, Mapping{}, fmt.Errorf("the workload has %d nodes; at most %d are supported", len(nodes), sim.MaxNodes)
	}
	if max := sim.EventBudget(opts.MaxEvents); max > 0 && sim.SetupCost(len(nodes)) > max {
		return nil, Mapping{}, fmt.Errorf("sim: %w: %d TaskTrackers are more work than the budget of %d simulated events allows (raise it with --max-events, -1 for none)", sim.ErrBudget, len(nodes), max)
	}
	r := &run{cfg: cfg, w: w, opts: opts, byName: map[string]int{}}
	specs := r.trackers(nodes)
	e, err := h1.New(cfg, specs, h1.Options{Profile: opts.Profile, JobTrackerUser: opts.JobTrackerUser, UserGroups: groups(w)})
	if err != nil {
		return nil, r.mp, err
	}
	r.e = e
	if err := r.initJobs(); err != nil {
		return nil, r.mp, err
	}
	r.stats = newStats(r)
	r.loop()
	if r.budgetErr != nil {
		return nil, r.mp, r.budgetErr
	}
	return r.finish(), r.mp, nil
}

func groups(w *sim.Workload) map[string][]string {
	g := map[string][]string{}
	for _, a := range w.Apps {
		if len(a.Groups) > 0 {
			g[a.User] = a.Groups
		}
	}
	return g
}

// trackers maps NodeManagers to TaskTrackers (package doc, Mapping): a
// node group's map_slots / reduce_slots when the workload gives them, else
// mapred-site.xml's slots for every tracker.
func (r *run) trackers(nodes []sim.NodeSpec) []h1.TrackerSpec {
	m := max(int(jtInt(r.cfg, "mapred.tasktracker.map.tasks.maximum", 2)), 0)
	red := max(int(jtInt(r.cfg, "mapred.tasktracker.reduce.tasks.maximum", 2)), 0)
	slots := func(n sim.NodeSpec) (int, int) {
		mm, rr := m, red
		if n.MapSlots != nil {
			mm = *n.MapSlots
		}
		if n.ReduceSlots != nil {
			rr = *n.ReduceSlots
		}
		return mm, rr
	}
	m0, r0 := slots(nodes[0])
	r.mp.MapSlots, r.mp.ReduceSlots = m0, r0
	if m0+r0 > 0 {
		r.mp.SlotMB = nodes[0].MemoryMB / int64(m0+r0)
	}
	r.mp.HeartbeatMS = heartbeatMS(len(nodes))
	from := "mapred.tasktracker.{map,reduce}.tasks.maximum"
	if nodes[0].MapSlots != nil || nodes[0].ReduceSlots != nil {
		from = "the workload's map_slots and reduce_slots"
	}
	r.mp.Notes = append(r.mp.Notes,
		fmt.Sprintf("each of the %d NodeManagers runs as a TaskTracker; the first has %d map and %d reduce slots (%s), a slot standing for %d MB of its %d MB",
			len(nodes), m0, r0, from, r.mp.SlotMB, nodes[0].MemoryMB),
		"Hadoop 1 keeps map and reduce slots apart: reduce slots stay idle while only maps run, where YARN gives the whole node to whichever tasks wait",
		"jobs have no ApplicationMaster: the JobTracker schedules their tasks, so there is no AM container and no maximum-am-resource-percent; jobs instead wait for the initialization poller (maximum-system-jobs × capacity, maximum-initialized-active-tasks)",
		fmt.Sprintf("TaskTrackers heartbeat every %d ms (JobTracker: max(3000, trackers × 1000 / mapred.heartbeats.in.second 100)); reduces take their slots once mapred.reduce.slowstart.completed.maps of the maps are done (default 5%%) and hold them, shuffling, until the last map ends; their duration counts from then", r.mp.HeartbeatMS))
	if reduces := countReduces(r.w); reduces == 0 && r0 > 0 {
		r.mp.Notes = append(r.mp.Notes, fmt.Sprintf("the workload has no reduces: on Hadoop 1 its tasks can use only the %d map slots of each tracker, %d%% of the cluster, and the %d reduce slots stay idle",
			m0, (200*m0/(m0+r0)+1)/2, r0))
	}
	if len(r.w.Events) > 0 {
		r.mp.Notes = append(r.mp.Notes, fmt.Sprintf("the workload's %d timed events (refreshes, nodes added or lost) are not replayed on the Hadoop 1 cluster", len(r.w.Events)))
	}
	var out []h1.TrackerSpec
	for _, n := range nodes {
		mm, rr := slots(n)
		out = append(out, h1.TrackerSpec{Name: n.ID, Host: n.ID, Rack: n.Rack, MapSlots: mm, ReduceSlots: rr})
		r.trk = append(r.trk, n.ID)
	}
	return out
}

// heartbeatMS is JobTracker.getNextHeartbeatInterval for a cluster of n
// trackers at the default 100 heartbeats per second.
func heartbeatMS(n int) int64 {
	return max(3000, int64(math.Ceil(float64(n)*1000/100)))
}

func jtInt(cfg h1.Config, key string, def int64) int64 {
	if cfg.JT == nil {
		return def
	}
	v, ok, err := cfg.JT.Get(key)
	if !ok || err != nil {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return def
	}
	return n
}

// initJobs turns apps into jobs and schedules their submissions.
func (r *run) initJobs() error {
	apps := append([]sim.App(nil), r.w.Apps...)
	sort.SliceStable(apps, func(i, k int) bool { return apps[i].SubmitMS < apps[k].SubmitMS })
	for i, a := range apps {
		if _, dup := r.byName[a.ID]; dup {
			return fmt.Errorf("app %q appears twice", a.ID)
		}
		j := &jobRun{app: a, first: -1, finish: -1, state: sim.AppNotArrived}
		for _, g := range a.Tasks {
			if g.Count < 0 || g.Count > 1<<20 || g.DurationMS < 0 {
				return fmt.Errorf("app %q: task group count %d / duration %d out of range", a.ID, g.Count, g.DurationMS)
			}
			t := h1.Map
			if g.Phase > 0 || g.Type == "reduce" {
				t = h1.Reduce
			}
			for k := 0; k < g.Count; k++ {
				j.durations[t] = append(j.durations[t], g.DurationMS)
			}
			j.mem[t] = max(j.mem[t], g.MemoryMB)
		}
		r.jobs = append(r.jobs, j)
		r.byName[a.ID] = i
		r.push(event{at: a.SubmitMS, kind: evSubmit, i: i})
	}
	r.left = len(r.jobs)
	r.push(event{at: 0, kind: evPoll})
	n := int64(len(r.trk))
	for i := range r.trk {
		// Trackers heartbeat spread evenly over the interval.
		r.push(event{at: int64(i) * r.mp.HeartbeatMS / n, kind: evBeat, i: i})
	}
	r.push(event{at: 0, kind: evSample})
	return nil
}

func (r *run) push(ev event) {
	r.seq++
	ev.seq = r.seq
	heap.Push(&r.q, ev)
}

func (r *run) loop() {
	for r.q.Len() > 0 && r.left > 0 {
		ev := heap.Pop(&r.q).(event)
		if r.opts.Until > 0 && ev.at > r.opts.Until {
			r.now, r.stopped = r.opts.Until, true
			break
		}
		if r.overBudget() {
			break
		}
		r.stats.advance(ev.at)
		r.now = ev.at
		r.dispatch(ev)
	}
	r.stats.advance(r.now)
	r.stats.sample()
}

func (r *run) dispatch(ev event) {
	switch ev.kind {
	case evSubmit:
		r.submit(ev.i)
	case evPoll:
		r.e.InitPass(true)
		r.push(event{at: r.now + max(r.cfg.InitPollIntervalMS, 1), kind: evPoll})
	case evBeat:
		r.beat(ev.i)
		r.push(event{at: r.now + r.mp.HeartbeatMS, kind: evBeat, i: ev.i})
	case evTaskDone:
		r.taskDone(ev.a)
	case evSample:
		r.stats.sample()
		r.push(event{at: r.now + r.opts.SampleMS, kind: evSample})
	}
}

func (r *run) submit(i int) {
	j := r.jobs[i]
	a := j.app
	spec := h1.JobSpec{Name: a.ID, User: a.User, Queue: queueName(a.Queue), Priority: h1.Normal,
		Maps: len(j.durations[h1.Map]), Reduces: len(j.durations[h1.Reduce])}
	mm, rm := j.mem[h1.Map], j.mem[h1.Reduce]
	if r.cfg.Memory.Enabled {
		if mm == 0 {
			mm = r.cfg.Memory.MapSlotMB
		}
		if rm == 0 {
			rm = r.cfg.Memory.ReduceSlotMB
		}
		spec.MapMemoryMB, spec.ReduceMemoryMB = &mm, &rm
	}
	res, err := r.e.Submit(spec)
	j.submitted = true
	switch {
	case err != nil:
		j.state, j.reason = sim.AppRejected, err.Error()
		r.left--
	case !res.Accepted:
		j.state, j.reason = sim.AppRejected, res.Reason
		r.left--
		r.res0().Rejected = append(r.res0().Rejected, sim.Rejection{App: a.ID, Queue: a.Queue, User: a.User, AtMS: r.now, Reason: res.Reason})
	default:
		j.state = sim.AppAccepted
		if spec.Maps+spec.Reduces == 0 {
			_ = r.e.EndJob(a.ID, h1.Succeeded, true)
			j.state, j.finish = sim.AppFinished, r.now
			r.left--
		}
	}
}

func (r *run) res0() *sim.Result {
	if r.res == nil {
		r.res = &sim.Result{}
	}
	return r.res
}

func (r *run) beat(i int) {
	r.beats++
	hr, err := r.e.Heartbeat(r.trk[i])
	if err != nil {
		return
	}
	for _, a := range hr.Tasks {
		j := r.jobs[r.byName[a.Job.Name]]
		if j.first < 0 {
			j.first = r.now
			j.state = sim.AppRunning
		}
		j.tasks++
		r.stats.launched(a)
		if a.Type == h1.Reduce && (a.Job.Pending(h1.Map) > 0 || a.Job.Running(h1.Map) > 0) {
			j.shuffling = append(j.shuffling, a) // slow-start: waits for the maps
			continue
		}
		r.push(event{at: r.now + j.durations[a.Type][a.Index-1], kind: evTaskDone, a: a})
	}
}

func (r *run) taskDone(a *h1.Attempt) {
	if _, err := r.e.CompleteTasks(a.Job.Name, a.Type, []int{a.Index}, 0); err != nil {
		return
	}
	r.stats.finished(a)
	jb := a.Job
	if j := r.jobs[r.byName[jb.Name]]; a.Type == h1.Map && jb.Pending(h1.Map) == 0 && jb.Running(h1.Map) == 0 {
		for _, red := range j.shuffling {
			r.push(event{at: r.now + j.durations[h1.Reduce][red.Index-1], kind: evTaskDone, a: red})
		}
		j.shuffling = nil
	}
	if jb.Pending(h1.Map)+jb.Running(h1.Map)+jb.Pending(h1.Reduce)+jb.Running(h1.Reduce) == 0 {
		_ = r.e.EndJob(jb.Name, h1.Succeeded, true)
		j := r.jobs[r.byName[jb.Name]]
		j.state, j.finish = sim.AppFinished, r.now
		r.left--
	}
}

// queueName takes a workload's queue as Hadoop 1 names it: YARN
// workloads may name the migrated leaf "root.etl" for Hadoop 1's "etl".
func queueName(q string) string {
	if i := strings.LastIndexByte(q, '.'); i >= 0 && strings.HasPrefix(q, "root.") {
		return q[i+1:]
	}
	return q
}

func countReduces(w *sim.Workload) int {
	n := 0
	for _, a := range w.Apps {
		for _, g := range a.Tasks {
			if g.Phase > 0 || g.Type == "reduce" {
				n += g.Count
			}
		}
	}
	return n
}

// trackersPerEventUp weighs an event by the cluster's size: a Hadoop 1
// heartbeat here costs time in proportion to the TaskTrackers (measured:
// 3 µs an event at 1,000 trackers, 140 µs at 40,000), far more than a
// YARN one, so the default budget would let 40,000 trackers run for
// minutes without this weight.
const trackersPerEventUp = 250

// overBudget charges one event against the work budget (weighted by the
// cluster's size) and, once the budget is used up, records why the run
// stops.
func (r *run) overBudget() bool {
	r.events++
	max := sim.EventBudget(r.opts.MaxEvents)
	if max == 0 {
		return false
	}
	r.work += 1 + uint64(len(r.trk))/trackersPerEventUp
	if r.work+sim.SetupCost(len(r.trk)) <= max {
		return false
	}
	r.budgetErr = fmt.Errorf("sim: %w: stopped after %d simulated events (heartbeats, arrivals, completions) on %d TaskTrackers at simulated time %s with %d of %d jobs left; raise the budget with --max-events (-1 for none) or stop earlier with --until",
		sim.ErrBudget, r.events, len(r.trk), time.Duration(r.now)*time.Millisecond, r.left, len(r.jobs))
	return true
}
