package engine

import (
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refreshQueues hands the scheduler the ResourceManager's configuration as
// it started (AdminService.refreshQueues), so a refreshed yarn-site.xml
// does not turn the monitor on; Hadoop's tests, which call
// CapacityScheduler#reinitialize with one configuration, do
// (Model.KeepStartSettings).
func TestRefreshKeepsTheResourceManagersSettings(t *testing.T) {
	const cs = `<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>` +
		`<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property></configuration>`
	load := func(monitor string) *xmlconf.Model {
		site := `<configuration><property><name>yarn.resourcemanager.scheduler.monitor.enable</name><value>` + monitor + `</value></property>` +
			`<property><name>yarn.cluster.max-application-priority</name><value>` + map[string]string{"false": "0", "true": "5"}[monitor] + `</value></property></configuration>`
		l, err := xmlconf.Load(xmlconf.LoadOptions{YarnSite: []xmlconf.Source{{Name: "yarn-site.xml", Data: []byte(site)}},
			CapacityScheduler: []xmlconf.Source{{Name: "capacity-scheduler.xml", Data: []byte(cs)}}, Build: xmlconf.BuildOptions{Version: xmlconf.V3_4}})
		require.NoError(t, err)
		return l.Model
	}
	e, err := New(load("false"), nodesOf(1, 10*gb), Options{})
	require.NoError(t, err)
	require.Empty(t, e.Refresh(load("true"), nil))
	assert.False(t, e.model.Global.MonitorEnabled.V, "the monitor keeps its start setting")
	assert.False(t, e.model.Global.Preemption.Enabled.V)
	assert.Equal(t, int32(0), e.g.maxAppPriority)

	kv := map[string]string{"root.queues": "a", "root.a.capacity": "100"}
	e, err = New(build(t, kv, xmlconf.V3_4), nodesOf(1, 10*gb), Options{})
	require.NoError(t, err)
	kv["yarn.resourcemanager.scheduler.monitor.enable"] = "true"
	require.Empty(t, e.Refresh(build(t, kv, xmlconf.V3_4), nil))
	assert.True(t, e.model.Global.MonitorEnabled.V, "one configuration, as in Hadoop's tests: reinitialize reads it")
}
