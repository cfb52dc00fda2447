package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capq/capq/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func h1Args(sample string, extra ...string) []string {
	dir := "testdata/hadoop1/" + sample + "/"
	args := []string{"migrate", "hadoop1", "--mapred-site", dir + "mapred-site.xml"}
	for flag, name := range map[string]string{"--capacity-scheduler": "capacity-scheduler.xml", "--queue-acls": "mapred-queue-acls.xml", "--mapred-queues": "mapred-queues.xml"} {
		if _, err := os.Stat(filepath.Join(golden.RepoRoot(), dir, name)); err == nil {
			args = append(args, flag, dir+name)
		}
	}
	// A file flag in extra replaces the sample's file: capq refuses a
	// flag given twice.
	for len(extra) >= 2 {
		i := slices.Index(args, extra[0])
		if i < 0 || !strings.HasPrefix(extra[0], "--") {
			break
		}
		args[i+1], extra = extra[1], extra[2:]
	}
	return append(args, extra...)
}

// TestMigrateHadoop1Stdout: the XML on stdout is byte for byte the golden
// migration of the sample, the report goes to stderr, exit 0.
func TestMigrateHadoop1Stdout(t *testing.T) {
	for _, sample := range []string{"01-flat-basic", "02-acls-stopped", "05-hierarchical-0.21"} {
		r := runBinary(t, "", h1Args(sample)...)
		require.Equal(t, 0, r.code, r.stderr)
		want, err := os.ReadFile(filepath.Join(golden.Dir(), "migrate", sample+".xml"))
		require.NoError(t, err)
		assert.Equal(t, string(want), r.stdout, sample)
		assert.Contains(t, r.stderr, "Hadoop 1 properties:")
	}
}

// TestMigrateHadoop1RefusesOverwrite: -o never replaces a file without
// --force, writes atomically, and --group builds the hierarchy.
func TestMigrateHadoop1RefusesOverwrite(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "capacity-scheduler.xml")
	ys := filepath.Join(dir, "yarn-site.xml")
	args := h1Args("07-group-ceilings", "-o", out, "--yarn-site", ys, "--group", "team=a,b")
	r := runBinary(t, "", args...)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "b → root.team.b")
	first, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(first), "<name>yarn.scheduler.capacity.root.team.queues</name>")
	golden.Assert(t, "migrate/e2e-07-group-team.xml", first)
	lint := runBinary(t, "", "lint", out)
	assert.Equal(t, 0, lint.code, "the migrated file lints with no error:\n%s%s", lint.stdout, lint.stderr)
	site, err := os.ReadFile(ys)
	require.NoError(t, err)
	assert.Contains(t, string(site), "yarn.resourcemanager.scheduler.class")

	require.NoError(t, os.WriteFile(out, []byte("keep me"), 0o644))
	r = runBinary(t, "", args...)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "--force")
	kept, _ := os.ReadFile(out)
	assert.Equal(t, "keep me", string(kept), "refused run must not touch the file")

	r = runBinary(t, "", append(args, "--force")...)
	require.Equal(t, 0, r.code, r.stderr)
	again, _ := os.ReadFile(out)
	assert.Equal(t, first, again, "same input, same bytes")
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 2, "no temporary files left")
}

func TestMigrateHadoop1ExitCodes(t *testing.T) {
	r := runBinary(t, "", h1Args("08-sum-99.9-rejected")...)
	assert.Equal(t, 1, r.code, "the JobTracker would refuse the source: findings exit 1")
	assert.Contains(t, r.stderr, "H1004")
	assert.Contains(t, r.stdout, "<value>33.34</value>")

	r = runBinary(t, "", "migrate", "hadoop1")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "--mapred-site is required")

	r = runBinary(t, "", h1Args("01-flat-basic", "--group", "x=nosuch")...)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "not a top-level queue")

	r = runBinary(t, "", "migrate", "hadoop1", "--mapred-site", "testdata/hadoop1/missing.xml")
	assert.Equal(t, 2, r.code)

	r = runBinary(t, "", h1Args("01-flat-basic", "--hadoop-version", "1.2.1")...)
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, "Hadoop 1.x → YARN 3.4")

	r = runBinary(t, "", h1Args("01-flat-basic", "--max-parallel-apps", "--hadoop-version", "3.2")...)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "3.3")
}

