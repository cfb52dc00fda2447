package scenario

import (
	"fmt"
	"slices"
	"strings"

	"github.com/capq/capq/engine"
)

// Options tune a run.
type Options struct {
	// Explain makes the engine say why a pass placed nothing or skipped
	// apps; the text report prints it, the JSON leaves it out.
	Explain bool
}

// Output is a scenario run: the JSON document `capq scenario --format
// json` prints, plus the unmet expectations.
type Output struct {
	Startup StartupResult `json:"startup"`
	Steps   []*StepResult `json:"steps"`

	// Failures are the unmet expectations, each naming its step and
	// field; empty when the scenario passed.
	Failures []string `json:"-"`
}

// StartupResult is whether the ResourceManager accepted the initial
// configuration.
type StartupResult struct {
	Accepted   bool     `json:"accepted"`
	Errors     []string `json:"errors"`
	ReasonCode string   `json:"reason_code,omitempty"`
	// Warnings name what the engine does not model for the configuration
	// (Engine.Unmodelled; engine.Unmodelled when it refused to start).
	Warnings []string `json:"warnings,omitempty"`
	// Moved and KilledApps list the apps move_all_apps moved and
	// kill_all_apps killed.
	Moved      []string `json:"moved,omitempty"`
	KilledApps []string `json:"killed_apps,omitempty"`
}

// StepResult is one step's outcome; fields irrelevant to the op are left
// out of the JSON.
type StepResult struct {
	Index       int            `json:"index"`
	Op          string         `json:"op"`
	Accepted    *bool          `json:"accepted,omitempty"`
	Reason      string         `json:"reason,omitempty"`
	ReasonCode  string         `json:"reason_code,omitempty"`
	Errors      []string       `json:"errors,omitempty"`
	Assignment  any            `json:"assignment,omitempty"`
	Assignments []any          `json:"assignments,omitempty"`
	Released    *int           `json:"released,omitempty"`
	Preemption  *PreemptResult `json:"preemption,omitempty"`
	State       map[string]any `json:"state,omitempty"`
	Passed      *bool          `json:"passed,omitempty"`
	Failures    []string       `json:"failures,omitempty"`
	// Queue and AutoCreated say where submit_app put the app and which
	// queues it created; Removed lists queues expire_queues removed.
	Queue       string   `json:"queue,omitempty"`
	AutoCreated []string `json:"auto_created,omitempty"`
	Removed     []string `json:"removed,omitempty"`
	// Warnings name what an accepted refresh turned on that the engine
	// does not model (Engine.Unmodelled's new entries), and a reload
	// Hadoop would fail half-way that the engine completed
	// (Engine.ReloadFailure).
	Warnings []string `json:"warnings,omitempty"`
	// Moved and KilledApps list the apps move_all_apps moved and
	// kill_all_apps killed.
	Moved      []string `json:"moved,omitempty"`
	KilledApps []string `json:"killed_apps,omitempty"`
	// AppPriority is the priority update_app_priority left the app with
	// (the response's getApplicationPriority).
	AppPriority *int32 `json:"app_priority,omitempty"`

	why  []string
	snap *engine.State
}

// runner executes a scenario step by step.
type runner struct {
	sc   *Scenario
	yarn map[string]string
	conf map[string]string
	// empty are the conf keys set to the empty string as a value
	// (Scenario.fileEmpty, until a refresh step touches them).
	empty   map[string]bool
	eng     *engine.Engine
	out     *Output
	last    any // last assignment JSON (Assignment or "none"); nil before any
	tol     float64
	cluster engine.Resource
	explain bool
	// labels are the cluster's node labels: name -> exclusive.
	labels map[string]bool
	// asyncVisits counts the node visits of async_schedule steps
	// (maxAsyncVisits bounds them).
	asyncVisits int64
	// asyncPasses numbers the async_schedule passes (the start node).
	asyncPasses int64
	// moveWarned is set once a move step has listed what capq does not
	// model of a move.
	moveWarned bool
}

