package scenario

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// labelScenario is a one-queue cluster with label x (exclusivity as given)
// on h1 and an unlabelled h2, running steps.
func labelScenario(t *testing.T, xExclusive bool, h1Partition, steps string) *Output {
	t.Helper()
	return labelScenarioConf(t, xExclusive, h1Partition, "", steps)
}

// labelScenarioConf also adds configuration entries (a JSON fragment
// starting with a comma).
func labelScenarioConf(t *testing.T, xExclusive bool, h1Partition, conf, steps string) *Output {
	t.Helper()
	src := fmt.Sprintf(`{"id": "l", "cluster": {"node_labels": [{"name": "x", "exclusive": %v}],
  "nodes": [{"id": "h1", "memory_mb": 8192, "vcores": 8, "partition": %q}, {"id": "h2", "memory_mb": 4096, "vcores": 4}]},
  "config": {"yarn.scheduler.capacity.root.queues": "a", "yarn.scheduler.capacity.root.a.capacity": "100"%s},
  "steps": [{"op": "submit_app", "app": "app1", "queue": "root.a", "user": "u", "am_memory_mb": 1024, "am_vcores": 1}%s]}`,
		xExclusive, h1Partition, conf, steps)
	sc, err := Parse("l.json", []byte(src))
	require.NoError(t, err)
	return Run(sc, Options{})
}

// What the label slice does not model is refused with "not modelled yet",
// never run as if the label were absent.
func TestLabelsRefuseWhatIsNotModelled(t *testing.T) {
	tests := []struct {
		name, partition, steps, want string
		exclusive                    bool
	}{
		{"update_node_labels to an undefined label", "x", `, {"op": "update_node_labels", "nodes": {"h1": "q"}}`, `step 1 (update_node_labels): node "h1": partition "q" is not in cluster.node_labels`, true},
		{"update_node_labels without nodes", "x", `, {"op": "update_node_labels"}`, `step 1 (update_node_labels): update_node_labels needs nodes`, true},
		{"remove an undefined label", "x", `, {"op": "define_node_labels", "remove": ["q"]}`, `step 1 (define_node_labels): node label "q" is not defined`, true},
		{"bad label name", "x", `, {"op": "define_node_labels", "add": [{"name": "-q"}]}`, `step 1 (define_node_labels): node label name "-q"`, true},
		{"exclusivity changed", "x", `, {"op": "define_node_labels", "add": [{"name": "x", "exclusive": false}]}`, `step 1 (define_node_labels): node label "x" is already defined with exclusivity=true`, true},
		{"add a node in an undefined partition", "x", `, {"op": "add_nodes", "nodes": [{"id": "h3", "memory_mb": 1024, "vcores": 1, "partition": "q"}]}`, `step 1 (add_nodes): node "h3": partition "q" is not in cluster.node_labels`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := labelScenario(t, tt.exclusive, tt.partition, tt.steps)
			require.Len(t, out.Failures, 1)
			assert.Contains(t, out.Failures[0], tt.want)
		})
	}
}

// A node in an undefined partition refuses the startup; a non-exclusive
// one is accepted.
func TestLabelsStartupRefusals(t *testing.T) {
	out := labelScenario(t, false, "x", "")
	assert.True(t, out.Startup.Accepted)
	out = labelScenario(t, true, "y", "")
	assert.False(t, out.Startup.Accepted)
	assert.Contains(t, out.Startup.Errors[0], `node "h1": partition "y" is not in cluster.node_labels`)
}

// Accepted label steps: an ask for "" is the default partition, a label
// without nodes can be removed and re-added, and the labelled h1 never
// takes the default ask while h2 does.
func TestLabelsAccepted(t *testing.T) {
	out := labelScenario(t, true, "x", `,
  {"op": "update_asks", "app": "app1", "asks": [{"priority": 1, "resource_name": "*", "memory_mb": 1024, "vcores": 1, "count": 1, "node_label_expression": ""}]},
  {"op": "define_node_labels", "add": [{"name": "z", "exclusive": false}]},
  {"op": "define_node_labels", "remove": ["z"]},
  {"op": "heartbeat", "node": "h1"},
  {"op": "heartbeat", "node": "h1"},
  {"op": "expect", "last_assignment": "none"},
  {"op": "heartbeat", "node": "h2"},
  {"op": "expect", "last_assignment": {"kind": "allocated", "node": "h2"}, "nodes": {"h1": {"partition": "x", "allocated_mb": 0}, "h2": {"allocated_mb": 1024}}}`)
	assert.Empty(t, out.Failures)
}

