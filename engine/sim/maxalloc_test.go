package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// Once the ResourceManager has run longer than the scheduling wait (10 s
// by default), the largest live node caps what an app may ask
// (ClusterNodeTracker.getMaxAllowedAllocation). The 8 GB node leaves at
// 1 s, so the cap is the 2 GB node's. Before the wait, a 4 GB task ask is
// checked against the configured 8 GB and accepted (the app then waits:
// no node can hold it). After it, an AM of 4 GB is rejected at submission
// (RMAppManager), and a 4 GB task ask fails its app
// (ApplicationMasterService's InvalidResourceRequestException).
func TestLargestNodeCapsRequestsAfterTheWait(t *testing.T) {
	m := defaultOnlyModel()
	for _, tc := range []struct {
		name, apps string
		want       map[string]string
	}{
		{"before the wait", `
    {"id": "early", "queue": "default", "user": "u", "submit_ms": 2000, "am": {"memory_mb": 1024, "vcores": 1},
     "tasks": [{"count": 1, "memory_mb": 4096, "vcores": 1, "duration_ms": 1000, "priority": 20}]}`,
			map[string]string{"early": AppRunning}},
		{"after the wait", `
    {"id": "late_am", "queue": "default", "user": "u", "submit_ms": 20000, "am": {"memory_mb": 4096, "vcores": 1},
     "tasks": [{"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 1000, "priority": 20}]},
    {"id": "late_task", "queue": "default", "user": "u", "submit_ms": 20000, "am": {"memory_mb": 1024, "vcores": 1},
     "tasks": [{"count": 1, "memory_mb": 4096, "vcores": 1, "duration_ms": 1000, "priority": 20}]}`,
			map[string]string{"late_am": AppRejected, "late_task": AppFailed}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := ReadNative("maxalloc.json", []byte(`{
  "cluster": {"nodes": [{"names": ["big"], "memory_mb": 8192, "vcores": 8}, {"names": ["small"], "memory_mb": 2048, "vcores": 2}]},
  "events": [{"at_ms": 1000, "kind": "remove_nodes", "names": ["big"]}],
  "apps": [`+tc.apps+`]}`))
			require.NoError(t, err)
			res, err := Run(m, w, Options{Until: 60000})
			require.NoError(t, err)
			got, reasons := map[string]string{}, map[string]string{}
			for _, a := range res.Apps {
				got[a.ID], reasons[a.ID] = a.State, a.Reason
			}
			assert.Equal(t, tc.want, got)
			for id, st := range tc.want {
				if st != AppRunning {
					assert.Contains(t, reasons[id], "maximum allowed allocation=<memory:2048, vCores:2>", id)
				}
			}
		})
	}
}

// defaultOnlyModel is the configuration with root.default alone.
func defaultOnlyModel() *xmlconf.Model {
	return xmlconf.Build(xmlconf.FromMap(map[string]string{"yarn.scheduler.capacity.root.queues": "default",
		"yarn.scheduler.capacity.root.default.capacity": "100"}, "cs.xml"), xmlconf.BuildOptions{Version: xmlconf.DefaultVersion})
}

// Under the DefaultResourceCalculator a container's vcores decide
// nothing: nodes fit it by memory (DefaultResourceCalculator.fitsIn) and
// the normalized request has one vcore, so 3-vcore tasks run on 2-vcore
// nodes. Under the DominantResourceCalculator no node could hold them,
// and the workload is refused.
func TestVCoresBeyondEveryNodeMatterOnlyUnderDRF(t *testing.T) {
	w, err := ReadNative("vcores.json", []byte(`{
  "cluster": {"nodes": [{"names": ["n1"], "memory_mb": 8192, "vcores": 2}]},
  "apps": [{"id": "a", "queue": "default", "user": "u", "am": {"memory_mb": 1024, "vcores": 1},
     "tasks": [{"count": 2, "memory_mb": 1024, "vcores": 3, "duration_ms": 1000, "priority": 20}]}]}`))
	require.NoError(t, err)
	res, err := Run(defaultOnlyModel(), w, Options{})
	require.NoError(t, err)
	require.Len(t, res.Apps, 1)
	assert.Equal(t, AppFinished, res.Apps[0].State)

	drf := xmlconf.Build(xmlconf.FromMap(map[string]string{"yarn.scheduler.capacity.root.queues": "default",
		"yarn.scheduler.capacity.root.default.capacity": "100",
		"yarn.scheduler.capacity.resource-calculator":   xmlconf.DominantResourceCalculator}, "cs.xml"), xmlconf.BuildOptions{Version: xmlconf.DefaultVersion})
	_, err = Run(drf, w, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "3 vcores is bigger than any node (largest 8192 MB, 2 vcores)")
}
