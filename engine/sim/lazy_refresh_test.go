package sim

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// A refresh that turns lazy preemption on (CapacityScheduler.reinitialize
// re-reads the key) in a run that started without it is applied, with a
// warning that the run keeps the heartbeat shortcuts it started with.
func TestRefreshTurnsLazyOn(t *testing.T) {
	conf := func(lazy string) []byte {
		return []byte(`<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.resourcemanager.scheduler.monitor.enable</name><value>true</value></property>
<property><name>yarn.scheduler.capacity.lazy-preemption-enabled</name><value>` + lazy + `</value></property></configuration>`)
	}
	w := &Workload{Name: "lazy", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}},
		Events: []Event{{AtMS: 5000, Kind: EventRefresh, Config: "lazy.xml"}}}
	load := func(string) (*xmlconf.Model, error) { return modelFrom(t, conf("true")), nil }
	res, err := Run(modelFrom(t, conf("false")), w, Options{Seed: 1, Until: 10000, LoadConfig: load})
	require.NoError(t, err)
	require.Len(t, res.Refreshes, 1)
	assert.True(t, res.Refreshes[0].Accepted)
	found := false
	for _, s := range res.Warnings {
		found = found || strings.Contains(s, "the refresh turns lazy preemption on")
	}
	assert.True(t, found, "warnings: %v", res.Warnings)
}
