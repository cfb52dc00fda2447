package validate

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

// lintCase is one folder under testdata/lint: the inputs and case.txt,
// which says the Hadoop profile and, per rule, whether the case must
// produce a finding ("fail RULE [severity]") or must not ("pass RULE").
type lintCase struct {
	name, dir string
	version   xmlconf.Version
	untrusted bool              // "untrusted": read as input from a pull request
	fail      map[string]string // rule -> severity ("" any)
	pass      []string
	// quiet, when set ("quiet warning"), forbids any finding at or above
	// that severity: the real-* corpus asserts it (issue 20's noise).
	quiet xmlconf.Severity
}

func readCases(t *testing.T) []lintCase {
	t.Helper()
	base := filepath.Join(golden.RepoRoot(), "testdata", "lint")
	entries, err := os.ReadDir(base)
	require.NoError(t, err)
	var out []lintCase
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		c := lintCase{name: e.Name(), dir: filepath.Join(base, e.Name()), fail: map[string]string{}}
		data, err := os.ReadFile(filepath.Join(c.dir, "case.txt"))
		require.NoError(t, err, c.name)
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) == 1 && f[0] == "untrusted" {
				c.untrusted = true
				continue
			}
			if len(f) < 2 || strings.HasPrefix(f[0], "#") {
				continue
			}
			switch f[0] {
			case "version":
				c.version, err = xmlconf.ParseVersion(f[1])
				require.NoError(t, err, c.name)
			case "fail":
				c.fail[f[1]] = strings.Join(f[2:], "")
			case "pass":
				c.pass = append(c.pass, f[1])
			case "quiet":
				c.quiet, err = xmlconf.ParseSeverity(f[1])
				require.NoError(t, err, c.name)
			default:
				t.Fatalf("%s/case.txt: unknown directive %q", c.name, f[0])
			}
		}
		out = append(out, c)
	}
	return out
}

// TestLintCases checks every case's expectations and its text output
// against golden/lint/cases/<case>.txt.
func TestLintCases(t *testing.T) {
	for _, c := range readCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := loadDirWith(t, c.dir, c.version, c.untrusted)
			rel, _ := filepath.Rel(golden.RepoRoot(), c.dir)
			res := Run(m, Options{Version: c.version, File: filepath.ToSlash(filepath.Join(rel, "capacity-scheduler.xml"))})
			got := map[string][]xmlconf.Severity{}
			for _, f := range res.Findings {
				got[f.Rule] = append(got[f.Rule], f.Severity)
			}
			for rule, sev := range c.fail {
				require.NotNil(t, Lookup(rule), "unknown rule %s", rule)
				if assert.NotEmpty(t, got[rule], "want a %s finding", rule) && sev != "" {
					want, err := xmlconf.ParseSeverity(sev)
					require.NoError(t, err)
					assert.Contains(t, got[rule], want, "%s severity", rule)
				}
			}
			for _, rule := range c.pass {
				require.NotNil(t, Lookup(rule), "unknown rule %s", rule)
				assert.Empty(t, got[rule], "want no %s finding", rule)
			}
			assert.Empty(t, got[ruleInternal.ID], "internal error")
			if c.quiet != 0 {
				for _, f := range res.Findings {
					assert.Less(t, f.Severity, c.quiet, "quiet %s: %s %s", c.quiet, f.Rule, f.Message)
				}
			}
			var buf bytes.Buffer
			// The report names the file the findings are in, as capq lint
			// does (a directory argument is its capacity-scheduler.xml).
			file := filepath.Join(rel, "capacity-scheduler.xml")
			if _, err := os.Stat(filepath.Join(c.dir, "capacity-scheduler.xml")); err != nil {
				file = rel
			}
			require.NoError(t, WriteText(&buf, Report{Files: []string{filepath.ToSlash(file)}, Findings: res.Findings, Suppressed: len(res.Suppressed)}, RenderOptions{}))
			golden.Assert(t, "lint/cases/"+c.name+".txt", buf.Bytes())
		})
	}
}

// TestRegistry: every rule has complete docs, a unique ID and name, and at
// least one failing and one passing case under testdata/lint.
func TestRegistry(t *testing.T) {
	cases := readCases(t)
	ids, names := map[string]bool{}, map[string]bool{}
	for _, r := range Rules() {
		assert.False(t, ids[r.ID], "duplicate ID %s", r.ID)
		assert.False(t, names[r.Name], "duplicate name %s", r.Name)
		ids[r.ID], names[r.Name] = true, true
		d := r.Docs
		for field, v := range map[string]string{"summary": d.Summary, "why": d.Why, "bad": d.Bad, "good": d.Good, "source": d.Source, "versions": d.Versions} {
			assert.NotEmpty(t, v, "%s docs.%s", r.ID, field)
		}
		assert.NotEmpty(t, r.Category, r.ID)
		assert.NotZero(t, r.Severity, r.ID)
		if r == ruleInternal || !r.lintRule() {
			continue // a failing case would be a bug; other engines test their rules
		}
		failing, passing := false, false
		for _, c := range cases {
			if _, ok := c.fail[r.ID]; ok {
				failing = true
			}
			for _, p := range c.pass {
				passing = passing || p == r.ID
			}
		}
		assert.True(t, failing, "%s has no failing case in testdata/lint", r.ID)
		assert.True(t, passing, "%s has no passing case in testdata/lint", r.ID)
	}
}

// TestCleanConfigs: the seed documents' example and the book's YARNRollers
// configuration lint clean on every profile.
func TestCleanConfigs(t *testing.T) {
	for _, name := range []string{"seeds-example", "yarnrollers"} {
		for _, v := range xmlconf.SupportedVersions {
			m := loadDir(t, filepath.Join(golden.RepoRoot(), "testdata", name), v)
			assert.Empty(t, Lint(m, Options{Version: v}), "%s on %s", name, v)
		}
	}
}

// TestRulesDoc renders every rule's documentation to golden/lint/rules.md,
// the rule reference linked from the README (kept current by -update).
func TestRulesDoc(t *testing.T) {
	var b strings.Builder
	b.WriteString("# capq lint rules\n\nGenerated from the rule registry (`validate/registry.go`) by `go test ./validate -update`; `capq explain ID` prints the same text.\n")
	for _, r := range Rules() {
		b.WriteString("\n## " + r.ID + " " + r.Name + "\n\n")
		b.WriteString(ExplainMarkdown(r))
	}
	golden.Assert(t, "lint/rules.md", []byte(b.String()))
}

// Unknown selectors are quoted: a stray comma in --enable gave
// "unknown rule(s) , , ," and a name could hold a newline.
func TestCheckSelectorsQuotes(t *testing.T) {
	assert.EqualError(t, CheckSelectors([]string{"CS001", "", "x\ny"}), `unknown rule(s) "", "x\ny" (see capq rules)`)
	assert.NoError(t, CheckSelectors([]string{"CS001"}))
}
