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
	list := func(p string, n int) string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%s%d", p, i)
		}
		return strings.Join(out, ",")
	}
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
