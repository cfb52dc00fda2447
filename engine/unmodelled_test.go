package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// Every setting the engine reads but does not model gets a warning when a
// configuration turns it on, and none when it is off or at its default.
func TestUnmodelled(t *testing.T) {
	base := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50"}
	tests := []struct {
		name string
		kv   map[string]string
		want []string // keys warned about, in order
	}{
		{"defaults", nil, nil},
		{"intra-queue preemption is modelled", map[string]string{"yarn.resourcemanager.monitor.capacity.preemption.intra-queue-preemption.enabled": "true"}, nil},
		{"intra-queue preemption on fair leaves is modelled (3.4)", map[string]string{"yarn.resourcemanager.monitor.capacity.preemption.intra-queue-preemption.enabled": "true",
			"yarn.resourcemanager.scheduler.monitor.enable": "true", "root.b.ordering-policy": "fair"}, nil},
		{"conservative DRF is modelled", map[string]string{"yarn.resourcemanager.monitor.capacity.preemption.conservative-drf": "true"}, nil},
		{"unknown intra-queue order", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true",
			"yarn.resourcemanager.monitor.capacity.preemption.intra-queue-preemption.preemption-order-policy": "fifo_first"},
			[]string{"yarn.resourcemanager.monitor.capacity.preemption.intra-queue-preemption.preemption-order-policy"}},
		{"intra-queue order in any case", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true",
			"yarn.resourcemanager.monitor.capacity.preemption.intra-queue-preemption.preemption-order-policy": "Priority_First"}, nil},
		{"fair leaves without intra-queue preemption", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true", "root.b.ordering-policy": "fair"}, nil},
		{"reserved selector is modelled", map[string]string{"yarn.resourcemanager.monitor.capacity.preemption.select_based_on_reserved_containers": "true"}, nil},
		{"lazy preemption is modelled", map[string]string{"lazy-preemption-enabled": "true"}, nil},
		{"lazy preemption with the reserved selector", map[string]string{"lazy-preemption-enabled": "true",
			"yarn.resourcemanager.monitor.capacity.preemption.select_based_on_reserved_containers": "true"}, []string{"yarn.scheduler.capacity.lazy-preemption-enabled"}},
		{"tag-based placement is modelled", map[string]string{"yarn.resourcemanager.application-tag-based-placement.enable": "true"}, nil},
		{"tags kept in their case", map[string]string{"yarn.resourcemanager.application-tag-based-placement.force-lowercase": "false"},
			[]string{"yarn.resourcemanager.application-tag-based-placement.force-lowercase"}},
		{"tags lowercased", map[string]string{"yarn.resourcemanager.application-tag-based-placement.force-lowercase": "true"}, nil},
		{"tag-based placement off", map[string]string{"yarn.resourcemanager.application-tag-based-placement.enable": "false"}, nil},
		{"other resource types", map[string]string{"yarn.resource-types": "yarn.io/gpu"}, []string{"yarn.resource-types"}},
		{"no other resource types", map[string]string{"yarn.resource-types": " "}, nil},
		{"queue priority preemption is modelled", map[string]string{"ordering-policy.priority-utilization.underutilized-preemption.enabled": "true"}, nil},
		{"queue priority preemption's reservation age is modelled", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true",
			"ordering-policy.priority-utilization.underutilized-preemption.enabled": "true"}, nil},
		{"queue priority preemption without delay", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true",
			"ordering-policy.priority-utilization.underutilized-preemption.enabled":                     "true",
			"ordering-policy.priority-utilization.underutilized-preemption.reserved-container-delay-ms": "0"}, nil},
		{"moving reservations", map[string]string{"ordering-policy.priority-utilization.underutilized-preemption.allow-move-reservation": "true"},
			[]string{"yarn.scheduler.capacity.ordering-policy.priority-utilization.underutilized-preemption.allow-move-reservation"}},
		{"labels are modelled", map[string]string{"root.a.accessible-node-labels": "gpu", "root.b.accessible-node-labels": "gpu",
			"root.a.accessible-node-labels.gpu.capacity": "100", "root.a.default-node-label-expression": "gpu"}, nil},
		{"absolute label capacity is modelled", map[string]string{"root.a.accessible-node-labels": "gpu", "root.a.accessible-node-labels.gpu.capacity": "[memory=1024,vcores=1]",
			"root.a.accessible-node-labels.gpu.maximum-capacity": "[memory=2048,vcores=2]"}, nil},
		{"label capacity vector", map[string]string{"root.a.accessible-node-labels": "gpu", "root.a.accessible-node-labels.gpu.capacity": "[memory=50%,vcores=2w]"},
			[]string{"yarn.scheduler.capacity.root.a.accessible-node-labels"}},
		{"two-label default expression", map[string]string{"root.a.default-node-label-expression": "x && y"},
			[]string{"yarn.scheduler.capacity.root.a.default-node-label-expression"}},
		{"inter-queue label preemption is modelled", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true", "root.a.accessible-node-labels": "gpu",
			"root.a.accessible-node-labels.gpu.capacity": "100"}, nil},
		{"intra-queue label preemption is modelled", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true", "root.a.accessible-node-labels": "gpu",
			"root.a.accessible-node-labels.gpu.capacity": "100", "yarn.resourcemanager.monitor.capacity.preemption.intra-queue-preemption.enabled": "true"}, nil},
		{"reserved-container label preemption is modelled", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true", "root.a.accessible-node-labels": "gpu",
			"root.a.accessible-node-labels.gpu.capacity": "100", "yarn.resourcemanager.monitor.capacity.preemption.select_based_on_reserved_containers": "true"}, nil},
		{"queue-priority label preemption is modelled", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true", "root.a.accessible-node-labels": "gpu",
			"root.a.accessible-node-labels.gpu.capacity": "100", "ordering-policy.priority-utilization.underutilized-preemption.enabled": "true",
			"ordering-policy.priority-utilization.underutilized-preemption.reserved-container-delay-ms": "0"}, nil},
		{"built-in app policies by class name are modelled", map[string]string{
			"root.a.ordering-policy": "org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy.FairOrderingPolicy",
			"root.b.ordering-policy": "org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy.FifoOrderingPolicyForPendingApps"}, nil},
		{"a custom app policy class", map[string]string{"root.a.ordering-policy": "com.example.MyPolicy"},
			[]string{"yarn.scheduler.capacity.root.a.ordering-policy"}},
		{"a queue ordering policy class on a parent (YARN-9824)", map[string]string{"root.ordering-policy": "com.example.MyQueuePolicy"},
			[]string{"yarn.scheduler.capacity.root.ordering-policy"}},
		{"priority-utilization on a parent is modelled", map[string]string{"root.ordering-policy": "priority-utilization"}, nil},
		{"fifo-with-partitions alone orders as fifo", map[string]string{"root.a.ordering-policy": "fifo-with-partitions"}, nil},
		{"exclusive-enforced partitions", map[string]string{"root.a.ordering-policy": "fifo-with-partitions",
			"root.a.ordering-policy.exclusive-enforced-partitions": "x"},
			[]string{"yarn.scheduler.capacity.root.a.ordering-policy.exclusive-enforced-partitions"}},
		// CapacityScheduler#checkAndGetApplicationPriority's defaults are
		// modelled (app_priority.go).
		{"priority ACLs' default priorities are modelled", map[string]string{"yarn.acl.enable": "true", "root.a.acl_application_max_priority": "[user=u max_priority=2 default_priority=1]"}, nil},
		{"priority ACLs without a default priority are modelled", map[string]string{"yarn.acl.enable": "true", "root.a.acl_application_max_priority": "[user=u max_priority=2 default_priority=0][user=v max_priority=3]"}, nil},
		{"a queue's default-application-priority is modelled", map[string]string{"root.a.default-application-priority": "4"}, nil},
		{"priority ACLs without yarn.acl.enable check nothing", map[string]string{"root.a.acl_application_max_priority": "[user=u max_priority=2 default_priority=1]"}, nil},
		{"the default priority ACL names no group", map[string]string{"yarn.acl.enable": "true", "root.a.acl_application_max_priority": "*"}, nil},
		// WorkflowPriorityMappingsManager#mapWorkflowPriorityForApp is
		// modelled (workflow.go), with or without its override.
		{"workflow priority mappings are modelled", map[string]string{"workflow-priority-mappings": "wf1:root.a:2",
			"workflow-priority-mappings-override.enable": "true"}, nil},
		{"max parallel apps are modelled", map[string]string{"root.b.max-parallel-apps": "3", "max-parallel-apps": "9"}, nil},
		{"global before queue", map[string]string{"root.b.reservable": "true", "lazy-preemption-enabled": "true",
			"yarn.resourcemanager.monitor.capacity.preemption.select_based_on_reserved_containers": "true"},
			[]string{"yarn.scheduler.capacity.lazy-preemption-enabled", "yarn.scheduler.capacity.root.b.reservable"}},
		{"auto-creation is modelled", map[string]string{"root.b.auto-queue-creation-v2.enabled": "true"}, nil},
		{"a monitor policy Hadoop does not ship", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true",
			"yarn.resourcemanager.scheduler.monitor.policies": "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy,com.example.ThrottlePolicy"},
			[]string{"yarn.resourcemanager.scheduler.monitor.policies"}},
		{"Hadoop's monitor policies are known", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true",
			"yarn.resourcemanager.scheduler.monitor.policies": "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy, org.apache.hadoop.yarn.server.resourcemanager.monitor.invariants.MetricsInvariantChecker"}, nil},
		{"no monitor policy runs with the monitor off", map[string]string{"yarn.resourcemanager.scheduler.monitor.policies": "com.example.ThrottlePolicy"}, nil},
		{"size-based weight is modelled", map[string]string{"root.a.ordering-policy": "fair", "root.a.ordering-policy.fair.enable-size-based-weight": "true"}, nil},
		{"app backoff", map[string]string{"app-backoff.enabled": "true"}, []string{"yarn.scheduler.capacity.app-backoff.enabled"}},
		{"app backoff on one leaf", map[string]string{"root.b.app-backoff.enabled": "true"}, []string{"yarn.scheduler.capacity.root.b.app-backoff.enabled"}},
		{"app backoff's interval and threshold alone", map[string]string{"app-backoff.interval-ms": "5000", "root.a.app-backoff.missed-threshold": "5"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			kv := map[string]string{}
			for k, v := range base {
				kv[k] = v
			}
			for k, v := range tc.kv {
				kv[k] = v
			}
			var got []string
			for _, w := range Unmodelled(build(t, kv, xmlconf.V3_4)) {
				got = append(got, w.Key)
				assert.Contains(t, w.String(), "not modelled: "+w.Key)
			}
			assert.Equal(t, tc.want, got)
		})
	}
	assert.Empty(t, Unmodelled(nil))
}

