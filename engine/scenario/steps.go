package scenario

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/capq/capq/engine"
)

// The run function of each op in the table (ops.go), in the order of
// scenario-format.md.

func (r *runner) submitApp(s *Step, res *StepResult) {
	if s.NowMS > 0 {
		r.eng.SetTime(s.NowMS)
	}
	pl, err := r.eng.Submit(engine.AppSpec{ID: s.App, Queue: s.Queue, User: s.User, Groups: s.Groups,
		AM: engine.Resource{MemoryMB: s.AMMemoryMB, VCores: s.AMVCores}, Priority: s.AppPriority,
		AppName: s.AppName, Tags: s.Tags, Placement: s.Placement, AMNodeLabel: s.AMNodeLabelExpression, AMContainer: s.AMContainer})
	res.Accepted = boolp(err == nil)
	if s.Placement || len(pl.AutoCreated) > 0 {
		// Only where the queue was decided by rules or creation, so the
		// output of plain submissions stays as it was.
		res.Queue, res.AutoCreated = pl.Queue, pl.AutoCreated
	}
	if err != nil {
		res.Reason = err.Error()
		res.ReasonCode = engine.ReasonCode(err)
	} else if st, diag, _ := r.eng.AppStatus(s.App); st == engine.StateAccepted && diag == engine.AMActivatedDiag {
		res.why = append(res.why, diag)
	} else if st == engine.StateAccepted {
		res.why = append(res.why, "waiting for activation: "+diag)
	}
	if pl.Rule != "" {
		res.why = append(res.why, "decided by mapping rule "+pl.Rule)
	}
	if s.Expect != nil {
		var v verdict
		if err != nil {
			v = refusal("SUBMIT_REJECTED", err.Error())
			if code := engine.ReasonCode(err); code != "" {
				v.codes = append(v.codes, code)
			}
		}
		res.Failures = append(res.Failures, checkRefreshExpect(s.Expect, v, r.eng.Model())...)
		res.Failures = append(res.Failures, checkPlaced(s.Expect, pl)...)
	}
}

// checkPlaced compares the queue an app went to and the queues its
// submission created with a submit_app expect.
func checkPlaced(x *RefreshExpect, pl engine.Placed) []string {
	var f []string
	if x.Queue != "" && x.Queue != pl.Queue {
		f = append(f, fmt.Sprintf("queue = %q, want %q", pl.Queue, x.Queue))
	}
	if x.AutoCreated != nil && strings.Join(x.AutoCreated, ",") != strings.Join(pl.AutoCreated, ",") {
		f = append(f, fmt.Sprintf("auto_created = %v, want %v", pl.AutoCreated, x.AutoCreated))
	}
	return f
}

// expireQueues runs AutoCreatedQueueDeletionPolicy at now_ms.
func (r *runner) expireQueues(s *Step, res *StepResult) {
	before := warningTexts(r.eng.Unmodelled())
	res.Removed = r.eng.ExpireQueues(s.NowMS)
	// A leaf kept for an app between attempts is a note of the run.
	res.Warnings = newWarnings(before, warningTexts(r.eng.Unmodelled()))
	if res.Removed == nil {
		res.Removed = []string{}
	}
	if s.Expect != nil {
		res.Failures = append(res.Failures, checkRefreshExpect(s.Expect, verdict{}, r.eng.Model())...)
		if x := s.Expect.Removed; x != nil && strings.Join(x, ",") != strings.Join(res.Removed, ",") {
			res.Failures = append(res.Failures, fmt.Sprintf("removed = %v, want %v", res.Removed, x))
		}
	}
}

func (r *runner) updateAsks(s *Step, res *StepResult) {
	if code, err := r.checkAskLabels(s.App, s.Asks); err != nil {
		r.refuseAsks(s, res, code, err)
		return
	}
	asks := make([]engine.Ask, len(s.Asks))
	for i, a := range s.Asks {
		asks[i] = engine.Ask{Priority: a.Priority, ResourceName: a.ResourceName, Resource: engine.Resource{MemoryMB: a.MemoryMB, VCores: a.VCores},
			Count: a.Count, NoRelax: a.RelaxLocality != nil && !*a.RelaxLocality, NodeLabel: a.NodeLabelExpression}
	}
	err := r.eng.UpdateAsks(s.App, asks)
	if err != nil && s.Expect != nil {
		// The engine's own refusals (a request above the maximum
		// allocation: SchedulerUtils.validateResourceRequest) are checked
		// like the label ones, as Hadoop's tests catch
		// InvalidResourceRequestException from am.allocate.
		r.refuseAsks(s, res, "ASK_REJECTED", err)
		return
	}
	r.errorResult(res, err)
	if err == nil && s.Expect != nil {
		res.Failures = append(res.Failures, checkRefreshExpect(s.Expect, verdict{}, r.eng.Model())...)
	}
}

