package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

// TestLintHadoop1Path: a Hadoop 1 conf dir is linted with the H1 rules; a
// YARN file is left to the YARN linter.
func TestLintHadoop1Path(t *testing.T) {
	t.Chdir(golden.RepoRoot())
	got, err := LintHadoop1Path("testdata/hadoop1/08-sum-99.9-rejected", xmlconf.ReadOptions{}, Options{})
	require.True(t, got.IsHadoop1)
	require.NoError(t, err)
	assert.Equal(t, []string{"testdata/hadoop1/08-sum-99.9-rejected/mapred-site.xml",
		"testdata/hadoop1/08-sum-99.9-rejected/capacity-scheduler.xml"}, got.Files, "a conf dir's role files")
	rules := map[string]bool{}
	for _, f := range got.Result.Findings {
		rules[f.Rule] = true
	}
	assert.True(t, rules["H1004"], "Math.floor(99.9) != 100 is what the JobTracker refuses")

	got, err = LintHadoop1Path("testdata/hadoop1/05-hierarchical-0.21/mapred-queues.xml", xmlconf.ReadOptions{}, Options{})
	assert.True(t, got.IsHadoop1)
	assert.NoError(t, err)
	assert.Equal(t, []string{"testdata/hadoop1/05-hierarchical-0.21/mapred-queues.xml"}, got.Files)

	yarn := filepath.Join("golden", "migrate", "01-flat-basic.xml")
	got, _ = LintHadoop1Path(yarn, xmlconf.ReadOptions{}, Options{})
	assert.False(t, got.IsHadoop1, "a YARN file is not Hadoop 1")
	assert.Contains(t, got.Data, yarn, "its bytes are kept for the YARN lint: read once")
	got, _ = LintHadoop1Path("testdata/seeds-example", xmlconf.ReadOptions{}, Options{})
	assert.False(t, got.IsHadoop1)
}

// TestLintHadoop1PathMalformedSite is issue 20: a Hadoop 1 dir whose
// mapred-site.xml is malformed was linted as YARN (CS001 on the Hadoop 1
// capacity-scheduler.xml); the malformed file is reported instead.
func TestLintHadoop1PathMalformedSite(t *testing.T) {
	dir := t.TempDir()
	cs, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata/hadoop1/08-sum-99.9-rejected/capacity-scheduler.xml"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "capacity-scheduler.xml"), cs, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "mapred-site.xml"), []byte("<configuration><property><name>mapred.queue.names</name>"), 0o644))
	got, err := LintHadoop1Path(dir, xmlconf.ReadOptions{}, Options{})
	assert.True(t, got.IsHadoop1, "still a Hadoop 1 set")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "mapred-site.xml")
}

// TestLintHadoop1PathLoneCapacityScheduler: a dir holding only a Hadoop 1
// capacity-scheduler.xml (rvs/hdeploy's conf/, trimmed) gets the H1 rules,
// as the file given by name does; it was linted as YARN with CS001 (and
// counted as two files). Beside a yarn-site.xml it stays a YARN lint.
func TestLintHadoop1PathLoneCapacityScheduler(t *testing.T) {
	dir := t.TempDir()
	cs := filepath.Join(dir, "capacity-scheduler.xml")
	require.NoError(t, os.WriteFile(cs, []byte(`<configuration>
  <property>
    <name>mapred.capacity-scheduler.queue.default.capacity</name>
    <value>100</value>
  </property>
  <property>
    <name>mapred.capacity-scheduler.queue.default.maximum-capacity</name>
    <value>-1</value>
  </property>
  <property>
    <name>mapred.capacity-scheduler.queue.default.maximum-initialized-jobs-per-user</name>
    <value>2</value>
  </property>
</configuration>
`), 0o644))
	byDir, err := LintHadoop1Path(dir, xmlconf.ReadOptions{}, Options{})
	require.NoError(t, err)
	require.True(t, byDir.IsHadoop1)
	assert.Equal(t, []string{cs}, byDir.Files)
	byFile, err := LintHadoop1Path(cs, xmlconf.ReadOptions{}, Options{})
	require.NoError(t, err)
	assert.Equal(t, byFile.Result.Findings, byDir.Result.Findings, "the same verdict as the file by name")
	assert.NotEmpty(t, byDir.Result.Findings, "H1015: maximum-capacity makes it 1.x, which no longer reads the per-user job limit")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "yarn-site.xml"), []byte("<configuration/>"), 0o644))
	got, _ := LintHadoop1Path(dir, xmlconf.ReadOptions{}, Options{})
	assert.False(t, got.IsHadoop1, "a ResourceManager conf dir reads it as YARN")
}

// TestLintHadoop1PathHonoursMaxFileSize: the detection reads within
// --max-file-size like every other input (issue 11: it parsed every file
// fully, ignoring the limit).
func TestLintHadoop1PathHonoursMaxFileSize(t *testing.T) {
	got, err := LintHadoop1Path(filepath.Join(golden.RepoRoot(), "testdata/hadoop1/08-sum-99.9-rejected"), xmlconf.ReadOptions{MaxBytes: 50}, Options{})
	assert.True(t, got.IsHadoop1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "larger than the limit")
}

// TestWorkingRelative: absolute names under the working directory become
// relative; names outside it, relative names and git: names are kept.
func TestWorkingRelative(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	wd, err := os.Getwd()
	require.NoError(t, err)
	for in, want := range map[string]string{
		filepath.Join(wd, "conf", "cs.xml"): filepath.Join("conf", "cs.xml"),
		"conf/cs.xml":                       "conf/cs.xml",
		"/elsewhere/cs.xml":                 "/elsewhere/cs.xml",
		"git:main:conf/cs.xml":              "git:main:conf/cs.xml",
		"<stdin>":                           "<stdin>",
	} {
		assert.Equal(t, want, WorkingRelative(in), in)
	}
	fs := []xmlconf.Finding{{Pos: xmlconf.Pos{File: "a.xml"}}, {Pos: xmlconf.Pos{File: filepath.Join(wd, "b.xml")}}}
	assert.True(t, WorkingRelativeFindings(fs))
	assert.Equal(t, "b.xml", fs[1].File)
	assert.False(t, WorkingRelativeFindings(fs), "nothing left to rename")

	// A position quoted in the text is renamed like the file, so the
	// text (and the baseline fingerprint) is the same in any checkout.
	earlier := filepath.Join(wd, "conf", "capacity-scheduler.xml")
	dup := []xmlconf.Finding{{Pos: xmlconf.Pos{File: earlier, Line: 28, Col: 3},
		Message: `"k" is also defined at ` + earlier + `:10:5; this later definition wins`,
		Hint:    "see " + earlier + ":10 and /elsewhere/y.xml:3"}}
	WorkingRelativeFindings(dup)
	rel := filepath.Join("conf", "capacity-scheduler.xml")
	assert.Equal(t, `"k" is also defined at `+rel+`:10:5; this later definition wins`, dup[0].Message)
	assert.Equal(t, "see "+rel+":10 and /elsewhere/y.xml:3", dup[0].Hint)
}