// TestUnmodelledKeysOlderProfilesDoNotRead: a key the profile's Hadoop
// does not read is ignored there as by Hadoop, so it is not "unmodelled".
// Lazy preemption is YARN-4108 and the queue-priority selector YARN-5864,
// both first in the 2.9.0 changelogs.
func TestUnmodelledKeysOlderProfilesDoNotRead(t *testing.T) {
	base := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50"}
	keys := map[string]string{
		"lazy-preemption-enabled": "true",
		"yarn.resourcemanager.monitor.capacity.preemption.select_based_on_reserved_containers":                 "true",
		"ordering-policy.priority-utilization.underutilized-preemption.allow-move-reservation":                 "true",
		"yarn.resourcemanager.monitor.capacity.preemption.additional_res_balance_based_on_reserved_containers": "true",
	}
	for k, v := range keys {
		base[k] = v
	}
	var got []string
	for _, w := range Unmodelled(build(t, base, xmlconf.V2_7)) {
		got = append(got, w.Key)
	}
	assert.Empty(t, got, "2.7 reads none of these keys")
	got = nil
	for _, w := range Unmodelled(build(t, base, xmlconf.V2_10)) {
		got = append(got, w.Key)
	}
	// The reserved selector only switches a warning on (globalGates).
	assert.Len(t, got, len(keys)-1, "2.10 reads them all: %v", got)
}

