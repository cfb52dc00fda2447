package validate

import (
	"maps"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

const pre = xmlconf.Prefix

// baseConf is TestCapacitySchedulerQueues' setupQueueConfiguration.
func baseConf() map[string]string {
	return map[string]string{
		pre + "root.queues": "a,b", pre + "root.a.capacity": "10.5", pre + "root.b.capacity": "89.5",
		pre + "root.a.queues": "a1,a2", pre + "root.a.a1.capacity": "30", pre + "root.a.a2.capacity": "70",
		pre + "root.b.queues": "b1,b2,b3", pre + "root.b.b1.capacity": "79.2", pre + "root.b.b2.capacity": "0.8",
		pre + "root.b.b3.capacity": "20",
	}
}

// edit copies base, sets the keys of set (short keys get the prefix) and
// removes those with an empty value.
func edit(base map[string]string, set map[string]string) map[string]string {
	out := maps.Clone(base)
	for k, v := range set {
		if len(k) < len(pre) || k[:len(pre)] != pre {
			if k[:5] != "yarn." {
				k = pre + k
			}
		}
		if v == "" {
			delete(out, k)
			continue
		}
		out[k] = v
	}
	return out
}

func build(v xmlconf.Version, conf map[string]string) *xmlconf.Model {
	return xmlconf.Build(xmlconf.FromMap(conf, "capacity-scheduler.xml"), xmlconf.BuildOptions{Version: v})
}

func refresh(v xmlconf.Version, old, new map[string]string, live LiveState) *RefreshResult {
	return Refresh(build(v, old), build(v, new), RefreshOptions{Version: v, Live: live})
}

// fakeLive is a LiveState from literal maps.
type fakeLive struct {
	states map[string]string
	apps   map[string]int
}

func (f fakeLive) QueueState(p string) string { return f.states[p] }
func (f fakeLive) QueueApps(p string) int     { return f.apps[p] }

var withoutB1 = map[string]string{
	"root.b.queues": "b2,b3", "root.b.b2.capacity": "80", "root.b.b1.capacity": "",
}

type refreshCase struct {
	name     string
	versions []xmlconf.Version
	old, new map[string]string
	live     LiveState
	accepted bool
	code     string // first reason code when refused
	message  string // first error message when refused ("" = don't check)
}

var (
	v2x    = []xmlconf.Version{xmlconf.V2_7, xmlconf.V2_10}
	v31_32 = []xmlconf.Version{xmlconf.V3_1, xmlconf.V3_2}
	v33_34 = []xmlconf.Version{xmlconf.V3_3, xmlconf.V3_4}
	v3x    = []xmlconf.Version{xmlconf.V3_1, xmlconf.V3_2, xmlconf.V3_3, xmlconf.V3_4}
	// v210_32 share YARN-5556's validateQueueHierarchy (2.9.0): a queue
	// may be deleted when its live state is STOPPED.
	v210_32 = []xmlconf.Version{xmlconf.V2_10, xmlconf.V3_1, xmlconf.V3_2}
	v210up  = []xmlconf.Version{xmlconf.V2_10, xmlconf.V3_1, xmlconf.V3_2, xmlconf.V3_3, xmlconf.V3_4}
	v27     = []xmlconf.Version{xmlconf.V2_7}
)

func runCases(t *testing.T, cases []refreshCase) {
	t.Helper()
	for _, tc := range cases {
		for _, v := range tc.versions {
			t.Run(tc.name+"/"+v.String(), func(t *testing.T) {
				r := refresh(v, tc.old, tc.new, tc.live)
				assert.Equal(t, tc.accepted, r.Accepted, "findings: %v", r.Findings)
				if tc.accepted {
					assert.Empty(t, r.ReasonCode())
					return
				}
				assert.Equal(t, tc.code, r.ReasonCode(), "findings: %v", r.Findings)
				if tc.message != "" {
					require.NotEmpty(t, r.Errors())
					assert.Equal(t, tc.message, r.Errors()[0])
				}
			})
		}
	}
}

func TestRefreshDeleteQueue(t *testing.T) {
	base := baseConf()
	stopped := edit(base, map[string]string{"root.b.b1.state": "STOPPED"})
	runCases(t, []refreshCase{
		// 2.7 has no deletion (CapacityScheduler#validateExistingQueues).
		{"running leaf", v27, base, edit(base, withoutB1), nil, false, ReasonQueueDeleteNotStopped,
			"b1 cannot be found during refresh!"},
		{"running leaf", v210_32, base, edit(base, withoutB1), nil, false, ReasonQueueDeleteNotStopped,
			"root.b.b1 is deleted from the new capacity scheduler configuration, but the queue is not yet in stopped state. Current State : RUNNING"},
		{"running leaf", v33_34, base, edit(base, withoutB1), nil, false, ReasonQueueDeleteNotStopped,
			"root.b.b1 cannot be deleted from the capacity scheduler configuration, as the queue is not yet in stopped state. Current State : RUNNING"},
		{"stopped leaf", v27, stopped, edit(base, withoutB1), nil, false, ReasonQueueDeleteNotStopped,
			"b1 cannot be found during refresh!"},
		{"stopped leaf", v210up, stopped, edit(base, withoutB1), nil, true, "", ""},
		// Only the new file says STOPPED: 3.3+ accepts, 2.10–3.2 do not.
		{"new file says STOPPED", v27, base, edit(stopped, withoutB1), nil, false, ReasonQueueDeleteNotStopped, ""},
		{"new file says STOPPED", v210_32, base, edit(stopped, withoutB1), nil, false, ReasonQueueDeleteNotStopped,
			"root.b.b1 is deleted from the new capacity scheduler configuration, but the queue is not yet in stopped state. Current State : RUNNING"},
		{"new file says STOPPED", v33_34, base, edit(stopped, withoutB1), nil, true, "", ""},
		// The comparison is case-sensitive although the state itself is not.
		{"new file says stopped", v33_34, base, edit(edit(base, withoutB1), map[string]string{"root.b.b1.state": "stopped"}), nil,
			false, ReasonQueueDeleteNotStopped, ""},
		{"live DRAINING", v33_34, stopped, edit(base, withoutB1),
			fakeLive{states: map[string]string{"root.b.b1": "DRAINING"}, apps: map[string]int{"root.b.b1": 2}},
			false, ReasonQueueDeleteNotStopped,
			"root.b.b1 cannot be deleted from the capacity scheduler configuration, as the queue is not yet in stopped state. Current State : DRAINING"},
		{"live DRAINING", v210_32, stopped, edit(base, withoutB1),
			fakeLive{states: map[string]string{"root.b.b1": "DRAINING"}, apps: map[string]int{"root.b.b1": 2}},
			false, ReasonQueueDeleteNotStopped,
			"root.b.b1 is deleted from the new capacity scheduler configuration, but the queue is not yet in stopped state. Current State : DRAINING"},
		{"live STOPPED, old file RUNNING", v210up, base, edit(base, withoutB1),
			fakeLive{states: map[string]string{"root.b.b1": "STOPPED"}}, true, "", ""},
		{"parent with a running child", v3x,
			edit(base, map[string]string{"root.b.state": "STOPPED", "root.b.b2.state": "RUNNING"}),
			edit(base, map[string]string{"root.queues": "a", "root.a.capacity": "100", "root.b.capacity": "", "root.b.queues": ""}),
			nil, false, ReasonQueueDeleteNotStopped, ""},
	})
}

// TestCapacityScheduler.testRefreshQueuesWithQueueDelete (YARN-5556, in
// 2.9.0; YARN-6240 fixed the test in the 2.9 line): a leaf or a parent is
// deleted once it and every queue below it is live STOPPED, and refused
// while one is DRAINING (the test's spies return DRAINING, then STOPPED).
func TestRefreshQueuesWithQueueDelete(t *testing.T) {
	base := baseConf()
	withoutB := edit(base, map[string]string{"root.queues": "a", "root.a.capacity": "100", "root.b.capacity": "",
		"root.b.queues": "", "root.b.b1.capacity": "", "root.b.b2.capacity": "", "root.b.b3.capacity": ""})
	live := func(states map[string]string) LiveState { return fakeLive{states: states} }
	bStopped := map[string]string{"root.b.b1": "STOPPED", "root.b.b2": "STOPPED", "root.b.b3": "STOPPED"}
	bDraining := maps.Clone(bStopped)
	bDraining["root.b"] = "DRAINING"
	bAll := maps.Clone(bStopped)
	bAll["root.b"] = "STOPPED"
	runCases(t, []refreshCase{
		{"leaf DRAINING", v210_32, base, edit(base, withoutB1), live(map[string]string{"root.b.b1": "DRAINING"}),
			false, ReasonQueueDeleteNotStopped,
			"root.b.b1 is deleted from the new capacity scheduler configuration, but the queue is not yet in stopped state. Current State : DRAINING"},
		{"leaf STOPPED", v210up, base, edit(base, withoutB1), live(map[string]string{"root.b.b1": "STOPPED"}), true, "", ""},
		{"parent DRAINING", v210_32, base, withoutB, live(bDraining), false, ReasonQueueDeleteNotStopped,
			"root.b is deleted from the new capacity scheduler configuration, but the queue is not yet in stopped state. Current State : DRAINING"},
		{"parent and children STOPPED", v210up, base, withoutB, live(bAll), true, "", ""},
		{"parent and children STOPPED", v27, base, withoutB, live(bAll), false, ReasonQueueDeleteNotStopped,
			"b cannot be found during refresh!"},
	})
	// The procedure for a refused deletion is the two-step stop, not a restart.
	r := refresh(xmlconf.V2_10, base, edit(base, withoutB1), nil)
	assert.Equal(t, ActionStopFirst, changeOf(t, r, "root.b.b1").Action)
	r = refresh(xmlconf.V2_7, base, edit(base, withoutB1), nil)
	assert.Equal(t, ActionRestart, changeOf(t, r, "root.b.b1").Action)
}

func TestRefreshDeleteWarnsAboutApplications(t *testing.T) {
	base := baseConf()
	newConf := edit(edit(base, withoutB1), map[string]string{"root.b.b1.state": "STOPPED"})
	live := fakeLive{states: map[string]string{"root.b.b1": "RUNNING"}, apps: map[string]int{"root.b.b1": 3}}
	r := refresh(xmlconf.V3_4, base, newConf, live)
	assert.True(t, r.Accepted)
	require.Len(t, r.Findings, 1)
	assert.Equal(t, "RF002", r.Findings[0].Rule)
	assert.Equal(t, xmlconf.SeverityWarning, r.Findings[0].Severity)
	assert.Equal(t, ReasonRemovedQueueHasApps, ReasonCode(r.Findings[0]))
	assert.Contains(t, r.Findings[0].Message, "3 application(s)")
}

func TestRefreshMove(t *testing.T) {
	base := baseConf()
	moved := edit(base, map[string]string{
		"root.b.queues": "b2,b3", "root.b.b2.capacity": "80", "root.b.b1.capacity": "",
		"root.a.queues": "a1,a2,b1", "root.a.a2.capacity": "60", "root.a.b1.capacity": "10",
	})
	runCases(t, []refreshCase{
		{"leaf to other parent", append(append([]xmlconf.Version{}, v2x...), v31_32...), base, moved, nil, false, ReasonQueueMoved,
			"b1 is moved from:root.b.b1 to:root.a.b1 after refresh, which is not allowed."},
		{"leaf to other parent", v33_34, base, moved, nil, false, ReasonQueueDeleteNotStopped,
			"root.b.b1 cannot be deleted from the capacity scheduler configuration, as the queue is not yet in stopped state. Current State : RUNNING"},
		{"stopped leaf to other parent", v33_34, edit(base, map[string]string{"root.b.b1.state": "STOPPED"}), moved, nil, true, "", ""},
	})
	r31 := refresh(xmlconf.V3_1, base, moved, nil)
	c := changeOf(t, r31, "root.a.b1")
	assert.Equal(t, ChangeMoved, c.Change)
	assert.Equal(t, "root.b.b1", c.From)
	assert.Equal(t, ActionStopFirst, c.Action)
	assert.Nil(t, findChange(r31, "root.b.b1"))

	r34 := refresh(xmlconf.V3_4, base, moved, nil)
	assert.Equal(t, ChangeRemoved, changeOf(t, r34, "root.b.b1").Change)
	assert.Equal(t, ChangeAdded, changeOf(t, r34, "root.a.b1").Change)
	assert.NotEmpty(t, changeOf(t, r34, "root.a.b1").Notes)
}

func withB1AsParent(base map[string]string) map[string]string {
	return edit(base, map[string]string{"root.b.b1.queues": "b11", "root.b.b1.b11.capacity": "100"})
}

func TestRefreshLeafToParent(t *testing.T) {
	base := baseConf()
	stopped := edit(base, map[string]string{"root.b.b1.state": "STOPPED"})
	runCases(t, []refreshCase{
		// 2.7's LeafQueue#reinitialize refuses a newly parsed parent.
		{"running leaf", v27, base, withB1AsParent(base), nil, false, ReasonQueueTypeChanged,
			"Trying to reinitialize root.b.b1 from root.b.b1"},
		{"stopped leaf", v27, stopped, withB1AsParent(base), nil, false, ReasonQueueTypeChanged, ""},
		// YARN-6109 (CHANGELOG.2.9.0.md) converts a live STOPPED leaf from
		// 2.9.0 (CapacitySchedulerQueueManager#validateQueueHierarchy).
		{"running leaf", v210up, base, withB1AsParent(base), nil, false, ReasonLeafToParentNotStopped,
			"Can not convert the leaf queue: root.b.b1 to parent queue since it is not yet in stopped state. Current State : RUNNING"},
		{"stopped leaf", v210up, stopped, withB1AsParent(base), nil, true, "", ""},
		{"new file says STOPPED", v210_32, base, withB1AsParent(stopped), nil, false, ReasonLeafToParentNotStopped, ""},
		{"new file says STOPPED", v33_34, base, withB1AsParent(stopped), nil, true, "", ""},
		// 3.3 compares the raw text; 3.4 the parsed (upper-cased) state.
		{"new file says stopped", []xmlconf.Version{xmlconf.V3_3}, base,
			withB1AsParent(edit(base, map[string]string{"root.b.b1.state": "stopped"})), nil, false, ReasonLeafToParentNotStopped, ""},
		{"new file says stopped", []xmlconf.Version{xmlconf.V3_4}, base,
			withB1AsParent(edit(base, map[string]string{"root.b.b1.state": "stopped"})), nil, true, "", ""},
		// 3.4 reads the new queue's parsed state, which it inherits from a
		// parent stopped in the same change; 3.3 reads only b1's own key.
		{"parent stopped in the same change", []xmlconf.Version{xmlconf.V3_3}, base,
			withB1AsParent(edit(base, map[string]string{"root.b.state": "STOPPED"})), nil, false, ReasonLeafToParentNotStopped, ""},
		{"parent stopped in the same change", []xmlconf.Version{xmlconf.V3_4}, base,
			withB1AsParent(edit(base, map[string]string{"root.b.state": "STOPPED"})), nil, true, "", ""},
	})
}

func TestRefreshParentToLeaf(t *testing.T) {
	base := edit(baseConf(), map[string]string{"root.b.state": "STOPPED"})
	leafB := edit(base, map[string]string{
		"root.b.queues": "", "root.b.b1.capacity": "", "root.b.b2.capacity": "", "root.b.b3.capacity": "",
	})
	runCases(t, []refreshCase{
		// From 2.9.0 (CHANGELOG.2.9.0.md: YARN-5556 deletes the STOPPED
		// children, YARN-6109 converts; ParentQueue#reinitialize swaps the
		// parent for the new leaf).
		{"stopped children", v210up, base, leafB, nil, true, "", ""},
		{"stopped children", v27, base, leafB, nil, false, ReasonQueueDeleteNotStopped, "b1 cannot be found during refresh!"},
		{"running child", v210_32, edit(base, map[string]string{"root.b.b1.state": "RUNNING", "root.b.state": ""}), leafB, nil,
			false, ReasonQueueDeleteNotStopped,
			"root.b.b1 is deleted from the new capacity scheduler configuration, but the queue is not yet in stopped state. Current State : RUNNING"},
		{"running child", v33_34, edit(base, map[string]string{"root.b.b1.state": "RUNNING", "root.b.state": ""}), leafB, nil,
			false, ReasonQueueDeleteNotStopped,
			"root.b.b1 cannot be deleted from the capacity scheduler configuration, as the queue is not yet in stopped state. Current State : RUNNING"},
	})
	for _, v := range v210up {
		r := refresh(v, base, leafB, nil)
		assert.Equal(t, "parent-to-leaf", changeOf(t, r, "root.b").Change, v.String())
		assert.Equal(t, []string{"Converting the parent queue: root.b to leaf queue."}, infosOf(r, "RF005"), v.String())
	}
	assert.Empty(t, infosOf(refresh(xmlconf.V2_7, base, leafB, nil), "RF005"))
}

// TestRefreshQueuesWithAllChildQueuesDeleted is TestCapacityScheduler's
// (TestCapacitySchedulerQueues' from 3.4) test of the same name: root.b's
// children are all deleted; the refresh fails while b1 is RUNNING (the
// spy's first answer) and succeeds, root.b becoming a leaf, once b1, b2
// and b3 are STOPPED. root.b itself stays RUNNING. 2.7 deletes no queue.
func TestRefreshQueuesWithAllChildQueuesDeleted(t *testing.T) {
	base := baseConf()
	leafB := edit(base, map[string]string{
		"root.b.queues": "", "root.b.b1.capacity": "", "root.b.b2.capacity": "", "root.b.b3.capacity": "",
	})
	live := func(b1 string) LiveState {
		return fakeLive{states: map[string]string{"root.b.b1": b1, "root.b.b2": "STOPPED", "root.b.b3": "STOPPED"}}
	}
	runCases(t, []refreshCase{
		{"b1 RUNNING", v210_32, base, leafB, live("RUNNING"), false, ReasonQueueDeleteNotStopped,
			"root.b.b1 is deleted from the new capacity scheduler configuration, but the queue is not yet in stopped state. Current State : RUNNING"},
		{"b1 RUNNING", v33_34, base, leafB, live("RUNNING"), false, ReasonQueueDeleteNotStopped,
			"root.b.b1 cannot be deleted from the capacity scheduler configuration, as the queue is not yet in stopped state. Current State : RUNNING"},
		{"all STOPPED", v210up, base, leafB, live("STOPPED"), true, "", ""},
		{"all STOPPED", v27, base, leafB, live("STOPPED"), false, ReasonQueueDeleteNotStopped, "b1 cannot be found during refresh!"},
	})
	for _, v := range v210up {
		c := changeOf(t, refresh(v, base, leafB, live("STOPPED")), "root.b")
		assert.Equal(t, "parent-to-leaf", c.Change, v.String())
	}
}

func TestRefreshAutoCreateConversions(t *testing.T) {
	base := baseConf()
	managedA := edit(base, map[string]string{"root.a.auto-create-child-queue.enabled": "true"})
	runCases(t, []refreshCase{
		{"parent to auto-create parent", v3x, base, managedA, nil, false, ReasonParentToAutoCreate,
			"Can not convert parent queue: root.a to auto create enabled parent queue since it could have other pre-configured queues which is not supported"},
		{"auto-create parent to parent", v3x, managedA, base, nil, false, ReasonAutoCreateParentChanged,
			"Cannot convert auto create enabled parent queue: root.a to leaf queue. Please check  parent queue's configuration auto-create-child-queue.enabled is set to true"},
		{"2.x has no auto-creation", v2x, base, managedA, nil, true, "", ""},
	})
}

func TestRefreshMaxAllocation(t *testing.T) {
	base := baseConf()
	runCases(t, []refreshCase{
		{"queue key decreased", append(append([]xmlconf.Version{}, v2x...), v3x...), base,
			edit(base, map[string]string{"root.a.a1.maximum-allocation-mb": "4096"}), nil, false, ReasonMaxAllocationDecreased,
			"Trying to reinitialize root.a.a1 the maximum allocation size can not be decreased! Current setting: <memory:8192, vCores:4>, trying to set it to: <memory:4096, vCores:4>"},
		{"vcores decreased", v3x, base, edit(base, map[string]string{"root.a.a1.maximum-allocation-vcores": "3"}), nil,
			false, ReasonMaxAllocationDecreased, ""},
		{"cluster max decreased", v3x,
			edit(base, map[string]string{"yarn.scheduler.maximum-allocation-mb": "10240"}),
			edit(base, map[string]string{"yarn.scheduler.maximum-allocation-mb": "6144"}), nil, false, ReasonMaxAllocationDecreased, ""},
		// A leaf without its own keys reads the parent's maximum from 3.3
		// (YARN-9116), the cluster's before (getMaximumAllocationPerQueue).
		{"parent key decreased", []xmlconf.Version{xmlconf.V3_3, xmlconf.V3_4}, base,
			edit(base, map[string]string{"root.a.maximum-allocation-mb": "4096"}), nil, false, ReasonMaxAllocationDecreased,
			"Trying to reinitialize root.a.a1 the maximum allocation size can not be decreased! Current setting: <memory:8192, vCores:4>, trying to set it to: <memory:4096, vCores:4>"},
		{"parent key decreased before 3.3", []xmlconf.Version{xmlconf.V2_7, xmlconf.V2_10, xmlconf.V3_1, xmlconf.V3_2}, base,
			edit(base, map[string]string{"root.a.maximum-allocation-mb": "4096"}), nil, true, "", ""},
		{"increased", v3x, edit(base, map[string]string{"root.a.a1.maximum-allocation-mb": "4096"}),
			edit(base, map[string]string{"root.a.a1.maximum-allocation-mb": "6144"}), nil, true, "", ""},
	})
}

func TestRefreshParentNotRunning(t *testing.T) {
	base := edit(baseConf(), map[string]string{"root.a.state": "STOPPED"})
	runCases(t, []refreshCase{
		// Removing the parent's state key leaves it STOPPED in the live scheduler.
		{"parent key removed", v33_34, base, edit(base, map[string]string{"root.a.state": "", "root.a.a1.state": "RUNNING"}), nil,
			false, ReasonParentNotRunning, "The parent Queue:root.a is not running. Please activate the parent queue first"},
		// The state machine is YARN-5756 (CHANGELOG.2.9.0.md); before 3.3
		// AbstractCSQueue#activeQueue names the parent by getQueueName.
		{"parent key removed, short name", []xmlconf.Version{xmlconf.V2_10, xmlconf.V3_1, xmlconf.V3_2}, base,
			edit(base, map[string]string{"root.a.state": "", "root.a.a1.state": "RUNNING"}), nil,
			false, ReasonParentNotRunning, "The parent Queue:a is not running. Please activate the parent queue first"},
		{"parent set RUNNING", append([]xmlconf.Version{xmlconf.V2_10}, v3x...), base,
			edit(base, map[string]string{"root.a.state": "RUNNING", "root.a.a1.state": "RUNNING"}), nil, true, "", ""},
		{"2.7 reads states directly", []xmlconf.Version{xmlconf.V2_7}, base,
			edit(base, map[string]string{"root.a.state": "", "root.a.a1.state": "RUNNING"}), nil, true, "", ""},
	})
}

// AbstractCSQueue#activeQueue in 3.1 refuses to restart a DRAINING queue
// ("is in the Stopping process"), before the parent check. YARN-10260
// (CHANGES.2.10.1.md, CHANGELOG.3.2.2.md, CHANGELOG.3.3.1.md) removed the
// branch: 2.10, 3.2, 3.3 and 3.4 restart it, as
// TestQueueState#testQueueStateTransit asserts ("Q2 should transit from
// DRAINING to RUNNING"), with no finding at all.
func TestRefreshDrainingRestartActiveQueue(t *testing.T) {
	base := edit(baseConf(), map[string]string{"root.b.b1.state": "STOPPED"})
	running := edit(base, map[string]string{"root.b.b1.state": "RUNNING"})
	draining := fakeLive{states: map[string]string{"root.b.b1": "DRAINING"}, apps: map[string]int{"root.b.b1": 1}}
	stopped := fakeLive{states: map[string]string{"root.b.b1": "STOPPED"}}
	runCases(t, []refreshCase{
		{"draining set RUNNING", []xmlconf.Version{xmlconf.V3_1}, base, running, draining, false, ReasonQueueDraining,
			"The queue:b1 is in the Stopping process. Please wait for the queue getting fully STOPPED."},
		{"draining set RUNNING", []xmlconf.Version{xmlconf.V2_10, xmlconf.V3_2, xmlconf.V3_3, xmlconf.V3_4}, base, running, draining, true, "", ""},
		{"stopped set RUNNING", v210up, base, running, stopped, true, "", ""},
	})
	for _, v := range []xmlconf.Version{xmlconf.V2_10, xmlconf.V3_2, xmlconf.V3_3, xmlconf.V3_4} {
		for _, f := range refresh(v, base, running, draining).Findings {
			assert.NotEqual(t, "RF017", f.Rule, "%s: YARN-10260 restarts a DRAINING queue", v)
		}
	}
}

func TestRefreshRestartOnlyAndStore(t *testing.T) {
	base := baseConf()
	drf := edit(base, map[string]string{"resource-calculator": xmlconf.DominantResourceCalculator})
	r := refresh(xmlconf.V3_4, base, drf, nil)
	assert.True(t, r.Accepted)
	require.Len(t, r.Findings, 1)
	assert.Equal(t, "RF013", r.Findings[0].Rule)
	require.Len(t, r.Global, 1)

	zk := edit(base, map[string]string{"yarn.scheduler.configuration.store.class": "zk"})
	runCases(t, []refreshCase{
		{"mutable store", v3x, zk, zk, nil, false, ReasonMutableStore,
			"Scheduler configuration is mutable. refreshQueues is not allowed in this scenario."},
		{"mutable store", []xmlconf.Version{xmlconf.V2_7}, zk, zk, nil, true, "", ""},
	})
}

// TestRefreshRestartOnlyTrimmedValues: CapacitySchedulerConfiguration
// #getResourceCalculator reads the class with getTrimmed, and the
// asynchronous-scheduling switch with getBoolean (getTrimmed too), so
// moving such a value onto its own line changes nothing a restart would
// read (no RF013); the configuration store is a plain get, compared as
// written.
func TestRefreshRestartOnlyTrimmedValues(t *testing.T) {
	base := baseConf()
	for _, tc := range []struct {
		key, old, new string
		want          int
	}{
		{"resource-calculator", xmlconf.DominantResourceCalculator, "\n    " + xmlconf.DominantResourceCalculator + "\n  ", 0},
		{"resource-calculator", xmlconf.DominantResourceCalculator, xmlconf.DefaultResourceCalculator, 1},
		{"schedule-asynchronously.enable", "true", " true ", 0},
		{"yarn.scheduler.configuration.store.class", "file", " file", 1},
	} {
		old := edit(base, map[string]string{tc.key: tc.old})
		n := 0
		for _, f := range refresh(xmlconf.V3_3, old, edit(base, map[string]string{tc.key: tc.new}), nil).Findings {
			if f.Rule == "RF013" {
				n++
			}
		}
		assert.Equal(t, tc.want, n, "%s %q -> %q", tc.key, tc.old, tc.new)
	}
}

// A restart applies only what the profile's Hadoop reads: 2.7 starts one
// AsyncScheduleThread and never reads maximum-threads (the global
// scheduler's key, 2.9 line on), so changing it needs no restart there.
func TestRefreshRestartOnlyKeysTheProfileReads(t *testing.T) {
	base := baseConf()
	threads := edit(base, map[string]string{"schedule-asynchronously.maximum-threads": "4"})
	interval := edit(base, map[string]string{"schedule-asynchronously.scheduling-interval-ms": "10"})
	for _, tc := range []struct {
		v      xmlconf.Version
		target map[string]string
		want   int
	}{{xmlconf.V2_7, threads, 0}, {xmlconf.V2_10, threads, 1}, {xmlconf.V2_7, interval, 1}} {
		n := 0
		for _, f := range refresh(tc.v, base, tc.target, nil).Findings {
			if f.Rule == "RF013" {
				n++
			}
		}
		assert.Equal(t, tc.want, n, "%s %v", tc.v, tc.target)
	}
}

// TestRefreshAllowZeroCapacitySum mirrors TestCapacitySchedulerQueues'
// testRefreshEnablingAllowZeroCapacitySumIsRejected.
func TestRefreshAllowZeroCapacitySum(t *testing.T) {
	base := map[string]string{
		pre + "root.queues": "a,b", pre + "root.a.capacity": "50", pre + "root.b.capacity": "50",
		pre + "root.a.queues": "a1,a2", pre + "root.a.a1.capacity": "50", pre + "root.a.a2.capacity": "50",
	}
	target := edit(base, map[string]string{"root.a.allow-zero-capacity-sum": "true", "root.a.a1.capacity": "0", "root.a.a2.capacity": "0"})
	runCases(t, []refreshCase{
		{"enabled with zero children", []xmlconf.Version{xmlconf.V3_4}, base, target, nil, false, ReasonParentFlagNotRefreshed,
			"Illegal capacity sum of 0.0 for children of queue a for label=. It is set to 0, but parent percent != 0, and doesn't allow children capacity to set to 0"},
	})
	r := refresh(xmlconf.V3_4, base, target, nil)
	assert.Equal(t, "Failed to re-init queues : Illegal capacity sum of 0.0 for children of queue a for label=. "+
		"It is set to 0, but parent percent != 0, and doesn't allow children capacity to set to 0", r.HadoopError)
}

func TestRefreshLintErrorsRefuse(t *testing.T) {
	base := baseConf()
	runCases(t, []refreshCase{
		{"sum 99.9", v3x, base, edit(base, map[string]string{"root.a.capacity": "10.4"}), nil, false, "ILLEGAL_CAPACITY_SUM", ""},
		{"queue max allocation over cluster", v3x, base, edit(base, map[string]string{"root.a.a1.maximum-allocation-mb": "16384"}), nil,
			false, "QUEUE_MAX_ALLOCATION", ""},
		{"reservable parent", v3x, base, edit(base, map[string]string{"root.a.reservable": "true"}), nil, false, ReasonInvalidConfiguration, ""},
	})
}

// A start-only error (Rule.StartOnly) in NEW does not refuse a refresh:
// refreshQueues keeps the scheduling monitors the ResourceManager started
// with (SchedulingMonitorManager.updateSchedulingMonitors starts only
// policies it does not run, from the startup configuration), while the
// same file is an error for a start (StartErrors).
func TestRefreshStartOnlyErrorsDoNotRefuse(t *testing.T) {
	base := baseConf()
	target := edit(base, map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true",
		"yarn.resourcemanager.scheduler.monitor.policies": "ProportionalCapacityPreemptionPolicy"})
	r := refresh(xmlconf.V3_4, base, target, nil)
	assert.True(t, r.Accepted, "%v", r.Errors())
	var ids []string
	for _, f := range StartErrors(build(xmlconf.V3_4, target), "") {
		ids = append(ids, f.Rule)
	}
	assert.Contains(t, ids, "CS079")
}

