package xmlconf

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func rmOnlyLoad(t *testing.T, v Version, site, cs map[string]string) *Model {
	t.Helper()
	xml := func(m map[string]string) []byte {
		s := "<configuration>"
		for k, val := range m {
			s += fmt.Sprintf("<property><name>%s</name><value>%s</value></property>", k, val)
		}
		return []byte(s + "</configuration>")
	}
	opts := LoadOptions{CapacityScheduler: []Source{{Name: "capacity-scheduler.xml", Data: xml(cs)}}, Build: BuildOptions{Version: v}}
	if site != nil {
		opts.YarnSite = []Source{{Name: "yarn-site.xml", Data: xml(site)}}
	}
	l, err := Load(opts)
	require.NoError(t, err)
	return l.Model
}

// Each RM-only setting is read from yarn-site.xml alone: written only in
// capacity-scheduler.xml it leaves Hadoop's default (and is listed in
// RMOnlyElsewhere); in yarn-site.xml it is read, and it beats a different
// value in capacity-scheduler.xml.
func TestRMOnlySettingsComeFromYarnSite(t *testing.T) {
	type got struct {
		v   string
		set bool
	}
	read := map[string]func(g *Global) got{
		MonitorEnableKey:   func(g *Global) got { return got{fmt.Sprint(g.MonitorEnabled.V), g.MonitorEnabled.Set()} },
		MonitorPoliciesKey: func(g *Global) got { return got{g.MonitorPolicies.V, g.MonitorPolicies.Set()} },
		ACLEnableKey:       func(g *Global) got { return got{fmt.Sprint(g.ACLEnable.V), g.ACLEnable.Set()} },
		MaxAppPriorityKey:  func(g *Global) got { return got{fmt.Sprint(g.MaxAppPriority.V), g.MaxAppPriority.Set()} },
		NodeHeartbeatKey:   func(g *Global) got { return got{fmt.Sprint(g.NodeHeartbeatMS.V), g.NodeHeartbeatMS.Set()} },
		AppTimeoutsMonitorKey: func(g *Global) got {
			return got{fmt.Sprint(g.AppTimeoutsMonitorMS.V), g.AppTimeoutsMonitorMS.Set()}
		},
		AMNonExclusiveKey: func(g *Global) got {
			return got{fmt.Sprint(g.AMAllowNonExclusive.V), g.AMAllowNonExclusive.Set()}
		},
		WorkflowTagPrefixKey: func(g *Global) got { return got{g.WorkflowTagPrefix.V, g.WorkflowTagPrefix.Set()} },
	}
	for _, c := range []struct{ key, def, a, b string }{
		{MonitorEnableKey, "false", "true", "false"},
		{MonitorPoliciesKey, BuiltinMonitorPolicies[0].Class, "x.A", "x.B"}, // yarn-default.xml
		{ACLEnableKey, "false", "true", "false"},
		{MaxAppPriorityKey, "0", "10", "5"},
		{NodeHeartbeatKey, "1000", "250", "3000"},
		{AppTimeoutsMonitorKey, "3000", "20000", "1000"},
		{AMNonExclusiveKey, "false", "true", "false"},
		{WorkflowTagPrefixKey, DefaultWorkflowTagPrefix, "wf=", "flow:"},
	} {
		t.Run(c.key, func(t *testing.T) {
			base := map[string]string{Prefix + "root.queues": "default", Prefix + "root.default.capacity": "100"}
			with := func(k, v string) map[string]string {
				m := map[string]string{k: v}
				for bk, bv := range base {
					m[bk] = bv
				}
				return m
			}
			m := rmOnlyLoad(t, V3_4, nil, with(c.key, c.a))
			assert.Equal(t, got{c.def, false}, read[c.key](&m.Global), "capacity-scheduler.xml only, no yarn-site.xml: Hadoop's default")
			require.Len(t, m.RMOnlyElsewhere, 1)
			assert.Equal(t, c.key, m.RMOnlyElsewhere[0].Name)
			assert.Equal(t, "capacity-scheduler.xml", m.RMOnlyElsewhere[0].ValuePos.File)

			m = rmOnlyLoad(t, V3_4, map[string]string{}, with(c.key, c.a))
			assert.Equal(t, got{c.def, false}, read[c.key](&m.Global), "capacity-scheduler.xml only, yarn-site.xml without it: Hadoop's default")

			m = rmOnlyLoad(t, V3_4, map[string]string{c.key: c.a}, base)
			assert.Equal(t, got{c.a, true}, read[c.key](&m.Global), "yarn-site.xml only")
			assert.Empty(t, m.RMOnlyElsewhere)

			m = rmOnlyLoad(t, V3_4, map[string]string{c.key: c.a}, with(c.key, c.b))
			assert.Equal(t, got{c.a, true}, read[c.key](&m.Global), "both: yarn-site.xml's")
			require.Len(t, m.RMOnlyElsewhere, 1)
			assert.Equal(t, c.b, m.RMOnlyElsewhere[0].Value)

			// One configuration for both (Hadoop's tests, scenario maps).
			one := Build(FromMap(with(c.key, c.a), "scenario"), BuildOptions{Version: V3_4})
			assert.Equal(t, got{c.a, true}, read[c.key](&one.Global), "Conf.RM nil: the merge is the ResourceManager's")
			assert.Empty(t, one.RMOnlyElsewhere)
		})
	}
}