// Before 3.2 a fair leaf's apps are ordered for intra-queue preemption as
// from 3.2, and capq says so; from 3.2 the split is modelled.
func TestUnmodelledIntraFairBefore32(t *testing.T) {
	kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50",
		"yarn.resourcemanager.monitor.capacity.preemption.intra-queue-preemption.enabled": "true",
		"yarn.resourcemanager.scheduler.monitor.enable":                                   "true", "root.b.ordering-policy": "fair"}
	ws := Unmodelled(build(t, kv, xmlconf.V3_1))
	if assert.Len(t, ws, 1) {
		assert.Equal(t, "yarn.scheduler.capacity.root.b.ordering-policy", ws[0].Key)
		assert.Contains(t, ws[0].String(), "Hadoop 3.1")
	}
	assert.Empty(t, Unmodelled(build(t, kv, xmlconf.V3_3)), "the 3.3 line's split by user limit is modelled")
}

// Siblings mixing capacity modes under 3.4's non-legacy mode are modelled
// (xmlconf.QueueResources); what is left of that mode still warns:
// non-percentage label capacities, other resource types, weight maximums.
func TestUnmodelledMixedCapacities(t *testing.T) {
	kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "[memory=4096,vcores=4]", "root.b.capacity": "2w",
		"legacy-queue-mode.enabled": "false"}
	assert.Empty(t, Unmodelled(build(t, kv, xmlconf.V3_4)), "absolute and weight siblings are modelled")
	kv["root.a.capacity"] = "[memory=50%,vcores=2w]"
	assert.Empty(t, Unmodelled(build(t, kv, xmlconf.V3_4)), "a vector mixing modes is modelled")
	cases := []struct{ key, value, want string }{
		{"root.a.capacity", "[memory=50%,vcores=2w,yarn.io/gpu=1]", "yarn.scheduler.capacity.root.a.capacity"},
		{"root.b.maximum-capacity", "[memory=100%,vcores=2w]", "yarn.scheduler.capacity.root.b.maximum-capacity"},
		{"root.a.accessible-node-labels.x.capacity", "2w", "yarn.scheduler.capacity.root.a.accessible-node-labels.x.capacity"},
	}
	for _, tc := range cases {
		c := map[string]string{"root.a.accessible-node-labels": "x", "root.accessible-node-labels.x.capacity": "100"}
		for k, v := range kv {
			c[k] = v
		}
		c[tc.key] = tc.value
		ws := Unmodelled(build(t, c, xmlconf.V3_4))
		if assert.Len(t, ws, 1, tc.key) {
			assert.Equal(t, tc.want, ws[0].Key)
			assert.Equal(t, 1, ws[0].Queues)
		}
		delete(c, "legacy-queue-mode.enabled")
		for _, w := range Unmodelled(build(t, c, xmlconf.V3_4)) {
			assert.NotContains(t, w.Feature, "non-legacy", "legacy mode: %s", tc.key)
		}
	}
}

