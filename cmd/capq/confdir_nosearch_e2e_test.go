package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/capq/capq/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runAsNonRoot runs the binary from the repository root as a user whom
// file permissions bind: as itself when not root, else as nobody through
// setpriv (root reads whatever the permissions, so the permission cases
// would otherwise only ever be skipped). dir, a t.TempDir, is opened to
// nobody, and the binary copied into it, since TestMain builds it in a
// directory only root may enter.
func runAsNonRoot(t *testing.T, dir string, args ...string) result {
	t.Helper()
	if os.Geteuid() != 0 {
		return runBinary(t, "", args...)
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("root, and no setpriv to drop to nobody")
	}
	for _, d := range []string{filepath.Dir(dir), dir} {
		require.NoError(t, os.Chmod(d, 0o755))
	}
	bin, err := os.ReadFile(capqBin)
	require.NoError(t, err)
	own := filepath.Join(dir, "capq")
	require.NoError(t, os.WriteFile(own, bin, 0o755))
	saved := capqBin
	capqBin = setpriv
	defer func() { capqBin = saved }()
	return runBinary(t, "", append([]string{"--reuid=nobody", "--regid=nogroup", "--clear-groups", own}, args...)...)
}

// TestConfDirPermissions: a conf dir this user may not search is named
// once, as the directory to fix, by its capacity-scheduler.xml; its
// yarn-site.xml, which may not even exist, is not named with the hint to
// make a file readable. A yarn-site.xml this user may not read is named
// with that hint.
func TestConfDirPermissions(t *testing.T) {
	dir := t.TempDir()
	cs, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata", "seeds-example", "capacity-scheduler.xml"))
	require.NoError(t, err)
	noSearch := filepath.Join(dir, "no-search")
	require.NoError(t, os.Mkdir(noSearch, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(noSearch, "capacity-scheduler.xml"), cs, 0o644))
	require.NoError(t, os.Chmod(noSearch, 0o644))
	noRead := filepath.Join(dir, "no-read")
	require.NoError(t, os.Mkdir(noRead, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(noRead, "capacity-scheduler.xml"), cs, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(noRead, "yarn-site.xml"), []byte("<configuration/>"), 0))

	for _, args := range [][]string{{"lint", noSearch}, {"tree", noSearch}, {"diff", noSearch, noSearch}} {
		r := runAsNonRoot(t, dir, args...)
		assert.Equal(t, exitCannotRun, r.code, r.stderr)
		assert.Contains(t, r.stderr, filepath.Join(noSearch, "capacity-scheduler.xml")+`: permission denied: this user may not search directory "`+noSearch+`"`, args)
		assert.Contains(t, r.stderr, "hint: make the directory searchable (x) by this user", args)
		assert.NotContains(t, r.stderr, "yarn-site.xml", args)
		assert.NotContains(t, r.stderr, "make the file readable", args)
	}
	// A JobTracker's conf dir too: its role files are not each named (nor
	// mapred-queues.xml, which it does not have) as unreadable.
	h1 := filepath.Join(dir, "h1-no-search")
	require.NoError(t, os.Mkdir(h1, 0o755))
	for _, f := range []string{"mapred-site.xml", "capacity-scheduler.xml", "mapred-queue-acls.xml"} {
		data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata", "hadoop1", "01-flat-basic", f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(h1, f), data, 0o644))
	}
	require.NoError(t, os.Chmod(h1, 0o644))
	for _, args := range [][]string{{"lint", h1}, {"tree", h1}} {
		r := runAsNonRoot(t, dir, args...)
		assert.Equal(t, exitCannotRun, r.code, r.stderr)
		assert.Equal(t, "capq: "+filepath.Join(h1, "capacity-scheduler.xml")+`: permission denied: this user may not search directory "`+h1+`"`+"\n  hint: make the directory searchable (x) by this user\n", r.stderr, args)
	}
	// simulate --hadoop1 reads the dir by its files' names
	// (LoadHadoop1Dir): mapred-site.xml alone names the dir, not each
	// optional file it cannot tell is there.
	workload := filepath.Join(golden.RepoRoot(), "testdata", "preview", "hadoop1-acls", "workload.json")
	r := runAsNonRoot(t, dir, "simulate", "--hadoop1", h1, "--workload", workload)
	assert.Equal(t, exitCannotRun, r.code, r.stderr)
	assert.Equal(t, "capq: "+filepath.Join(h1, "mapred-site.xml")+`: permission denied: this user may not search directory "`+h1+`"`+"\n  hint: make the directory searchable (x) by this user\n", r.stderr)
	// migrate hadoop1 DIR spells out a conf dir's files (H1Candidates'
	// roles): in a dir it cannot search there is no telling which are
	// there, so it gives the usage alone, naming none.
	r = runAsNonRoot(t, dir, "migrate", "hadoop1", h1)
	assert.Equal(t, exitCannotRun, r.code, r.stderr)
	assert.Contains(t, r.stderr, "migrate hadoop1 takes its files as flags")
	assert.NotContains(t, r.stderr, "conf dir")
	assert.NotContains(t, r.stderr, "mapred-queues.xml")

	r = runAsNonRoot(t, dir, "lint", noRead)
	assert.Equal(t, exitCannotRun, r.code, r.stderr)
	assert.Contains(t, r.stderr, filepath.Join(noRead, "yarn-site.xml")+": permission denied\n  hint: make the file readable by this user")
}
