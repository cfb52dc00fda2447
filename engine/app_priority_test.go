package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestDefaultAppPriority follows CapacityScheduler#
// checkAndGetApplicationPriority for apps submitted without a priority:
// AppPriorityACLsManager#getDefaultPriority (the admitting group with the
// lowest max_priority), else the leaf's default-application-priority,
// then the cap at the cluster maximum.
func TestDefaultAppPriority(t *testing.T) {
	base := map[string]string{"root.queues": "a,p", "root.a.capacity": "50", "root.p.capacity": "50",
		"root.p.queues": "p1", "root.p.p1.capacity": "100",
		"root.a.default-application-priority": "5", "yarn.cluster.max-application-priority": "10"}
	acl := func(groups string) map[string]string {
		return map[string]string{"yarn.acl.enable": "true", "root.a.acl_application_max_priority": groups}
	}
	for _, c := range []struct {
		name  string
		kv    map[string]string
		v     xmlconf.Version
		user  string
		prio  *int32
		want  int32
		error string
	}{
		{"the leaf's default", nil, xmlconf.V3_4, "u", nil, 5, ""},
		{"a priority sent beats the default", nil, xmlconf.V3_4, "u", new(int32(0)), 0, ""},
		{"a negative priority sent stays", nil, xmlconf.V3_4, "u", new(int32(-1)), -1, ""},
		{"capped at the cluster maximum", map[string]string{"root.a.default-application-priority": "12"}, xmlconf.V3_4, "u", nil, 10, ""},
		{"a negative default stays", map[string]string{"root.a.default-application-priority": "-2"}, xmlconf.V3_4, "u", nil, -2, ""},
		{"2.10 has defaults", nil, xmlconf.V2_10, "u", nil, 5, ""},
		{"2.7 has none", nil, xmlconf.V2_7, "u", nil, 0, ""},
		// 2.7's FifoComparator orders by submission alone and it has no
		// priority ACLs: a priority sent is ignored, never refused.
		{"2.7 ignores a priority sent", acl("[user=u max_priority=4 default_priority=2]"), xmlconf.V2_7, "u", new(int32(7)), 0, ""},
		{"the group's default beats the leaf's", acl("[user=u max_priority=9 default_priority=2]"), xmlconf.V3_4, "u", nil, 2, ""},
		{"ACLs off: the leaf's default", map[string]string{"root.a.acl_application_max_priority": "[user=u max_priority=9 default_priority=2]"}, xmlconf.V3_4, "u", nil, 5, ""},
		{"the lowest max_priority admitting, written last", acl("[user=u max_priority=9 default_priority=7] [user=u max_priority=6 default_priority=3]"), xmlconf.V3_4, "u", nil, 3, ""},
		{"the lowest max_priority admitting, written first", acl("[user=u max_priority=6 default_priority=3] [user=u max_priority=9 default_priority=7]"), xmlconf.V3_4, "u", nil, 3, ""},
		{"a group not admitting the user is passed over", acl("[user=v max_priority=1 default_priority=1] [user=u max_priority=9 default_priority=7]"), xmlconf.V3_4, "u", nil, 7, ""},
		// Collections.sort is stable: of two groups with the same max the
		// one written last comes last and is kept.
		{"a tie: the one written last", acl("[user=u max_priority=6 default_priority=3] [user=u max_priority=6 default_priority=4]"), xmlconf.V3_4, "u", nil, 4, ""},
		// The parser caps max_priority at the cluster maximum before the
		// sort: 12 and 15 tie at 10.
		{"a tie after the cap", acl("[user=u max_priority=15 default_priority=3] [user=u max_priority=12 default_priority=4]"), xmlconf.V3_4, "u", nil, 4, ""},
		{"a group's default above the cap", acl("[user=u max_priority=12 default_priority=15]"), xmlconf.V3_4, "u", nil, 10, ""},
		{"a group's negative default is 0", acl("[user=u max_priority=9 default_priority=-3]"), xmlconf.V3_4, "u", nil, 0, ""},
		{"no group admits: the leaf's default, refused at it", acl("[user=v max_priority=9 default_priority=2]"), xmlconf.V3_4, "u", nil, 0,
			"User u does not have permission to submit/update app_1 for 5"},
		{"a default above the group's max is refused", acl("[user=u max_priority=4 default_priority=6]"), xmlconf.V3_4, "u", nil, 0,
			"User u does not have permission to submit/update app_1 for 6"},
		{"no default_priority: NullPointerException", acl("[user=u max_priority=4] [user=u max_priority=9 default_priority=2]"), xmlconf.V3_4, "u", nil, 0,
			"application app_1 submitted without a priority fails with a NullPointerException (AppPriorityACLsManager#getDefaultPriority): " +
				"the acl_application_max_priority group of queue root.a admitting user u (max_priority 4) has no default_priority"},
		{"no default_priority on a group not chosen", acl("[user=u max_priority=9] [user=u max_priority=4 default_priority=2]"), xmlconf.V3_4, "u", nil, 2, ""},
		{"no default_priority, a priority sent", acl("[user=u max_priority=4]"), xmlconf.V3_4, "u", new(int32(3)), 3, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, err := New(build(t, with(base, c.kv), c.v), nodesOf(1, 8192), Options{})
			require.NoError(t, err)
			err = e.SubmitApp(AppSpec{ID: "app_1", Queue: "root.a", User: c.user, AM: Resource{1024, 1}, Priority: c.prio})
			if c.error != "" {
				require.Error(t, err)
				assert.Equal(t, c.error, err.Error())
				assert.Equal(t, StateFailed, e.Snapshot().Apps["app_1"].State, "the submission is refused")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, appPriority(t, e, "app_1"))
		})
	}
}

