package sim

import (
	"fmt"
	"math"
	"math/rand"
	"sort"
	"strconv"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// GenOptions shape a synthetic workload. DefaultGenOptions gives every
// field its default (the values in brackets, the command's flag
// defaults); Generate also fills zero fields from it, except ReduceShare,
// where 0 means no reduce phase.
type GenOptions struct {
	Seed int64
	// Apps is the number of applications [1000], arriving over
	// DurationMS [one day] as a Poisson process.
	Apps       int
	DurationMS int64
	// Nodes [100] of NodeMemoryMB [131072] and NodeVCores [32] in racks
	// of NodesPerRack [40].
	Nodes        int
	NodeMemoryMB int64
	NodeVCores   int64
	NodesPerRack int
	// UsersPerQueue is how many users share each leaf [4].
	UsersPerQueue int
	// TasksMean is the mean number of task containers per app [50], drawn
	// from a log-normal with TasksSigma [1.0]; MaxTasks caps it [10000].
	TasksMean  float64
	TasksSigma float64
	MaxTasks   int
	// TaskMemoryMB lists container sizes to pick from uniformly
	// [1024, 2048, 4096]; TaskVCores is each one's vcores [1].
	TaskMemoryMB []int64
	TaskVCores   int64
	// DurationMeanMS is the mean task duration [120000] (log-normal,
	// DurationSigma [1.0]).
	DurationMeanMS float64
	DurationSigma  float64
	// ReduceShare is the fraction of apps with a second phase of reduces
	// (a tenth of the maps, twice as long) [0.3].
	ReduceShare float64
	// AM is the AM container [1024 MB, 1 vcore].
	AM engine.Resource
	// TargetUtilization, when positive, replaces Apps: apps are drawn
	// until the memory-time they ask for (OfferedMemoryMS) reaches this
	// fraction of the cluster's memory over DurationMS, so the day
	// contends for the cluster whatever its size.
	TargetUtilization float64
	// BurstShare is the share of arrivals that go to the leaf whose turn
	// it is: the period is cut into one window per leaf, in tree order,
	// and in its window a leaf receives this share on top of its share by
	// capacity [0: none]. Teams' batch windows are what make a queue
	// outgrow its guarantee, the case elasticity and maximum-capacity are
	// for; with arrivals only by capacity no limit ever binds.
	BurstShare float64
}

// DefaultGenOptions is the one home of the generator's defaults: `capq gen
// workload` takes its flag defaults from it, and tests and benchmarks
// that stand for a user's generated day start from it.
func DefaultGenOptions() GenOptions {
	return GenOptions{
		Seed: 1, Apps: 1000, DurationMS: 24 * 3600 * 1000,
		Nodes: 100, NodeMemoryMB: 128 * 1024, NodeVCores: 32, NodesPerRack: 40,
		UsersPerQueue: 4, TasksMean: 50, TasksSigma: 1, MaxTasks: 10000,
		TaskMemoryMB: []int64{1024, 2048, 4096}, TaskVCores: 1,
		DurationMeanMS: 120000, DurationSigma: 1, ReduceShare: 0.3,
		AM: engine.Resource{MemoryMB: 1024, VCores: 1},
	}
}

// The command's defaults for the two knobs that size a day to its
// cluster. DefaultGenOptions leaves them off (a fixed Apps), so tests and
// benchmarks that fix their app count keep it; `capq gen workload` turns
// them on unless --apps is given.
const (
	DefaultTargetUtilization = 0.9
	DefaultBurstShare        = 0.5
)

// CommandGenOptions are `capq gen workload`'s defaults: DefaultGenOptions
// with DefaultTargetUtilization and DefaultBurstShare on. The command
// binds its flags to them, and benchmarks that stand for a generated day
// a user would make start from them, so the two cannot drift apart.
func CommandGenOptions() GenOptions {
	o := DefaultGenOptions()
	o.TargetUtilization, o.BurstShare = DefaultTargetUtilization, DefaultBurstShare
	return o
}

// MaxGenApps bounds the apps a target utilization may ask for: beyond it
// the workload file and the run are too big to be useful, and the message
// says which knob to turn.
const MaxGenApps = 2_000_000

func (o GenOptions) withDefaults() GenOptions {
	d := DefaultGenOptions()
	pos := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	pos(&o.Apps, d.Apps)
	pos(&o.Nodes, d.Nodes)
	pos(&o.NodesPerRack, d.NodesPerRack)
	pos(&o.UsersPerQueue, d.UsersPerQueue)
	pos(&o.MaxTasks, d.MaxTasks)
	pos64 := func(v *int64, d int64) {
		if *v <= 0 {
			*v = d
		}
	}
	pos64(&o.DurationMS, d.DurationMS)
	pos64(&o.NodeMemoryMB, d.NodeMemoryMB)
	pos64(&o.NodeVCores, d.NodeVCores)
	pos64(&o.TaskVCores, d.TaskVCores)
	posF := func(v *float64, d float64) {
		if *v <= 0 {
			*v = d
		}
	}
	posF(&o.TasksMean, d.TasksMean)
	posF(&o.TasksSigma, d.TasksSigma)
	posF(&o.DurationMeanMS, d.DurationMeanMS)
	posF(&o.DurationSigma, d.DurationSigma)
	if len(o.TaskMemoryMB) == 0 {
		o.TaskMemoryMB = d.TaskMemoryMB
	}
	if o.ReduceShare < 0 {
		o.ReduceShare = 0
	}
	if o.AM.MemoryMB <= 0 {
		o.AM = d.AM
	}
	return o
}

// Cluster is the cluster the options describe: Nodes nodes of the given
// size over enough racks for NodesPerRack each (nodes are spread over them
// round-robin, racks named /rack0, /rack1, …); zero fields take their
// defaults. gen workload --from-rm-apps uses it without --rm-nodes.
func (o GenOptions) Cluster() Cluster {
	o = o.withDefaults()
	racks := max(1, (o.Nodes+o.NodesPerRack-1)/o.NodesPerRack)
	return Cluster{Nodes: []NodeGroup{{Count: o.Nodes, Racks: racks, RackPrefix: "/rack", MemoryMB: o.NodeMemoryMB, VCores: o.NodeVCores}}}
}

// Generate makes a seeded synthetic workload for the model's leaf queues:
// apps arrive as a Poisson process, each to a leaf picked in proportion
// to its absolute capacity (every leaf at least a little), with log-normal
// task counts and durations. The same options give the same workload.
func Generate(m *xmlconf.Model, o GenOptions) (*Workload, error) {
	o = o.withDefaults()
	if err := o.Check(); err != nil {
		return nil, fmt.Errorf("sim: generator option %w", err)
	}
	leaves, weights := genLeaves(m)
	if len(leaves) == 0 {
		return nil, fmt.Errorf("sim: the configuration has no leaf queue")
	}
	rng := rand.New(rand.NewSource(o.Seed))
	w := &Workload{Name: fmt.Sprintf("generated-seed%d", o.Seed)}
	w.Cluster = o.Cluster()
	maxMem := o.NodeMemoryMB
	if o.TargetUtilization > 0 {
		apps, err := genToTarget(rng, o, leaves, weights, maxMem)
		if err != nil {
			return nil, err
		}
		w.Apps = apps
		return w, w.Validate()
	}
	rate := float64(o.Apps) / float64(o.DurationMS)
	t := 0.0
	w.Apps = make([]App, o.Apps)
	for i := range w.Apps {
		t += rng.ExpFloat64() / rate
		w.Apps[i] = genApp(rng, o, i, maxMem)
		place(rng, o, &w.Apps[i], leaves, weights, int64(t))
	}
	return w, w.Validate()
}

// genToTarget draws app shapes until their memory-time reaches the target
// share of the cluster over the day, then spreads that many arrivals over
// the day as a Poisson process (same rate as a fixed --apps would give).
func genToTarget(rng *rand.Rand, o GenOptions, leaves []string, weights []float64, maxMem int64) ([]App, error) {
	want := o.TargetUtilization * float64(o.Nodes) * float64(o.NodeMemoryMB) * float64(o.DurationMS)
	// Refuse early what clearly needs too many apps (the mean app's tasks,
	// ignoring the clamps and reduces) rather than draw millions first.
	var meanMem float64
	for _, m := range o.TaskMemoryMB {
		meanMem += float64(m) / float64(len(o.TaskMemoryMB))
	}
	if want/(o.TasksMean*meanMem*o.DurationMeanMS) > 2*MaxGenApps {
		return nil, tooManyApps(o)
	}
	// Count first, drawing the same shapes from a generator of the same
	// seed (Generate's rng has drawn nothing yet) into one scratch app:
	// long-tailed shapes can need far more apps than the mean says, and
	// two million of them held 1.8 GB before the refusal.
	dry, n := rand.New(rand.NewSource(o.Seed)), 0
	var scratch App
	for got := 0.0; got < want; n++ {
		if n >= MaxGenApps {
			return nil, tooManyApps(o)
		}
		drawApp(dry, o, maxMem, &scratch)
		got += appMemoryMS(scratch)
	}
	apps := make([]App, n)
	for i := range apps {
		apps[i] = genApp(rng, o, i, maxMem)
	}
	rate := float64(len(apps)) / float64(o.DurationMS)
	t := 0.0
	for i := range apps {
		t += rng.ExpFloat64() / rate
		place(rng, o, &apps[i], leaves, weights, int64(t))
	}
	return apps, nil
}

func tooManyApps(o GenOptions) error {
	return fmt.Errorf("sim: a target utilization of %g needs more than %d apps on this cluster; use fewer or smaller nodes, a shorter duration, or longer/larger tasks", o.TargetUtilization, MaxGenApps)
}

// OfferedUtilization is the memory-time a workload's apps ask for over
// the memory of its initial cluster times periodMS: the load offered, not
// the load achieved (queues' maxima, user limits and the end of the
// period leave some of it waiting). An AM is counted for its app's
// critical path, the sum of its phases' longest tasks.
func OfferedUtilization(w *Workload, periodMS int64) float64 {
	if periodMS <= 0 {
		return 0
	}
	var mem float64
	for _, n := range w.Cluster.Expand() {
		mem += float64(n.MemoryMB)
	}
	if mem == 0 {
		return 0
	}
	var asked float64
	for i := range w.Apps {
		asked += appMemoryMS(w.Apps[i])
	}
	return asked / (mem * float64(periodMS))
}

// appMemoryMS is the memory-time an app asks for: its tasks, plus its AM
// for the length of its critical path.
func appMemoryMS(a App) float64 {
	var tasks float64
	longest := map[int]int64{}
	for _, g := range a.Tasks {
		tasks += float64(g.Count) * float64(g.MemoryMB) * float64(g.DurationMS)
		longest[g.Phase] = max(longest[g.Phase], g.DurationMS)
	}
	var path int64
	for _, d := range longest {
		path += d
	}
	return tasks + float64(a.AM.MemoryMB)*float64(path)
}

// place gives an app its arrival time, its leaf (by capacity, or the leaf
// whose burst window it falls in) and one of that leaf's users.
func place(rng *rand.Rand, o GenOptions, a *App, leaves []string, weights []float64, at int64) {
	q := pick(rng, weights)
	if o.BurstShare > 0 && rng.Float64() < o.BurstShare {
		q = clampInt(int(at*int64(len(leaves))/o.DurationMS), 0, len(leaves)-1)
	}
	a.SubmitMS, a.Queue = at, leaves[q]
	a.User = fmt.Sprintf("%s_u%d", shortName(leaves[q]), rng.Intn(o.UsersPerQueue))
}

// genApp draws an app's shape: AM, task count, size and duration.
func genApp(rng *rand.Rand, o GenOptions, i int, maxMem int64) App {
	a := App{ID: fmt.Sprintf("app_%06d", i+1)}
	drawApp(rng, o, maxMem, &a)
	return a
}

// drawApp draws an app's AM and tasks into a, reusing its task slice.
func drawApp(rng *rand.Rand, o GenOptions, maxMem int64, a *App) {
	a.AM = o.AM
	mem := o.TaskMemoryMB[rng.Intn(len(o.TaskMemoryMB))]
	mem = min(mem, maxMem)
	// Clamped before the conversion: a float past the integer's range
	// converts to an arbitrary integer.
	n := clampInt(int(min(logNormal(rng, o.TasksMean, o.TasksSigma), float64(o.MaxTasks))), 1, o.MaxTasks)
	d := max(int64(min(logNormal(rng, o.DurationMeanMS, o.DurationSigma), float64(MaxTimeMS/2))), 1000)
	a.Tasks = append(a.Tasks[:0], TaskGroup{Count: n, MemoryMB: mem, VCores: o.TaskVCores, DurationMS: d, Priority: 20, Type: "map"})
	if rng.Float64() < o.ReduceShare {
		r := max(1, n/10)
		a.Tasks = append(a.Tasks, TaskGroup{Count: r, MemoryMB: mem, VCores: o.TaskVCores, DurationMS: 2 * d, Priority: 10, Phase: 1, Type: "reduce"})
	}
}

// logNormal draws from a log-normal distribution with the given mean.
func logNormal(rng *rand.Rand, mean, sigma float64) float64 {
	mu := math.Log(mean) - sigma*sigma/2
	return math.Exp(mu + sigma*rng.NormFloat64())
}

func clampInt(v, lo, hi int) int { return max(lo, min(v, hi)) }

func shortName(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '.' {
			return path[i+1:]
		}
	}
	return path
}

