package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The RM normalizes an AM request when the app is submitted
// (RMAppManager.validateAndCreateResourceRequest), so the AM limit is
// charged the rounded size: three AMs of 1,100 MB count 2,048 MB each
// against the queue's 4,096 MB AM limit (10% of 40 GB), and the third
// waits for an AM to finish; charged 1,100 MB each, all three would run.
func TestAMLimitChargesTheNormalizedAM(t *testing.T) {
	m := defaultOnlyModel()
	app := func(id string) string {
		return `{"id": "` + id + `", "queue": "default", "user": "` + id + `", "am": {"memory_mb": 1100, "vcores": 1},
     "tasks": [{"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 600000, "priority": 20}]}`
	}
	w, err := ReadNative("am.json", []byte(`{
  "cluster": {"nodes": [{"names": ["n1", "n2", "n3", "n4", "n5"], "memory_mb": 8192, "vcores": 8}]},
  "apps": [`+app("a1")+`, `+app("a2")+`, `+app("a3")+`]}`))
	require.NoError(t, err)
	res, err := Run(m, w, Options{Until: 60000})
	require.NoError(t, err)
	got := map[string]string{}
	for _, a := range res.Apps {
		got[a.ID] = a.State
	}
	assert.Equal(t, map[string]string{"a1": AppRunning, "a2": AppRunning, "a3": AppAccepted}, got)
}
