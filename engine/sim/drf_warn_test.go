package sim

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// The generated tree's leaves hold about 1% of the cluster each: on 8
// nodes of 8 vcores that truncates to 0 vcores (TempQueuePerPartition.
// getGuaranteed), which the warning names only when the preemption policy
// runs under the dominant resource calculator and may preempt from them.
func TestZeroShareWarning(t *testing.T) {
	xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1})
	for _, c := range []struct {
		name string
		xml  []byte
		want bool
	}{
		{"drf and preemption", withPreemption(t, withDRF(t, xml)), true},
		{"drf without preemption", withDRF(t, xml), false},
		{"default calculator with preemption", withPreemption(t, xml), false},
		// disable_preemption on root is inherited by every queue: the
		// policy takes nothing from them.
		{"drf, preemption, every queue exempt", bytes.Replace(withPreemption(t, withDRF(t, xml)), []byte("</configuration>"),
			[]byte("<property><name>yarn.scheduler.capacity.root.disable_preemption</name><value>true</value></property></configuration>"), 1), false},
	} {
		m := modelFrom(t, c.xml)
		w, err := Generate(m, drfGen())
		require.NoError(t, err)
		res, err := Run(m, w, Options{Seed: 1, Until: 1000})
		require.NoError(t, err)
		found := ""
		for _, s := range res.Warnings {
			if strings.HasPrefix(s, "preemption under the dominant resource calculator:") {
				found = s
			}
		}
		if !c.want {
			assert.Empty(t, found, c.name)
			continue
		}
		assert.Contains(t, found, "99 leaf queue(s) are guaranteed none of one resource", c.name)
		assert.Contains(t, found, "root.ads0.infra10: 2123 MB and 0 vcores", c.name)
	}
}

// The warning looks at every partition with nodes: root.a has half of the
// default partition (16 GB, 16 vcores on 4 nodes of 8) but 1% of the gpu
// partition (32 GB, 32 vcores), which truncates to 327 MB and 0 vcores.
func TestZeroShareWarningInALabelledPartition(t *testing.T) {
	m := gpuOnePercentModel(t)
	w, err := ReadNative("gpu.json", []byte(`{"format": "capq-workload/v1", "name": "gpu",
		"cluster": {"node_labels": [{"name": "gpu"}], "nodes": [
			{"count": 4, "prefix": "cpu", "memory_mb": 8192, "vcores": 8},
			{"count": 4, "prefix": "gpu", "memory_mb": 8192, "vcores": 8, "partition": "gpu"}]},
		"apps": [{"id": "a_1", "queue": "a", "user": "u", "submit_ms": 0, "am": {"memory_mb": 1024, "vcores": 1},
			"tasks": [{"count": 2, "memory_mb": 1024, "vcores": 1, "duration_ms": 1000, "priority": 20}]}]}`))
	require.NoError(t, err)
	found := zeroShareWarnings(t, m, w)
	assert.Contains(t, found[0], "1 leaf queue(s) are guaranteed none of one resource")
	assert.Contains(t, found[0], "root.a in partition gpu: 327 MB and 0 vcores")
}

// A node change re-checks the warning: the gpu partition has no nodes at
// the start (no guarantee there, no warning); adding them at 500 ms leaves
// root.a with 1% of it, 327 MB and 0 vcores, and the warning names it
// then, once, with the time.
func TestZeroShareWarningAfterANodeChange(t *testing.T) {
	m := gpuOnePercentModel(t)
	w, err := ReadNative("gpu.json", []byte(`{"format": "capq-workload/v1", "name": "gpu",
		"cluster": {"node_labels": [{"name": "gpu"}], "nodes": [{"count": 4, "prefix": "cpu", "memory_mb": 8192, "vcores": 8}]},
		"events": [
			{"at_ms": 500, "kind": "add_nodes", "nodes": [{"count": 4, "prefix": "gpu", "memory_mb": 8192, "vcores": 8, "partition": "gpu"}]},
			{"at_ms": 700, "kind": "add_nodes", "nodes": [{"count": 1, "prefix": "more", "memory_mb": 8192, "vcores": 8, "partition": "gpu"}]}],
		"apps": [{"id": "a_1", "queue": "a", "user": "u", "submit_ms": 0, "am": {"memory_mb": 1024, "vcores": 1},
			"tasks": [{"count": 2, "memory_mb": 1024, "vcores": 1, "duration_ms": 1000, "priority": 20}]}]}`))
	require.NoError(t, err)
	found := zeroShareWarnings(t, m, w)
	assert.True(t, strings.HasPrefix(found[0], "at 500ms: preemption under the dominant resource calculator: 1 leaf queue(s)"), found[0])
	assert.Contains(t, found[0], "root.a in partition gpu: 327 MB and 0 vcores")
}

// gpuOnePercentModel is DRF with preemption, root.a and root.b half each
// of the default partition and 1% and 99% of the gpu partition.
func gpuOnePercentModel(t *testing.T) *xmlconf.Model {
	prop := func(name, value string) string {
		return "<property><name>yarn.scheduler.capacity." + name + "</name><value>" + value + "</value></property>"
	}
	xml := "<configuration>" + prop("resource-calculator", "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator") +
		prop("root.queues", "a,b") + prop("root.a.capacity", "50") + prop("root.b.capacity", "50") +
		prop("root.accessible-node-labels.gpu.capacity", "100") +
		prop("root.a.accessible-node-labels", "gpu") + prop("root.a.accessible-node-labels.gpu.capacity", "1") +
		prop("root.b.accessible-node-labels", "gpu") + prop("root.b.accessible-node-labels.gpu.capacity", "99") +
		"</configuration>"
	return modelFrom(t, withPreemption(t, []byte(xml)))
}

// zeroShareWarnings runs w for a second and returns its one zero-share
// warning.
func zeroShareWarnings(t *testing.T, m *xmlconf.Model, w *Workload) []string {
	res, err := Run(m, w, Options{Seed: 1, Until: 1000})
	require.NoError(t, err)
	var found []string
	for _, s := range res.Warnings {
		if strings.Contains(s, "preemption under the dominant resource calculator:") {
			found = append(found, s)
		}
	}
	require.Len(t, found, 1, "%q", res.Warnings)
	return found
}
