package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

var seedsPreview = []string{"preview", "testdata/seeds-example", "testdata/seeds-dev-max40-eng-max60",
	"--workload", "testdata/preview/seeds/workload.json"}

func previewArgs(extra ...string) []string {
	return append(append([]string(nil), seedsPreview...), extra...)
}

// The seeds' example with development's maximum-capacity 40 and
// engineering's 60: development is capped at 240 GB, qa waits less.
func TestPreviewSeedsGolden(t *testing.T) {
	res := runBinary(t, "", previewArgs()...)
	require.Equal(t, 0, res.code, res.stderr)
	assert.Empty(t, res.stderr, "no progress on a non-terminal")
	golden.Assert(t, "preview/seeds.txt", []byte(res.stdout))
	// The verdict comes first: one line per changed team, in absolute terms;
	// the lowered ceiling's effect is intended, untouched teams are absent.
	verdict := section(res.stdout, "Verdict:")
	assert.Contains(t, verdict, "▼ worse development: ceiling 1000 → 240 GB; peak use 600 → 240 GB (intended); p95 wait 20ms → 36m2s (3 of 5 apps slower)")
	assert.Contains(t, verdict, "▲ better qa: ceiling 1000 → 600 GB; p95 wait 1m1s → 18ms (1 of 1 app faster)")
	assert.NotContains(t, verdict, "support")
	assert.NotContains(t, verdict, "marketing")
	assert.NotContains(t, section(res.stdout, "Regressions"), "usage.peak", "the intended cap is not a regression")
	assert.NotContains(t, res.stdout, "×1", "no absurd factors such as ×108114")
	assert.Contains(t, res.stdout, "root.engineering.qa  wait.p95")

	res = runBinary(t, "", previewArgs("--format", "json")...)
	require.Equal(t, 0, res.code, res.stderr)
	golden.Assert(t, "preview/seeds.json", []byte(res.stdout))
	var doc struct {
		Queues []struct {
			Name    string `json:"name"`
			Metrics []struct {
				Metric  string   `json:"metric"`
				Old     *float64 `json:"old"`
				New     *float64 `json:"new"`
				Verdict string   `json:"verdict"`
			} `json:"metrics"`
		} `json:"queues"`
		Refresh struct {
			Accepted bool `json:"accepted"`
		} `json:"refresh"`
		Teams []struct {
			Name    string `json:"name"`
			Outcome string `json:"outcome"`
		} `json:"teams"`
	}
	require.NoError(t, json.Unmarshal([]byte(res.stdout), &doc))
	assert.True(t, doc.Refresh.Accepted)
	got := map[string]string{}
	for _, q := range doc.Queues {
		for _, m := range q.Metrics {
			if m.New != nil {
				got[q.Name+" "+m.Metric] = m.Verdict
			}
			if (q.Name == "root.support" || q.Name == "root.marketing") && m.Verdict != "same" && m.Verdict != "changed" {
				t.Errorf("untouched queue %s: %s is %s", q.Name, m.Metric, m.Verdict)
			}
			if q.Name == "root.engineering.development" && m.Metric == "usage.peak" {
				assert.Equal(t, 240.0*1024, *m.New, "development capped at 240 GB")
			}
		}
	}
	assert.Equal(t, "improvement", got["root.engineering.qa wait.p95"], "qa's wait falls")
	assert.Equal(t, "intended", got["root.engineering.development usage.peak"], "the cap is the change's intent")
	assert.Equal(t, "development", doc.Teams[0].Name)
	assert.Equal(t, "worse", doc.Teams[0].Outcome)
	assert.Equal(t, "qa", doc.Teams[1].Name)
	assert.Len(t, doc.Teams, 2, "support and marketing are untouched")
}

func TestPreviewAsserts(t *testing.T) {
	pass := runBinary(t, "", previewArgs("--assert", "root.engineering.qa wait.p95 <= 10s")...)
	assert.Equal(t, 0, pass.code, pass.stderr)
	assert.Contains(t, pass.stdout, "PASS  root.engineering.qa  wait.p95")

	fail := runBinary(t, "", previewArgs("--assert", "root.engineering.qa wait.p95 <= 10s",
		"--assert", "root.engineering.development usage.peak > 240gb")...)
	assert.Equal(t, 1, fail.code, fail.stderr)
	golden.Assert(t, "preview/seeds-asserts.txt", []byte(gatesSection(fail.stdout)))

	file := runBinary(t, "", previewArgs("--gate", "testdata/preview/seeds/gates.txt", "--format", "json")...)
	assert.Equal(t, 1, file.code, file.stderr)
	var doc struct {
		Gates []struct {
			Source string   `json:"source"`
			Pass   bool     `json:"pass"`
			Old    *float64 `json:"old"`
			New    *float64 `json:"new"`
		} `json:"gates"`
		GatesFailed int `json:"gates_failed"`
	}
	require.NoError(t, json.Unmarshal([]byte(file.stdout), &doc))
	require.Len(t, doc.Gates, 3)
	assert.Equal(t, 1, doc.GatesFailed)
	assert.Equal(t, "testdata/preview/seeds/gates.txt:2", doc.Gates[0].Source)
	assert.False(t, doc.Gates[2].Pass)
	for _, g := range doc.Gates {
		assert.NotNil(t, g.Old)
		assert.NotNil(t, g.New)
	}
}