// stoppedUpTree reports whether q or an ancestor is STOPPED: on 2.7 a
// leaf below a stopped parent reads RUNNING, but ParentQueue#
// submitApplication refuses its applications.
func stoppedUpTree(q *xmlconf.Queue) bool {
	for ; q != nil; q = q.Parent {
		if q.State.V == xmlconf.StateStopped {
			return true
		}
	}
	return false
}

// genLeaves lists running leaves with weights: absolute capacity, with a
// floor so zero-capacity leaves still see some apps.
func genLeaves(m *xmlconf.Model) ([]string, []float64) {
	var leaves []string
	var w []float64
	for _, q := range m.Queues {
		if !q.IsLeaf() || stoppedUpTree(q) {
			continue
		}
		leaves = append(leaves, q.Path)
		w = append(w, math.Max(q.AbsCapacity, 0.001))
	}
	sum := 0.0
	for i := range w {
		sum += w[i]
		w[i] = sum
	}
	return leaves, w
}

// pick draws an index from cumulative weights.
func pick(rng *rand.Rand, cum []float64) int {
	x := rng.Float64() * cum[len(cum)-1]
	return min(sort.SearchFloat64s(cum, x), len(cum)-1)
}

// GenOptionError is a generator option out of range. Option is its name as
// `capq gen workload` spells the flag, without dashes ("" when the problem
// spans several options); Problem follows it directly.
type GenOptionError struct{ Option, Problem string }

