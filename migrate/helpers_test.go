package migrate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/require"
)

// loadCase reads testdata/hadoop1/<name>, naming each document by its
// base name so outputs do not depend on the working directory.
func loadCase(t testing.TB, name string, dialect xmlconf.H1Dialect) *xmlconf.H1Model {
	t.Helper()
	dir := filepath.Join(golden.RepoRoot(), "testdata", "hadoop1", name)
	files := xmlconf.H1Files{Dialect: dialect}
	read := func(base string) *xmlconf.Document {
		data, err := os.ReadFile(filepath.Join(dir, base))
		if os.IsNotExist(err) {
			return nil
		}
		require.NoError(t, err)
		d, err := xmlconf.ReadBytes(base, data, xmlconf.ReadOptions{})
		require.NoError(t, err)
		return d
	}
	files.MapredSite = read("mapred-site.xml")
	files.CapacityScheduler = read("capacity-scheduler.xml")
	files.QueueACLs = read("mapred-queue-acls.xml")
	if data, err := os.ReadFile(filepath.Join(dir, "mapred-queues.xml")); err == nil {
		d, err := xmlconf.ReadMapredQueues("mapred-queues.xml", data, xmlconf.ReadOptions{})
		require.NoError(t, err)
		files.MapredQueues = d
	}
	return xmlconf.ParseHadoop1(files)
}
