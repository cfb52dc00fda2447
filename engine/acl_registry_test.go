package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

func newVersionEngine(t *testing.T, props map[string]string, v xmlconf.Version) *Engine {
	t.Helper()
	m := xmlconf.Build(xmlconf.FromMap(props, "test"), xmlconf.BuildOptions{Version: v})
	e, err := New(m, []NodeSpec{{ID: "h1", MemoryMB: 16 * 1024, VCores: 16}}, Options{})
	require.NoError(t, err)
	return e
}

func refreshSame(t *testing.T, e *Engine, props map[string]string, v xmlconf.Version) {
	t.Helper()
	require.Empty(t, e.Refresh(xmlconf.Build(xmlconf.FromMap(props, "test"), xmlconf.BuildOptions{Version: v}), nil))
}

// CapacitySchedulerQueueManager#setQueueAcls registers queue ACLs with the
// YarnAuthorizationProvider from initializeQueues and reinitializeQueues
// only; createQueue (createAutoQueue) does not. 3.4's RMAppManager
// registers a new queue's template ACLs only for a placed submission
// (placementContext != null, YARN-11069): user, sending app_1 straight to
// root.a.dyn, is checked on root.a.dyn's path, which ConfiguredYarnAuthorizer
// walks to root.a and root, and refused before anything is created; alice,
// admitted by root.a, creates the leaf; user is still refused on it; after
// a refresh the leaf's own ACLs (AbstractLeafQueue#
// setDynamicQueueACLProperties: the template's) are registered and admit
// user.
func TestSetQueueAclsFlexibleLeafRegisteredOnRefreshOnly(t *testing.T) {
	props := map[string]string{
		"yarn.acl.enable": "true",
		p + "root.queues": "a", p + "root.a.capacity": "1w", p + "root.a.queues": "b", p + "root.a.b.capacity": "1w",
		p + "root.a.auto-queue-creation-v2.enabled":                          "true",
		p + "root.acl_submit_applications":                                   " ",
		p + "root.acl_administer_queue":                                      " ",
		p + "root.a.acl_submit_applications":                                 "alice",
		p + "root.*.auto-queue-creation-v2.template.acl_submit_applications": "user",
	}
	e := newVersionEngine(t, props, xmlconf.V3_4)
	pl, err := e.Submit(AppSpec{ID: "app_1", Queue: "root.a.dyn", User: "user"})
	require.Error(t, err, "an unplaced submission registers no template ACLs")
	assert.Contains(t, err.Error(), "User user does not have permission to submit app_1 to queue root.a.dyn")
	assert.Empty(t, pl.AutoCreated, "RMAppManager refuses before the scheduler creates anything")
	pl, err = e.Submit(AppSpec{ID: "app_2", Queue: "root.a.dyn", User: "alice"})
	require.NoError(t, err, "root.a admits alice")
	require.Equal(t, []string{"root.a.dyn"}, pl.AutoCreated)
	_, err = e.Submit(AppSpec{ID: "app_3", Queue: "root.a.dyn", User: "user"})
	require.Error(t, err, "root.a.dyn is not registered before a refresh: root.a and root decide")
	assert.Contains(t, err.Error(), "User user does not have permission to submit app_3 to queue root.a.dyn")
	refreshSame(t, e, props, xmlconf.V3_4)
	_, err = e.Submit(AppSpec{ID: "app_4", Queue: "root.a.dyn", User: "user"})
	require.NoError(t, err, "reinitializeQueues registered root.a.dyn's template ACLs")
}

