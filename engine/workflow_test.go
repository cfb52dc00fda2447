package engine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// workflowSettings is TestCapacitySchedulerWorkflowPriorityMapping's tree
// with its mappings and the override on; kv adds or replaces settings.
func workflowSettings(kv map[string]string) map[string]string {
	c := map[string]string{
		"root.queues": "a,b", "root.a.capacity": "10.5", "root.b.capacity": "89.5",
		"root.a.queues": "a1,a2", "root.a.a1.capacity": "30", "root.a.a2.capacity": "70",
		"root.b.queues": "b1,b2,b3", "root.b.b1.capacity": "79.2", "root.b.b2.capacity": "0.8", "root.b.b3.capacity": "20",
		"workflow-priority-mappings":                 "workflow1:root.b:2,workflow2:root.a.a1:3,Workflow3:root.a:4",
		"workflow-priority-mappings-override.enable": "true",
		"yarn.cluster.max-application-priority":      "10",
	}
	for k, v := range kv {
		c[k] = v
	}
	return c
}

func workflowEngine(t *testing.T, kv map[string]string, v xmlconf.Version) *Engine {
	t.Helper()
	e, err := New(build(t, workflowSettings(kv), v), nodesOf(1, 8192), Options{})
	require.NoError(t, err)
	return e
}

func appPriority(t *testing.T, e *Engine, id string) int32 {
	t.Helper()
	a := e.appByID[id]
	require.NotNil(t, a, id)
	return a.priority
}

