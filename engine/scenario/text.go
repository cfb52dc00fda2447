package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/safeio"
)

// WriteText writes a scenario run for a person: each step's decision,
// and for passes that assigned nothing (or skipped apps) the limit that
// blocked them.
func WriteText(w io.Writer, sc *Scenario, out *Output) error {
	var b bytes.Buffer
	title := sc.ID
	if sc.Title != "" {
		title += ": " + sc.Title
	}
	safeio.Fprintf(&b, "scenario %s\n", title)
	if out.Startup.Accepted {
		b.WriteString("startup: configuration accepted\n")
	} else {
		safeio.Fprintf(&b, "startup: configuration refused (%s)\n", out.Startup.ReasonCode)
		for _, e := range out.Startup.Errors {
			safeio.Fprintf(&b, "  error: %s\n", e)
		}
	}
	for _, w := range out.Startup.Warnings {
		safeio.Fprintf(&b, "  warning: %s\n", w)
	}
	for i, res := range out.Steps {
		writeStepText(&b, &sc.Steps[i], res)
	}
	if len(out.Failures) == 0 {
		b.WriteString("result: every expectation met\n")
	} else {
		safeio.Fprintf(&b, "result: %d expectation(s) not met\n", len(out.Failures))
		for _, f := range out.Failures {
			safeio.Fprintf(&b, "  %s\n", f)
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// writeStepText prints one step through its op's text function, then
// the step's failures.
func writeStepText(b *bytes.Buffer, s *Step, res *StepResult) {
	safeio.Fprintf(b, "[%d] %s", res.Index, res.Op)
	text := defaultText
	if o, ok := ops[s.Op]; ok {
		text = o.text
	}
	text(b, s, res)
	for _, w := range res.Warnings {
		safeio.Fprintf(b, "      warning: %s\n", w)
	}
	for _, f := range res.Failures {
		safeio.Fprintf(b, "      FAIL %s\n", f)
	}
}

func writeWhy(b *bytes.Buffer, res *StepResult) {
	for _, w := range res.why {
		safeio.Fprintf(b, "      why: %s\n", w)
	}
}

func submitText(b *bytes.Buffer, s *Step, res *StepResult) {
	safeio.Fprintf(b, " %s to %s as %s: %s", s.App, s.Queue, s.User, stepVerdict(res))
	if res.Queue != "" && res.Queue != s.Queue {
		safeio.Fprintf(b, " (in %s)", res.Queue)
	}
	if len(res.AutoCreated) > 0 {
		safeio.Fprintf(b, " created %s", strings.Join(res.AutoCreated, ", "))
	}
	b.WriteString("\n")
	writeWhy(b, res)
}

func expireText(b *bytes.Buffer, s *Step, res *StepResult) {
	safeio.Fprintf(b, " at %d ms: removed %d queue(s) %s\n", s.NowMS, len(res.Removed), strings.Join(res.Removed, ", "))
}

func appVerdictText(b *bytes.Buffer, s *Step, res *StepResult) {
	safeio.Fprintf(b, " %s: %s\n", s.App, stepVerdict(res))
}

func assignText(b *bytes.Buffer, s *Step, res *StepResult) {
	where := strings.Trim(string(s.Node), `"`)
	if where == "" && len(s.Nodes) > 0 {
		var ids []string
		_ = json.Unmarshal(s.Nodes, &ids)
		where = strings.Join(ids, ",")
	}
	if s.Op == "heartbeat" && s.Repeat > 1 {
		where += fmt.Sprintf(" x%d", s.Repeat)
	}
	safeio.Fprintf(b, " %s:", where)
	as := res.Assignments
	if len(as) == 0 && res.Assignment != nil {
		as = []any{res.Assignment}
	}
	if len(as) == 0 {
		as = []any{"none"}
	}
	texts := make([]string, len(as))
	for i, a := range as {
		texts[i] = assignmentText(a)
	}
	b.WriteString(" " + strings.Join(texts, "; ") + "\n")
	writeWhy(b, res)
}

func completeText(b *bytes.Buffer, s *Step, res *StepResult) {
	n := 0
	if res.Released != nil {
		n = *res.Released
	}
	safeio.Fprintf(b, " %s: %d container(s) released\n", s.App, n)
}

func preemptText(b *bytes.Buffer, s *Step, res *StepResult) {
	if p := res.Preemption; p != nil {
		safeio.Fprintf(b, " at %d ms: %d container(s) selected, %d marked, %d killed", s.NowMS, len(p.Selected), len(p.Marked), len(p.Killed))
		if len(p.Killable) > 0 {
			safeio.Fprintf(b, ", %d made killable", len(p.Killable))
		}
		for _, app := range sortedKeys(p.MarkedByApp) {
			safeio.Fprintf(b, "; %s: %d marked", app, p.MarkedByApp[app])
		}
		for _, app := range sortedKeys(p.KilledByApp) {
			safeio.Fprintf(b, "; %s: %d killed", app, p.KilledByApp[app])
		}
		for _, app := range sortedKeys(p.KillableByApp) {
			safeio.Fprintf(b, "; %s: %d made killable", app, p.KillableByApp[app])
		}
		for _, q := range sortedKeys(p.ToObtainMB) {
			safeio.Fprintf(b, "; %s gives back %d MB", q, p.ToObtainMB[q])
		}
	}
	b.WriteString("\n")
}

func refreshText(b *bytes.Buffer, _ *Step, res *StepResult) {
	safeio.Fprintf(b, ": %s\n", stepVerdict(res))
	for _, e := range res.Errors {
		safeio.Fprintf(b, "      error: %s\n", e)
	}
}

// snapshotText prints an expect step's outcome, and a snapshot's state.
func snapshotText(b *bytes.Buffer, s *Step, res *StepResult) {
	if res.Passed != nil {
		if *res.Passed {
			b.WriteString(": ok")
		} else {
			b.WriteString(": NOT MET")
		}
	}
	b.WriteString("\n")
	if res.snap != nil && s.Op == "snapshot" {
		writeStateText(b, res.snap)
	}
}

// defaultText is "APP: verdict" (or ": verdict" for a step without app),
// also for unknown ops.
func defaultText(b *bytes.Buffer, s *Step, res *StepResult) {
	if s.App != "" {
		b.WriteString(" " + s.App)
	}
	safeio.Fprintf(b, ": %s\n", stepVerdict(res))
}

func stepVerdict(res *StepResult) string {
	switch {
	case res.Accepted == nil:
		return "done"
	case *res.Accepted:
		return "accepted"
	case res.Reason != "":
		return "refused: " + res.Reason
	}
	return "refused (" + res.ReasonCode + ")"
}

func assignmentText(a any) string {
	j, ok := a.(assignmentJSON)
	if !ok {
		return "nothing assigned"
	}
	return fmt.Sprintf("%s %s (%s) %d MB/%d vcores priority %d %s on %s", j.App, j.Kind, j.Queue, j.MemoryMB, j.VCores, j.Priority, j.Locality, j.Node)
}

func writeStateText(b *bytes.Buffer, st *engine.State) {
	for _, p := range sortedKeys(st.Queues) {
		q := st.Queues[p]
		safeio.Fprintf(b, "      queue %-24s %-6s used %6d MB (reserved %d) used-capacity %.4f abs-used %.4f", p, q.Type, q.UsedMB, q.ReservedMB, q.UsedCapacity, q.AbsoluteUsedCapacity)
		if q.Type == "leaf" {
			safeio.Fprintf(b, " apps %d active/%d pending, AM limit %d MB, active users %d", q.NumActiveApps, q.NumPendingApps, q.AMLimitMB, q.ActiveUsers)
		}
		b.WriteString("\n")
	}
	ids := make([]string, 0, len(st.Apps))
	for id := range st.Apps {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		a := st.Apps[id]
		safeio.Fprintf(b, "      app %-10s %-20s %-10s %-8s allocated %6d MB reserved %d headroom %d pending %d", id, a.Queue, a.User, a.State, a.AllocatedMB, a.ReservedMB, a.HeadroomMB, a.PendingMB)
		if a.Diagnostics != "" {
			safeio.Fprintf(b, " (%s)", a.Diagnostics)
		}
		b.WriteString("\n")
	}
	for _, k := range sortedKeys(st.Users) {
		u := st.Users[k]
		safeio.Fprintf(b, "      user %-30s limit %6d MB used %6d MB\n", k, u.UserLimitMB, u.UsedMB)
	}
}