func (r *runner) nodeIndex(s *Step, res *StepResult) (int, bool) {
	var id string
	if err := json.Unmarshal(s.Node, &id); err != nil {
		res.Failures = append(res.Failures, "node must be a node id")
		return 0, false
	}
	idx, ok := r.eng.NodeIndex(id)
	if !ok {
		res.Failures = append(res.Failures, fmt.Sprintf("unknown node %q", id))
	}
	return idx, ok
}

// heartbeatNodes reads a heartbeat's node, or its nodes[] list.
func (r *runner) heartbeatNodes(s *Step, res *StepResult) ([]int, bool) {
	if len(s.Node) > 0 || len(s.Nodes) == 0 {
		idx, ok := r.nodeIndex(s, res)
		return []int{idx}, ok
	}
	var ids []string
	if err := json.Unmarshal(s.Nodes, &ids); err != nil || len(ids) == 0 {
		res.Failures = append(res.Failures, "nodes must be a list of node ids")
		return nil, false
	}
	idxs := make([]int, len(ids))
	for i, id := range ids {
		idx, ok := r.eng.NodeIndex(id)
		if !ok {
			res.Failures = append(res.Failures, fmt.Sprintf("unknown node %q", id))
			return nil, false
		}
		idxs[i] = idx
	}
	return idxs, true
}