// TestWorkflowPriorityMapping follows WorkflowPriorityMappingsManager#
// mapWorkflowPriorityForApp and #getMappedPriority case by case.
func TestWorkflowPriorityMapping(t *testing.T) {
	for _, c := range []struct {
		name  string
		kv    map[string]string
		v     xmlconf.Version
		queue string
		prio  int32
		tags  []string
		want  int32
	}{
		{"the leaf's own mapping", nil, xmlconf.V3_4, "a1", 0, []string{"workflowid:workflow2"}, 3},
		{"the nearest parent's mapping", nil, xmlconf.V3_4, "b3", 7, []string{"workflowid:workflow1"}, 2},
		{"a mapping lower than the app's own still replaces it", nil, xmlconf.V3_4, "b1", 9, []string{"workflowid:workflow1"}, 2},
		{"another queue's mapping does not apply", nil, xmlconf.V3_4, "a1", 6, []string{"workflowid:workflow1"}, 6},
		{"no workflow tag", nil, xmlconf.V3_4, "a1", 1, []string{"team:x"}, 1},
		{"no tags", nil, xmlconf.V3_4, "a1", 1, nil, 1},
		{"an empty workflow id", nil, xmlconf.V3_4, "a1", 1, []string{"workflowid:"}, 1},
		{"tags are lowercased and trimmed", nil, xmlconf.V3_4, "a1", 0, []string{" WorkflowID:Workflow2 "}, 3},
		// YARN-11383 (CHANGELOG.3.3.5.md): from 3.3.5 the manager lowercases
		// the IDs it reads; before, "Workflow3" never matches a (lowercased) tag.
		{"an upper-case mapping id on 3.4", nil, xmlconf.V3_4, "a2", 0, []string{"workflowid:workflow3"}, 4},
		{"an upper-case mapping id on 3.3 (3.3.5)", nil, xmlconf.V3_3, "a2", 0, []string{"workflowid:workflow3"}, 4},
		{"an upper-case mapping id on 3.2", nil, xmlconf.V3_2, "a2", 0, []string{"workflowid:workflow3"}, 0},
		{"2.10 maps", map[string]string{"workflow-priority-mappings": "workflow2:root.a.a1:3"}, xmlconf.V2_10, "a1", 0, []string{"workflowid:workflow2"}, 3},
		{"2.7 has no mappings", map[string]string{"workflow-priority-mappings": "workflow2:root.a.a1:3"}, xmlconf.V2_7, "a1", 0, []string{"workflowid:workflow2"}, 0},
		{"the override off", map[string]string{"workflow-priority-mappings-override.enable": "false"}, xmlconf.V3_4, "a1", 0, []string{"workflowid:workflow2"}, 0},
		{"capped at the cluster maximum", map[string]string{"workflow-priority-mappings": "w:root.a.a1:50"}, xmlconf.V3_4, "a1", 0, []string{"workflowid:w"}, 10},
		{"a short name never matches a queue path", map[string]string{"workflow-priority-mappings": "w:a1:5"}, xmlconf.V3_4, "a1", 0, []string{"workflowid:w"}, 0},
		{"root is never looked at", map[string]string{"workflow-priority-mappings": "w:root:5"}, xmlconf.V3_4, "a1", 0, []string{"workflowid:w"}, 0},
		{"the leaf's mapping before the parent's", map[string]string{"workflow-priority-mappings": "w:root.a:5,w:root.a.a1:7"}, xmlconf.V3_4, "a1", 0, []string{"workflowid:w"}, 7},
		{"a later entry replaces an earlier one", map[string]string{"workflow-priority-mappings": "w:root.a.a1:5,w:root.a.a1:8"}, xmlconf.V3_4, "a1", 0, []string{"workflowid:w"}, 8},
		{"the ResourceManager's tag prefix", map[string]string{"yarn.workflow-id.tag-prefix": "flow="}, xmlconf.V3_4, "a1", 0, []string{"workflowid:workflow2", "flow=workflow2"}, 3},
		{"an upper-case prefix never matches the lowercased tags", map[string]string{"yarn.workflow-id.tag-prefix": "Flow="}, xmlconf.V3_4, "a1", 0, []string{"Flow=workflow2"}, 0},
		// Of several workflow tags the last in the HashSet's order counts:
		// "workflowid:workflow2" iterates after "workflowid:workflow1"
		// (buckets 11 and 10 of 16), whichever is written first.
		{"the last workflow tag in set order", map[string]string{"workflow-priority-mappings": "workflow1:root.a.a1:5,workflow2:root.a.a1:3"}, xmlconf.V3_4, "a1", 0,
			[]string{"workflowid:workflow1", "workflowid:workflow2"}, 3},
		{"the last workflow tag in set order, written the other way", map[string]string{"workflow-priority-mappings": "workflow1:root.a.a1:5,workflow2:root.a.a1:3"}, xmlconf.V3_4, "a1", 0,
			[]string{"workflowid:workflow2", "workflowid:workflow1"}, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := workflowEngine(t, c.kv, c.v)
			require.NoError(t, e.SubmitApp(AppSpec{ID: "app_1", Queue: c.queue, User: "u", Priority: new(c.prio), Tags: c.tags}))
			assert.Equal(t, c.want, appPriority(t, e, "app_1"))
		})
	}
}

// The buckets the set-order cases above rely on.
func TestWorkflowTagSetOrder(t *testing.T) {
	assert.Equal(t, []string{"workflowid:workflow1", "workflowid:workflow2"}, appTags([]string{"WorkflowID:Workflow2", "workflowid:workflow1", "workflowid:workflow2"}))
}