// gatesSection cuts the Gates block out of a text report.
func gatesSection(out string) string {
	i := strings.Index(out, "Gates\n")
	if i < 0 {
		return ""
	}
	rest := out[i:]
	if j := strings.Index(rest, "\n\n"); j >= 0 {
		rest = rest[:j+1]
	}
	return rest
}

func TestPreviewBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"bad rule", previewArgs("--assert", "root.engineering.qa wait.p95 <= 10"), `capq: --assert #1:1:33: wait.p95 is a duration; "10" has no unit`},
		{"unknown queue", previewArgs("--assert", "root.engineering.qaa wait.p95 <= 10s"), `is in neither run; did you mean "root.engineering.qa"?`},
		{"no workload", []string{"preview", "testdata/seeds-example", "testdata/seeds-example"}, "--workload is required"},
		{"one config", []string{"preview", "testdata/seeds-example", "--workload", "x.json"}, "want OLD and NEW configurations"},
		{"bad format", previewArgs("--format", "xml"), `--format "xml": want text or json`},
		{"group without hadoop1", previewArgs("--group", "a=b"), "--mapred-site and --group need --hadoop1"},
		{"stdin twice", []string{"preview", "-", "testdata/seeds-example", "--workload", "-"}, "cannot share it"},
		{"missing workload", []string{"preview", "testdata/seeds-example", "testdata/seeds-example", "--workload", "nope.json"}, "nope.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := runBinary(t, "", tt.args...)
			assert.Equal(t, 2, res.code)
			assert.Contains(t, res.stderr, tt.want)
			assert.Empty(t, res.stdout)
		})
	}
	gates := filepath.Join(t.TempDir(), "gates.txt")
	require.NoError(t, os.WriteFile(gates, []byte("# ok\nroot.a wait.p95 <= 1m\nroot.b nope <= 1\nroot.c wait.p50 <= 5 m\n"), 0o644))
	res := runBinary(t, "", previewArgs("--gate", gates)...)
	assert.Equal(t, 2, res.code)
	assert.Contains(t, res.stderr, "gates.txt:3:8: unknown metric \"nope\"")
	assert.Contains(t, res.stderr, "gates.txt:4:22: unexpected \"m\" after the expression")
}

// A Hadoop 1 migration previewed: the old configuration on the Hadoop 1
// engine (slots, the JobTracker) against its migration with --group
// analytics=etl,adhoc on YARN.
func TestPreviewHadoop1Golden(t *testing.T) {
	dir := "testdata/hadoop1/01-flat-basic/"
	res := runBinary(t, "", "preview", "--hadoop1", "--mapred-site", dir+"mapred-site.xml",
		"--capacity-scheduler", dir+"capacity-scheduler.xml", "--queue-acls", dir+"mapred-queue-acls.xml",
		"--group", "analytics=etl,adhoc", "--workload", "testdata/preview/hadoop1-group/workload.json")
	require.Equal(t, 0, res.code, res.stderr)
	golden.Assert(t, "preview/hadoop1-group.txt", []byte(res.stdout))
	assert.Contains(t, res.stdout, "(JobTracker, Hadoop 1.2.1) → yarn (migrated, --group analytics=etl,adhoc)")
	assert.Contains(t, res.stdout, "the workload has no reduces: on Hadoop 1 its tasks can use only the 8 map slots of each tracker, 67% of the cluster")
	assert.NotContains(t, res.stdout, "root.etl (removed)", "moved leaves compare with themselves")
}