// The application priority ACLs read yarn.acl.enable from the scheduler's
// configuration (AppPriorityACLsManager), the queue ACLs from the RM's.
func TestPriorityACLEnableReadsTheSchedulerConfiguration(t *testing.T) {
	m := rmOnlyLoad(t, V3_4, nil, map[string]string{Prefix + "root.queues": "default", ACLEnableKey: "true"})
	assert.False(t, m.Global.ACLEnable.V)
	assert.True(t, m.Global.PriorityACLEnable.V)
}

// 2.7's preemption policy reads its settings from the ResourceManager's
// configuration; from 2.9 from the scheduler's (CapacityScheduler#getConfiguration).
func TestPreemptionSettingsRMOnlyIn27(t *testing.T) {
	cs := map[string]string{Prefix + "root.queues": "default", preemptionPrefix + "max_wait_before_kill": "5000"}
	for _, c := range []struct {
		v         Version
		wait      int64
		elsewhere int
	}{{V2_7, 15000, 1}, {V2_10, 5000, 0}, {V3_4, 5000, 0}} {
		m := rmOnlyLoad(t, c.v, nil, cs)
		assert.Equal(t, c.wait, m.Global.Preemption.MaxWaitBeforeKillMS.V, "%s", c.v)
		assert.Len(t, m.RMOnlyElsewhere, c.elsewhere, "%s", c.v)
		m = rmOnlyLoad(t, c.v, map[string]string{preemptionPrefix + "max_wait_before_kill": "7000"}, map[string]string{Prefix + "root.queues": "default"})
		assert.Equal(t, int64(7000), m.Global.Preemption.MaxWaitBeforeKillMS.V, "%s: yarn-site.xml is read in every version", c.v)
	}
}

// A ${var} in an RM-only value resolves in the ResourceManager's
// configuration, which does not have capacity-scheduler.xml's keys.
func TestRMOnlyValueExpandsInTheRMConfiguration(t *testing.T) {
	m := rmOnlyLoad(t, V3_4, map[string]string{NodeHeartbeatKey: "${hb}", "hb": "500"}, map[string]string{Prefix + "root.queues": "default", "hb": "700"})
	assert.Equal(t, int64(500), m.Global.NodeHeartbeatMS.V)
}