func (r *runner) assignOnce(s *Step, res *StepResult) {
	idx, ok := r.nodeIndex(s, res)
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

// heartbeat runs node updates: one of node, or with nodes[] one of each
// in that order per round (the tests' loops of NodeUpdateSchedulerEvent),
// repeat rounds (default 1).
func (r *runner) heartbeat(s *Step, res *StepResult) {
	idxs, ok := r.heartbeatNodes(s, res)
	if !ok {
		return
	}
	var last any = "none"
	for round := 0; round < max(s.Repeat, 1); round++ {
		for _, idx := range idxs {
			for _, a := range r.eng.Heartbeat(idx) {
				out := assignmentOut(a)
				res.why = append(res.why, a.Why...)
				if out != "none" {
					res.Assignments = append(res.Assignments, out)
					last = out
				}
			}
		}
	}
	if res.Assignments == nil {
		res.Assignments = []any{}
	}
	res.Assignment, r.last = last, last
}

func (r *runner) complete(s *Step, res *StepResult) {
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

func (r *runner) finishApp(s *Step, res *StepResult) {
	r.errorResult(res, r.eng.FinishApp(s.App))
}

// killApp is the client's kill of one app (MockRM.killApp, an
// RMAppKillByClientEvent): it ends as finish_app ends it, but KILLED.
func (r *runner) killApp(s *Step, res *StepResult) {
	r.errorResult(res, r.eng.KillApp(s.App))
}

// refresh builds the modified configuration, checks it and applies it
// (op refresh) or only reports the verdict (op validate).
func (r *runner) refresh(s *Step, res *StepResult) {
	yarn, conf, empty := r.changedConfig(s)
	nm := buildModel(yarn, conf, empty, r.sc.version, r.eng.Cluster())
	v := refreshVerdict(r.eng.Model(), r.eng.WithDynamic(nm), r.eng, r.sc.version)
	if v.accepted() && s.Op == "refresh" {
		before := warningTexts(r.eng.Unmodelled())
		for _, msg := range r.eng.Refresh(nm, nil) {
			v.errs = append(v.errs, checkError{"ENGINE", msg})
			v.code, v.codes = "ENGINE", []string{"ENGINE"}
		}
		if v.accepted() {
			r.yarn, r.conf, r.empty = yarn, conf, empty
			res.Warnings = newWarnings(before, warningTexts(r.eng.Unmodelled()))
			// Hadoop's reinitialize throws after the new queues took
			// effect (updateRunnabilityOnReload); the engine promoted the
			// waiting apps all the same, so the step says so.
			if f := r.eng.ReloadFailure(); f != "" {
				res.Warnings = append(res.Warnings, f+"; the run reads that value as no limit")
			}
		}
	}
	res.Accepted = boolp(v.accepted())
	res.ReasonCode = v.code
	res.Errors = messages(v.errs)
	if s.Expect != nil {
		res.Failures = append(res.Failures, checkRefreshExpect(s.Expect, v, r.eng.Model())...)
	}
}

// changedConfig is the yarn-site and scheduler configuration a refresh
// step asks for: replace, then set, unset and yarn_site_set. A key the
// step sets or unsets (or a replace) loses its empty value from
// config_file: the step's own "" reads as an empty <value> element.
func (r *runner) changedConfig(s *Step) (yarn, conf map[string]string, empty map[string]bool) {
	yarn, conf = copyMap(r.yarn), copyMap(r.conf)
	empty = map[string]bool{}
	for k := range r.empty {
		empty[k] = true
	}
	if s.Replace != nil {
		conf, empty = copyMap(s.Replace), nil
	}
	for k, v := range s.Set {
		conf[k] = v
		delete(empty, k)
	}
	for _, k := range s.Unset {
		delete(conf, k)
		delete(empty, k)
	}
	for k, v := range s.YarnSiteSet {
		yarn[k] = v
	}
	return yarn, conf, empty
}

func (r *runner) addNodes(s *Step, res *StepResult) {
	var ns []Node
	var err error
	if len(s.Nodes) > 0 {
		err = json.Unmarshal(s.Nodes, &ns)
	}
	specs := clusterNodes(ns, s.NodeGroups)
	if err == nil {
		err = r.checkPartitions(specs)
	}
	if err == nil {
		err = r.eng.AddNodes(specs...)
	}
	r.errorResult(res, err)
}

// removeNodes takes node ids or node objects (only their ids count).
func (r *runner) removeNodes(s *Step, res *StepResult) {
	var ids []string
	err := json.Unmarshal(s.Nodes, &ids)
	if err != nil {
		var ns []Node
		if err = json.Unmarshal(s.Nodes, &ns); err == nil {
			for _, n := range ns {
				ids = append(ids, n.ID)
			}
		}
	}
	if err == nil {
		err = r.eng.RemoveNodes(ids...)
	}
	r.errorResult(res, err)
}

func (r *runner) replaceNode(s *Step, res *StepResult) {
	var n Node
	err := json.Unmarshal(s.Node, &n)
	if err == nil {
		specs := clusterNodes([]Node{n}, nil)
		if err = r.checkPartitions(specs); err == nil {
			if err = r.eng.RemoveNodes(n.ID); err == nil {
				err = r.eng.AddNodes(specs...)
			}
		}
	}
	r.errorResult(res, err)
}

// maxAllocationFromNodes is the tests' call of ClusterNodeTracker.
// setForceConfiguredMaxAllocation(false): from this step on the largest
// node caps the maximum allocation, as it does once a ResourceManager has
// run longer than the scheduling wait (a scenario's clock never gets
// there: Hadoop's tests run for less than those 10 seconds).
func (r *runner) maxAllocationFromNodes(_ *Step, res *StepResult) {
	r.eng.SetForceConfiguredMaxAllocation(false)
	r.errorResult(res, nil)
}

// preempt is capq's extension: one ProportionalCapacityPreemptionPolicy
// round at simulated time now_ms.
func (r *runner) preempt(s *Step, res *StepResult) {
	p := r.eng.Preempt(s.NowMS)
	res.Preemption = &PreemptResult{Selected: ids(p.Selected), Marked: ids(p.Marked), Killed: ids(p.Killed),
		MarkedByApp: p.MarkedByApp, KilledByApp: p.KilledByApp, ToObtainMB: map[string]int64{}}
	if len(p.Killable) > 0 {
		res.Preemption.Killable, res.Preemption.KillableByApp = p.Killable, p.KillableByApp
	}
	for q, v := range p.ToObtain {
		res.Preemption.ToObtainMB[q] = v.MemoryMB
	}
	res.Failures = append(res.Failures, checkCounts("marked", s.Marked, p.MarkedByApp, s.Unchecked)...)
	res.Failures = append(res.Failures, checkCounts("killed", s.Killed, p.KilledByApp, s.Unchecked)...)
	res.Failures = append(res.Failures, checkCounts("made killable", s.Killable, p.KillableByApp, s.Unchecked)...)
}

// checkCounts compares a preempt step's expected per-app counts with the
// round's: every app named must match, and every other app must have
// none unless it is unchecked (a test that asserts only some apps). A
// step without the field checks nothing.
func checkCounts(what string, want, got map[string]int, unchecked []string) []string {
	if want == nil {
		return nil
	}
	var out []string
	for _, app := range sortedKeys(union(want, got)) {
		if _, asserted := want[app]; !asserted && slices.Contains(unchecked, app) {
			continue
		}
		if want[app] != got[app] {
			out = append(out, fmt.Sprintf("%s containers of %q: want %d, got %d", what, app, want[app], got[app]))
		}
	}
	return out
}

func union(a, b map[string]int) map[string]int {
	u := make(map[string]int, len(a)+len(b))
	for k := range a {
		u[k] = 0
	}
	for k := range b {
		u[k] = 0
	}
	return u
}

func (r *runner) snapshot(_ *Step, res *StepResult) {
	st := r.eng.Snapshot()
	res.State, res.snap = sortedState(&st), &st
}

func (r *runner) expect(s *Step, res *StepResult) {
	st := r.eng.Snapshot()
	res.State, res.snap = sortedState(&st), &st
	res.Failures = r.checkExpect(s, &st)
	res.Passed = boolp(len(res.Failures) == 0)
}

// warningTexts renders warnings as the startup lists them.
func warningTexts(ws []engine.Warning) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.String()
	}
	return out
}

// newWarnings are the warnings in after that before did not have: what a
// refresh turned on that the engine does not model, shown on the step.
func newWarnings(before, after []string) []string {
	had := make(map[string]bool, len(before))
	for _, w := range before {
		had[w] = true
	}
	var out []string
	for _, w := range after {
		if !had[w] {
			out = append(out, w)
		}
	}
	return out
}