// Before 3.2 the DRF container selection of YARN-8292 is capq's, and it
// says so; 3.2 on, nothing to say.
func TestUnmodelledDRFSelectionBefore32(t *testing.T) {
	kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50",
		"yarn.resourcemanager.scheduler.monitor.enable": "true",
		"resource-calculator":                           "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"}
	ws := Unmodelled(build(t, kv, xmlconf.V3_1))
	if assert.Len(t, ws, 1) {
		assert.Equal(t, "yarn.scheduler.capacity.resource-calculator", ws[0].Key)
	}
	assert.Empty(t, Unmodelled(build(t, kv, xmlconf.V3_2)))
	delete(kv, "resource-calculator")
	assert.Empty(t, Unmodelled(build(t, kv, xmlconf.V3_1)), "the default calculator compares memory only")
}

// App backoff (YARN-11809) is on for a leaf by its own
// app-backoff.enabled, else by the global one, as
// TestCapacitySchedulerAppBackoff.testAppBackoffConfUpdate pins; the
// warning counts those leaves, and profiles before 3.4 (trunk) do not
// read the keys.
func TestUnmodelledAppBackoff(t *testing.T) {
	kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50",
		"root.a.queues": "a1,a2,a3", "root.a.a1.capacity": "30", "root.a.a2.capacity": "30", "root.a.a3.capacity": "40",
		"root.b.queues": "b1,b2,b3", "root.b.b1.capacity": "30", "root.b.b2.capacity": "30", "root.b.b3.capacity": "40",
		"root.a.a1.app-backoff.enabled": "true", "root.a.a1.app-backoff.interval-ms": "10000",
		"root.a.a1.app-backoff.missed-threshold": "50", "root.b.b2.app-backoff.enabled": "true"}
	ws := Unmodelled(build(t, kv, xmlconf.V3_4))
	if assert.Len(t, ws, 1) {
		assert.Equal(t, "yarn.scheduler.capacity.root.a.a1.app-backoff.enabled", ws[0].Key)
		assert.Equal(t, 2, ws[0].Queues, "a1 and b2")
	}
	// The test's update: on globally, off for a1, so the five other leaves.
	kv["app-backoff.enabled"] = "true"
	kv["root.a.a1.app-backoff.enabled"] = "false"
	ws = Unmodelled(build(t, kv, xmlconf.V3_4))
	if assert.Len(t, ws, 1) {
		assert.Equal(t, "yarn.scheduler.capacity.app-backoff.enabled", ws[0].Key, "a2 inherits the global value")
		assert.Equal(t, 5, ws[0].Queues)
		assert.Contains(t, ws[0].String(), "never backed off")
	}
	kv["app-backoff.enabled"] = "yes"
	ws = Unmodelled(build(t, kv, xmlconf.V3_4))
	if assert.Len(t, ws, 1, "an unparsable switch is Hadoop's default, false") {
		assert.Equal(t, "yarn.scheduler.capacity.root.b.b2.app-backoff.enabled", ws[0].Key)
		assert.Equal(t, 1, ws[0].Queues)
	}
	assert.Empty(t, Unmodelled(build(t, kv, xmlconf.V3_3)), "3.3 has no app backoff")
}