// The shared samples previewed without --group: what moving from the
// JobTracker to YARN alone does, per queue, with the notes that explain it.
func TestPreviewHadoop1SamplesGolden(t *testing.T) {
	for _, tc := range []struct{ sample, workload, golden, version string }{
		{"01-flat-basic", "hadoop1-group", "preview/hadoop1-01-flat-basic.txt", "1.2.1"},
		{"02-acls-stopped", "hadoop1-acls", "preview/hadoop1-02-acls-stopped.txt", "1.0"},
	} {
		t.Run(tc.sample, func(t *testing.T) {
			dir := "testdata/hadoop1/" + tc.sample + "/"
			res := runBinary(t, "", "preview", "--hadoop1", "--mapred-site", dir+"mapred-site.xml",
				"--capacity-scheduler", dir+"capacity-scheduler.xml", "--queue-acls", dir+"mapred-queue-acls.xml",
				"--hadoop1-version", tc.version, "--workload", "testdata/preview/"+tc.workload+"/workload.json")
			require.Equal(t, 0, res.code, res.stderr)
			golden.Assert(t, tc.golden, []byte(res.stdout))
			assert.Contains(t, res.stdout, "Notes: what differs between the two schedulers")
			assert.Contains(t, res.stdout, "Hadoop 1 guarantees")
		})
	}
	res := runBinary(t, "", "preview", "--hadoop1", "--mapred-site", "testdata/hadoop1/01-flat-basic/mapred-site.xml",
		"--hadoop1-version", "0.21", "--workload", "testdata/preview/hadoop1-group/workload.json")
	assert.Equal(t, 2, res.code)
	assert.Contains(t, res.stderr, "0.21/0.22 schedule differently")
}

func TestPreviewHTMLFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "report.html")
	res := runBinary(t, "", previewArgs("--html", out)...)
	require.Equal(t, 0, res.code, res.stderr)
	page, err := os.ReadFile(out)
	require.NoError(t, err)
	s := string(page)
	assert.True(t, strings.HasPrefix(s, "<!DOCTYPE html>"))
	assert.Contains(t, s, "Chart.js v4.6.1")
	assert.NotContains(t, s, "sourceMappingURL")
	for _, banned := range []string{"http://", "https://"} {
		// The only URLs allowed are inside the embedded library's licence
		// comment and code, never as src/href.
		assert.NotContains(t, s, `src="`+banned)
		assert.NotContains(t, s, `href="`+banned)
	}
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(out), "*"))
	assert.Len(t, matches, 1, "no temporary file left behind")

	// An existing report is replaced only with --force (issue 12).
	refused := runBinary(t, "", previewArgs("--html", out)...)
	require.Equal(t, 2, refused.code, refused.stderr)
	assert.Contains(t, refused.stderr, "use --force")

	// Same inputs, same page: the report is fit for a golden diff or cache.
	again := runBinary(t, "", previewArgs("--html", out, "--force")...)
	require.Equal(t, 0, again.code, again.stderr)
	page2, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.True(t, string(page2) == s, "the HTML report is not deterministic")
}

// On a terminal the two runs' progress goes to stderr, one line redrawn
// and cleared at the end; stdout is the same as without a terminal.
func TestPreviewProgressOnTerminal(t *testing.T) {
	wd, err := os.Getwd()
	require.NoError(t, err)
	require.NoError(t, os.Chdir(golden.RepoRoot()))
	defer os.Chdir(wd)
	var out, errOut strings.Builder
	s := &streams{in: strings.NewReader(""), out: &out, errOut: &errOut, errTerminal: true,
		getenv: func(string) string { return "" }, lookupEnv: func(string) (string, bool) { return "", false }}
	code := execute(previewArgs(), s)
	require.Equal(t, 0, code, errOut.String())
	assert.Contains(t, errOut.String(), "\rpreview: old ")
	assert.Contains(t, errOut.String(), " · new ")
	assert.True(t, strings.HasSuffix(errOut.String(), "\r\033[K"), "the progress line is cleared")
	plain := runCapq(t, "", previewArgs()...)
	assert.Equal(t, plain.stdout, out.String())
	assert.Empty(t, plain.stderr)
}

// TestPreviewNoProgressOnDumbTerminal: TERM=dumb cannot redraw a line, so
// no \r progress line is drawn even on a terminal.
func TestPreviewNoProgressOnDumbTerminal(t *testing.T) {
	wd, err := os.Getwd()
	require.NoError(t, err)
	require.NoError(t, os.Chdir(golden.RepoRoot()))
	defer os.Chdir(wd)
	var out, errOut strings.Builder
	env := map[string]string{"TERM": "dumb"}
	s := &streams{in: strings.NewReader(""), out: &out, errOut: &errOut, errTerminal: true, outTerminal: true,
		getenv: func(k string) string { return env[k] }, lookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok }}
	code := execute(previewArgs(), s)
	require.Equal(t, 0, code, errOut.String())
	assert.NotContains(t, errOut.String(), "\r")
	assert.NotContains(t, out.String(), "\x1b[")
}

