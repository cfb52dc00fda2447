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