// refreshQueues hands the scheduler the ResourceManager's configuration
// as it was at start (AdminService.refreshQueues), so a changed RM-only
// setting waits for a restart: RF013, as for initScheduler's keys.
func TestRefreshRMOnlySettingWaitsForRestart(t *testing.T) {
	base := baseConf()
	r := refresh(xmlconf.V3_4, base, edit(base, map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true"}), nil)
	assert.True(t, r.Accepted)
	var msgs []string
	for _, f := range r.Findings {
		if f.Rule == "RF013" {
			msgs = append(msgs, f.Message)
		}
	}
	if assert.Len(t, msgs, 1) {
		assert.Contains(t, msgs[0], "yarn.resourcemanager.scheduler.monitor.enable")
	}
}

// TestRefreshScenarioDeleteLeaf replays refresh-delete-leaf-01.json.
func TestRefreshScenarioDeleteLeaf(t *testing.T) {
	base := baseConf()
	for k := range base {
		if k != pre+"root.queues" && k != pre+"root.a.queues" && k != pre+"root.b.queues" &&
			(k[len(k)-9:] == ".capacity") && k != pre+"root.a.capacity" && k != pre+"root.b.capacity" {
			base[k[:len(k)-9]+".user-limit-factor"] = "100"
		}
	}
	step1 := edit(base, map[string]string{"root.b.queues": "b2,b3", "root.b.b2.capacity": "80",
		"root.b.b1.capacity": "", "root.b.b1.user-limit-factor": ""})
	r := refresh(xmlconf.V3_4, base, step1, nil)
	assert.False(t, r.Accepted)
	assert.Equal(t, ReasonQueueDeleteNotStopped, r.ReasonCode())
	assert.Contains(t, r.Errors()[0], "cannot be deleted")
	require.Len(t, r.Refusals(), 1)
	assert.Equal(t, Refusal{Code: ReasonQueueDeleteNotStopped, Rule: "RF002", Message: r.Errors()[0]}, r.Refusals()[0])

	step2 := edit(base, map[string]string{"root.b.b1.state": "STOPPED"})
	assert.True(t, refresh(xmlconf.V3_4, base, step2, nil).Accepted)

	step3 := edit(step2, map[string]string{"root.b.queues": "b2,b3", "root.b.b2.capacity": "80",
		"root.b.b1.capacity": "", "root.b.b1.user-limit-factor": "", "root.b.b1.state": ""})
	assert.True(t, refresh(xmlconf.V3_4, step2, step3, nil).Accepted)
}

func TestRefreshChangeSet(t *testing.T) {
	base := baseConf()
	newConf := edit(base, map[string]string{"root.a.capacity": "20.5", "root.b.capacity": "79.5",
		"root.a.a1.user-limit-factor": "2"})
	r := refresh(xmlconf.V3_4, base, newConf, nil)
	require.True(t, r.Accepted, "%v", r.Findings)
	a := changeOf(t, r, "root.a")
	assert.Equal(t, ChangeModified, a.Change)
	require.Len(t, a.Properties, 1)
	assert.Equal(t, pre+"root.a.capacity", a.Properties[0].Name)
	assert.Equal(t, "10.5", *a.Properties[0].Old)
	assert.Equal(t, "20.5", *a.Properties[0].New)
	assert.Equal(t, 10.5, *a.AbsoluteCapacity.Old)
	assert.Equal(t, 20.5, *a.AbsoluteCapacity.New)

	// a2 changes only through its parent: capacity and computed limits.
	a2 := changeOf(t, r, "root.a.a2")
	assert.Equal(t, ChangeModified, a2.Change)
	assert.Empty(t, a2.Properties)
	assert.NotEmpty(t, a2.Effective)
	assert.Equal(t, "unchanged", changeOf(t, r, "root").Change)
	assert.Equal(t, ActionRefresh, a2.Action)
}

func findChange(r *RefreshResult, path string) *QueueChange {
	for i := range r.Queues {
		if r.Queues[i].Path == path {
			return &r.Queues[i]
		}
	}
	return nil
}

func changeOf(t *testing.T, r *RefreshResult, path string) QueueChange {
	t.Helper()
	c := findChange(r, path)
	require.NotNil(t, c, "no change for %s", path)
	return *c
}

// TestRefreshIgnoresSuppressions: capq:ignore silences lint, not the
// ResourceManager, so a suppressed error still refuses the refresh.
func TestRefreshIgnoresSuppressions(t *testing.T) {
	xml := `<configuration>
<!-- capq:ignore CS024 we know -->
<property><name>yarn.scheduler.capacity.root.queues</name><value>a,b</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>40</value></property>
<property><name>yarn.scheduler.capacity.root.b.capacity</name><value>50</value></property>
</configuration>`
	d, err := xmlconf.ReadBytes("new.xml", []byte(xml), xmlconf.ReadOptions{})
	require.NoError(t, err)
	n := xmlconf.Build(xmlconf.NewConf(d), xmlconf.BuildOptions{Version: xmlconf.V3_4})
	require.Empty(t, Lint(n, Options{Enable: []string{"CS024"}}), "the comment suppresses the lint finding")
	o := build(xmlconf.V3_4, map[string]string{pre + "root.queues": "a,b", pre + "root.a.capacity": "50", pre + "root.b.capacity": "50"})
	r := Refresh(o, n, RefreshOptions{Version: xmlconf.V3_4})
	assert.False(t, r.Accepted)
	assert.Equal(t, "ILLEGAL_CAPACITY_SUM", r.ReasonCode())
}

// TestRefreshUnsetStateKeepsStopped: removing state=STOPPED does not
// restart a live queue; Refresh warns and the change set shows it stays.
func TestRefreshUnsetStateKeepsStopped(t *testing.T) {
	base := edit(baseConf(), map[string]string{"root.a.state": "STOPPED"})
	r := refresh(xmlconf.V3_4, base, edit(base, map[string]string{"root.a.state": ""}), nil)
	assert.True(t, r.Accepted)
	var warned bool
	for _, f := range r.Findings {
		warned = warned || (f.Rule == "RF010" && f.Queue == "root.a" && f.Severity == xmlconf.SeverityWarning)
	}
	assert.True(t, warned, "%v", r.Findings)
	assert.Nil(t, changeOf(t, r, "root.a").State, "the live state does not change")
}

// TestRefreshWeightsToPercentages mirrors testRefreshFromWeightsToPercentagesKeepsNormalizedWeight.
func TestRefreshWeightsToPercentages(t *testing.T) {
	old := map[string]string{pre + "root.queues": "a,b", pre + "root.a.capacity": "1w", pre + "root.b.capacity": "3w"}
	r := refresh(xmlconf.V3_4, old, edit(old, map[string]string{"root.a.capacity": "50", "root.b.capacity": "50"}), nil)
	require.True(t, r.Accepted, "%v", r.Findings)
	b := changeOf(t, r, "root.b")
	require.NotEmpty(t, b.Notes)
	assert.Contains(t, b.Notes[0], "stays 75% after the refresh")
}

// TestRefreshRulesCarryChecks: every refresh rule carries its own check,
// and Refresh runs each exactly once in the ResourceManager's order
// (RF001, the wrapper, runs on the result once lint has run too).
func TestRefreshRulesCarryChecks(t *testing.T) {
	inOrder := map[*Rule]int{}
	for _, r := range refreshOrder {
		inOrder[r]++
	}
	for _, r := range Rules() {
		if r.Category != CatRefresh || r.Check != nil {
			// lint rules, including CS110 (a lint rule about refreshes)
			assert.Nil(t, r.Refresh, "%s is not a refresh rule", r.ID)
			assert.Zero(t, inOrder[r], "%s is not a refresh rule", r.ID)
			continue
		}
		assert.NotNil(t, r.Refresh, "%s has no refresh check", r.ID)
		want := 1
		if r == ruleRF001 {
			want = 0
		}
		assert.Equal(t, want, inOrder[r], "%s in refreshOrder", r.ID)
	}
}

// TestRefreshDeleteDrainingProcedure: OLD already stops root.b.b1 and the
// live queue is DRAINING its applications, so validateQueueHierarchy
// refuses the deletion; the procedure starts at the wait, not at setting
// STOPPED again (a real admin sequence: stop hive, refresh, remove it while
// a job still runs).
func TestRefreshDeleteDrainingProcedure(t *testing.T) {
	base := baseConf()
	stopped := edit(base, map[string]string{"root.b.b1.state": "STOPPED"})
	live := fakeLive{states: map[string]string{"root.b.b1": "DRAINING"}, apps: map[string]int{"root.b.b1": 1}}
	for _, v := range []xmlconf.Version{xmlconf.V3_1, xmlconf.V3_4} {
		r := refresh(v, stopped, edit(base, withoutB1), live)
		require.False(t, r.Accepted, v.String())
		q := findQueueChange(t, r, "root.b.b1")
		assert.Equal(t, ActionStopFirst, q.Action)
		assert.Equal(t, []string{
			"wait until root.b.b1 is STOPPED, not DRAINING (its running applications have finished): yarn queue -status b1",
			"then run yarn rmadmin -refreshQueues",
		}, q.Procedure, v.String())

		r = refresh(v, base, edit(base, withoutB1), fakeLive{states: map[string]string{"root.b.b1": "RUNNING"}})
		q = findQueueChange(t, r, "root.b.b1")
		assert.Len(t, q.Procedure, map[bool]int{true: 4, false: 3}[v.AtLeast(xmlconf.V3_3)], "OLD RUNNING: stop first")
	}
}

func findQueueChange(t *testing.T, r *RefreshResult, path string) QueueChange {
	t.Helper()
	for _, q := range r.Queues {
		if q.Path == path {
			return q
		}
	}
	t.Fatalf("no change for %s", path)
	return QueueChange{}
}

// infosOf is the messages of rule's info findings, in order.
func infosOf(r *RefreshResult, rule string) []string {
	var out []string
	for _, f := range r.Findings {
		if f.Rule == rule && f.Severity == xmlconf.SeverityInfo {
			out = append(out, f.Message)
		}
	}
	return out
}
