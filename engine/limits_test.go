package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// Every queue keeps state in every partition, so New refuses queues ×
// labels past xmlconf.MaxLabelPairs (and a model past MaxQueues) before
// growing any of it.
func TestNewRefusesTooLargeModels(t *testing.T) {
	node := NodeSpec{ID: "h1", MemoryMB: 8192, VCores: 8}
	for _, tc := range []struct {
		name  string
		props map[string]string
		nodes []NodeSpec
		want  string // "" when accepted
	}{
		{"labels within the bound", map[string]string{
			"yarn.scheduler.capacity.root.queues":                    list("q", 100),
			"yarn.scheduler.capacity.root.q0.accessible-node-labels": list("l", 100),
		}, []NodeSpec{node}, ""},
		{"labels past the bound", map[string]string{
			"yarn.scheduler.capacity.root.queues":                    list("q", 500),
			"yarn.scheduler.capacity.root.q0.accessible-node-labels": list("l", 500),
		}, []NodeSpec{node}, "500 node labels for 501 queues, at most 499 are supported"},
		{"inherited lists count once", map[string]string{
			"yarn.scheduler.capacity.root.queues":                   "p",
			"yarn.scheduler.capacity.root.p.queues":                 list("q", 400),
			"yarn.scheduler.capacity.root.p.accessible-node-labels": list("l", 400),
		}, []NodeSpec{node}, ""},
		{"node partitions count", map[string]string{
			"yarn.scheduler.capacity.root.queues": list("q", 500),
		}, func() []NodeSpec {
			var ns []NodeSpec
			for i := 0; i < 500; i++ {
				ns = append(ns, NodeSpec{ID: fmt.Sprintf("h%d", i), MemoryMB: 1024, VCores: 1, Partition: fmt.Sprintf("p%d", i)})
			}
			return ns
		}(), "500 node labels for 501 queues"},
		{"too many queues", map[string]string{
			"yarn.scheduler.capacity.root.queues": list("q", xmlconf.MaxQueues),
		}, []NodeSpec{node}, "at most 100,000 are supported"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := xmlconf.Build(xmlconf.FromMap(tc.props, "test"), xmlconf.BuildOptions{})
			e, err := New(m, tc.nodes, Options{})
			if tc.want == "" {
				require.NoError(t, err)
				assert.NotNil(t, e)
				return
			}
			require.ErrorIs(t, err, xmlconf.ErrTooLarge)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// The bound holds after the start too: defining cluster labels (a
// workload's node_labels, a scenario's define_node_labels) or refreshing
// to a configuration that names more labels is refused whole when queues ×
// labels would pass it. A 56 KB workload of 3,000 node labels on a
// 2,000-queue configuration took 53 s and 7 GB.
func TestLabelsRefusedAfterTheStart(t *testing.T) {
	props := map[string]string{"yarn.scheduler.capacity.root.queues": list("q", 999)} // 1,000 queues with root
	e := newTestEngine(t, props)
	labels := func(n int) map[string]bool {
		out := map[string]bool{}
		for i := 0; i < n; i++ {
			out[fmt.Sprintf("l%d", i)] = true
		}
		return out
	}
	require.NoError(t, e.DefineLabels(labels(250)))
	err := e.DefineLabels(labels(251))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "251 node labels for 1,000 queues, at most 250 are supported")
	assert.Len(t, e.parts, 251, "nothing of the refused set was defined")

	props["yarn.scheduler.capacity.root.q0.accessible-node-labels"] = "other"
	errs := e.Refresh(xmlconf.Build(xmlconf.FromMap(props, "test"), xmlconf.BuildOptions{}), nil)
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0], "251 node labels for 1,000 queues")
}

// list is "p0,p1,…" with n names.
func list(p string, n int) string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", p, i)
	}
	return strings.Join(out, ",")
}

// A queue created on submission is bounded like a configured one: with
// 1,000 queues and 250 labels the engine is at MaxLabelPairs, so the
// 1,001st queue is refused and nothing changes.
func TestAutoCreatedQueueWithinTheBounds(t *testing.T) {
	e := newTestEngine(t, map[string]string{
		p + "root.queues":                            list("q", 998) + ",c",
		p + "root.c.capacity":                        "100",
		p + "root.c.auto-create-child-queue.enabled": "true",
		p + "root.c.leaf-queue-template.capacity":    "10",
	})
	labels := map[string]bool{}
	for i := 0; i < 250; i++ {
		labels[fmt.Sprintf("l%d", i)] = true
	}
	require.NoError(t, e.DefineLabels(labels))
	_, err := e.Submit(AppSpec{ID: "app_1", Queue: "root.c.u1", User: "u1"})
	require.Error(t, err)
	assert.Equal(t, ReasonAutoCreateLimit, ReasonCode(err))
	assert.Contains(t, err.Error(), "Cannot auto create queue root.c.u1: configuration too large: 250 node labels for 1,001 queues")
	_, ok := e.Snapshot().Queues["root.c.u1"]
	assert.False(t, ok)
}