func TestMigrateHadoop1JSONReport(t *testing.T) {
	dir := t.TempDir()
	rep := filepath.Join(dir, "report.json")
	r := runBinary(t, "", h1Args("02-acls-stopped", "--format", "json", "--report", rep)...)
	require.Equal(t, 0, r.code, r.stderr)
	data, err := os.ReadFile(rep)
	require.NoError(t, err)
	var got struct {
		Dialect    string `json:"dialect"`
		Properties []struct {
			Key, Status string
		} `json:"properties"`
		Queues []struct {
			Path  string
			Match bool
		} `json:"queues"`
	}
	require.NoError(t, json.Unmarshal(data, &got))
	assert.Equal(t, "1.x", got.Dialect)
	require.NotEmpty(t, got.Properties)
	for _, p := range got.Properties {
		assert.Contains(t, []string{"mapped", "approximated", "dropped"}, p.Status, p.Key)
	}
	for _, q := range got.Queues {
		assert.True(t, q.Match, q.Path)
	}
	assert.True(t, strings.HasPrefix(r.stdout, "<?xml"))
}

// TestMigrateHadoop1HostileInputs: garbage, empty and non-Hadoop-1 files
// never crash the command; each ends with exit 2 and a message, or a
// conversion.
func TestMigrateHadoop1HostileInputs(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	site := write("site.xml", "<configuration><property><name>mapred.jobtracker.taskScheduler</name><value>org.apache.hadoop.mapred.CapacityTaskScheduler</value></property></configuration>")
	for name, body := range map[string]string{
		"garbage.xml": "\x00\xff<<<&",
		"empty.xml":   "",
		"queues.xml":  "<queues><queue><name>a:b</name></queue><oops/></queues>",
		"deep.xml":    strings.Repeat("<queue>", 200) + strings.Repeat("</queue>", 200),
	} {
		p := write(name, body)
		for _, flag := range []string{"--capacity-scheduler", "--mapred-queues"} {
			r := runBinary(t, "", "migrate", "hadoop1", "--mapred-site", site, flag, p)
			assert.Contains(t, []int{0, 1, 2}, r.code, "%s %s", flag, name)
			assert.NotContains(t, r.stderr, "panic", "%s %s", flag, name)
			if r.code == 2 {
				assert.Contains(t, r.stderr, "capq:", "%s %s", flag, name)
			}
		}
	}
	r := runBinary(t, "", "migrate", "hadoop1", "--mapred-site", filepath.Join(golden.RepoRoot(), "testdata/hadoop1/01-flat-basic/capacity-scheduler.xml"))
	assert.Equal(t, 2, r.code, "a capacity-scheduler.xml as mapred-site: FIFO scheduler, refused")
	assert.Contains(t, r.stderr, "--ignore-scheduler")
}

