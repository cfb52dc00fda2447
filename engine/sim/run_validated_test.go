package sim

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/engine"
)

// validWorkload is a small workload every check passes, built by hand.
func validWorkload() *Workload {
	return &Workload{
		Cluster: Cluster{Nodes: []NodeGroup{{Count: 2, MemoryMB: 8192, VCores: 8}}},
		Apps: []App{{ID: "a", Queue: "default", User: "u", AM: engine.Resource{MemoryMB: 1024, VCores: 1},
			Tasks: []TaskGroup{{Count: 2, MemoryMB: 1024, VCores: 1, DurationMS: 1000, Priority: 20}}}},
	}
}

// TestRunValidatesWhatValidateDidNotPass: Run trusts only a workload
// whose last Validate passed (every reader's last step); a workload
// built by hand, one whose Validate failed, and one changed and
// validated again are refused with Validate's error, from each of its
// checks (sizes, nodes, apps).
func TestRunValidatesWhatValidateDidNotPass(t *testing.T) {
	m := defaultOnlyModel()
	cases := []struct {
		name  string
		spoil func(*Workload)
		want  string
	}{
		{"an app without user", func(w *Workload) { w.Apps[0].User = "" }, `application "a" has no user`},
		{"a task of priority 0", func(w *Workload) { w.Apps[0].Tasks[0].Priority = 0 }, `application "a" task group 0: priority must be positive (0 is the AM's), got 0`},
		{"a container larger than every node", func(w *Workload) { w.Apps[0].Tasks[0].MemoryMB = 1 << 20 }, "1048576 MB"},
		{"a node listed twice", func(w *Workload) {
			w.Cluster.Nodes = []NodeGroup{{Names: []string{"n", "n"}, MemoryMB: 8192, VCores: 8}}
		}, `node "n" is listed twice`},
		{"racks out of range", func(w *Workload) { w.Cluster.Nodes[0].Racks = -1 }, "racks -1 is out of range"},
		{"no nodes", func(w *Workload) { w.Cluster.Nodes = nil }, "the workload has no nodes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ok := validWorkload()
			require.NoError(t, ok.Validate())
			_, err := Run(m, ok, Options{})
			require.NoError(t, err, "the valid workload runs")

			byHand := validWorkload()
			c.spoil(byHand)
			_, err = Run(m, byHand, Options{})
			require.Error(t, err, "built by hand, never validated")
			assert.Contains(t, err.Error(), c.want)

			failed := validWorkload()
			c.spoil(failed)
			require.Error(t, failed.Validate())
			_, err = Run(m, failed, Options{})
			require.Error(t, err, "its Validate failed")
			assert.Contains(t, err.Error(), c.want)

			changed := validWorkload()
			require.NoError(t, changed.Validate())
			c.spoil(changed)
			require.Error(t, changed.Validate(), "validated again after the change")
			_, err = Run(m, changed, Options{})
			require.Error(t, err, "changed, and its last Validate failed")
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestReadersMarkWhatTheyValidated: a reader's workload is marked
// validated only when Validate passed; ReadNativeSure's refusal is not.
func TestReadersMarkWhatTheyValidated(t *testing.T) {
	good := `{"cluster": {"nodes": [{"count": 1, "memory_mb": 8192, "vcores": 8}]}, "apps": [
  {"id": "a", "queue": "default", "user": "u", "am": {"memory_mb": 1024, "vcores": 1},
   "tasks": [{"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 1000, "priority": 20}]}]}`
	w, err := ReadNative("w.json", []byte(good))
	require.NoError(t, err)
	assert.True(t, w.validated)
	w, ok, err := ReadNativeSure("w.json", []byte(good))
	require.True(t, ok)
	require.NoError(t, err)
	assert.True(t, w.validated)

	bad := strings.Replace(good, `"priority": 20`, `"priority": 0`, 1)
	w, err = ReadNative("w.json", []byte(bad))
	require.Error(t, err)
	assert.False(t, w.validated)
	w, ok, err = ReadNativeSure("w.json", []byte(bad))
	require.True(t, ok)
	require.Error(t, err)
	assert.False(t, w.validated)
	assert.False(t, validWorkload().validated, "built by hand")
}

// TestCheckForRunTrustsValidate: once Validate passed, Run's check only
// measures the nodes (a change after it goes unseen until Validate runs
// again), and the largest node it gives is validateSized's, on every
// native workload of the test data (add_nodes events included).
func TestCheckForRunTrustsValidate(t *testing.T) {
	w := validWorkload()
	require.NoError(t, w.Validate())
	w.Apps[0].User = ""
	largest, err := w.checkForRun(w.Cluster.Expand())
	require.NoError(t, err, "trusted: not validated a second time")
	assert.Equal(t, engine.Resource{MemoryMB: 8192, VCores: 8}, largest)
	require.Error(t, w.Validate())
	_, err = w.checkForRun(w.Cluster.Expand())
	require.Error(t, err)

	files := 0
	err = filepath.WalkDir(repo("testdata"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		w, err := ReadNative(path, data)
		if err != nil {
			return nil
		}
		files++
		nodes := w.Cluster.Expand()
		trusted, err := w.checkForRun(nodes)
		require.NoError(t, err, path)
		w.validated = false
		checked, err := w.checkForRun(nodes)
		require.NoError(t, err, path)
		assert.Equal(t, checked, trusted, path)
		return nil
	})
	require.NoError(t, err)
	assert.Greater(t, files, 10)
}