// On the 2.7 profile the preemption monitor computes as 2.9 and later
// (YARN-5864), and capq says so; 2.10 on, nothing to say.
func TestUnmodelledPreemptionBefore29(t *testing.T) {
	kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50",
		"yarn.resourcemanager.scheduler.monitor.enable": "true"}
	keys := func(v xmlconf.Version) []string {
		var out []string
		for _, w := range Unmodelled(build(t, kv, v)) {
			out = append(out, w.Key)
		}
		return out
	}
	assert.Contains(t, keys(xmlconf.V2_7), "yarn.resourcemanager.scheduler.monitor.enable")
	assert.Empty(t, keys(xmlconf.V2_10))
	delete(kv, "yarn.resourcemanager.scheduler.monitor.enable")
	assert.NotContains(t, keys(xmlconf.V2_7), "yarn.resourcemanager.scheduler.monitor.enable", "no monitor, no preemption")
}

// The 2.7 profile computes user limits as 2.7's LeafQueue does
// (userlimit27.go), so capq no longer warns that they follow 2.8.
func TestUnmodelledUserLimit27IsModelled(t *testing.T) {
	kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50"}
	for _, v := range []xmlconf.Version{xmlconf.V2_7, xmlconf.V2_10} {
		for _, w := range Unmodelled(build(t, kv, v)) {
			assert.NotContains(t, w.String(), "user limit", "Hadoop %s", v)
		}
	}
}

// A yarn-site.xml naming the FairScheduler makes the dry run describe a
// cluster that does not exist, and capq says so; the CapacityScheduler
// (trimmed, as Configuration.getClass does) says nothing.
func TestUnmodelledOtherScheduler(t *testing.T) {
	site := func(class string) *xmlconf.Model {
		conf := xmlconf.FromMap(map[string]string{xmlconf.Prefix + "root.queues": "a", xmlconf.Prefix + "root.a.capacity": "100"}, "test")
		conf.RM = xmlconf.FromMap(map[string]string{"yarn.resourcemanager.scheduler.class": class}, "yarn-site")
		return xmlconf.Build(conf, xmlconf.BuildOptions{Version: xmlconf.V3_4})
	}
	ws := Unmodelled(site("org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler"))
	if assert.Len(t, ws, 1) {
		assert.Equal(t, "yarn.resourcemanager.scheduler.class", ws[0].Key)
	}
	assert.Empty(t, Unmodelled(site(" "+xmlconf.CapacitySchedulerClass+" ")))
}

// TestUnmodelledMonitorPolicyNamedOnce: the monitor policies are read as
// xmlconf.MonitorPolicyNames reads them, which from 3.1 is
// SchedulingMonitorManager.updateSchedulingMonitors' getStrings into a
// HashSet: a class listed twice is one monitor, so it is named once.
func TestUnmodelledMonitorPolicyNamedOnce(t *testing.T) {
	kv := map[string]string{"root.queues": "a", "root.a.capacity": "100",
		"yarn.resourcemanager.scheduler.monitor.enable":   "true",
		"yarn.resourcemanager.scheduler.monitor.policies": "com.example.ThrottlePolicy,,com.example.ThrottlePolicy"}
	ws := Unmodelled(build(t, kv, xmlconf.V3_4))
	if assert.Len(t, ws, 1) {
		assert.Contains(t, ws[0].Feature, `("com.example.ThrottlePolicy")`)
	}
}
