package validate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestRefreshDefaultWrittenOutIsNoChange: writing out (or dropping) what
// Hadoop reads for an unset key changes nothing, and the default depends
// on the queue (CapacitySchedulerConfiguration.getAcl: "*" on root, " "
// elsewhere; getReservationAcl: "*" everywhere) and on the profile
// (YARN-10928: from 3.4 a leaf's user-limit-factor falls back to the
// scheduler-wide key, before it to 1).
func TestRefreshDefaultWrittenOutIsNoChange(t *testing.T) {
	cases := []struct {
		name    string
		v       xmlconf.Version
		base    map[string]string
		set     map[string]string
		queue   string
		changed bool
	}{
		{"root submit ACL set to its default *", xmlconf.V3_4, nil,
			map[string]string{"root.acl_submit_applications": "*"}, "root", false},
		{"root admin ACL set to its default *", xmlconf.V2_7, nil,
			map[string]string{"root.acl_administer_queue": " * "}, "root", false},
		{"root submit ACL set to nobody", xmlconf.V3_4, nil,
			map[string]string{"root.acl_submit_applications": " "}, "root", true},
		{"leaf submit ACL set to its default nobody", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.acl_submit_applications": " "}, "root.a.a1", false},
		{"leaf submit ACL set to * is a change there", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.acl_submit_applications": "*"}, "root.a.a1", true},
		{"leaf reservation ACL set to its default *", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.acl_submit_reservations": "*"}, "root.a.a1", false},
		{"3.4 leaf user-limit-factor written as the global one", xmlconf.V3_4,
			map[string]string{"user-limit-factor": "2"},
			map[string]string{"root.a.a1.user-limit-factor": "2"}, "root.a.a1", false},
		{"3.3 reads no global user-limit-factor", xmlconf.V3_3,
			map[string]string{"user-limit-factor": "2"},
			map[string]string{"root.a.a1.user-limit-factor": "2"}, "root.a.a1", true},
		{"leaf user-limit-factor set to Hadoop's 1", xmlconf.V3_3, nil,
			map[string]string{"root.a.a1.user-limit-factor": "1.0"}, "root.a.a1", false},
		{"2.7 root capacity written as its fixed 100", xmlconf.V2_7, nil,
			map[string]string{"root.capacity": "100"}, "root", false},
		{"3.4 root capacity written as its fixed 100.0", xmlconf.V3_4, nil,
			map[string]string{"root.capacity": "100.0"}, "root", false},
		{"root capacity 50 stays listed for lint", xmlconf.V3_4, nil,
			map[string]string{"root.capacity": "50"}, "root", true},
		{"root capacity as a weight stays listed", xmlconf.V3_4, nil,
			map[string]string{"root.capacity": "1w"}, "root", true},
		{"root maximum-capacity written as 100", xmlconf.V3_3, nil,
			map[string]string{"root.maximum-capacity": "100"}, "root", false},
		{"root maximum-capacity -1 reads as 100", xmlconf.V2_7, nil,
			map[string]string{"root.maximum-capacity": "-1"}, "root", false},
		{"root maximum-capacity 50 is a change", xmlconf.V3_4, nil,
			map[string]string{"root.maximum-capacity": "50"}, "root", true},
		// getNonLabeledQueueMaximumCapacity (2.7: getMaximumCapacity) reads
		// an unset or -1 maximum as 100 for every queue, not only root.
		{"3.4 leaf maximum-capacity written as 100", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.maximum-capacity": "100"}, "root.a.a1", false},
		{"3.3 parent maximum-capacity -1 reads as 100", xmlconf.V3_3, nil,
			map[string]string{"root.a.maximum-capacity": "-1"}, "root.a", false},
		{"2.7 leaf maximum-capacity 100.0", xmlconf.V2_7, nil,
			map[string]string{"root.b.b2.maximum-capacity": "100.0"}, "root.b.b2", false},
		{"leaf maximum-capacity 50 is a change", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.maximum-capacity": "50"}, "root.a.a1", true},
		{"leaf maximum-capacity as resources stays listed", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.maximum-capacity": "[memory=1024,vcores=1]"}, "root.a.a1", true},
		{"leaf maximum-capacity as a weight does not parse", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.maximum-capacity": "100w"}, "root.a.a1", true},
		// 3.1+ absolute mode: "100" matches no resource, so
		// getMaximumResourceRequirement reads none, as for unset, and
		// AbstractCSQueue takes the parent's maximum resource.
		{"3.2 absolute-mode leaf maximum-capacity 100", xmlconf.V3_2, absoluteTree,
			map[string]string{"root.a.a1.maximum-capacity": "100"}, "root.a.a1", false},
		{"3.4 absolute-mode leaf maximum-capacity 100", xmlconf.V3_4, absoluteTree,
			map[string]string{"root.a.a1.maximum-capacity": "100"}, "root.a.a1", false},
		// 3.4 non-legacy: unset is QueueCapacityVector.newInstance (absolute
		// 0, exactly the parent's maximum), and so is any text the parser
		// leaves empty ("-1": UNIFORM_REGEX needs a leading digit) where
		// getFloat agrees; "100" is the percentage calculator's 100%, a
		// floating-point product that can fall a unit short.
		{"3.4 non-legacy weight leaf maximum-capacity -1 is the default vector", xmlconf.V3_4, nonLegacyWeights,
			map[string]string{"root.a.a1.maximum-capacity": "-1"}, "root.a.a1", false},
		{"3.4 non-legacy maximum-capacity 1e2 is the default vector", xmlconf.V3_4, nonLegacyWeights,
			map[string]string{"root.a.a1.maximum-capacity": "1e2"}, "root.a.a1", false},
		{"3.4 non-legacy maximum-capacity -5: getFloat reads -5", xmlconf.V3_4, nonLegacyWeights,
			map[string]string{"root.a.a1.maximum-capacity": "-5"}, "root.a.a1", true},
		{"3.4 non-legacy weight leaf maximum-capacity 100 is a percentage vector", xmlconf.V3_4, nonLegacyWeights,
			map[string]string{"root.a.a1.maximum-capacity": "100"}, "root.a.a1", true},
		{"3.4 non-legacy root maximum-capacity 100: the parser gives root 100%", xmlconf.V3_4, nonLegacyWeights,
			map[string]string{"root.maximum-capacity": "100"}, "root", false},
		{"3.4 leaf state RUNNING stays listed: unset keeps the live state", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.state": "RUNNING"}, "root.a.a1", true},
		{"3.1 parent state RUNNING stays listed", xmlconf.V3_1, nil,
			map[string]string{"root.a.state": "RUNNING"}, "root.a", true},
		{"2.7 leaf state RUNNING is getState's default", xmlconf.V2_7, nil,
			map[string]string{"root.a.a1.state": "running"}, "root.a.a1", false},
		{"2.10 leaf state RUNNING stays listed: YARN-5756 keeps the live state", xmlconf.V2_10, nil,
			map[string]string{"root.a.a1.state": "RUNNING"}, "root.a.a1", true},
		{"2.7 leaf state RUNNING under a STOPPED parent is getState's default", xmlconf.V2_7,
			map[string]string{"root.a.state": "STOPPED"},
			map[string]string{"root.a.a1.state": "RUNNING"}, "root.a.a1", false},
		{"2.7 leaf state STOPPED is a change", xmlconf.V2_7, nil,
			map[string]string{"root.a.a1.state": "STOPPED"}, "root.a.a1", true},
		{"parent ordering-policy written as the inherited utilization", xmlconf.V3_4, nil,
			map[string]string{"root.a.ordering-policy": "utilization"}, "root.a", false},
		{"parent ordering-policy written as its parent's priority-utilization", xmlconf.V3_3,
			map[string]string{"root.ordering-policy": "priority-utilization"},
			map[string]string{"root.a.ordering-policy": "priority-utilization"}, "root.a", false},
		{"parent ordering-policy other than its parent's", xmlconf.V3_4, nil,
			map[string]string{"root.a.ordering-policy": "priority-utilization"}, "root.a", true},
		{"leaf ordering-policy written as the default fifo", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.ordering-policy": "fifo"}, "root.a.a1", false},
		{"leaf ordering-policy fair is a change", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.ordering-policy": "fair"}, "root.a.a1", true},
		{"3.4 leaf maximum-allocation-mb written as its parent's", xmlconf.V3_4,
			map[string]string{"root.a.maximum-allocation-mb": "4096"},
			map[string]string{"root.a.a1.maximum-allocation-mb": "4096"}, "root.a.a1", false},
		{"3.4 leaf maximum-allocation-vcores written as the cluster's via root", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.maximum-allocation-vcores": "4"}, "root.a.a1", false},
		{"3.3 leaf maximum-allocation-mb written as its parent's (YARN-9116)", xmlconf.V3_3,
			map[string]string{"root.a.maximum-allocation-mb": "4096"},
			map[string]string{"root.a.a1.maximum-allocation-mb": "4096"}, "root.a.a1", false},
		{"3.2 reads an unset maximum-allocation-mb as the cluster's, not the parent's", xmlconf.V3_2,
			map[string]string{"root.a.maximum-allocation-mb": "4096"},
			map[string]string{"root.a.a1.maximum-allocation-mb": "4096"}, "root.a.a1", true},
		{"2.7 leaf maximum-allocation-mb written as the cluster's under a smaller parent", xmlconf.V2_7,
			map[string]string{"root.a.maximum-allocation-mb": "4096"},
			map[string]string{"root.a.a1.maximum-allocation-mb": "8192"}, "root.a.a1", false},
		{"3.4 leaf maximum-allocation-mb below its parent's is a change", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.maximum-allocation-mb": "2048"}, "root.a.a1", true},
		// getMaxParallelAppsForQueue (YARN-9930): the queue's own key with
		// Integer.parseInt, else the scheduler-wide getInt, every queue.
		{"3.4 leaf max-parallel-apps written as Integer.MAX_VALUE", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.max-parallel-apps": "2147483647"}, "root.a.a1", false},
		{"3.3 parent max-parallel-apps written as the scheduler-wide one", xmlconf.V3_3,
			map[string]string{"max-parallel-apps": "5"},
			map[string]string{"root.a.max-parallel-apps": "5"}, "root.a", false},
		{"leaf max-parallel-apps ' 5': Integer.parseInt does not trim", xmlconf.V3_4,
			map[string]string{"max-parallel-apps": "5"},
			map[string]string{"root.a.a1.max-parallel-apps": " 5"}, "root.a.a1", true},
		{"leaf max-parallel-apps 10 is a change", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.max-parallel-apps": "10"}, "root.a.a1", true},
		{"3.2 reads no max-parallel-apps", xmlconf.V3_2, nil,
			map[string]string{"root.a.a1.max-parallel-apps": "2147483647"}, "root.a.a1", true},
		{"unparsable value stays a change", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.user-limit-factor": "one"}, "root.a.a1", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assertWrittenOut(t, tc.v, edit(baseConf(), tc.base), tc.set, tc.queue, tc.changed)
		})
	}
}

// assertWrittenOut refreshes old to old with set applied, and back: queue
// changes (one property listed) exactly when changed, and otherwise has
// the one note that writing it out changes nothing.
func assertWrittenOut(t *testing.T, v xmlconf.Version, old, set map[string]string, queue string, changed bool) {
	t.Helper()
	for _, dir := range [][2]map[string]string{{old, edit(old, set)}, {edit(old, set), old}} {
		q := changeOf(t, refresh(v, dir[0], dir[1], nil), queue)
		assert.Equal(t, changed, q.Changed(), "%+v", q)
		assert.Equal(t, changed, len(q.Properties) == 1, "%+v", q)
		if !changed {
			require.Len(t, q.Notes, 1)
			assert.Contains(t, q.Notes[0], "changes nothing")
		}
	}
}

// nonLegacyWeights puts baseConf's tree in 3.4's non-legacy mode with
// root.a's children in weights.
var nonLegacyWeights = map[string]string{
	"legacy-queue-mode.enabled": "false", "root.a.a1.capacity": "1w", "root.a.a2.capacity": "2w",
}

// absoluteTree turns baseConf's tree to absolute resources throughout.
var absoluteTree = map[string]string{
	"root.a.capacity": "[memory=4096,vcores=4]", "root.b.capacity": "[memory=8192,vcores=8]",
	"root.a.a1.capacity": "[memory=1024,vcores=1]", "root.a.a2.capacity": "[memory=3072,vcores=3]",
	"root.b.b1.capacity": "[memory=4096,vcores=4]", "root.b.b2.capacity": "[memory=2048,vcores=2]",
	"root.b.b3.capacity": "[memory=2048,vcores=2]",
}

// TestRefreshRestartOnlyDefaultWrittenOut: RF013 asks for a restart when a
// key only initScheduler reads changes; writing out the value it reads
// when the key is unset (DefaultResourceCalculator,
// yarn.scheduler.minimum-allocation-mb 1024, multi-node placement false,
// 3.4's legacy-queue-mode true) changes nothing a restart would read.
func TestRefreshRestartOnlyDefaultWrittenOut(t *testing.T) {
	for _, tc := range []struct {
		key, value string
		want       int
	}{
		{"resource-calculator", xmlconf.DefaultResourceCalculator, 0},
		{"resource-calculator", " " + xmlconf.DefaultResourceCalculator + "\n", 0},
		{"resource-calculator", xmlconf.DominantResourceCalculator, 1},
		{xmlconf.MinAllocationMBKey, "1024", 0},
		{xmlconf.MinAllocationMBKey, "512", 1},
		{"multi-node-placement-enabled", "false", 0},
		{"multi-node-placement-enabled", "FALSE ", 0},
		{"multi-node-placement-enabled", "true", 1},
		{"schedule-asynchronously.enable", "false", 0},
		{"legacy-queue-mode.enabled", "true", 0},
		{"legacy-queue-mode.enabled", "false", 1},
		{xmlconf.MonitorPoliciesKey, pcpp, 0},
		{xmlconf.MonitorPoliciesKey, xmlconf.BuiltinMonitorPolicies[4].Class, 1},
	} {
		set := edit(baseConf(), map[string]string{tc.key: tc.value})
		for _, dir := range [][2]map[string]string{{baseConf(), set}, {set, baseConf()}} {
			n := 0
			for _, f := range refresh(xmlconf.V3_4, dir[0], dir[1], nil).Findings {
				if f.Rule == "RF013" {
					n++
				}
			}
			assert.Equal(t, tc.want, n, "%s %q", tc.key, tc.value)
		}
	}
}

// pcpp is ProportionalCapacityPreemptionPolicy's class, yarn-default.xml's
// yarn.resourcemanager.scheduler.monitor.policies.
var pcpp = xmlconf.BuiltinMonitorPolicies[0].Class

// TestRefreshGlobalDefaultWrittenOutIsNoChange: a scheduler-wide key
// written out as what Hadoop reads when it is unset (or dropped) is no
// change: the model's builder holds each default per profile
// (CapacitySchedulerConfiguration.getMaximumSystemApplications 10000,
// getMaximumApplicationMasterResourcePercent 0.1, getNodeLocalityDelay
// 40, YARN-10928's global user-limit-factor from 3.4 only, ...). A key
// the profile does not read, one the model does not know, or text that
// does not parse stays listed.
func TestRefreshGlobalDefaultWrittenOutIsNoChange(t *testing.T) {
	for _, tc := range []struct {
		v          xmlconf.Version
		key, value string
		changed    bool
	}{
		{xmlconf.V3_4, "maximum-applications", "10000", false},
		{xmlconf.V2_7, "maximum-applications", " 10000 ", false},
		{xmlconf.V3_4, "maximum-applications", "5000", true},
		{xmlconf.V3_4, "maximum-applications", "ten thousand", true},
		{xmlconf.V3_4, "maximum-am-resource-percent", "0.10", false},
		{xmlconf.V3_4, "maximum-am-resource-percent", "0.2", true},
		{xmlconf.V3_3, "node-locality-delay", "40", false},
		{xmlconf.V3_4, "user-limit-factor", "1", false},
		{xmlconf.V3_3, "user-limit-factor", "1", true}, // not read before 3.4
		{xmlconf.V3_4, "per-node-heartbeat.maximum-container-assignments", "100", false},
		{xmlconf.V2_7, "per-node-heartbeat.maximum-container-assignments", "100", true}, // not read by 2.7
		{xmlconf.V3_4, "reservations-continue-look-all-nodes", "TRUE", false},
		{xmlconf.V3_4, "resource-calculator", xmlconf.DefaultResourceCalculator, false},
		{xmlconf.V3_4, "multi-node-placement-enabled", "false", false},
		{xmlconf.V3_4, xmlconf.MinAllocationMBKey, "1024", false},
		{xmlconf.V3_4, "yarn.resourcemanager.monitor.capacity.preemption.observe_only", "false", false},
		{xmlconf.V3_4, "yarn.resourcemanager.monitor.capacity.preemption.observe_only", "true", true},
		// yarn-default.xml's policies: SchedulingMonitorManager#
		// updateSchedulingMonitors (2.7: createPolicyMonitors) reads the key
		// with no default of its own.
		{xmlconf.V3_4, xmlconf.MonitorPoliciesKey, pcpp, false},
		{xmlconf.V2_7, xmlconf.MonitorPoliciesKey, pcpp, false},
		{xmlconf.V3_4, xmlconf.MonitorPoliciesKey, pcpp + " ", true}, // getStrings trims nothing: another class name
		{xmlconf.V3_4, xmlconf.MonitorPoliciesKey, pcpp + "," + xmlconf.BuiltinMonitorPolicies[4].Class, true},
		{xmlconf.V3_4, xmlconf.MonitorEnableKey, "true", true},
		{xmlconf.V3_4, "max-parallel-apps", "2147483647", false},
		{xmlconf.V3_3, "user.max-parallel-apps", "2147483647", false},
		{xmlconf.V3_2, "max-parallel-apps", "2147483647", true},      // YARN-9930 is 3.3: never read
		{xmlconf.V2_7, "user.max-parallel-apps", "2147483647", true}, // nor here
		{xmlconf.V3_4, "not-a-hadoop-key", "1", true},
	} {
		set := edit(baseConf(), map[string]string{tc.key: tc.value})
		for _, dir := range [][2]map[string]string{{baseConf(), set}, {set, baseConf()}} {
			r := refresh(tc.v, dir[0], dir[1], nil)
			if tc.changed {
				assert.Len(t, r.Global, 1, "%s %s %q", tc.v, tc.key, tc.value)
				assert.Empty(t, r.GlobalNotes)
				continue
			}
			assert.Empty(t, r.Global, "%s %s %q", tc.v, tc.key, tc.value)
			if assert.Len(t, r.GlobalNotes, 1, "%s %s %q", tc.v, tc.key, tc.value) {
				assert.Contains(t, r.GlobalNotes[0], "changes nothing")
			}
		}
	}
}

// TestRefreshUserMaxParallelAppsWrittenOut: CapacitySchedulerConfiguration
// #getMaxParallelAppsForUser (YARN-9930, 3.3) reads user.<user>.max-parallel-apps
// with Integer.parseInt when it is set, else getDefaultMaxParallelAppsPerUser's
// user.max-parallel-apps (getInt, Integer.MAX_VALUE): a user's key written
// out as that changes nothing; one the profile does not read, text
// Integer.parseInt refuses, or another number stays listed.
func TestRefreshUserMaxParallelAppsWrittenOut(t *testing.T) {
	for _, tc := range []struct {
		v       xmlconf.Version
		base    map[string]string
		value   string
		changed bool
	}{
		{xmlconf.V3_4, nil, "2147483647", false},
		{xmlconf.V3_3, nil, "2147483647", false},
		{xmlconf.V3_4, map[string]string{"user.max-parallel-apps": "10"}, "10", false},
		{xmlconf.V3_4, map[string]string{"user.max-parallel-apps": " 10 "}, "10", false}, // getInt trims the default's text
		{xmlconf.V3_4, map[string]string{"user.max-parallel-apps": "10"}, "2147483647", true},
		{xmlconf.V3_4, nil, "10", true},
		{xmlconf.V3_4, nil, " 2147483647", true}, // parseInt does not trim
		{xmlconf.V3_4, nil, "0x7fffffff", true},  // nor read hex
		{xmlconf.V3_4, nil, "many", true},
		{xmlconf.V3_2, nil, "2147483647", true}, // not read before 3.3
	} {
		old := edit(baseConf(), tc.base)
		set := edit(old, map[string]string{"user.alice.max-parallel-apps": tc.value})
		for _, dir := range [][2]map[string]string{{old, set}, {set, old}} {
			r := refresh(tc.v, dir[0], dir[1], nil)
			name := fmt.Sprintf("%s %v %q", tc.v, tc.base, tc.value)
			if tc.changed {
				assert.Len(t, r.Global, 1, name)
				assert.Empty(t, r.GlobalNotes, name)
				continue
			}
			assert.Empty(t, r.Global, name)
			if assert.Len(t, r.GlobalNotes, 1, name) {
				assert.Contains(t, r.GlobalNotes[0], `reads "`+strings.TrimSpace(tc.value)+`" when it is unset`)
			}
		}
	}
}