// A legacy AutoCreatedLeafQueue (ManagedParentQueue) is created through
// addLegacyDynamicQueue, which registers nothing either: before 3.4 bob,
// admitted by the leaf-queue-template's ACL alone, is refused on the leaf
// alice's app created (RMAppManager checks an existing queue through the
// authorizer, which falls back to root.m). In 3.4 alice's placed
// submission had RMAppManager register the leaf with the template's ACLs
// (setPermission keeps them), so bob is admitted.
func TestSetQueueAclsLegacyLeafNotRegisteredBeforeRefresh(t *testing.T) {
	props := map[string]string{
		"yarn.acl.enable": "true",
		p + "root.queues": "m", p + "root.m.capacity": "100",
		p + "root.m.auto-create-child-queue.enabled":             "true",
		p + "root.m.leaf-queue-template.capacity":                "50",
		p + "root.acl_submit_applications":                       " ",
		p + "root.acl_administer_queue":                          " ",
		p + "root.m.acl_submit_applications":                     "alice",
		p + "root.m.leaf-queue-template.acl_submit_applications": "bob",
		p + "queue-mappings":                                     "u:alice:root.m.shared,u:bob:root.m.shared",
	}
	for _, v := range []xmlconf.Version{xmlconf.V3_1, xmlconf.V3_2, xmlconf.V3_3, xmlconf.V3_4} {
		e := newVersionEngine(t, props, v)
		pl, err := e.Submit(AppSpec{ID: "app_1", User: "alice", Placement: true})
		require.NoError(t, err, v)
		require.Equal(t, []string{"root.m.shared"}, pl.AutoCreated, v)
		_, err = e.Submit(AppSpec{ID: "app_2", User: "bob", Placement: true})
		if v == xmlconf.V3_4 {
			require.NoError(t, err, "3.4: RMAppManager registered root.m.shared with the template's ACLs")
			continue
		}
		require.Error(t, err, "%s: root.m.shared's template ACL is not registered", v)
		assert.Contains(t, err.Error(), "User bob does not have permission to submit app_2 to queue root.m.shared", v)
	}
}

// AppPriorityACLsManager#addPrioirityACLs runs from setQueueAcls too: a
// leaf created at runtime has no priority groups until a refresh, so
// AppPriorityACLsManager#checkAccess lets any priority through on it.
func TestSetQueueAclsPriorityGroupsRegisteredOnRefreshOnly(t *testing.T) {
	props := map[string]string{
		"yarn.acl.enable": "true", "yarn.cluster.max-application-priority": "10",
		p + "root.queues": "a", p + "root.a.capacity": "1w", p + "root.a.queues": "b", p + "root.a.b.capacity": "1w",
		p + "root.a.auto-queue-creation-v2.enabled":                               "true",
		p + "root.a.auto-queue-creation-v2.template.acl_application_max_priority": "[user=user max_priority=1 default_priority=0]",
	}
	five := int32(5)
	e := newVersionEngine(t, props, xmlconf.V3_4)
	for _, id := range []string{"app_1", "app_2"} {
		_, err := e.Submit(AppSpec{ID: id, Queue: "root.a.dyn", User: "user", Priority: &five})
		require.NoError(t, err, "%s: root.a.dyn has no priority groups registered", id)
		assert.Equal(t, int32(5), appPriority(t, e, id))
	}
	refreshSame(t, e, props, xmlconf.V3_4)
	_, err := e.Submit(AppSpec{ID: "app_3", Queue: "root.a.dyn", User: "user", Priority: &five})
	require.Error(t, err, "reinitializeQueues registered the template's priority group")
	assert.Contains(t, err.Error(), "does not have permission to submit/update app_3 for 5")
}

func unsettledACLNotes(e *Engine) []string {
	var out []string
	for _, w := range e.Unmodelled() {
		if w.Feature == "queue ACLs" {
			out = append(out, w.Effect)
		}
	}
	return out
}

