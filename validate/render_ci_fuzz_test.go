package validate

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/capq/capq/xmlconf"
)

// FuzzCIRenderers: whatever a file name, queue or message holds (quotes,
// markup, newlines, pipes, percent signs, invalid UTF-8), the JUnit output
// is well-formed XML with a dotted classname, SARIF is valid JSON with one
// fingerprint per result, every GitHub annotation stays on one line, and
// the step summary has one table row per finding.
func FuzzCIRenderers(f *testing.F) {
	f.Add("conf/capacity-scheduler.xml", "root.a", "children of \"root\" sum to 99.9", uint8(3))
	f.Add("a b/c|d.xml", "root.<x>", "line1\nline2 | %0A ::error::", uint8(1))
	f.Add("../../x.xml", "", "\x00\xff]]>&amp;", uint8(2))
	f.Fuzz(func(t *testing.T, file, queue, msg string, sev uint8) {
		fd := xmlconf.Finding{Rule: "CS024", Severity: xmlconf.Severity(int(sev)%3 + 1), Pos: xmlconf.Pos{File: file, Line: 3, Col: 13},
			Queue: queue, Message: msg, Hint: msg}
		rep := Report{Files: []string{file}, Findings: []xmlconf.Finding{fd, fd}, FailOn: xmlconf.SeverityInfo,
			Unread: []Unread{{File: file, Line: 2, Col: 1, Message: msg}}}

		var junit bytes.Buffer
		if err := WriteJUnit(&junit, rep); err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Suites []struct {
				Cases []struct {
					Classname string `xml:"classname,attr"`
				} `xml:"testcase"`
			} `xml:"testsuite"`
		}
		if err := xml.Unmarshal(junit.Bytes(), &doc); err != nil {
			t.Fatalf("junit is not XML: %v\n%s", err, junit.String())
		}
		for _, s := range doc.Suites {
			for _, c := range s.Cases {
				if strings.Contains(c.Classname, "/") {
					t.Fatalf("classname %q has a slash", c.Classname)
				}
			}
		}

		var sarif bytes.Buffer
		if err := WriteSARIF(&sarif, rep); err != nil {
			t.Fatal(err)
		}
		var log sarifLog
		if err := json.Unmarshal(sarif.Bytes(), &log); err != nil {
			t.Fatalf("sarif is not JSON: %v", err)
		}
		for _, r := range log.Runs[0].Results {
			if len(r.PartialFingerprints[fingerprintKey]) != 32 {
				t.Fatalf("fingerprint %q", r.PartialFingerprints[fingerprintKey])
			}
		}

		var gh bytes.Buffer
		if err := WriteGitHub(&gh, rep); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(gh.String(), "\n"), "\n")
		if len(lines) != len(rep.Unread)+len(rep.Findings)+1 {
			t.Fatalf("%d lines for %d findings:\n%s", len(lines), len(rep.Findings), gh.String())
		}

		var sum bytes.Buffer
		if err := WriteGitHubSummary(&sum, rep); err != nil {
			t.Fatal(err)
		}
		rows := 0
		for _, l := range strings.Split(sum.String(), "\n") {
			if strings.HasPrefix(l, "| ") {
				rows++
			}
		}
		if rows != len(rep.Findings)+2 {
			t.Fatalf("%d table lines for %d findings:\n%s", rows, len(rep.Findings), sum.String())
		}
	})
}

// TestSARIFArtifacts: relative names are relative to %SRCROOT%; an
// absolute one (a file outside the repository) is a file:// URI.
func TestSARIFArtifacts(t *testing.T) {
	tests := []struct {
		file string
		want sarifArtifact
	}{
		{"conf/capacity-scheduler.xml", sarifArtifact{URI: "conf/capacity-scheduler.xml", URIBaseID: "%SRCROOT%"}},
		{"./a b.xml", sarifArtifact{URI: "a%20b.xml", URIBaseID: "%SRCROOT%"}},
		{"/etc/hadoop/capacity-scheduler.xml", sarifArtifact{URI: "file:///etc/hadoop/capacity-scheduler.xml"}},
		{"<stdin>", sarifArtifact{URI: "stdin", URIBaseID: "%SRCROOT%"}},
	}
	for _, tc := range tests {
		if got := sarifArtifactOf(tc.file); got != tc.want {
			t.Errorf("%q: got %+v, want %+v", tc.file, got, tc.want)
		}
	}
}
