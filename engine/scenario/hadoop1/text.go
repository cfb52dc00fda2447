package hadoop1

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// RenderText prints a run for a person: each step's decision and, after
// every heartbeat and refused submission, why each waiting job got no slot.
func RenderText(f *File, out *Output) []byte {
	var b bytes.Buffer
	title := f.ID
	if f.Title != "" {
		title += ": " + f.Title
	}
	fmt.Fprintf(&b, "scenario %s (hadoop1 engine, profile %s)\n", title, f.profile)
	if f.Test != "" {
		fmt.Fprintf(&b, "reproduces: %s\n", f.Test)
	}
	if out.Startup.Accepted {
		b.WriteString("startup: configuration accepted\n")
	} else {
		b.WriteString("startup: the JobTracker would not start\n")
		for _, e := range out.Startup.Errors {
			fmt.Fprintf(&b, "  error: %s\n", e)
		}
	}
	for _, w := range out.Warnings {
		fmt.Fprintf(&b, "  warning: %s\n", w)
	}
	for i, res := range out.Steps {
		writeStep(&b, &f.Steps[i], res)
	}
	if len(out.Failures) == 0 {
		b.WriteString("result: every expectation met\n")
	} else {
		fmt.Fprintf(&b, "result: %d expectation(s) not met\n", len(out.Failures))
		for _, m := range out.Failures {
			fmt.Fprintf(&b, "  %s\n", m)
		}
	}
	return b.Bytes()
}

func writeStep(b *bytes.Buffer, s *Step, res *StepResult) {
	fmt.Fprintf(b, "[%d] %s", res.Index, res.Op)
	switch s.Op {
	case "submit_job":
		verdict := "accepted"
		if res.Accepted != nil && !*res.Accepted {
			verdict = "refused: " + res.Reason
		}
		fmt.Fprintf(b, " %s to %s as %s: %s", s.Job, orDefault(s.Queue), s.User, verdict)
	case "init_jobs":
		fmt.Fprintf(b, ": initialized %s", list(res.Initialized))
		if len(res.Failed) > 0 {
			fmt.Fprintf(b, ", failed %s", list(res.Failed))
		}
	case "heartbeat":
		var ts []string
		for _, t := range res.Tasks {
			x := fmt.Sprintf("%s (%d slot", t.Task, t.Slots)
			if t.Slots != 1 {
				x += "s"
			}
			if t.Locality != nil {
				x += ", " + *t.Locality
			}
			ts = append(ts, x+")")
		}
		fmt.Fprintf(b, " %s: %s", s.Tracker, list(ts))
		if res.Reserved != nil && res.Reserved.Map != nil {
			fmt.Fprintf(b, "; map slots reserved for %s", *res.Reserved.Map)
		}
		if res.Reserved != nil && res.Reserved.Reduce != nil {
			fmt.Fprintf(b, "; reduce slots reserved for %s", *res.Reserved.Reduce)
		}
	case "complete_tasks":
		fmt.Fprintf(b, " %s: %s", s.Job, list(res.Completed))
	case "refresh_queues":
		if res.Accepted != nil && !*res.Accepted {
			fmt.Fprintf(b, ": refused: %s", res.Reason)
		} else {
			b.WriteString(": accepted")
		}
	case "snapshot":
		js, _ := json.MarshalIndent(res.State, "    ", "  ")
		fmt.Fprintf(b, "\n    %s", js)
	case "expect":
		if len(res.Failures) == 0 {
			b.WriteString(": met")
		}
	default:
		if res.Job != "" {
			fmt.Fprintf(b, " %s", res.Job)
		}
	}
	b.WriteString("\n")
	if s.Note != "" {
		fmt.Fprintf(b, "      note: %s\n", s.Note)
	}
	if res.Error != "" {
		fmt.Fprintf(b, "      error: %s\n", res.Error)
	}
	for _, w := range res.Why {
		fmt.Fprintf(b, "      why: %s\n", w)
	}
	for _, m := range res.Failures {
		if !strings.HasPrefix(m, "error: ") {
			fmt.Fprintf(b, "      unmet: %s\n", m)
		}
	}
}

func orDefault(q string) string {
	if q == "" {
		return "default"
	}
	return q
}

func list(l []string) string {
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, ", ")
}

// WriteText writes RenderText's output.
func WriteText(w io.Writer, f *File, out *Output) error {
	_, err := w.Write(RenderText(f, out))
	return err
}

// WriteJSON writes a run as indented JSON; keys are sorted, so the output
// is byte-stable.
func WriteJSON(w io.Writer, out *Output) error {
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