// TestAppManager#testLegacyAutoCreatedQueuesWithACLTemplates (YARN-11069,
// tomicooler/hadoop at 0b79cac3), its submissions before the queue is
// created: a placement puts each user's app in root.parent.<user>. user1
// is admitted by root.parent's ACL, user2 "has permission (due to ACL
// templates)" for a queue that does not exist yet, user3 has none, user4
// is admitted by root.parent. Before 3.4 RMAppManager checks the placement
// parent only, so user2 is refused there.
func TestRMAppManagerLegacyAutoCreatedQueuesWithACLTemplates(t *testing.T) {
	props := map[string]string{
		"yarn.acl.enable": "true",
		p + "root.queues": "parent", p + "root.parent.capacity": "100",
		p + "root.acl_submit_applications":                            " ",
		p + "root.acl_administer_queue":                               " ",
		p + "root.parent.acl_administer_queue":                        "user1,user4",
		p + "root.parent.acl_submit_applications":                     "user1,user4",
		p + "root.parent.auto-create-child-queue.enabled":             "true",
		p + "root.parent.leaf-queue-template.capacity":                "50",
		p + "root.parent.leaf-queue-template.maximum-capacity":        "100",
		p + "root.parent.leaf-queue-template.acl_administer_queue":    "user2,user4",
		p + "root.parent.leaf-queue-template.acl_submit_applications": "user2,user4",
		p + "queue-mappings":                                          "u:user1:root.parent.user1,u:user2:root.parent.user2,u:user3:root.parent.user3,u:user4:root.parent.user4",
	}
	for _, tc := range []struct {
		user string
		ok34 bool
	}{{"user1", true}, {"user2", true}, {"user3", false}, {"user4", true}} {
		for _, v := range []xmlconf.Version{xmlconf.V3_3, xmlconf.V3_4} {
			e := newVersionEngine(t, props, v)
			_, err := e.Submit(AppSpec{ID: "app_1", User: tc.user, Placement: true})
			want := tc.ok34
			if v == xmlconf.V3_3 {
				want = tc.user != "user2" && tc.user != "user3"
			}
			if want {
				require.NoError(t, err, "%s %s", v, tc.user)
				continue
			}
			require.Error(t, err, "%s %s", v, tc.user)
			assert.Contains(t, err.Error(), "User "+tc.user+" does not have permission to submit app_1 to queue root.parent."+tc.user, v)
		}
	}
}

// TestAppManager#testFlexibleAutoCreatedQueuesWithSpecializedACLTemplatesAndDynamicParentQueue
// (YARN-11069), the flexible half: root.parent's leaf template admits
// user1 to root.parent.user1; user2, named only by root.parent's
// parent-template, is refused for a leaf directly under root.parent ("parent
// only template"). A placement whose parent does not exist yet either
// (root.parent.user2.user3) is admitted by the leaf template root.parent.*
// gives, as both copies read agree; refused, it is left unsettled: the
// copies register the new parent from different templates.
func TestRMAppManagerFlexibleAutoCreatedQueuesWithACLTemplates(t *testing.T) {
	props := map[string]string{
		"yarn.acl.enable": "true",
		p + "root.queues": "parent", p + "root.parent.capacity": "1w",
		p + "root.acl_submit_applications":                                               " ",
		p + "root.acl_administer_queue":                                                  " ",
		p + "root.parent.acl_submit_applications":                                        "user1",
		p + "root.parent.acl_administer_queue":                                           "user1",
		p + "root.parent.auto-queue-creation-v2.enabled":                                 "true",
		p + "root.parent.auto-queue-creation-v2.parent-template.capacity":                "1w",
		p + "root.parent.auto-queue-creation-v2.parent-template.acl_submit_applications": "user2",
		p + "root.parent.auto-queue-creation-v2.parent-template.acl_administer_queue":    "user2",
		p + "root.parent.*.auto-queue-creation-v2.leaf-template.capacity":                "1w",
		p + "root.parent.*.auto-queue-creation-v2.leaf-template.acl_submit_applications": "user3",
		p + "root.parent.*.auto-queue-creation-v2.leaf-template.acl_administer_queue":    "user3",
		p + "queue-mappings": "u:user1:root.parent.user1,u:user2:root.parent.user2,u:user3:root.parent.user2.user3,u:user4:root.parent.user2.user4",
	}
	e := newVersionEngine(t, props, xmlconf.V3_4)
	_, err := e.Submit(AppSpec{ID: "app_1", User: "user1", Placement: true})
	require.NoError(t, err, "root.parent admits user1")
	_, err = e.Submit(AppSpec{ID: "app_2", User: "user2", Placement: true})
	require.Error(t, err, "user2 doesn't have permission to create a dynamic leaf queue (parent only template)")
	assert.Contains(t, err.Error(), "User user2 does not have permission to submit app_2 to queue root.parent.user2")
	assert.Empty(t, unsettledACLNotes(e), "the placement parent exists: settled")
	pl, err := e.Submit(AppSpec{ID: "app_3", User: "user3", Placement: true})
	require.NoError(t, err, "user3 has permission on root.parent.user2.user3 due to ACL templates")
	assert.Equal(t, []string{"root.parent.user2", "root.parent.user2.user3"}, pl.AutoCreated)
	assert.Empty(t, unsettledACLNotes(e))

	e = newVersionEngine(t, props, xmlconf.V3_4)
	_, err = e.Submit(AppSpec{ID: "app_4", User: "user4", Placement: true})
	require.Error(t, err, "user4 doesn't have permission")
	notes := unsettledACLNotes(e)
	require.Len(t, notes, 1)
	assert.Contains(t, notes[0], "app_4 (placed in root.parent.user2.user4, whose parent does not exist yet")
}

