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

// TestLintHadoop1WithoutMapredSite: a Hadoop 1 file set linted without a
// mapred-site.xml (a lone mapred-queue-acls.xml, or a conf dir of
// capacity-scheduler.xml and mapred-queue-acls.xml) names only files that
// were given, and says where Hadoop's defaults came in. The queue list
// then is QueueManager's default "default" (getStrings(mapred.queue.names,
// {"default"})) and ACLs are off (mapred.acls.enabled default false).
// H1002 was reported against a "mapred-site.xml" nobody gave, counted as a
// third file; the dir linted its capacity-scheduler.xml alone, its ACL
// file never read, and a dir of only mapred-queue-acls.xml was refused.
func TestLintHadoop1WithoutMapredSite(t *testing.T) {
	sample := filepath.Join(golden.RepoRoot(), "testdata", "hadoop1", "02-acls-stopped")
	jtDir := func(files ...string) string {
		d := t.TempDir()
		for _, f := range files {
			data, err := os.ReadFile(filepath.Join(sample, f))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(d, f), data, 0o644))
		}
		return d
	}
	aclsOnly := jtDir("mapred-queue-acls.xml")
	csACLs := jtDir("capacity-scheduler.xml", "mapred-queue-acls.xml")
	for _, tc := range []struct {
		name  string
		arg   string
		files []string // every file a finding may name
		rules []string // rules that must be reported
		note  string   // a message saying a default applies ("": none needed)
	}{
		{"acls file alone", filepath.Join(aclsOnly, "mapred-queue-acls.xml"), []string{"mapred-queue-acls.xml"},
			[]string{"H1002", "H1014", "H1024"}, `no mapred-site.xml was given, so mapred.queue.names is Hadoop's default "default"`},
		{"dir of the acls file", aclsOnly, []string{"mapred-queue-acls.xml"},
			[]string{"H1002", "H1014", "H1024"}, `no mapred-site.xml was given, so mapred.queue.names is Hadoop's default "default"`},
		{"dir of capacity-scheduler.xml and acls", csACLs, []string{"capacity-scheduler.xml", "mapred-queue-acls.xml"},
			[]string{"H1004", "H1014", "H1024"}, "mapred.acls.enabled is Hadoop's default false (no mapred-site.xml was given)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runBinary(t, "", "lint", "--format", "json", tc.arg)
			require.Equal(t, exitFindings, r.code, r.stdout+r.stderr)
			var rep struct {
				Findings []struct{ Rule, File, Message string } `json:"findings"`
				Summary  struct {
					Files int `json:"files"`
				} `json:"summary"`
			}
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep), r.stdout)
			seen, noted := map[string]bool{}, tc.note == ""
			for _, f := range rep.Findings {
				assert.Contains(t, tc.files, filepath.Base(f.File), "%s names a file not given: %s", f.Rule, f.File)
				assert.FileExists(t, f.File, f.Rule)
				seen[f.Rule] = true
				noted = noted || strings.Contains(f.Message, tc.note)
				if f.Rule == "H1014" {
					// "not in mapred.queue.names" names a list nobody wrote.
					assert.Contains(t, f.Message, `not in mapred.queue.names (no mapred-site.xml was given, so mapred.queue.names is Hadoop's default "default")`)
				}
			}
			for _, rule := range tc.rules {
				assert.True(t, seen[rule], "%s not reported: %s", rule, r.stdout)
			}
			assert.True(t, noted, "no finding says %q: %s", tc.note, r.stdout)
			assert.Equal(t, len(tc.files), rep.Summary.Files, r.stdout)
		})
	}
}

// TestSimulateHadoop1WithoutMapredSite: JobTracker's constructor reads
// mapred.jobtracker.taskScheduler with JobQueueTaskScheduler (FIFO) as the
// default, so a conf dir without mapred-site.xml names no
// CapacityTaskScheduler. simulate --hadoop1 says so (exit 2) instead of
// "mapred-site.xml: no such file".
func TestSimulateHadoop1WithoutMapredSite(t *testing.T) {
	root := golden.RepoRoot()
	sample := filepath.Join(root, "testdata", "hadoop1", "02-acls-stopped")
	d := t.TempDir()
	for _, f := range []string{"capacity-scheduler.xml", "mapred-queue-acls.xml"} {
		data, err := os.ReadFile(filepath.Join(sample, f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(d, f), data, 0o644))
	}
	workload := filepath.Join(root, "testdata", "preview", "hadoop1-acls", "workload.json")
	for _, dir := range []string{d, filepath.Join(root, "testdata", "hadoop1", "21-queues-xml-without-site")} {
		r := runBinary(t, "", "simulate", "--hadoop1", dir, "--workload", workload)
		assert.Equal(t, exitCannotRun, r.code, r.stderr)
		assert.Contains(t, r.stderr, "no mapred-site.xml: without it the JobTracker runs Hadoop's default scheduler, JobQueueTaskScheduler (FIFO", dir)
		assert.NotContains(t, r.stderr, "no such file", dir)
	}
}
