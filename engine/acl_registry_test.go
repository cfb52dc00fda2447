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
// (YARN-11069, getPermissionsForDynamicQueue) admits the submission that
// creates root.a.dyn through the template's acl_submit_applications, as
// in TestAutoCreatedQueueTemplate#testWildcardAfterRoot's scenario; the
// next one finds the leaf unregistered and ConfiguredYarnAuthorizer#
// checkPermission asks root.a and root, which refuse; after a refresh the
// leaf's own ACLs (AbstractLeafQueue#setDynamicQueueACLProperties: the
// template's) are registered and admit it again.
func TestSetQueueAclsFlexibleLeafRegisteredOnRefreshOnly(t *testing.T) {
	props := map[string]string{
		"yarn.acl.enable": "true",
		p + "root.queues": "a", p + "root.a.capacity": "1w", p + "root.a.queues": "b", p + "root.a.b.capacity": "1w",
		p + "root.a.auto-queue-creation-v2.enabled":                          "true",
		p + "root.acl_submit_applications":                                   " ",
		p + "root.acl_administer_queue":                                      " ",
		p + "root.*.auto-queue-creation-v2.template.acl_submit_applications": "user",
	}
	e := newVersionEngine(t, props, xmlconf.V3_4)
	pl, err := e.Submit(AppSpec{ID: "app_1", Queue: "root.a.dyn", User: "user"})
	require.NoError(t, err, "the creating submission is checked against the template (YARN-11069)")
	require.Equal(t, []string{"root.a.dyn"}, pl.AutoCreated)
	_, err = e.Submit(AppSpec{ID: "app_2", Queue: "root.a.dyn", User: "user"})
	require.Error(t, err, "root.a.dyn is not registered before a refresh: root.a and root decide")
	assert.Contains(t, err.Error(), "User user does not have permission to submit app_2 to queue root.a.dyn")
	refreshSame(t, e, props, xmlconf.V3_4)
	_, err = e.Submit(AppSpec{ID: "app_3", Queue: "root.a.dyn", User: "user"})
	require.NoError(t, err, "reinitializeQueues registered root.a.dyn's template ACLs")
}

// A legacy AutoCreatedLeafQueue (ManagedParentQueue) is created through
// addLegacyDynamicQueue, which registers nothing either: bob, admitted by
// the leaf-queue-template's ACL alone, is refused on the leaf alice's app
// created, in every release with legacy auto-creation. RMAppManager
// checks an existing queue through the authorizer (CapacityQueueACLsManager,
// ConfiguredYarnAuthorizer#checkPermission), which falls back to root.m.
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

// Where the code capq holds does not settle the outcome, the run says so:
// a 3.4 placed submission refused on the placement parent (3.4's
// RMAppManager, YARN-11069, is not in the reference).
func TestSetQueueAclsUnsettledOutcomesWarn(t *testing.T) {
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
	e := newVersionEngine(t, props, xmlconf.V3_4)
	_, err := e.Submit(AppSpec{ID: "app_1", User: "bob", Placement: true})
	require.Error(t, err, "root.m refuses bob; capq does not consult the template for a placed creation")
	notes := unsettledACLNotes(e)
	require.Len(t, notes, 1)
	assert.Contains(t, notes[0], "app_1 (placed in root.m.shared, refused on its parent's ACLs")

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
