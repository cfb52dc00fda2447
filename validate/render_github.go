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
// info findings become ::notice. The summary line is printed as-is.
func WriteGitHub(w io.Writer, r Report) error {
	bw := bufio.NewWriter(w)
	for _, f := range r.Findings {
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