// CapacitySchedulerQueueManager#reinitializeQueues in 3.1-3.3 keeps an
// AutoCreatedLeafQueue in its queues map while its parent still has
// auto-create-child-queue.enabled (updateQueues), and before setQueueAcls
// ManagedParentQueue#reinitialize rebuilds the leaf-queue-template from the
// new file and reinitializes each child with getLeafQueueConfigs, whose
// acl_* keys are the template's under the leaf's path
// (AutoCreatedLeafQueue#reinitialize, AbstractCSQueue#setupQueueConfigs:
// acls = configuration.getAcls(getQueuePath())). Read in
// lidihao/hadoop3.1.2src (CapacitySchedulerQueueManager,
// AbstractManagedParentQueue, AbstractCSQueue), lijufeng2016/HDP-hadoop3.1.1
// (ManagedParentQueue, AutoCreatedLeafQueue), acceldata-io/hadoop's ODP
// 3.2.3 and criteo-forks/hadoop's 3.3-line AbstractCSQueue. So after a
// refresh the leaf admits by the refreshed template's ACLs, with nothing
// left unsettled to warn about.
func TestSetQueueAclsLegacyLeafTakesRefreshedTemplateACLs(t *testing.T) {
	props := map[string]string{
		"yarn.acl.enable": "true",
		p + "root.queues": "m", p + "root.m.capacity": "100",
		p + "root.m.auto-create-child-queue.enabled":             "true",
		p + "root.m.leaf-queue-template.capacity":                "50",
		p + "root.acl_submit_applications":                       " ",
		p + "root.acl_administer_queue":                          " ",
		p + "root.m.acl_submit_applications":                     "alice",
		p + "root.m.leaf-queue-template.acl_submit_applications": "bob",
		p + "queue-mappings":                                     "u:alice:root.m.shared,u:bob:root.m.shared,u:carol:root.m.shared",
	}
	refreshed := map[string]string{}
	for k, v := range props {
		refreshed[k] = v
	}
	refreshed[p+"root.m.leaf-queue-template.acl_submit_applications"] = "carol"
	for _, v := range []xmlconf.Version{xmlconf.V3_1, xmlconf.V3_2, xmlconf.V3_3} {
		e := newVersionEngine(t, props, v)
		_, err := e.Submit(AppSpec{ID: "app_1", User: "alice", Placement: true})
		require.NoError(t, err, v)
		refreshSame(t, e, refreshed, v)
		_, err = e.Submit(AppSpec{ID: "app_2", User: "carol", Placement: true})
		require.NoError(t, err, "%s: the refreshed template's ACL is registered", v)
		_, err = e.Submit(AppSpec{ID: "app_3", User: "bob", Placement: true})
		require.Error(t, err, "%s: the old template's ACL is gone", v)
		assert.Empty(t, unsettledACLNotes(e), v)
	}
}
