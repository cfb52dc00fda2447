package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// scenarioOutput is the JSON document `capq scenario --format json` prints.
type scenarioOutput struct {
	Startup startupResult `json:"startup"`
	Steps   []*stepResult `json:"steps"`

	id       string
	failures []string
}

type startupResult struct {
	Accepted   bool     `json:"accepted"`
	Errors     []string `json:"errors"`
	ReasonCode string   `json:"reason_code,omitempty"`
}

// stepResult is one step's outcome; fields irrelevant to the op are left
// out of the JSON.
type stepResult struct {
	Index       int            `json:"index"`
	Op          string         `json:"op"`
	Accepted    *bool          `json:"accepted,omitempty"`
	Reason      string         `json:"reason,omitempty"`
	ReasonCode  string         `json:"reason_code,omitempty"`
	Errors      []string       `json:"errors,omitempty"`
	Assignment  any            `json:"assignment,omitempty"`
	Assignments []any          `json:"assignments,omitempty"`
	Released    *int           `json:"released,omitempty"`
	Preemption  *preemptJSON   `json:"preemption,omitempty"`
	State       map[string]any `json:"state,omitempty"`
	Passed      *bool          `json:"passed,omitempty"`
	Failures    []string       `json:"failures,omitempty"`

	why  []string
	snap *engine.State
}

// preemptJSON is the outcome of a preempt step.
type preemptJSON struct {
	Selected   []int64          `json:"selected"`
	Killed     []int64          `json:"killed"`
	ToObtainMB map[string]int64 `json:"to_obtain_mb"`
}

func ids(v []int64) []int64 {
	if v == nil {
		return []int64{}
	}
	return v
}

// assignmentJSON is an assignment in scenario output.
type assignmentJSON struct {
	App      string `json:"app"`
	Queue    string `json:"queue"`
	MemoryMB int64  `json:"memory_mb"`
	VCores   int64  `json:"vcores"`
	Priority int32  `json:"priority"`
	Locality string `json:"locality"`
	Node     string `json:"node"`
	Reserved bool   `json:"reserved"`
	Kind     string `json:"kind"`
}

// runner executes a scenario step by step.
type runner struct {
	sc      *scenarioFile
	yarn    map[string]string
	conf    map[string]string
	eng     *engine.Engine
	out     *scenarioOutput
	last    any // last assignment JSON (assignmentJSON or "none"); nil before any
	tol     float64
	cluster engine.Resource
	explain bool
}

func runScenario(sc *scenarioFile, explain bool) *scenarioOutput {
	r := &runner{sc: sc, yarn: copyMap(sc.YarnSite), conf: copyMap(sc.Config), out: &scenarioOutput{id: sc.ID, Steps: []*stepResult{}}, tol: 1e-6, explain: explain}
	if sc.FloatTolerance != nil {
		r.tol = *sc.FloatTolerance
	}
	if !r.startup() {
		return r.out
	}
	for i := range sc.Steps {
		res := &stepResult{Index: i, Op: sc.Steps[i].Op}
		r.step(&sc.Steps[i], res)
		r.out.Steps = append(r.out.Steps, res)
		for _, f := range res.Failures {
			r.out.failures = append(r.out.failures, fmt.Sprintf("step %d (%s): %s", i, res.Op, f))
		}
	}
	return r.out
}

func (r *runner) startup() bool {
	nodes := clusterNodes(r.sc.Cluster.Nodes, r.sc.Cluster.NodeGroups)
	r.cluster = sumNodes(nodes)
	m := buildModel(r.yarn, r.conf, r.sc.version, r.cluster)
	v := loadVerdict(m, r.sc.version)
	var eng *engine.Engine
	if v.accepted() {
		var err error
		eng, err = engine.New(m, nodes, engine.Options{Explain: r.explain})
		if err != nil {
			v.errs, v.code, v.codes = []checkError{{"ENGINE", err.Error()}}, "ENGINE", []string{"ENGINE"}
		}
	}
	st := &r.out.Startup
	st.Accepted, st.Errors, st.ReasonCode = v.accepted(), messages(v.errs), v.code
	if st.Errors == nil {
		st.Errors = []string{}
	}
	if x := r.sc.ExpectStartup; x != nil {
		for _, f := range checkRefreshExpect(x, v, nil) {
			r.out.failures = append(r.out.failures, "startup: "+f)
		}
	} else if !st.Accepted {
		r.out.failures = append(r.out.failures, "startup: configuration refused: "+strings.Join(st.Errors, "; "))
	}
	r.eng = eng
	return eng != nil
}

func messages(errs []checkError) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = e.Msg
	}
	return out
}

func boolp(b bool) *bool { return &b }

