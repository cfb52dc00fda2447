package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// QueueManagementDynamicEditPolicy.init and QueueConfigurationAutoRefresh-
// Policy.init read their intervals with getLong, and SchedulingMonitor.
// serviceStart's scheduleAtFixedRate throws for a period of 0 or less: a
// ResourceManager running either policy with such a value does not start,
// which CheckMonitorIntervals says (lint CS112). A policy that does not
// run reads nothing.
func TestCheckMonitorIntervals(t *testing.T) {
	const pkg = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity."
	for _, c := range []struct {
		key, value, policies string
		refused              bool
	}{
		{xmlconf.QueueManagementIntervalKey, "1500", pkg + "QueueManagementDynamicEditPolicy", false},
		{xmlconf.QueueManagementIntervalKey, "0", pkg + "QueueManagementDynamicEditPolicy", true},
		{xmlconf.QueueManagementIntervalKey, "1.5s", pkg + "QueueManagementDynamicEditPolicy", true},
		{xmlconf.AutoRefreshIntervalKey, "-5", pkg + "QueueConfigurationAutoRefreshPolicy", true},
		{xmlconf.AutoRefreshIntervalKey, "5000", pkg + "QueueConfigurationAutoRefreshPolicy", false},
		{xmlconf.AutoRefreshIntervalKey, "0", pkg + "QueueManagementDynamicEditPolicy", false},
		{xmlconf.AutoRefreshIntervalDocsKey, "0", pkg + "QueueConfigurationAutoRefreshPolicy", false},
	} {
		m := xmlconf.Build(xmlconf.FromMap(map[string]string{
			p + "root.queues": "a", p + "root.a.capacity": "100", c.key: c.value,
			"yarn.resourcemanager.scheduler.monitor.enable": "true", "yarn.resourcemanager.scheduler.monitor.policies": c.policies,
		}, "test"), xmlconf.BuildOptions{})
		err := CheckMonitorIntervals(m)
		if !c.refused {
			assert.NoError(t, err, "%s=%s", c.key, c.value)
			continue
		}
		require.Error(t, err, "%s=%s", c.key, c.value)
		assert.Contains(t, err.Error(), c.key+" = \""+c.value+"\"")
	}
}
