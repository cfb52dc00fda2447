package validate

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// DiffOptions say what `capq diff` prints beside the refresh result.
type DiffOptions struct {
	// OldName and NewName name the two configurations.
	OldName, NewName string
	// OldData and NewData are their bytes, for the unified diff.
	OldData, NewData []byte
	// Unified adds a unified diff of the two files (text and JSON).
	Unified bool
	// Colour colours the findings in text output.
	Colour bool
	// Version is capq's version, for SARIF's driver.version.
	Version string
}

// DiffReport is the refresh's findings as a Report, for callers that
// prepare SARIF or GitHub output themselves (paths from the repository
// root, the step summary) before calling Write.
func DiffReport(res *RefreshResult, o DiffOptions) Report {
	return Report{Tool: "capq diff", Version: o.Version, Files: []string{o.OldName, o.NewName},
		Findings: xmlconf.MergeFindings(res.Findings, res.Introduced)}
}

// WriteDiff renders a refresh result in format f (text, JSON, SARIF or
// GitHub annotations); the text ends with the verdict, where a CI log
// shows it.
func WriteDiff(w io.Writer, f Format, res *RefreshResult, o DiffOptions) error {
	rep := DiffReport(res, o)
	switch f {
	case FormatJSON:
		return writeDiffJSON(w, res, rep, o)
	case FormatSARIF, FormatGitHub:
		return Write(w, f, rep, RenderOptions{})
	}
	return writeDiffText(w, res, rep, o)
}

// writeDiffText prints each changed queue with its property diff next to
// it, the global changes, the findings, an optional unified diff and the
// verdict last.
func writeDiffText(w io.Writer, res *RefreshResult, rep Report, o DiffOptions) error {
	bw := bufio.NewWriter(w)
	safeio.Fprintf(bw, "capq diff %s → %s (Hadoop %s profile)\n\n", o.OldName, o.NewName, res.Version)
	writeQueueSummary(bw, res)
	for _, q := range res.Queues {
		switch {
		case q.Changed():
			writeQueueChange(bw, q)
		case len(q.Notes) > 0:
			writeUnchangedNotes(bw, q)
		}
	}
	if len(res.Global) > 0 || len(res.GlobalNotes) > 0 {
		fmt.Fprintln(bw, "\nscheduler-wide settings:")
		for _, p := range res.Global {
			safeio.Fprintf(bw, "    %s: %s → %s\n", p.Name, rawOrUnset(p.Old), rawOrUnset(p.New))
		}
		for _, n := range res.GlobalNotes {
			safeio.Fprintf(bw, "    note: %s\n", n)
		}
	}
	fmt.Fprintln(bw)
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := WriteText(w, rep, RenderOptions{Colour: o.Colour}); err != nil {
		return err
	}
	writeIntroduced(w, res.Introduced)
	if o.Unified {
		if u := UnifiedDiff(o.OldName, o.NewName, o.OldData, o.NewData); u != "" {
			fmt.Fprintf(w, "\n%s", printableLines(u)) // the unified diff's own lines
		}
	}
	return writeVerdict(w, res)
}

// writeIntroduced names, by rule and queue, the lint warnings NEW adds
// (their findings are in the list above): what a reviewer asks of a
// change ("it adds CS106 on root.b.b2").
func writeIntroduced(w io.Writer, fs []xmlconf.Finding) {
	if len(fs) == 0 {
		return
	}
	bw := bufio.NewWriter(w)
	noun := "warnings"
	if len(fs) == 1 {
		noun = "warning"
	}
	safeio.Fprintf(bw, "\nNEW introduces %d lint %s that OLD does not have:\n", len(fs), noun)
	for _, f := range fs {
		line := "    " + f.Rule
		if r := Lookup(f.Rule); r != nil {
			line += " " + r.Name
		}
		switch {
		case f.Queue != "" && f.Property != "":
			line += " on " + f.Queue + " (" + f.Property + ")"
		case f.Queue != "":
			line += " on " + f.Queue
		case f.Property != "":
			line += " on " + f.Property
		}
		safeio.Fprintf(bw, "%s\n", line)
	}
	_ = bw.Flush()
}

func writeQueueSummary(w io.Writer, res *RefreshResult) {
	counts := map[string]int{}
	changed := 0
	for _, q := range res.Queues {
		kind := q.Change
		if strings.Contains(kind, "-to-") {
			kind = "converted"
		}
		counts[kind]++
		if q.Changed() {
			changed++
		}
	}
	var parts []string
	for _, k := range []string{"added", "removed", "moved", "converted", "modified", "unchanged"} {
		if counts[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
		}
	}
	safeio.Fprintf(w, "queues: %s\n", strings.Join(parts, ", "))
}