func (r *runner) step(s *scenarioStep, res *stepResult) {
	// A scenario is untrusted input: an engine failure on a step is
	// reported as that step's failure, never a crash.
	defer func() {
		if p := recover(); p != nil {
			res.Failures = append(res.Failures, fmt.Sprintf("internal error: %v", p))
		}
	}()
	switch s.Op {
	case "submit_app":
		err := r.eng.SubmitApp(engine.AppSpec{ID: s.App, Queue: s.Queue, User: s.User, Groups: s.Groups,
			AM: engine.Resource{MemoryMB: s.AMMemoryMB, VCores: s.AMVCores}, Priority: s.AppPriority})
		res.Accepted = boolp(err == nil)
		if err != nil {
			res.Reason = err.Error()
		} else if st, diag, _ := r.eng.AppStatus(s.App); st == engine.StateAccepted {
			res.why = append(res.why, "waiting for activation: "+diag)
		}
		if s.Expect != nil {
			var v verdict
			if err != nil {
				v = verdict{errs: []checkError{{"SUBMIT_REJECTED", err.Error()}}, code: "SUBMIT_REJECTED", codes: []string{"SUBMIT_REJECTED"}}
			}
			res.Failures = append(res.Failures, checkRefreshExpect(s.Expect, v, nil)...)
		}
	case "update_asks":
		asks := make([]engine.Ask, len(s.Asks))
		for i, a := range s.Asks {
			asks[i] = engine.Ask{Priority: a.Priority, ResourceName: a.ResourceName, Resource: engine.Resource{MemoryMB: a.MemoryMB, VCores: a.VCores},
				Count: a.Count, NoRelax: a.RelaxLocality != nil && !*a.RelaxLocality}
		}
		r.errorResult(res, r.eng.UpdateAsks(s.App, asks))
	case "assign_once":
		r.assignOnce(s, res)
	case "heartbeat":
		r.heartbeat(s, res)
	case "complete_containers":
		r.complete(s, res)
	case "finish_app":
		r.errorResult(res, r.eng.FinishApp(s.App))
	case "refresh", "validate":
		r.refresh(s, res)
	case "add_nodes", "remove_nodes", "replace_node":
		r.nodes(s, res)
	case "preempt":
		// Extension: one ProportionalCapacityPreemptionPolicy round at
		// simulated time now_ms.
		p := r.eng.Preempt(s.NowMS)
		res.Preemption = &preemptJSON{Selected: ids(p.Selected), Killed: ids(p.Killed), ToObtainMB: map[string]int64{}}
		for q, v := range p.ToObtain {
			res.Preemption.ToObtainMB[q] = v.MemoryMB
		}
	case "snapshot":
		st := r.eng.Snapshot()
		res.State, res.snap = sortedState(&st), &st
	case "expect":
		st := r.eng.Snapshot()
		res.State, res.snap = sortedState(&st), &st
		res.Failures = r.checkExpect(s, &st)
		res.Passed = boolp(len(res.Failures) == 0)
	default:
		res.Accepted = boolp(false)
		res.Reason = fmt.Sprintf("unknown op %q", s.Op)
		res.Failures = append(res.Failures, res.Reason)
	}
}

func (r *runner) errorResult(res *stepResult, err error) {
	res.Accepted = boolp(err == nil)
	if err != nil {
		res.Reason = err.Error()
		res.Failures = append(res.Failures, err.Error())
	}
}

func (r *runner) nodeIndex(s *scenarioStep, res *stepResult) (int, string, bool) {
	var id string
	if err := json.Unmarshal(s.Node, &id); err != nil {
		res.Failures = append(res.Failures, "node must be a node id")
		return 0, "", false
	}
	idx, ok := r.eng.NodeIndex(id)
	if !ok {
		res.Failures = append(res.Failures, fmt.Sprintf("unknown node %q", id))
	}
	return idx, id, ok
}

func assignmentOut(a engine.Assignment) any {
	switch a.Kind {
	case engine.AssignNone, engine.AssignUnreserved:
		return "none"
	}
	return assignmentJSON{App: a.App, Queue: a.Queue, MemoryMB: a.Resource.MemoryMB, VCores: a.Resource.VCores,
		Priority: a.Priority, Locality: a.Locality.String(), Node: a.Node,
		Reserved: a.Kind == engine.AssignReserved || a.Kind == engine.AssignReReserved, Kind: a.Kind.String()}
}

func (r *runner) assignOnce(s *scenarioStep, res *stepResult) {
	idx, _, ok := r.nodeIndex(s, res)
	if !ok {
		return
	}
	n := max(s.Repeat, 1)
	for i := 0; i < n; i++ {
		a := r.eng.AssignOnce(idx)
		out := assignmentOut(a)
		res.Assignment, r.last = out, out
		res.why = append(res.why, a.Why...)
		if n > 1 {
			res.Assignments = append(res.Assignments, out)
		}
	}
}

func (r *runner) heartbeat(s *scenarioStep, res *stepResult) {
	idx, _, ok := r.nodeIndex(s, res)
	if !ok {
		return
	}
	var last any = "none"
	for _, a := range r.eng.Heartbeat(idx) {
		out := assignmentOut(a)
		res.why = append(res.why, a.Why...)
		if out != "none" {
			res.Assignments = append(res.Assignments, out)
			last = out
		}
	}
	if res.Assignments == nil {
		res.Assignments = []any{}
	}
	res.Assignment, r.last = last, last
}