// From 3.x the scheduler's minimum allocation is ResourceUtils' (the
// ResourceManager's configuration: CapacityScheduler#initScheduler →
// AbstractYarnScheduler#getMinimumAllocation), while validateConf checks
// the scheduler configuration's value; 2.x read both from the latter.
func TestMinAllocationRMOnlyFrom3(t *testing.T) {
	site := map[string]string{MinAllocationMBKey: "512"}
	cs := map[string]string{Prefix + "root.queues": "default", MinAllocationMBKey: "2048", MinAllocationVcoresKey: "2"}
	for _, c := range []struct {
		v                    Version
		mem, vcores, checked int64
		elsewhere            int
	}{{V2_10, 2048, 2, 2048, 0}, {V3_1, 512, 1, 2048, 2}, {V3_4, 512, 1, 2048, 2}} {
		m := rmOnlyLoad(t, c.v, site, cs)
		g := m.Global
		assert.Equal(t, c.mem, g.MinAllocation.V.MemoryMB, "%s", c.v)
		assert.Equal(t, c.vcores, g.MinAllocation.V.VCores, "%s", c.v)
		assert.Equal(t, c.checked, g.CheckedMinAllocation.V.MemoryMB, "%s: validateConf reads capacity-scheduler.xml over yarn-site.xml", c.v)
		assert.Len(t, m.RMOnlyElsewhere, c.elsewhere, "%s", c.v)
	}
}

// TestNodeLabelsEnabledIsRMOnly: CommonNodeLabelsManager#serviceInit
// and RMAppManager and DefaultAMSProcessor#init for
// SchedulerUtils#normalizeAndValidateRequest,
// read yarn.node-labels.enabled from the ResourceManager's configuration,
// in every profile; written in capacity-scheduler.xml it is listed as
// defined elsewhere (lint CS111), in yarn-site.xml it is not.
func TestNodeLabelsEnabledIsRMOnly(t *testing.T) {
	for _, v := range []Version{V2_7, V2_10, V3_1, V3_3, V3_4} {
		s, ok := RMOnly(NodeLabelsEnabledKey, v)
		require.True(t, ok, v)
		assert.Contains(t, s.Partial, "CapacityScheduler#checkQueuePartition", v)
	}
	base := map[string]string{Prefix + "root.queues": "default", Prefix + "root.default.capacity": "100"}
	inCS := map[string]string{NodeLabelsEnabledKey: "true"}
	for k, v := range base {
		inCS[k] = v
	}
	m := rmOnlyLoad(t, V3_3, nil, inCS)
	require.Len(t, m.RMOnlyElsewhere, 1)
	assert.Equal(t, NodeLabelsEnabledKey, m.RMOnlyElsewhere[0].Name)
	m = rmOnlyLoad(t, V3_3, map[string]string{NodeLabelsEnabledKey: "true"}, base)
	assert.Empty(t, m.RMOnlyElsewhere)
}

// TestAppFailFastIsRMOnly: CapacityScheduler#initScheduler reads
// yarn.scheduler.capacity.application.fail-fast through
// CapacitySchedulerConfiguration#shouldAppFailFast(getConfig()), the
// scheduler service's own configuration, the ResourceManager's: written in
// capacity-scheduler.xml it is not read, whatever its prefix says. 2.7
// does not read the key at all (YARN-6031 came later), so it is not an
// RM-only setting there.
func TestAppFailFastIsRMOnly(t *testing.T) {
	cs := map[string]string{Prefix + "root.queues": "default", Prefix + "root.default.capacity": "100", AppFailFastKey: "true"}
	for _, v := range []Version{V2_10, V3_3, V3_4} {
		m := rmOnlyLoad(t, v, nil, cs)
		require.Len(t, m.RMOnlyElsewhere, 1, v.String())
		assert.Equal(t, AppFailFastKey, m.RMOnlyElsewhere[0].Name, v.String())
	}
	assert.Empty(t, rmOnlyLoad(t, V2_7, nil, cs).RMOnlyElsewhere, "2.7 does not read it anywhere")
	site := map[string]string{AppFailFastKey: "true"}
	assert.Empty(t, rmOnlyLoad(t, V3_4, site, map[string]string{Prefix + "root.queues": "default", Prefix + "root.default.capacity": "100"}).RMOnlyElsewhere,
		"in yarn-site.xml it is where Hadoop reads it")
}