// changeMark is the one-character marker of a change kind.
func changeMark(change string) string {
	switch change {
	case ChangeAdded:
		return "+"
	case ChangeRemoved:
		return "-"
	case ChangeMoved:
		return ">"
	case ChangeModified:
		return "~"
	case ChangeUnchanged:
		return "="
	}
	return "*"
}

func writeQueueChange(w io.Writer, q QueueChange) {
	head := fmt.Sprintf("%s %s  %s", changeMark(q.Change), q.Path, q.Change)
	if q.From != "" {
		head += " from " + q.From
	}
	safeio.Fprintf(w, "\n%s  [%s]\n", head, q.Action)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	prefix := xmlconf.Prefix + q.Path + "."
	for _, p := range q.Properties {
		safeio.Fprintf(tw, "    %s\t%s → %s\n", strings.TrimPrefix(p.Name, prefix), rawOrUnset(p.Old), rawOrUnset(p.New))
	}
	for _, p := range q.Effective {
		safeio.Fprintf(tw, "    %s (effective)\t%s → %s\n", p.Name, rawOrUnset(p.Old), rawOrUnset(p.New))
	}
	if q.State != nil {
		safeio.Fprintf(tw, "    live state\t%s → %s\n", q.State.Old, q.State.New)
	}
	writeAbsolute(tw, "absolute capacity", q.AbsoluteCapacity)
	writeAbsolute(tw, "absolute maximum", q.AbsoluteMaximumCapacity)
	if r := q.AbsoluteResources; r != nil {
		writeResources(tw, "guaranteed resources", r.Capacity)
		writeResources(tw, "maximum resources", r.Maximum)
	}
	tw.Flush()
	for _, n := range q.Notes {
		safeio.Fprintf(w, "    note: %s\n", n)
	}
	for i, step := range q.Procedure {
		safeio.Fprintf(w, "    %d. %s\n", i+1, step)
	}
}

// writeUnchangedNotes prints the notes of a queue nothing Hadoop reads
// changes for (an edit that writes out a default, ...), as JSON keeps
// them: the reader sees that capq saw the edit and why it is no change.
// No action: there is nothing to apply.
func writeUnchangedNotes(w io.Writer, q QueueChange) {
	safeio.Fprintf(w, "\n%s %s  %s\n", changeMark(q.Change), q.Path, q.Change)
	for _, n := range q.Notes {
		safeio.Fprintf(w, "    note: %s\n", n)
	}
}

// writeAbsolute prints a percentage pair when it changes (or on one side).
func writeAbsolute(w io.Writer, label string, c FloatChange) {
	if c.Old != nil && c.New != nil && *c.Old == *c.New {
		return
	}
	safeio.Fprintf(w, "    %s\t%s → %s\n", label, pctOrNone(c.Old), pctOrNone(c.New))
}

func writeResources(w io.Writer, label string, c ResourceChange) {
	if c.Old != nil && c.New != nil && c.Old.String() == c.New.String() {
		return
	}
	safeio.Fprintf(w, "    %s\t%s → %s\n", label, resOrNone(c.Old), resOrNone(c.New))
}

func pctOrNone(f *float64) string {
	if f == nil {
		return "-"
	}
	return strconv.FormatFloat(*f, 'f', -1, 64) + "%"
}

func resOrNone(r *xmlconf.Resource) string {
	if r == nil {
		return "-"
	}
	return r.String()
}

func rawOrUnset(s *string) string {
	if s == nil {
		return "(unset)"
	}
	return strconv.Quote(*s)
}

func writeVerdict(w io.Writer, res *RefreshResult) error {
	var err error
	if res.Accepted {
		_, err = safeio.Fprintf(w, "\nrefresh: accepted by Hadoop %s\n", res.Version)
		for _, c := range res.Caveats {
			if err == nil {
				_, err = safeio.Fprintf(w, "    but %s\n", c)
			}
		}
		return err
	}
	_, err = safeio.Fprintf(w, "\nrefresh: REFUSED by Hadoop %s (%s)\n    %s\n", res.Version,
		strings.Join(res.ReasonCodes(), ", "), res.HadoopError)
	return err
}

// printableLines passes each line of s through safeio.Printable, keeping
// the line breaks: the unified diff quotes the files' lines and names as
// they are, and a C1 control or a bidi override in a value (both legal
// in XML) must not reach the terminal raw.
func printableLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = safeio.Printable(l)
	}
	return strings.Join(lines, "\n")
}
