package validate

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/capq/capq/safeio"
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
// line is printed as-is. Names from input go through safeio.Printable
// first, as in text output: the job log and the annotation show them, and
// an escape sequence or a bidi override must not act there.
func WriteGitHub(w io.Writer, r Report) error {
	bw := bufio.NewWriter(w)
	for _, u := range r.Unread {
		writeUnreadAnnotation(bw, u)
	}
	for _, f := range r.severityFirst() {
		cmd := "notice"
		switch f.Severity {
		case xmlconf.SeverityError:
			cmd = "error"
		case xmlconf.SeverityWarning:
			cmd = "warning"
		}
		props := []string{"file=" + ghProp(safeio.Printable(f.File))}
		if f.Line > 0 {
			props = append(props, fmt.Sprintf("line=%d", f.Line))
		}
		if f.Col > 0 {
			props = append(props, fmt.Sprintf("col=%d", f.Col))
		}
		props = append(props, "title="+ghProp(f.Rule+" "+r.ruleFor(f.Rule).Name))
		msg := safeio.Printable(f.Message)
		if f.Hint != "" {
			msg += "\n" + safeio.Printable(f.Hint)
		}
		fmt.Fprintf(bw, "::%s %s::%s\n", cmd, strings.Join(props, ","), ghData(msg))
	}
	fmt.Fprintln(bw, textSummary(r))
	return bw.Flush()
}

// writeUnreadAnnotation annotates an input capq could not read, on its
// line when the reader said where (malformed XML).
func writeUnreadAnnotation(w io.Writer, u Unread) {
	var props []string
	if u.File != "" {
		props = append(props, "file="+ghProp(safeio.Printable(u.File)))
	}
	if u.Line > 0 {
		props = append(props, fmt.Sprintf("line=%d", u.Line))
	}
	if u.Col > 0 {
		props = append(props, fmt.Sprintf("col=%d", u.Col))
	}
	props = append(props, "title="+ghProp("capq could not read this file"))
	lines := strings.Split(u.Message, "\n")
	for i := range lines {
		lines[i] = safeio.Printable(lines[i])
	}
	fmt.Fprintf(w, "::error %s::%s\n", strings.Join(props, ","), ghData(strings.Join(lines, "\n")))
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
			fmt.Fprintf(bw, "| %s | %s | %s | %s |\n", f.Severity, mdText(rule), mdCode(loc), mdText(f.Message))
		}
		fmt.Fprintln(bw)
	}
	return bw.Flush()
}

// mdText keeps a value from input inside one Markdown table cell as
// plain text: control and bidi characters escaped (safeio.Printable, which
// also turns a newline into \n), and every character that GitHub Markdown
// gives a meaning inside a line (emphasis, links and images, inline HTML
// and entities, strikethrough, math, mentions, the cell's pipe)
// backslash-escaped, as CommonMark allows for any ASCII punctuation. A
// queue named ![x](https://host/pixel.png) would otherwise load an image
// on the run's page.
func mdText(s string) string {
	return mdEscaper.Replace(safeio.Printable(s))
}

var mdEscaper = strings.NewReplacer(
	"\\", "\\\\", "`", "\\`", "*", "\\*", "_", "\\_", "[", "\\[", "]", "\\]",
	"<", "\\<", ">", "\\>", "&", "\\&", "!", "\\!", "|", "\\|", "~", "\\~", "$", "\\$", "@", "\\@",
)

// mdCode writes s as a code span in a table cell: a fence of one backtick
// more than the longest run inside (CommonMark), spaces inside the fence
// when s starts or ends with one, and "|" escaped, which GitHub's table
// parser needs even inside a code span.
func mdCode(s string) string {
	s = strings.ReplaceAll(safeio.Printable(s), "|", "\\|")
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

func longestRun(s string, c byte) int {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] != c {
			run = 0
			continue
		}
		run++
		longest = max(longest, run)
	}
	return longest
}
