package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A node of negative size, or larger than a workload's node may be, is
// refused when the scenario is read, as workloads refuse it: it made the
// cluster's resource (and an AM limit) negative.
func TestParseScenarioRefusesNodeSizes(t *testing.T) {
	node := func(mb, vc string) string {
		return `{"id": "n1", "host": "n1", "rack": "/r", "memory_mb": ` + mb + `, "vcores": ` + vc + `}`
	}
	group := func(mb, vc string) string {
		return `{"count": 2, "id_prefix": "g", "memory_mb": ` + mb + `, "vcores": ` + vc + `}`
	}
	cases := []struct {
		name, data, want string
	}{
		{"cluster node memory", `{"cluster": {"nodes": [` + node("-8192", "8") + `]}}`, `cluster: node "n1" has a negative size (-8192 MB, 8 vcores)`},
		{"cluster group vcores", `{"cluster": {"node_groups": [` + group("8192", "-1") + `]}}`, `cluster: node group "g" has a negative size (8192 MB, -1 vcores)`},
		{"add_nodes node", `{"steps": [{"op": "add_nodes", "nodes": [` + node("8192", "-8") + `]}]}`, `step 0 (add_nodes): node "n1" has a negative size (8192 MB, -8 vcores)`},
		{"add_nodes group", `{"steps": [{"op": "add_nodes", "node_groups": [` + group("-1", "1") + `]}]}`, `step 0 (add_nodes): node group "g" has a negative size (-1 MB, 1 vcores)`},
		{"replace_node past int64's reach", `{"steps": [{"op": "replace_node", "node": ` + node("9223372036854775807", "1") + `}]}`,
			`step 0 (replace_node): node "n1" is too large (9223372036854775807 MB, 1 vcores): at most 1073741824 MB and 1073741824 vcores`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("s.json", []byte(tc.data))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, err := Parse("s.json", []byte(`{"cluster": {"nodes": [`+node("1073741824", "1073741824")+`]}, "steps": [{"op": "remove_nodes", "nodes": ["n1"]}]}`))
	assert.NoError(t, err, "the bound itself and remove_nodes' ids are fine")
}
