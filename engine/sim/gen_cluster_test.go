package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestGenOptionsCluster: enough racks for NodesPerRack each, at least one,
// and defaults for what is not given.
func TestGenOptionsCluster(t *testing.T) {
	c := GenOptions{Nodes: 81, NodesPerRack: 40, NodeMemoryMB: 8192, NodeVCores: 8}.Cluster()
	assert.Equal(t, []NodeGroup{{Count: 81, Racks: 3, RackPrefix: "/rack", MemoryMB: 8192, VCores: 8}}, c.Nodes)
	c = GenOptions{Nodes: 2}.Cluster()
	d := DefaultGenOptions()
	assert.Equal(t, []NodeGroup{{Count: 2, Racks: 1, RackPrefix: "/rack", MemoryMB: d.NodeMemoryMB, VCores: d.NodeVCores}}, c.Nodes)
}
