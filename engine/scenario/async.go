package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// asyncSchedule is op async_schedule: `repeat` (default 1) calls of
// CapacityScheduler.schedule(cs), the asynchronous scheduling thread's
// pass over every node (or, with multi-node placement, every partition),
// at most one container per node or partition each (engine.AsyncPass).
// It works whether or not schedule-asynchronously.enable is set, as
// Hadoop's tests call schedule(cs) or allocateContainersToNode directly.
// With the setting on, a heartbeat step schedules nothing
// (CapacityScheduler.nodeUpdate), so a scenario of an asynchronous
// cluster advances with this op.
func (r *runner) asyncSchedule(s *Step, res *StepResult) {
	if s.NowMS > 0 {
		r.eng.SetTime(s.NowMS)
	}
	passes := int64(max(s.Repeat, 1))
	if !r.chargeVisits(s, res, passes) {
		return
	}
	var last any = "none"
	for i := int64(0); i < passes; i++ {
		pass := r.asyncPasses
		r.asyncPasses++
		for _, a := range r.eng.AsyncPass(pass) {
			out := assignmentOut(a)
			res.why = append(res.why, a.Why...)
			if out != "none" {
				res.Assignments = append(res.Assignments, out)
				last = out
			}
		}
	}
	if res.Assignments == nil {
		res.Assignments = []any{}
	}
	res.Assignment, r.last = last, last
}

// asyncText prints the passes' assignments.
func asyncText(b *bytes.Buffer, s *Step, res *StepResult) {
	fmt.Fprintf(b, " %d pass(es):", max(s.Repeat, 1))
	texts := []string{"none"}
	if len(res.Assignments) > 0 {
		texts = texts[:0]
		for _, a := range res.Assignments {
			texts = append(texts, assignmentText(a))
		}
	}
	b.WriteString(" " + strings.Join(texts, "; ") + "\n")
	writeWhy(b, res)
}

// maxAsyncVisits bounds the node visits of the passes that walk every
// node: async_schedule steps, and assign_once and heartbeat steps with
// multi-node placement.
const maxAsyncVisits = 10_000_000

// chargeVisits books passes x nodes visits for the step, or fails it when
// the scenario would go past maxAsyncVisits (repeat and the node bounds
// alone would allow 10^10).
func (r *runner) chargeVisits(s *Step, res *StepResult, passes int64) bool {
	visits := passes * int64(max(r.eng.NumNodes(), 1))
	if r.asyncVisits+visits > maxAsyncVisits {
		r.errorResult(res, fmt.Errorf("%s: the steps visit more than %d nodes in all (passes x nodes)", s.Op, maxAsyncVisits))
		return false
	}
	r.asyncVisits += visits
	return true
}

// multiNodeBounded wraps a step that runs scheduling passes: with
// multi-node placement each pass walks the partition, so it is charged.
func multiNodeBounded(run func(*runner, *Step, *StepResult)) func(*runner, *Step, *StepResult) {
	return func(r *runner, s *Step, res *StepResult) {
		if r.eng != nil && r.eng.MultiNode() && !r.chargeVisits(s, res, stepPasses(s)) {
			return
		}
		run(r, s, res)
	}
}

// takesRepeat reports whether an op takes `repeat`.
func takesRepeat(op string) bool {
	return op == "assign_once" || op == "heartbeat" || op == "async_schedule"
}

// stepPasses is how many scheduling passes a step asks for at least:
// repeat rounds, each a pass per node listed in a heartbeat's nodes.
func stepPasses(s *Step) int64 {
	n := int64(max(s.Repeat, 1))
	var ids []string
	if len(s.Nodes) > 0 && json.Unmarshal(s.Nodes, &ids) == nil && len(ids) > 0 {
		n *= int64(len(ids))
	}
	return n
}
