package hadoop1

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/capq/capq/safeio"
)

// RenderText prints a run for a person: each step's decision and, after
// every heartbeat and refused submission, why each waiting job got no slot.
func RenderText(f *File, out *Output) []byte {
	var b bytes.Buffer
	title := f.ID
	if f.Title != "" {
		title += ": " + f.Title
	}
	safeio.Fprintf(&b, "scenario %s (hadoop1 engine, profile %s)\n", title, f.profile)
	if f.Test != "" {
		safeio.Fprintf(&b, "reproduces: %s\n", f.Test)
	}
	if out.Startup.Accepted {
		b.WriteString("startup: configuration accepted\n")
	} else {
		b.WriteString("startup: the JobTracker would not start\n")
		for _, e := range out.Startup.Errors {
			safeio.Fprintf(&b, "  error: %s\n", e)
		}
	}
	for _, w := range out.Warnings {
		safeio.Fprintf(&b, "  warning: %s\n", w)
	}
	for i, res := range out.Steps {
		writeStep(&b, &f.Steps[i], res)
	}
	if len(out.Failures) == 0 {
		b.WriteString("result: every expectation met\n")
	} else {
		safeio.Fprintf(&b, "result: %d expectation(s) not met\n", len(out.Failures))
		for _, m := range out.Failures {
			safeio.Fprintf(&b, "  %s\n", m)
		}
	}
	return b.Bytes()
}

func writeStep(b *bytes.Buffer, s *Step, res *StepResult) {
	safeio.Fprintf(b, "[%d] %s", res.Index, res.Op)
	switch s.Op {
	case "submit_job":
		verdict := "accepted"
		if res.Accepted != nil && !*res.Accepted {
			verdict = "refused: " + res.Reason
		}
		safeio.Fprintf(b, " %s to %s as %s: %s", s.Job, orDefault(s.Queue), s.User, verdict)
	case "init_jobs":
		safeio.Fprintf(b, ": initialized %s", list(res.Initialized))
		if len(res.Failed) > 0 {
			safeio.Fprintf(b, ", failed %s", list(res.Failed))
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
		safeio.Fprintf(b, " %s: %s", s.Tracker, list(ts))
		if res.Reserved != nil && res.Reserved.Map != nil {
			safeio.Fprintf(b, "; map slots reserved for %s", *res.Reserved.Map)
		}
		if res.Reserved != nil && res.Reserved.Reduce != nil {
			safeio.Fprintf(b, "; reduce slots reserved for %s", *res.Reserved.Reduce)
		}
	case "complete_tasks":
		safeio.Fprintf(b, " %s: %s", s.Job, list(res.Completed))
	case "refresh_queues":
		if res.Accepted != nil && !*res.Accepted {
			safeio.Fprintf(b, ": refused: %s", res.Reason)
		} else {
			b.WriteString(": accepted")
		}
	case "snapshot":
		// The state's JSON goes through JSONWriter, not Fprintf (which
		// leaves a []byte as it is): a job or user name's bidi override
		// or C1 control becomes a \u escape, and the layout's newlines stay.
		js, _ := json.MarshalIndent(res.State, "    ", "  ")
		b.WriteString("\n    ")
		_, _ = safeio.JSONWriter(b).Write(js)
	case "expect":
		if len(res.Failures) == 0 {
			b.WriteString(": met")
		}
	default:
		if res.Job != "" {
			safeio.Fprintf(b, " %s", res.Job)
		}
	}
	b.WriteString("\n")
	if s.Note != "" {
		safeio.Fprintf(b, "      note: %s\n", s.Note)
	}
	if res.Error != "" {
		safeio.Fprintf(b, "      error: %s\n", res.Error)
	}
	for _, w := range res.Why {
		safeio.Fprintf(b, "      why: %s\n", w)
	}
	for _, m := range res.Failures {
		if !strings.HasPrefix(m, "error: ") {
			safeio.Fprintf(b, "      unmet: %s\n", m)
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
	_, err = safeio.JSONWriter(w).Write(append(b, '\n'))
	return err
}