func (r *runner) complete(s *scenarioStep, res *stepResult) {
	n := -1
	raw := strings.TrimSpace(string(s.Count))
	if raw != "" && raw != `"all"` {
		v, err := strconv.Atoi(strings.Trim(raw, `"`))
		if err != nil {
			r.errorResult(res, fmt.Errorf("count must be a number or \"all\""))
			return
		}
		n = v
	}
	got, err := r.eng.CompleteContainers(s.App, n)
	r.errorResult(res, err)
	res.Released = &got
}

// refresh builds the modified configuration, checks it and applies it
// (op refresh) or only reports the verdict (op validate).
func (r *runner) refresh(s *scenarioStep, res *stepResult) {
	yarn, conf := copyMap(r.yarn), copyMap(r.conf)
	if s.Replace != nil {
		conf = copyMap(s.Replace)
	}
	for k, v := range s.Set {
		conf[k] = v
	}
	for _, k := range s.Unset {
		delete(conf, k)
	}
	for k, v := range s.YarnSiteSet {
		yarn[k] = v
	}
	nm := buildModel(yarn, conf, r.sc.version, r.eng.Cluster())
	v := refreshVerdict(r.eng.Model(), nm, r.eng, r.sc.version)
	if v.accepted() && s.Op == "refresh" {
		for _, msg := range r.eng.Refresh(nm, nil) {
			v.errs = append(v.errs, checkError{"ENGINE", msg})
			v.code, v.codes = "ENGINE", []string{"ENGINE"}
		}
		if v.accepted() {
			r.yarn, r.conf = yarn, conf
		}
	}
	res.Accepted = boolp(v.accepted())
	res.ReasonCode = v.code
	res.Errors = messages(v.errs)
	if s.Expect != nil {
		res.Failures = append(res.Failures, checkRefreshExpect(s.Expect, v, r.eng.Model())...)
	}
}

func (r *runner) nodes(s *scenarioStep, res *stepResult) {
	var err error
	switch s.Op {
	case "add_nodes":
		var ns []scenarioNode
		if len(s.Nodes) > 0 {
			err = json.Unmarshal(s.Nodes, &ns)
		}
		if err == nil {
			err = r.eng.AddNodes(clusterNodes(ns, s.NodeGroups)...)
		}
	case "remove_nodes":
		var ids []string
		if err = json.Unmarshal(s.Nodes, &ids); err != nil {
			var ns []scenarioNode
			if err = json.Unmarshal(s.Nodes, &ns); err == nil {
				for _, n := range ns {
					ids = append(ids, n.ID)
				}
			}
		}
		if err == nil {
			err = r.eng.RemoveNodes(ids...)
		}
	case "replace_node":
		var n scenarioNode
		if err = json.Unmarshal(s.Node, &n); err == nil {
			if err = r.eng.RemoveNodes(n.ID); err == nil {
				err = r.eng.AddNodes(clusterNodes([]scenarioNode{n}, nil)...)
			}
		}
	}
	r.errorResult(res, err)
}

// checkRefreshExpect compares a load/refresh outcome with its expectation.
func checkRefreshExpect(x *refreshExpect, v verdict, m *xmlconf.Model) []string {
	var f []string
	accepted, errs := v.accepted(), v.errs
	if x.Accepted != nil && *x.Accepted != accepted {
		f = append(f, fmt.Sprintf("accepted = %v, want %v (errors: %s)", accepted, *x.Accepted, strings.Join(messages(errs), "; ")))
	}
	if x.ReasonCode != "" {
		found := false
		for _, c := range v.codes {
			found = found || c == x.ReasonCode
		}
		if !found {
			f = append(f, fmt.Sprintf("reason_code %q not among the refusals %v", x.ReasonCode, v.codes))
		}
	}
	if len(x.ErrorContainsAny) > 0 {
		found := false
		for _, e := range errs {
			for _, s := range x.ErrorContainsAny {
				found = found || strings.Contains(e.Msg, s)
			}
		}
		if !found {
			f = append(f, fmt.Sprintf("no error contains any of %q", x.ErrorContainsAny))
		}
	}
	if m != nil {
		for _, path := range sortedKeys(x.Children) {
			want := x.Children[path]
			q := m.Queue(path)
			var got []string
			if q != nil {
				for _, c := range q.Children {
					got = append(got, c.Name)
				}
			}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				f = append(f, fmt.Sprintf("children of %s = %v, want %v", path, got, want))
			}
		}
		for _, path := range x.QueuesAbsent {
			if m.Queue(path) != nil {
				f = append(f, fmt.Sprintf("queue %s still exists", path))
			}
		}
	}
	return f
}

// sortedState turns a snapshot into maps so every key prints sorted.
func sortedState(st *engine.State) map[string]any {
	m, err := toGeneric(st)
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	return m
}

// encodeJSON renders v as indented JSON with a final newline.
func encodeJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
