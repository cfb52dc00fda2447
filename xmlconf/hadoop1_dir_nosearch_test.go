package xmlconf

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hashicorp/go-multierror"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// noSearchEnv hands the unsearchable dir to the test run again as nobody.
const noSearchEnv = "CAPQ_TEST_NOSEARCH_DIR"

// TestHadoop1DirNotSearchable: in a JobTracker conf dir this user may not
// search there is no telling which role files are there (Lstat fails on
// each alike), so H1Candidates offers none, leaving the YARN read to name
// the dir once, and LoadHadoop1Dir reads mapred-site.xml alone, which
// names it once, rather than three files it guessed were there. Removing
// either searchable() guard fails this test. Root searches any dir, so as
// root the test runs itself again as nobody (setpriv), as the end-to-end
// tests run the binary.
func TestHadoop1DirNotSearchable(t *testing.T) {
	if dir := os.Getenv(noSearchEnv); dir != "" {
		checkNotSearchable(t, dir)
		return
	}
	dir := jtDir(t, "01-flat-basic", "mapred-site.xml", "capacity-scheduler.xml", "mapred-queue-acls.xml")
	require.NoError(t, os.Chmod(dir, 0o644))
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	if os.Geteuid() != 0 {
		checkNotSearchable(t, dir)
		return
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("root, and no setpriv to drop to nobody")
	}
	// The test binary sits where only root may enter: run a copy from a
	// dir nobody may search.
	bin := filepath.Join(t.TempDir(), "xmlconf.test")
	// Both t.TempDirs are in the test's own dir (0700): open it and the
	// binary's to nobody, nothing above.
	for _, d := range []string{filepath.Dir(filepath.Dir(bin)), filepath.Dir(bin)} {
		require.NoError(t, os.Chmod(d, 0o755))
	}
	data, err := os.ReadFile(os.Args[0])
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(bin, data, 0o755))
	cmd := exec.Command(setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups", bin, "-test.run=^TestHadoop1DirNotSearchable$", "-test.v")
	cmd.Env = append(os.Environ(), noSearchEnv+"="+dir)
	cmd.Dir = filepath.Dir(bin)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), "--- PASS: TestHadoop1DirNotSearchable")
}

func checkNotSearchable(t *testing.T, dir string) {
	_, err := os.Lstat(filepath.Join(dir, "mapred-site.xml"))
	require.ErrorIs(t, err, os.ErrPermission, "the dir must not be searchable by this user")

	paths, roles := H1Candidates(dir)
	assert.Empty(t, paths)
	assert.Nil(t, roles)

	_, err = LoadHadoop1Dir(dir, ReadOptions{})
	var merr *multierror.Error
	require.ErrorAs(t, err, &merr)
	require.Len(t, merr.Errors, 1, "one file names the dir: %v", err)
	assert.Equal(t, filepath.Join(dir, "mapred-site.xml")+`: permission denied: this user may not search directory "`+dir+`"`, merr.Errors[0].Error())
}