// A mapped priority goes through CapacityScheduler#
// checkAndGetApplicationPriority on the leaf: a user its priority ACLs do
// not admit at that priority has the whole submission refused
// (CapacityScheduler#addApplication's APP_REJECTED), before the leaf's
// own checks.
func TestWorkflowPriorityACL(t *testing.T) {
	kv := map[string]string{"yarn.acl.enable": "true", "root.a.a1.acl_application_max_priority": "[user=u max_priority=2]",
		"root.acl_submit_applications": "*", "root.a.a1.state": "STOPPED"}
	e := workflowEngine(t, kv, xmlconf.V3_4)
	err := e.SubmitApp(AppSpec{ID: "app_1", Queue: "a1", User: "u", Priority: new(int32(1)), Tags: []string{"workflowid:workflow2"}})
	require.Error(t, err)
	assert.Equal(t, "Failed to submit application app_1 submitted by user u reason: org.apache.hadoop.security.AccessControlException: "+
		"User u does not have permission to submit/update app_1 for 3", err.Error())
	a := e.Snapshot().Apps["app_1"]
	assert.Equal(t, StateFailed, a.State)
	assert.True(t, strings.HasPrefix(a.Diagnostics, "Failed to submit application app_1"), a.Diagnostics)
	assert.Nil(t, a.Priority, "a rejected app has no priority")

	kv["root.a.a1.acl_application_max_priority"] = "[user=u max_priority=3]"
	e = workflowEngine(t, kv, xmlconf.V3_4)
	err = e.SubmitApp(AppSpec{ID: "app_1", Queue: "a1", User: "u", Priority: new(int32(1)), Tags: []string{"workflowid:workflow2"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is STOPPED", "admitted at 3, the leaf's own checks follow")

	// The cap comes before the ACL check: mapped to 50, the app is
	// checked, and admitted, at the cluster's 10. (It is sent with a
	// priority: without one, the group's missing default_priority would
	// fail the submission first, in RMAppManager.)
	kv = map[string]string{"yarn.acl.enable": "true", "root.acl_submit_applications": "*",
		"root.a.a1.acl_application_max_priority": "[user=u max_priority=10]", "workflow-priority-mappings": "w:root.a.a1:50"}
	e = workflowEngine(t, kv, xmlconf.V3_4)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "app_1", Queue: "a1", User: "u", Priority: new(int32(0)), Tags: []string{"workflowid:w"}}))
	assert.Equal(t, int32(10), appPriority(t, e, "app_1"))
}

// Only a new submission is mapped: a move keeps the app's priority, as
// CapacityScheduler#moveApplication never calls the manager, and a
// refresh re-reads the mappings (#initialize on reinitialize).
func TestWorkflowPriorityOnlyOnSubmission(t *testing.T) {
	e := workflowEngine(t, nil, xmlconf.V3_4)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "app_1", Queue: "a2", User: "u", Tags: []string{"workflowid:workflow3"}}))
	_, err := e.MoveApp("app_1", "root.a.a1")
	require.NoError(t, err)
	assert.Equal(t, int32(4), appPriority(t, e, "app_1"), "a move does not map again")

	m := build(t, workflowSettings(map[string]string{"workflow-priority-mappings": "workflow3:root.a:6"}), xmlconf.V3_4)
	require.Empty(t, e.Refresh(m, nil))
	require.NoError(t, e.SubmitApp(AppSpec{ID: "app_2", Queue: "a2", User: "u", Tags: []string{"workflowid:workflow3"}}))
	assert.Equal(t, int32(6), appPriority(t, e, "app_2"))
	assert.Equal(t, int32(4), appPriority(t, e, "app_1"), "a refresh does not map running apps again")
}

// CheckTags refuses what ApplicationSubmissionContextPBImpl.checkTags does.
func TestCheckTags(t *testing.T) {
	many := make([]string, MaxAppTags+1)
	for i := range many {
		many[i] = string(rune('a' + i))
	}
	for _, c := range []struct {
		name string
		tags []string
		want string
	}{
		{"none", nil, ""},
		{"ten", many[:MaxAppTags], ""},
		{"eleven", many, "Too many applicationTags, a maximum of only 10 are allowed!"},
		{"100 characters", []string{strings.Repeat("x", 100)}, ""},
		{"101 characters", []string{strings.Repeat("x", 101)}, "is too long, maximum allowed length of a tag is 100"},
		{"not ASCII", []string{"workflowid:café"}, "A tag can only have ASCII characters! Invalid tag - "},
		{"a control character", []string{"a\nb"}, "A tag can only have ASCII characters!"},
		{"spaces are printable", []string{" workflowid:w "}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := CheckTags(c.tags)
			if c.want == "" {
				assert.NoError(t, err)
				return
			}
			if assert.Error(t, err) {
				assert.Contains(t, err.Error(), c.want)
			}
		})
	}
}
