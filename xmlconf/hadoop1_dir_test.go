package xmlconf

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDetectHadoop1NamesBrokenFile: a file of a Hadoop 1 set that cannot
// be read is reported with its path and what is wrong with it, as the
// YARN reader reports one; the detection once kept only the bare cause
// ("no such file or directory", "permission denied"), so lint printed
// that without saying which file.
func TestDetectHadoop1NamesBrokenFile(t *testing.T) {
	dir := t.TempDir()
	cs, err := os.ReadFile(filepath.Join(h1Dir("01-flat-basic"), "capacity-scheduler.xml"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "capacity-scheduler.xml"), cs, 0o644))
	site := filepath.Join(dir, "mapred-site.xml")
	require.NoError(t, os.Symlink("nowhere.xml", site))
	paths := H1Paths{MapredSite: site, CapacityScheduler: filepath.Join(dir, "capacity-scheduler.xml")}
	in := DetectHadoop1([]string{site, paths.CapacityScheduler}, &paths, ReadOptions{})
	assert.True(t, in.IsHadoop1)
	require.Error(t, in.Err)
	assert.Contains(t, in.Err.Error(), site+`: is a symbolic link to "nowhere.xml", which does not exist`)
}

// jtDir copies the named files of testdata/hadoop1/<sample> into a new
// conf dir.
func jtDir(t *testing.T, sample string, files ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(h1Dir(sample), f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), data, 0o644))
	}
	return dir
}

// TestH1CandidatesBrokenRoleFile: a JobTracker conf dir's file that is
// there but cannot be read (a dangling link, a directory by that name) is
// a candidate in its role, for DetectHadoop1 to report as what it is, as
// a ResourceManager's conf dir hands its yarn-site.xml to the reader
// (TestConfDir); Stat once read it as absent, and lint went on without
// it. A file that does not exist stays out: every file but mapred-site.xml
// or mapred-queues.xml is optional.
func TestH1CandidatesBrokenRoleFile(t *testing.T) {
	broken := []struct {
		how string
		brk func(t *testing.T, p string)
	}{
		{"a dangling link", func(t *testing.T, p string) { require.NoError(t, os.Symlink("nowhere.xml", p)) }},
		{"a directory", func(t *testing.T, p string) { require.NoError(t, os.Mkdir(p, 0o755)) }},
	}
	for _, c := range []struct {
		sample, broken string
		others         []string
		role           func(H1Paths) string
	}{
		{"01-flat-basic", "mapred-site.xml", []string{"capacity-scheduler.xml", "mapred-queue-acls.xml"}, func(p H1Paths) string { return p.MapredSite }},
		{"01-flat-basic", "capacity-scheduler.xml", []string{"mapred-site.xml", "mapred-queue-acls.xml"}, func(p H1Paths) string { return p.CapacityScheduler }},
		{"01-flat-basic", "mapred-queue-acls.xml", []string{"mapred-site.xml", "capacity-scheduler.xml"}, func(p H1Paths) string { return p.QueueACLs }},
		{"05-hierarchical-0.21", "mapred-queues.xml", []string{"mapred-site.xml", "capacity-scheduler.xml"}, func(p H1Paths) string { return p.MapredQueues }},
	} {
		for _, b := range broken {
			t.Run(c.broken+"/"+b.how, func(t *testing.T) {
				dir := jtDir(t, c.sample, c.others...)
				p := filepath.Join(dir, c.broken)
				b.brk(t, p)
				paths, roles := H1Candidates(dir)
				assert.Contains(t, paths, p)
				require.NotNil(t, roles, "a JobTracker conf dir names its files by role")
				assert.Equal(t, p, c.role(*roles))
				in := DetectHadoop1(paths, roles, ReadOptions{})
				assert.True(t, in.IsHadoop1)
				require.Error(t, in.Err)
				assert.Contains(t, in.Err.Error(), p+": ")
			})
		}
		t.Run(c.broken+"/absent", func(t *testing.T) {
			dir := jtDir(t, c.sample, c.others...)
			paths, roles := H1Candidates(dir)
			assert.NotContains(t, paths, filepath.Join(dir, c.broken))
			if roles != nil {
				assert.Empty(t, c.role(*roles))
			}
		})
	}
	// A yarn-site.xml makes the dir a ResourceManager's, whose MapReduce 2
	// mapred-site.xml is never read: broken, it is not a JobTracker's by
	// its name alone (a capacity-scheduler.xml without properties says
	// neither), but keys only a JobTracker reads still say Hadoop 1.
	t.Run("a broken mapred-site.xml beside a yarn-site.xml", func(t *testing.T) {
		for _, b := range broken {
			t.Run(b.how, func(t *testing.T) {
				dir := t.TempDir()
				require.NoError(t, os.WriteFile(filepath.Join(dir, "yarn-site.xml"), []byte("<configuration><property><name>yarn.acl.enable</name><value>true</value></property></configuration>"), 0o644))
				require.NoError(t, os.WriteFile(filepath.Join(dir, "capacity-scheduler.xml"), []byte("<configuration/>"), 0o644))
				b.brk(t, filepath.Join(dir, "mapred-site.xml"))
				paths, roles := H1Candidates(dir)
				in := DetectHadoop1(paths, roles, ReadOptions{})
				assert.False(t, in.IsHadoop1, "a ResourceManager's dir")
				assert.NoError(t, in.Err)

				jt := jtDir(t, "01-flat-basic", "capacity-scheduler.xml")
				require.NoError(t, os.WriteFile(filepath.Join(jt, "yarn-site.xml"), []byte("<configuration/>"), 0o644))
				b.brk(t, filepath.Join(jt, "mapred-site.xml"))
				paths, roles = H1Candidates(jt)
				in = DetectHadoop1(paths, roles, ReadOptions{})
				assert.True(t, in.IsHadoop1, "capacity-scheduler.xml's keys are a JobTracker's")
				require.Error(t, in.Err)
				assert.Contains(t, in.Err.Error(), filepath.Join(jt, "mapred-site.xml")+": ")
			})
		}
	})
	t.Run("a lone capacity-scheduler.xml that is a dangling link", func(t *testing.T) {
		dir := t.TempDir()
		cs := filepath.Join(dir, "capacity-scheduler.xml")
		require.NoError(t, os.Symlink("nowhere.xml", cs))
		paths, roles := H1Candidates(dir)
		assert.Equal(t, []string{cs}, paths, "for the reader to report, not a dir without files")
		assert.Nil(t, roles)
	})
}

