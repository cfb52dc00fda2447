package validate

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// JUnit XML: one <testsuite> per file and one <testcase> per rule that
// ran, so CI dashboards show which checks passed for which file. A test
// case fails when the rule has findings at or above the fail level; lower
// findings go to its <system-out>.

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// WriteJUnit prints the report as JUnit XML.
func WriteJUnit(w io.Writer, r Report) error {
	byFile := map[string][]xmlconf.Finding{}
	files := append([]string(nil), r.Files...)
	known := map[string]bool{}
	for _, f := range files {
		known[f] = true
	}
	for _, f := range r.Findings {
		if !known[f.File] {
			known[f.File] = true
			files = append(files, f.File)
		}
		byFile[f.File] = append(byFile[f.File], f)
	}
	out := junitSuites{Name: r.tool()}
	rules := r.allRules()
	for _, file := range files {
		s := junitSuite{Name: file}
		for _, rule := range rules {
			c := junitCaseFor(r, file, rule, byFile[file])
			s.Tests++
			if c.Failure != nil {
				s.Failures++
			}
			s.Cases = append(s.Cases, c)
		}
		out.Tests += s.Tests
		out.Failures += s.Failures
		out.Suites = append(out.Suites, s)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func junitCaseFor(r Report, file string, rule *Rule, fs []xmlconf.Finding) junitCase {
	c := junitCase{Name: rule.ID + " " + rule.Name, Classname: file}
	var fail, other []string
	worst := xmlconf.Severity(0)
	for _, f := range fs {
		if f.Rule != rule.ID {
			continue
		}
		line := fmt.Sprintf("%s: %s %s: %s", f.Pos, f.Severity, f.Rule, f.Message)
		if f.Hint != "" {
			line += "\n    hint: " + f.Hint
		}
		if f.Severity >= r.failOn() {
			fail = append(fail, line)
			worst = max(worst, f.Severity)
			continue
		}
		other = append(other, line)
	}
	if len(fail) > 0 {
		c.Failure = &junitFailure{Message: plural(len(fail), "finding"), Type: worst.String(), Text: strings.Join(fail, "\n")}
	}
	if len(other) > 0 {
		c.SystemOut = strings.Join(other, "\n")
	}
	return c
}