// Run executes sc on a fresh engine. A refused startup configuration ends
// the run before the first step; every other problem is a step's failure
// in the output, never an error.
func Run(sc *Scenario, opts Options) *Output {
	r := &runner{sc: sc, yarn: copyMap(sc.YarnSite), conf: copyMap(sc.Config), empty: sc.fileEmpty, out: &Output{Steps: []*StepResult{}}, tol: 1e-6, explain: opts.Explain}
	if sc.FloatTolerance != nil {
		r.tol = *sc.FloatTolerance
	}
	if !r.startup() {
		return r.out
	}
	for i := range sc.Steps {
		res := &StepResult{Index: i, Op: sc.Steps[i].Op}
		r.step(&sc.Steps[i], res)
		r.out.Steps = append(r.out.Steps, res)
		for _, f := range res.Failures {
			r.out.Failures = append(r.out.Failures, fmt.Sprintf("step %d (%s): %s", i, res.Op, f))
		}
	}
	return r.out
}

func (r *runner) startup() bool {
	nodes := clusterNodes(r.sc.Cluster.Nodes, r.sc.Cluster.NodeGroups)
	r.cluster = defaultPartition(nodes)
	m := buildModel(r.yarn, r.conf, r.empty, r.sc.version, r.cluster)
	v := loadVerdict(m, r.sc.version)
	if v.accepted() {
		if err := r.startLabels(nodes); err != nil {
			v = engineVerdict(err.Error())
		}
	}
	var eng *engine.Engine
	if v.accepted() {
		var err error
		eng, err = engine.New(m, nodes, engine.Options{Explain: r.explain})
		if err == nil {
			err = eng.DefineLabels(r.labels)
		}
		if err != nil {
			v, eng = engineVerdict(err.Error()), nil
		}
	}
	st := &r.out.Startup
	st.Accepted, st.Errors, st.ReasonCode = v.accepted(), messages(v.errs), v.code
	if st.Errors == nil {
		st.Errors = []string{}
	}
	ws := engine.Unmodelled(m)
	if eng != nil {
		ws = eng.Unmodelled()
	}
	for _, w := range ws {
		st.Warnings = append(st.Warnings, w.String())
	}
	st.Warnings = append(st.Warnings, r.sc.configNotes...)
	if x := r.sc.ExpectStartup; x != nil {
		for _, f := range checkRefreshExpect(x, v, nil) {
			r.out.Failures = append(r.out.Failures, "startup: "+f)
		}
	} else if !st.Accepted {
		r.out.Failures = append(r.out.Failures, "startup: configuration refused: "+strings.Join(st.Errors, "; "))
	}
	r.eng = eng
	return eng != nil
}

// step runs one step through the op table; an unknown op is the step's
// failure.
func (r *runner) step(s *Step, res *StepResult) {
	o, ok := ops[s.Op]
	if !ok {
		res.Accepted = boolp(false)
		res.Reason = fmt.Sprintf("unknown op %q", s.Op)
		res.Failures = append(res.Failures, res.Reason)
		return
	}
	var before []string
	if r.eng != nil {
		before = warningTexts(r.eng.Unmodelled())
	}
	o.run(r, s, res)
	// What the step met that the engine does not model (a 3.4 placed
	// creation's unsettled queue ACLs, a template's setting on the queue
	// it created, ...) is on the step that met it, whatever the op.
	if r.eng != nil {
		for _, w := range newWarnings(before, warningTexts(r.eng.Unmodelled())) {
			if !slices.Contains(res.Warnings, w) {
				res.Warnings = append(res.Warnings, w)
			}
		}
	}
}

func (r *runner) errorResult(res *StepResult, err error) {
	res.Accepted = boolp(err == nil)
	if err != nil {
		res.Reason = err.Error()
		res.Failures = append(res.Failures, err.Error())
	}
}

func boolp(b bool) *bool { return &b }
