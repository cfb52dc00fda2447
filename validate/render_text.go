package validate

import (
	"bufio"
	"fmt"
	"io"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiCyan   = "\x1b[36m"
	ansiDim    = "\x1b[2m"
)

// WriteText prints one finding per line as `file:line:col: severity ID:
// message`, an indented hint under it, and a one-line summary:
//
//	capacity-scheduler.xml:12:5: error CS024: Illegal capacity sum of 0.9 ...
//	    hint: children's capacities must add up to 100 (±0.05)
//	1 file: 1 error, 0 warnings, 0 infos
func WriteText(w io.Writer, r Report, o RenderOptions) error {
	bw := bufio.NewWriter(w)
	for _, f := range r.Findings {
		sev := f.Severity.String()
		if o.Colour {
			sev = severityColour(f.Severity) + sev + ansiReset
		}
		// Messages and hints quote names as written; Printable keeps a
		// newline inside one from starting a line of its own.
		fmt.Fprintf(bw, "%s: %s %s: %s\n", safeio.Printable(f.Pos.String()), sev, f.Rule, safeio.Printable(f.Message))
		if f.Hint != "" {
			hint := "hint: " + safeio.Printable(f.Hint)
			if o.Colour {
				hint = ansiDim + hint + ansiReset
			}
			fmt.Fprintf(bw, "    %s\n", hint)
		}
	}
	fmt.Fprintln(bw, textSummary(r))
	return bw.Flush()
}

func severityColour(s xmlconf.Severity) string {
	switch s {
	case xmlconf.SeverityError:
		return ansiBold + ansiRed
	case xmlconf.SeverityWarning:
		return ansiYellow
	}
	return ansiCyan
}

// textSummary is the last line of text output.
func textSummary(r Report) string {
	e, wn, i := r.Counts()
	s := fmt.Sprintf("%s: %s, %s, %s", plural(len(r.allFiles()), "file"), plural(e, "error"), plural(wn, "warning"), plural(i, "info"))
	if r.Suppressed > 0 {
		s += fmt.Sprintf(" (%d suppressed)", r.Suppressed)
	}
	if r.Baselined > 0 {
		s += fmt.Sprintf(" (%d in baseline)", r.Baselined)
	}
	return s
}