// SchedulerUtils.validateResourceRequest's label checks, in its order,
// reject with INVALID_LABEL; an expected rejection passes the step.
func TestLabelsInvalidAsks(t *testing.T) {
	ask := `, {"op": "update_asks", "app": "app1", "asks": [{"priority": 1, "resource_name": %q, "memory_mb": 1024, "vcores": 1, "count": 1%s}]%s}`
	label := func(l string) string { return fmt.Sprintf(`, "node_label_expression": %q`, l) }
	const expectInvalid = `, "expect": {"accepted": false, "reason_code": "INVALID_LABEL"}`
	tests := []struct {
		name, conf, steps, want string
	}{
		{"label on a host request", "", fmt.Sprintf(ask, "h1", label("x"), ""), `node label expression "x" on resource name "h1"`},
		{"two labels", "", fmt.Sprintf(ask, "*", label("x && y"), ""), `more than one node label in node label expression "x && y"`},
		{"label the queue cannot access", `, "yarn.scheduler.capacity.root.a.accessible-node-labels": " "`, fmt.Sprintf(ask, "*", label("x"), ""), `queue root.a cannot access node label "x"`},
		{"label the cluster lacks", "", fmt.Sprintf(ask, "*", label("q"), ""), `the cluster has no node label "q"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := labelScenarioConf(t, true, "x", tt.conf, tt.steps)
			require.Len(t, out.Failures, 1)
			assert.Contains(t, out.Failures[0], tt.want)
		})
	}
	// A label a queue lists cannot be removed (checkRemoveFromClusterNodeLabelsOfQueue).
	out := labelScenarioConf(t, true, "", `, "yarn.scheduler.capacity.root.a.accessible-node-labels": "x"`, `, {"op": "define_node_labels", "remove": ["x"]}`)
	require.Len(t, out.Failures, 1)
	assert.Contains(t, out.Failures[0], `cannot remove node label "x": queue root.a is using it`)
	// Expected rejections pass; a valid label expected to be rejected fails.
	out = labelScenarioConf(t, true, "x", "", fmt.Sprintf(ask, "*", label("q"), expectInvalid))
	assert.Empty(t, out.Failures)
	out = labelScenarioConf(t, true, "x", "", fmt.Sprintf(ask, "*", label("x"), expectInvalid))
	require.Len(t, out.Failures, 2)
	assert.Contains(t, out.Failures[0], "accepted = true, want false")
	// A host request for the default partition is fine.
	out = labelScenarioConf(t, true, "x", "", fmt.Sprintf(ask, "h2", label(" "), ""))
	assert.Empty(t, out.Failures)
}

// update_node_labels moves an idle node between partitions: h1 leaves x,
// the default partition grows to 12 GB and h1 serves the default ask (one
// off-switch container per heartbeat); h2, idle, moves to x and then
// serves nothing.
func TestLabelsMoveIdleNode(t *testing.T) {
	out := labelScenario(t, true, "x", `,
  {"op": "update_asks", "app": "app1", "asks": [{"priority": 1, "resource_name": "*", "memory_mb": 4096, "vcores": 1, "count": 3}]},
  {"op": "heartbeat", "node": "h1"},
  {"op": "expect", "last_assignment": "none"},
  {"op": "update_node_labels", "nodes": {"h1": ""}},
  {"op": "heartbeat", "node": "h1"},
  {"op": "heartbeat", "node": "h1"},
  {"op": "expect", "nodes": {"h1": {"allocated_mb": 8192}}, "queues": {"root.a": {"used_mb": 8192}}},
  {"op": "update_node_labels", "nodes": {"h2": "x"}},
  {"op": "heartbeat", "node": "h2"},
  {"op": "expect", "last_assignment": "none", "nodes": {"h2": {"partition": "x", "allocated_mb": 0}}}`)
	assert.Empty(t, out.Failures)
}