// The default is read when the app is submitted: a refresh changes it for
// later submissions only (LeafQueue#setupQueueConfigs on reinitialize; the
// RM keeps the priority it set on the submission context).
func TestDefaultAppPriorityRefresh(t *testing.T) {
	kv := map[string]string{"root.queues": "a", "root.a.capacity": "100", "root.a.default-application-priority": "3",
		"yarn.cluster.max-application-priority": "10"}
	e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(1, 8192), Options{})
	require.NoError(t, err)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "app_1", Queue: "root.a", User: "u", AM: Resource{1024, 1}}))
	require.Empty(t, e.Refresh(build(t, with(kv, map[string]string{"root.a.default-application-priority": "7"}), xmlconf.V3_4), nil))
	require.NoError(t, e.SubmitApp(AppSpec{ID: "app_2", Queue: "root.a", User: "u", AM: Resource{1024, 1}}))
	assert.Equal(t, int32(3), appPriority(t, e, "app_1"))
	assert.Equal(t, int32(7), appPriority(t, e, "app_2"))
}

// A parent has no default (ParentQueue#getDefaultApplicationPriority is
// null) and an unknown queue none either: the submission is refused for
// the queue, not for a priority.
func TestDefaultAppPriorityNotALeaf(t *testing.T) {
	kv := map[string]string{"root.queues": "p", "root.p.capacity": "100", "root.p.queues": "p1", "root.p.p1.capacity": "100",
		"root.p.default-application-priority": "3", "yarn.cluster.max-application-priority": "10",
		"yarn.acl.enable": "true", "root.p.acl_application_max_priority": "[user=v max_priority=1]"}
	e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(1, 8192), Options{})
	require.NoError(t, err)
	err = e.SubmitApp(AppSpec{ID: "app_1", Queue: "root.p", User: "u", AM: Resource{1024, 1}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "to non-leaf queue")
	err = e.SubmitApp(AppSpec{ID: "app_2", Queue: "root.nope", User: "u", AM: Resource{1024, 1}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "to unknown queue")
}

// A leaf a managed parent creates reads its leaf-queue-template's
// default-application-priority (ManagedParentQueue's setLeafQueueConfigs
// copies the template keys under the leaf's name). RMAppManager settles
// the priority before the scheduler creates the leaf, and
// getDefaultPriorityForQueue gives 0 for a queue that does not exist: the
// app whose submission creates it runs at 0, the next one at 2.
func TestDefaultAppPriorityLegacyAutoCreated(t *testing.T) {
	e := newTestEngine(t, map[string]string{
		p + "root.queues": "c", p + "root.c.capacity": "100", p + "root.c.auto-create-child-queue.enabled": "true",
		p + "root.c.leaf-queue-template.capacity": "50", p + "root.c.leaf-queue-template.default-application-priority": "2",
		p + "queue-mappings": "u:%user:root.c.%user", "yarn.cluster.max-application-priority": "10",
	})
	for _, id := range []string{"app_1", "app_2"} {
		pl, err := e.Submit(AppSpec{ID: id, User: "u1", Placement: true})
		require.NoError(t, err)
		require.Equal(t, "root.c.u1", pl.Queue)
	}
	assert.Equal(t, int32(0), appPriority(t, e, "app_1"), "root.c.u1 did not exist when app_1's priority was settled")
	assert.Equal(t, int32(2), appPriority(t, e, "app_2"))
}

// The priority ACL is checked once, when RMAppManager settles the
// priority (checkAndGetApplicationPriority): AppPriorityACLsManager has
// no groups for a leaf that does not exist yet, so the submission that
// creates it passes at any priority; CapacityScheduler#addApplication and
// LeafQueue#submitApplication check no priority. Later submissions to the
// leaf: TestSetQueueAclsPriorityGroupsRegisteredOnRefreshOnly.
func TestPriorityACLOfALeafCreatedForTheApp(t *testing.T) {
	e := newTestEngine(t, map[string]string{
		p + "root.queues": "c", p + "root.c.capacity": "100", p + "root.c.auto-create-child-queue.enabled": "true",
		p + "root.c.leaf-queue-template.capacity":                     "50",
		p + "root.c.leaf-queue-template.acl_application_max_priority": "[user=u1 max_priority=1 default_priority=0]",
		p + "queue-mappings": "u:%user:root.c.%user", "yarn.cluster.max-application-priority": "10", "yarn.acl.enable": "true",
	})
	five := int32(5)
	pl, err := e.Submit(AppSpec{ID: "app_1", User: "u1", Placement: true, Priority: &five})
	require.NoError(t, err, "root.c.u1 had no groups when app_1's priority was checked")
	require.Equal(t, "root.c.u1", pl.Queue)
	assert.Equal(t, int32(5), appPriority(t, e, "app_1"))
}

// TestApplicationPriorityACLs#testApplicationACLs (ACLsTestBase's queueA
// and queueB under root), submitted by short name as the Hadoop test does
// and by full path. AppPriorityACLsManager keys a leaf's groups by
// getQueueName() before YARN-9879 (capq: 3.3) and by getQueuePath() after,
// and checkAndGetApplicationPriority looks them up by the submitted name
// (trunk: normalizeQueueName, a short name to its path): the Hadoop test
// passes with short names in every release that has it, so the check and
// the group's default apply to a short name in every profile with
// priorities. A full path is tested from 3.3 only, where the key is the
// path: before YARN-9879 the key is the short name, so Hadoop's lookup by
// a full path would miss the groups, and whether such a submission gets
// that far there (CapacitySchedulerQueueManager keys queues by short
// name) is not settled; capq resolves a full path in every profile.
func TestApplicationPriorityACLsBothSpellings(t *testing.T) {
	conf := map[string]string{"root.queues": "queueA,queueB,queueC", "root.queueA.capacity": "50",
		"root.queueB.capacity": "25", "root.queueC.capacity": "25", "yarn.cluster.max-application-priority": "10",
		"yarn.acl.enable":                          "true",
		"root.queueA.acl_application_max_priority": "[user=queueA_user group=queueA_group max_priority=5 default_priority=3]",
		"root.queueB.acl_application_max_priority": "[user=queueB_user group=queueB_group max_priority=11 default_priority=10]"}
	type sub struct {
		user, queue string
		prio        *int32
		want        int32 // -1: refused
	}
	cases := func(a, b string) []sub {
		return []sub{{"queueA_user", a, new(int32(5)), 5}, {"queueA_user", a, new(int32(6)), -1},
			{"queueA_user", a, nil, 3}, {"queueB_user", b, new(int32(11)), 10}}
	}
	for _, v := range []xmlconf.Version{xmlconf.V2_10, xmlconf.V3_2, xmlconf.V3_4} {
		spellings := [][2]string{{"queueA", "queueB"}}
		if v.AtLeast(xmlconf.V3_3) {
			spellings = append(spellings, [2]string{"root.queueA", "root.queueB"})
		}
		for _, sp := range spellings {
			for i, c := range cases(sp[0], sp[1]) {
				e, err := New(build(t, conf, v), nodesOf(1, 8192), Options{})
				require.NoError(t, err)
				err = e.SubmitApp(AppSpec{ID: "app_1", Queue: c.queue, User: c.user, AM: Resource{1024, 1}, Priority: c.prio})
				if c.want < 0 {
					assert.Error(t, err, "%v %s case %d", v, c.queue, i)
					continue
				}
				require.NoError(t, err, "%v %s case %d", v, c.queue, i)
				assert.Equal(t, c.want, appPriority(t, e, "app_1"), "%v %s case %d", v, c.queue, i)
			}
		}
	}
}