// TestPreviewRemovedQueue: the new configuration removes root.adhoc and
// maps analysts to etl. The preview runs instead of refusing the
// workload: apps naming adhoc are rejected with the RM's message, ann's
// apps to default move to etl, both listed per old queue.
func TestPreviewRemovedQueue(t *testing.T) {
	r := runBinary(t, "", "preview", "testdata/preview-remove-queue/old", "testdata/preview-remove-queue/new",
		"--workload", "testdata/preview-remove-queue/workload.json")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "root.adhoc: 4 rejected: Application <app> submitted by user bob to unknown queue: adhoc")
	assert.Contains(t, r.stdout, "root.default → root.etl: 2 moved")
	golden.Assert(t, "preview/remove-queue.txt", []byte(r.stdout))

	html := filepath.Join(t.TempDir(), "p.html")
	r = runBinary(t, "", "preview", "testdata/preview-remove-queue/old", "testdata/preview-remove-queue/new",
		"--workload", "testdata/preview-remove-queue/workload.json", "--html", html)
	require.Equal(t, 0, r.code, r.stderr)
	page, err := os.ReadFile(html)
	require.NoError(t, err)
	assert.Contains(t, string(page), `<tr class="fail" data-queue="root.adhoc"><td>root.adhoc</td>`)
}

// section returns the text from the line starting with title to the next
// blank line.
func section(out, title string) string {
	i := strings.Index(out, "\n"+title)
	if i < 0 {
		return ""
	}
	rest := out[i+1:]
	if j := strings.Index(rest, "\n\n"); j >= 0 {
		return rest[:j]
	}
	return rest
}

// A change that gives root.etl a quarter of the GPU partition: the
// report's partition tables show ml's gpu guarantee 16 → 12 GB and etl's
// 0 → 4 GB (absolute capacity in the label x the partition's 16 GB), in
// text, JSON and HTML.
func TestPreviewPartitions(t *testing.T) {
	args := []string{"preview", "testdata/workloads/labels", "testdata/workloads/labels/new", "--workload", "testdata/workloads/labels/gpu.json"}
	res := runBinary(t, "", args...)
	require.Equal(t, 0, res.code, res.stderr)
	golden.Assert(t, "preview/labels-gpu.txt", []byte(res.stdout))
	assert.Contains(t, res.stdout, "root.etl  no → yes  0 MB → 4.0 GB")
	verdict := section(res.stdout, "Verdict:")
	assert.Contains(t, verdict, "changed ml: gpu guarantee 16 → 12 GB")
	assert.Contains(t, verdict, "changed etl: gpu ceiling 0 → 16 GB; gpu guarantee 0 → 4 GB")

	res = runBinary(t, "", append(args, "--format", "json")...)
	require.Equal(t, 0, res.code, res.stderr)
	golden.Assert(t, "preview/labels-gpu.json", []byte(res.stdout))
	var doc struct {
		Partitions []struct {
			Partition string `json:"partition"`
			Queues    []struct {
				Path string `json:"path"`
				Old  struct {
					GuaranteedMB int64 `json:"guaranteed_mb"`
				} `json:"old"`
				New struct {
					GuaranteedMB int64 `json:"guaranteed_mb"`
				} `json:"new"`
			} `json:"queues"`
		} `json:"partitions"`
	}
	require.NoError(t, json.Unmarshal([]byte(res.stdout), &doc))
	require.Len(t, doc.Partitions, 2)
	ml := doc.Partitions[1].Queues[1]
	assert.Equal(t, "root.ml", ml.Path)
	assert.Equal(t, int64(16384), ml.Old.GuaranteedMB)
	assert.Equal(t, int64(12288), ml.New.GuaranteedMB)

	out := filepath.Join(t.TempDir(), "r.html")
	res = runBinary(t, "", append(args, "--html", out)...)
	require.Equal(t, 0, res.code, res.stderr)
	page, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(page), `data-partition="gpu"`)
	assert.Contains(t, string(page), `<td class="num">16.0 GB → 12.0 GB</td>`)
}

// Without labels the report has no partitions: not in the JSON, not in
// the HTML.
func TestPreviewNoPartitions(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.html")
	res := runBinary(t, "", previewArgs("--format", "json", "--html", out)...)
	require.Equal(t, 0, res.code, res.stderr)
	assert.NotContains(t, res.stdout, `"partitions"`)
	page, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.NotContains(t, string(page), "data-partition")
}

