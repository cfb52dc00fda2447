package validate

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"strings"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// JUnit XML as Jenkins' junit-10.xsd (xunit-plugin) defines it: one
// <testsuite> per file and one <testcase> per rule that ran, so CI
// dashboards show which checks passed for which file. A test case fails
// when the rule has findings at or above the fail level; lower findings go
// to its <system-out>. A file capq cannot read (exit 2) is a suite of its
// own with one test case in error; errors is written even when 0: older
// junit-10.xsd copies and several consumers require it.
//
// classname is the file as a Java-style class name: Jenkins splits it at
// the last dot into package and class, so "conf/capacity-scheduler.xml"
// would be package "conf/capacity-scheduler", class "xml". junitClass
// makes it package "conf", class "capacity-scheduler_xml".

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Line      int           `xml:"line,attr,omitempty"`
	Error     *junitFailure `xml:"error,omitempty"`
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
	for _, u := range r.Unread {
		s := junitUnreadSuite(u)
		out.Tests++
		out.Errors++
		out.Suites = append(out.Suites, s)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	// Encoded whole first: the encoder's buffer may split a character
	// between writes, and XMLWriter escapes whole characters.
	var buf bytes.Buffer
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	buf.WriteString("\n")
	_, err := safeio.XMLWriter(w).Write(buf.Bytes())
	return err
}

// junitUnreadSuite is the suite of an input capq could not read: one
// test case, "read", in error (junit-10.xsd's error: the test could not
// run), so the report says the file went unchecked.
func junitUnreadSuite(u Unread) junitSuite {
	file := u.File
	if file == "" {
		file = "capq"
	}
	msg, _, _ := strings.Cut(u.Message, "\n")
	c := junitCase{Name: "read", Classname: junitClass(file), File: u.File, Line: u.Line,
		Error: &junitFailure{Message: msg, Type: "unreadable", Text: u.Message}}
	return junitSuite{Name: file, Tests: 1, Errors: 1, Cases: []junitCase{c}}
}

func junitCaseFor(r Report, file string, rule *Rule, fs []xmlconf.Finding) junitCase {
	// file and line (junit-10.xsd allows both) let GitLab and others link
	// a failure to the file; line is the first failing finding's.
	c := junitCase{Name: rule.ID + " " + rule.Name, Classname: junitClass(file), File: file}
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
			if len(fail) == 0 && f.Line > 0 {
				c.Line = f.Line
			}
			fail = append(fail, line)
			worst = max(worst, f.Severity)
			continue
		}
		other = append(other, line)
	}
	if len(fail) > 0 {
		c.Failure = &junitFailure{Message: junitMessage(fs, rule.ID, r.failOn()), Type: worst.String(), Text: strings.Join(fail, "\n")}
	}
	if len(other) > 0 {
		c.SystemOut = strings.Join(other, "\n")
	}
	return c
}

// junitClass turns a file path into a class name Jenkins groups by
// directory: path separators become dots (packages) and the dots of the
// file name become underscores, so the class is the file's name.
func junitClass(file string) string {
	p := strings.TrimPrefix(filepath.ToSlash(file), "./")
	dir, base := path.Split(p)
	base = strings.ReplaceAll(base, ".", "_")
	dir = strings.Trim(strings.ReplaceAll(strings.ReplaceAll(dir, ".", "_"), "/", "."), ".")
	if dir == "" {
		return base
	}
	return dir + "." + base
}

// junitMessage says what failed in one line, as CI dashboards show the
// message attribute beside the test name: the first failing finding's
// position and message, and how many more there are.
func junitMessage(fs []xmlconf.Finding, rule string, failOn xmlconf.Severity) string {
	var first *xmlconf.Finding
	n := 0
	for i := range fs {
		if fs[i].Rule != rule || fs[i].Severity < failOn {
			continue
		}
		if first == nil {
			first = &fs[i]
		}
		n++
	}
	if first == nil {
		return ""
	}
	msg := first.Message
	if first.Line > 0 {
		msg = fmt.Sprintf("line %d: %s", first.Line, msg)
	}
	if n > 1 {
		msg += fmt.Sprintf(" (and %d more)", n-1)
	}
	return msg
}