// TestMigrateHadoop1Stdin: any one of the Hadoop 1 files may be "-"
// (standard input, named by --stdin-filename in the report), giving the
// same XML as the file; two flags cannot share standard input.
func TestMigrateHadoop1Stdin(t *testing.T) {
	want, err := os.ReadFile(filepath.Join(golden.Dir(), "migrate", "02-acls-stopped.xml"))
	require.NoError(t, err)
	dir := "testdata/hadoop1/02-acls-stopped/"
	for _, flag := range []string{"--mapred-site", "--capacity-scheduler", "--queue-acls"} {
		args := h1Args("02-acls-stopped")
		var file string
		for i := range args {
			if args[i] == flag {
				file, args[i+1] = args[i+1], "-"
			}
		}
		data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), file))
		require.NoError(t, err)
		r := runBinary(t, string(data), append([]string{"--stdin-filename", file}, args...)...)
		require.Equal(t, 0, r.code, "%s -: %s", flag, r.stderr)
		assert.Equal(t, string(want), r.stdout, flag)
		assert.Contains(t, r.stderr, file+":", flag)
	}
	q, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata/hadoop1/05-hierarchical-0.21/mapred-queues.xml"))
	require.NoError(t, err)
	r := runBinary(t, string(q), append([]string{"--stdin-filename", "mapred-queues.xml"}, h1Args("05-hierarchical-0.21", "--mapred-queues", "-")...)...)
	require.Equal(t, 0, r.code, r.stderr)
	want05, err := os.ReadFile(filepath.Join(golden.Dir(), "migrate", "05-hierarchical-0.21.xml"))
	require.NoError(t, err)
	assert.Equal(t, string(want05), r.stdout)
	r = runBinary(t, string(q), h1Args("05-hierarchical-0.21", "--mapred-queues", "-")...)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, "<stdin>:")

	r = runBinary(t, "", "migrate", "hadoop1", "--mapred-site", "-", "--capacity-scheduler", "-", "--queue-acls", dir+"mapred-queue-acls.xml")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "standard input")
	assert.Empty(t, r.stdout)
}

// TestMigrateHadoop1ArgumentShowsUsage: migrate hadoop1 takes its files as
// flags. "capq migrate hadoop1 DIR" (as simulate --hadoop1 takes a conf
// dir) answered "unknown command", as if hadoop1 were the wrong
// subcommand; it is exit 2 with the real syntax and, for a JobTracker
// conf dir, the command line with its files, quoted for the shell (none
// for a dir without the required mapred-site.xml).
func TestMigrateHadoop1ArgumentShowsUsage(t *testing.T) {
	r := runBinary(t, "", "migrate", "hadoop1", "DIR")
	assert.Equal(t, exitCannotRun, r.code, r.stderr)
	assert.Contains(t, r.stderr, `capq: migrate hadoop1 takes its files as flags, not arguments (got "DIR"); usage: capq migrate hadoop1 --mapred-site FILE [flags]`)
	assert.NotContains(t, r.stderr, "unknown command")
	assert.Empty(t, r.stdout)

	dir := "testdata/hadoop1/01-flat-basic"
	r = runBinary(t, "", "migrate", "hadoop1", dir, "-o", filepath.Join(t.TempDir(), "out.xml"))
	assert.Equal(t, exitCannotRun, r.code, r.stderr)
	assert.Contains(t, r.stderr, `for the JobTracker conf dir "`+dir+`": capq migrate hadoop1 --mapred-site `+dir+`/mapred-site.xml --capacity-scheduler `+
		dir+`/capacity-scheduler.xml --queue-acls `+dir+"/mapred-queue-acls.xml\n")

	spaced := filepath.Join(t.TempDir(), "job tracker")
	require.NoError(t, os.Mkdir(spaced, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(spaced, "mapred-site.xml"), []byte("<configuration/>"), 0o644))
	r = runBinary(t, "", "migrate", "hadoop1", spaced)
	assert.Equal(t, exitCannotRun, r.code, r.stderr)
	assert.Contains(t, r.stderr, "--mapred-site '"+spaced+"/mapred-site.xml'\n")

	// A JobTracker dir without mapred-site.xml (0.21's mapred-queues.xml
	// alone) gets no command line missing the required --mapred-site.
	noSite := "testdata/hadoop1/21-queues-xml-without-site"
	r = runBinary(t, "", "migrate", "hadoop1", noSite)
	assert.Equal(t, exitCannotRun, r.code, r.stderr)
	assert.Contains(t, r.stderr, `the JobTracker conf dir "`+noSite+`" has no mapred-site.xml, which --mapred-site requires`)
	assert.NotContains(t, r.stderr, "--mapred-queues")

	r = runBinary(t, "", "migrate", "hadoop1", "a\nb")
	assert.Equal(t, exitCannotRun, r.code, r.stderr)
	assert.Contains(t, r.stderr, `(got "a\nb")`)
}
