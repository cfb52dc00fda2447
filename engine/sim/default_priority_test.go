package sim

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// A native workload app without "priority" is submitted without one and
// takes its leaf's default-application-priority
// (CapacityScheduler#checkAndGetApplicationPriority); "priority": 0 is an
// explicit 0. With room for one AM at a time, c (no priority: the
// default 5) starts before b (0), though submitted later
// (FifoOrderingPolicyForPendingApps: higher priority first).
func TestNativeAppWithoutPriorityTakesTheQueueDefault(t *testing.T) {
	m := xmlconf.Build(xmlconf.FromMap(map[string]string{
		xmlconf.Prefix + "root.queues": "default", xmlconf.Prefix + "root.default.capacity": "100",
		xmlconf.Prefix + "maximum-am-resource-percent":               "0.1",
		xmlconf.Prefix + "root.default.default-application-priority": "5",
		"yarn.cluster.max-application-priority":                      "10",
	}, "test"), xmlconf.BuildOptions{})
	app := func(id string, at int, prio string) string {
		return `{"id": "` + id + `", "queue": "default", "user": "u", "submit_ms": ` + strconv.Itoa(at) + prio + `, "am": {"memory_mb": 1024, "vcores": 1},
		  "tasks": [{"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 60000, "priority": 1}]}`
	}
	doc := `{"format": "capq-workload/v1", "name": "prio", "cluster": {"nodes": [{"names": ["n1"], "memory_mb": 10240, "vcores": 10}]},
	  "apps": [` + app("a", 0, `, "priority": 0`) + `, ` + app("b", 1000, `, "priority": 0`) + `, ` + app("c", 2000, "") + `]}`
	w, err := ReadNative("prio.json", []byte(doc))
	require.NoError(t, err)
	require.NotNil(t, w.Apps[1].Priority)
	assert.Nil(t, w.Apps[2].Priority, "absent: none sent")
	res, err := Run(m, w, Options{Seed: 1})
	require.NoError(t, err)
	first := map[string]int64{}
	for _, a := range res.Apps {
		first[a.ID] = a.FirstContainerMS
	}
	assert.Less(t, first["c"], first["b"], "c runs at the default 5, b at 0")
}
