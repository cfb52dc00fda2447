package validate

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// WriteGitHub prints GitHub Actions workflow commands, one per finding,
// so findings show as annotations on the pull request:
//
//	::error file=conf/capacity-scheduler.xml,line=12,col=5,title=CS024 capacity-sum::Illegal capacity ...
//
// info findings become ::notice. Errors come first, then warnings, then
// notices: GitHub shows at most 10 annotations of each type per step, and
// the ones that fail the job must not be the ones it drops. The summary
// line is printed as-is.
func WriteGitHub(w io.Writer, r Report) error {
	bw := bufio.NewWriter(w)
	for _, f := range r.severityFirst() {
		cmd := "notice"
		switch f.Severity {
		case xmlconf.SeverityError:
			cmd = "error"
		case xmlconf.SeverityWarning:
			cmd = "warning"
		}
		props := []string{"file=" + ghProp(f.File)}
		if f.Line > 0 {
			props = append(props, fmt.Sprintf("line=%d", f.Line))
		}
		if f.Col > 0 {
			props = append(props, fmt.Sprintf("col=%d", f.Col))
		}
		props = append(props, "title="+ghProp(f.Rule+" "+r.ruleFor(f.Rule).Name))
		msg := f.Message
		if f.Hint != "" {
			msg += "\n" + f.Hint
		}
		fmt.Fprintf(bw, "::%s %s::%s\n", cmd, strings.Join(props, ","), ghData(msg))
	}
	fmt.Fprintln(bw, textSummary(r))
	return bw.Flush()
}

// ghData escapes a workflow-command message.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProp escapes a workflow-command property value.
func ghProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// WriteGitHubSummary writes a Markdown job summary for
// $GITHUB_STEP_SUMMARY: the counts, then one table row per finding
// (errors first), so a run with more findings than GitHub annotates still
// lists them all on the run's page.
func WriteGitHubSummary(w io.Writer, r Report) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "### %s\n\n%s\n\n", r.tool(), textSummary(r))
	if len(r.Findings) > 0 {
		fmt.Fprintln(bw, "| Severity | Rule | Location | Message |")
		fmt.Fprintln(bw, "| --- | --- | --- | --- |")
		for _, f := range r.severityFirst() {
			loc := f.File
			if f.Line > 0 {
				loc += fmt.Sprintf(":%d", f.Line)
			}
			rule := f.Rule + " " + r.ruleFor(f.Rule).Name
			fmt.Fprintf(bw, "| %s | %s | %s | %s |\n", f.Severity, mdCell(rule), mdCell("`"+loc+"`"), mdCell(f.Message))
		}
		fmt.Fprintln(bw)
	}
	return bw.Flush()
}

// mdCell keeps a value inside one Markdown table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", "\\|", "\r", " ", "\n", " ").Replace(s)
}