// OLD is the configuration the ResourceManager runs now: with lint errors
// it would have refused it, so the old side's first warning says so, in
// simulate's words, in text and JSON. NEW's errors stay in the refresh
// verdict.
func TestPreviewWarnsOfARefusedOldConfiguration(t *testing.T) {
	seeds := filepath.Join(golden.RepoRoot(), "testdata", "seeds-example", "capacity-scheduler.xml")
	data, err := os.ReadFile(seeds)
	require.NoError(t, err)
	bad := strings.Replace(string(data), "development.capacity</name>\n    <value>20<", "development.capacity</name>\n    <value>30<", 1)
	require.NotEqual(t, string(data), bad)
	old := filepath.Join(t.TempDir(), "capacity-scheduler.xml")
	require.NoError(t, os.WriteFile(old, []byte(bad), 0o644))
	const want, cause = "the ResourceManager would refuse this configuration: ", "CS024: Illegal capacity sum of 1.1 for children of queue engineering"
	args := []string{"preview", old, "testdata/seeds-dev-max40-eng-max60", "--workload", "testdata/preview/seeds/workload.json"}

	r := runBinary(t, "", args...)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "\nwarning (old): "+want+old+":")
	assert.Contains(t, r.stdout, cause)
	assert.Contains(t, r.stdout, "the ResourceManager cannot be running it now, and the run simulates it as capq reads it\n")
	assert.NotContains(t, r.stdout, "warning (new): the ResourceManager would refuse")

	r = runBinary(t, "", append(args, "--format", "json")...)
	require.Equal(t, 0, r.code, r.stderr)
	var rep struct {
		Old, New struct{ Warnings []string }
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep))
	require.NotEmpty(t, rep.Old.Warnings)
	assert.Contains(t, rep.Old.Warnings[0], want)
	assert.Contains(t, rep.Old.Warnings[0], cause)
	for _, w := range rep.New.Warnings {
		assert.NotContains(t, w, "would refuse")
	}

	// The seeds' own preview: nothing refused on either side.
	r = runBinary(t, "", previewArgs()...)
	require.Equal(t, 0, r.code, r.stderr)
	assert.NotContains(t, r.stdout, "would refuse")
}

// TestPreviewHadoop1Stdin: preview --hadoop1 reads a Hadoop 1 file from
// standard input as migrate does (same report as from the file), and
// refuses to share standard input with --workload -.
func TestPreviewHadoop1Stdin(t *testing.T) {
	dir := "testdata/hadoop1/01-flat-basic/"
	args := func(cs, workload string) []string {
		return []string{"preview", "--hadoop1", "--mapred-site", dir + "mapred-site.xml",
			"--capacity-scheduler", cs, "--queue-acls", dir + "mapred-queue-acls.xml",
			"--group", "analytics=etl,adhoc", "--workload", workload}
	}
	const workload = "testdata/preview/hadoop1-group/workload.json"
	fromFile := runBinary(t, "", args(dir+"capacity-scheduler.xml", workload)...)
	require.Equal(t, 0, fromFile.code, fromFile.stderr)
	cs, err := os.ReadFile(filepath.Join(golden.RepoRoot(), dir, "capacity-scheduler.xml"))
	require.NoError(t, err)
	fromStdin := runBinary(t, string(cs), args("-", workload)...)
	require.Equal(t, 0, fromStdin.code, fromStdin.stderr)
	assert.Equal(t, fromFile.stdout, fromStdin.stdout)

	shared := runBinary(t, string(cs), args("-", "-")...)
	assert.Equal(t, 2, shared.code)
	assert.Contains(t, shared.stderr, "cannot share it")

	// mapred-site.xml on standard input goes by --stdin-filename's name
	// (else <stdin>) in the report, as a configuration does without
	// --hadoop1; the header said "hadoop1 -" whatever the flag said.
	site, err := os.ReadFile(filepath.Join(golden.RepoRoot(), dir, "mapred-site.xml"))
	require.NoError(t, err)
	siteArgs := args(dir+"capacity-scheduler.xml", workload)
	siteArgs[3] = "-"
	named := runBinary(t, string(site), append([]string{"--stdin-filename", dir + "mapred-site.xml"}, siteArgs...)...)
	require.Equal(t, 0, named.code, named.stderr)
	assert.Equal(t, fromFile.stdout, named.stdout)
	unnamed := runBinary(t, string(site), siteArgs...)
	require.Equal(t, 0, unnamed.code, unnamed.stderr)
	assert.Contains(t, unnamed.stdout, "hadoop1 <stdin> (JobTracker")
}
