package scenario

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Work a scenario asks for beyond repeat is bounded too: the nodes of a
// heartbeat's list, the settings every refresh rebuilds, and the bytes
// of names node_groups generate.
func TestParseScenarioBoundsWork(t *testing.T) {
	ids := func(n int) string {
		b, _ := json.Marshal(make([]string, n))
		return strings.ReplaceAll(string(b), `""`, `"n1"`)
	}
	refreshes := func(n, keys int) string {
		set := map[string]string{}
		for k := 0; k < keys; k++ {
			set[fmt.Sprintf("yarn.capq.test.k%d", k)] = "1"
		}
		b, _ := json.Marshal(map[string]any{"op": "refresh", "set": set})
		return strings.TrimSuffix(strings.Repeat(string(b)+",", n), ",")
	}
	group := func(prefix string, count int) string {
		return fmt.Sprintf(`{"cluster": {"node_groups": [{"count": %d, "id_prefix": %q, "memory_mb": 1024, "vcores": 1}]}}`, count, prefix)
	}
	cases := []struct {
		name, data, want string
	}{
		// 3,000,000 ids in one heartbeat step ran for 19 s.
		{"a heartbeat's nodes past the bound", `{"steps": [{"op": "heartbeat", "nodes": ` + ids(maxRepeat+1) + `}]}`, "step 0: the steps repeat more than 100000 times in all"},
		{"a heartbeat's nodes times its repeat", `{"steps": [{"op": "heartbeat", "repeat": 1000, "nodes": ` + ids(101) + `}]}`, "step 0: the steps repeat more than"},
		{"a heartbeat's nodes at the bound", `{"steps": [{"op": "heartbeat", "repeat": 1000, "nodes": ` + ids(100) + `}]}`, ""},
		// 200 refreshes of 1,000 queues ran for 37 s.
		{"refreshes of many settings", `{"steps": [` + refreshes(11, 10_000) + `]}`, "step 10: the steps repeat more than"},
		{"refreshes setting the same keys", `{"steps": [` + refreshes(9, 10_000) + `]}`, ""},
		{"a refresh of few settings", `{"steps": [` + refreshes(10, 100) + `]}`, ""},
		// A 20 MB id_prefix on 100 nodes ran capq out of memory.
		{"node names past the bound", group(strings.Repeat("p", 700_000), 100), "id_prefix would generate more than 67108864 bytes"},
		{"long names within the bound", group(strings.Repeat("p", 1000), 100), ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("s.json", []byte(tc.data))
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