func (e *GenOptionError) Error() string { return e.Option + e.Problem }

// Ranges of the generator's options, checked before anything is drawn
// or allocated: each is far above a useful workload and low enough that
// any value in range draws finite, in-range sizes and times (a NaN mean
// or a sigma of 1e308 made every draw Inf or NaN, and --apps 1000000000
// asked for 184 GB at once).
const (
	// MaxGenDurationMS is the longest arrival period or mean task
	// duration, 10 years or 87600h (times must stay under MaxTimeMS).
	MaxGenDurationMS = 10 * 365 * 24 * 3600 * 1000
	// MaxGenSigma is the largest log-normal sigma: at 3 the mean is 90
	// times the median already; real traces are near 1.
	MaxGenSigma = 3
	// MaxGenMaxTasks bounds the task containers of one app, the
	// simulator's default cap on all of a run's containers.
	MaxGenMaxTasks = DefaultMaxContainers
	// MaxGenUsers bounds the users of one leaf.
	MaxGenUsers = 1_000_000
	// MaxGenMemoryMB (a petabyte) and MaxGenVCores bound a node's and a
	// task's size, so a cluster's sums cannot overflow.
	MaxGenMemoryMB = int64(1) << 30
	MaxGenVCores   = int64(1) << 20
)

// Check rejects options Generate cannot honour: counts and sizes that are
// not positive or past their bound (MaxGenApps and the MaxGen constants),
// means and sigmas that are not finite or out of range, shares outside
// [0, 1]. It checks the values as given, so zero counts are errors here
// though withDefaults would fill them.
func (o GenOptions) Check() error {
	// A list, not a map: with several bad options the message names the
	// same one every run.
	for _, f := range []struct {
		name   string
		v, max int64
	}{
		{"apps", int64(o.Apps), MaxGenApps}, {"nodes", int64(o.Nodes), MaxNodes},
		{"node-memory", o.NodeMemoryMB, MaxGenMemoryMB}, {"node-vcores", o.NodeVCores, MaxGenVCores},
		{"nodes-per-rack", int64(o.NodesPerRack), MaxNodes}, {"users-per-queue", int64(o.UsersPerQueue), MaxGenUsers},
		{"max-tasks", int64(o.MaxTasks), MaxGenMaxTasks}, {"task-vcores", o.TaskVCores, MaxGenVCores},
	} {
		switch {
		case f.v <= 0:
			return &GenOptionError{f.name, fmt.Sprintf(" must be positive, got %d", f.v)}
		case f.v > f.max:
			return &GenOptionError{f.name, fmt.Sprintf(" %d: want at most %d", f.v, f.max)}
		}
	}
	for _, m := range o.TaskMemoryMB {
		if m <= 0 || m > MaxGenMemoryMB {
			return &GenOptionError{"task-memory", fmt.Sprintf(" %d: want sizes from 1 to %d MB", m, MaxGenMemoryMB)}
		}
	}
	for _, f := range []struct {
		name   string
		v, max float64
	}{
		// Not o.MaxTasks: --max-tasks 10 alone clamps the default mean.
		{"tasks-mean", o.TasksMean, MaxGenMaxTasks},
		{"tasks-sigma", o.TasksSigma, MaxGenSigma},
		{"duration-sigma", o.DurationSigma, MaxGenSigma},
	} {
		// Written so that NaN fails too.
		if !(f.v > 0 && f.v <= f.max) {
			return &GenOptionError{f.name, fmt.Sprintf(" %v: want a positive number, at most %s", f.v, strconv.FormatFloat(f.max, 'f', -1, 64))}
		}
	}
	const years = " ms: want a positive duration of at most 87600h (10 years)"
	if o.DurationMS <= 0 || o.DurationMS > MaxGenDurationMS {
		return &GenOptionError{"duration", fmt.Sprintf(" %d%s", o.DurationMS, years)}
	}
	if !(o.DurationMeanMS > 0 && o.DurationMeanMS <= MaxGenDurationMS) {
		return &GenOptionError{"task-duration", fmt.Sprintf(" %v%s", o.DurationMeanMS, years)}
	}
	if !(o.BurstShare >= 0 && o.BurstShare <= 1) {
		return &GenOptionError{"burst-share", fmt.Sprintf(" %v: want a fraction between 0 and 1", o.BurstShare)}
	}
	if !(o.ReduceShare >= 0 && o.ReduceShare <= 1) {
		return &GenOptionError{"reduce-share", fmt.Sprintf(" %v: want a fraction between 0 and 1", o.ReduceShare)}
	}
	return nil
}