// TestLoadHadoop1DirBrokenOptionalFile: simulate --hadoop1 reads
// capacity-scheduler.xml and mapred-queue-acls.xml when present; one that
// is there but cannot be read is an error naming it (once skipped, the
// JobTracker ran without its capacities or ACLs), and one that does not
// exist is still left out.
func TestLoadHadoop1DirBrokenOptionalFile(t *testing.T) {
	for _, f := range []string{"capacity-scheduler.xml", "mapred-queue-acls.xml"} {
		t.Run(f, func(t *testing.T) {
			dir := jtDir(t, "02-acls-stopped", "mapred-site.xml", "capacity-scheduler.xml", "mapred-queue-acls.xml")
			p := filepath.Join(dir, f)
			require.NoError(t, os.Remove(p))
			require.NoError(t, os.Symlink("nowhere.xml", p))
			_, err := LoadHadoop1Dir(dir, ReadOptions{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), p+`: is a symbolic link to "nowhere.xml", which does not exist`)

			require.NoError(t, os.Remove(p))
			_, err = LoadHadoop1Dir(dir, ReadOptions{})
			assert.NoError(t, err, "a %s that does not exist is optional", f)
		})
	}
}

// TestDetectHadoop1DirWithoutSiteNoSchedulerFinding: a 0.21 conf dir
// holding mapred-queues.xml and capacity-scheduler.xml but no
// mapred-site.xml (felix-halim/maxflow-mapreduce keeps its conf so, with
// the site file elsewhere) says nothing of the scheduler class. The dir
// path once parsed it as an empty mapred-site.xml and reported H1011 (the
// JobTracker runs JobQueueTaskScheduler) against a "mapred-site.xml" that
// is not there, where the same files named one by one did not; with a
// mapred-site.xml that names no scheduler, H1011 stands (JobTracker reads
// mapred.jobtracker.taskScheduler, default JobQueueTaskScheduler).
func TestDetectHadoop1DirWithoutSiteNoSchedulerFinding(t *testing.T) {
	dir := jtDir(t, "05-hierarchical-0.21", "mapred-queues.xml", "capacity-scheduler.xml")
	paths, roles := H1Candidates(dir)
	require.NotNil(t, roles)
	in := DetectHadoop1(paths, roles, ReadOptions{})
	require.NoError(t, in.Err)
	require.True(t, in.IsHadoop1)
	assert.Zero(t, rulesOf(in.Model.Findings)[RuleH1Scheduler], "by name: %v", in.Model.Findings)

	byContent := DetectHadoop1(paths, nil, ReadOptions{})
	require.NoError(t, byContent.Err)
	assert.Zero(t, rulesOf(byContent.Model.Findings)[RuleH1Scheduler], "by content")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "mapred-site.xml"), []byte("<configuration/>"), 0o644))
	paths, roles = H1Candidates(dir)
	in = DetectHadoop1(paths, roles, ReadOptions{})
	require.NoError(t, in.Err)
	assert.Equal(t, 1, rulesOf(in.Model.Findings)[RuleH1Scheduler], "an empty mapred-site.xml runs the default scheduler")
}
