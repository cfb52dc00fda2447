package tree

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// model builds root.eng (60%, max 100%) with eng.dev (20%, max 40%):
// dev's absolute maximum is 40% of eng's absolute MAXIMUM (100%), i.e.
// 40% of the cluster, not 40% of eng's 60% capacity.
func model(cluster xmlconf.Resource) *xmlconf.Model {
	conf := xmlconf.FromMap(map[string]string{
		"yarn.scheduler.capacity.root.queues":                   "eng,ops",
		"yarn.scheduler.capacity.root.eng.capacity":             "60",
		"yarn.scheduler.capacity.root.ops.Capacity":             "40",
		"yarn.scheduler.capacity.root.eng.queues":               "dev,qa",
		"yarn.scheduler.capacity.root.eng.dev.capacity":         "20",
		"yarn.scheduler.capacity.root.eng.dev.maximum-capacity": "40",
		"yarn.scheduler.capacity.root.eng.qa.capacity":          "80",
	}, "t.xml")
	return xmlconf.Build(conf, xmlconf.BuildOptions{Version: xmlconf.DefaultVersion, Cluster: cluster})
}

func TestWriteText(t *testing.T) {
	cases := []struct {
		name    string
		cluster xmlconf.Resource
		want    []string
	}{
		{"without cluster", xmlconf.Resource{}, []string{
			"5 queues (3 leaves)",
			"root.eng.dev may grow to 40% of the cluster",
			"which would give 24%",
		}},
		{"with cluster", xmlconf.Resource{MemoryMB: 1000 * 1024}, []string{
			"MAX MEMORY",
			"cluster 1000.0 GB",
			"root.eng.dev may grow to 40% (400.0 GB) of the cluster",
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, WriteText(&b, model(tc.cluster)))
			for _, w := range tc.want {
				assert.Contains(t, b.String(), w)
			}
		})
	}
}

func TestWriteJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, model(xmlconf.Resource{})))
	var out struct {
		Queues []struct {
			Path                    string  `json:"path"`
			AbsoluteMaximumCapacity float64 `json:"absolute_maximum_capacity"`
		} `json:"queues"`
		Notes []string `json:"notes"`
	}
	require.NoError(t, json.Unmarshal(b.Bytes(), &out))
	abs := map[string]float64{}
	for _, q := range out.Queues {
		abs[q.Path] = q.AbsoluteMaximumCapacity
	}
	assert.InDelta(t, 40.0, abs["root.eng.dev"], 1e-9)
	assert.Len(t, out.Notes, 1)
}

// TestPercentValue: a value capq tells the admin to set carries no float32
// noise (the seeds' note suggested 60.000004).
func TestPercentValue(t *testing.T) {
	assert.Equal(t, "60", percentValue(float64(float32(0.6))*100))
	assert.Equal(t, "12.5", percentValue(12.5))
	assert.Equal(t, "33.3333", percentValue(100.0/3))
	assert.Equal(t, "0", percentValue(0))
}

// Weight mode in a label: each queue's share is its weight over its
// siblings' weights in that label (normalized weight), times the
// parent's absolute capacity in the label.
func TestPartitionSharesWeight(t *testing.T) {
	conf := xmlconf.FromMap(map[string]string{
		"yarn.scheduler.capacity.root.queues":                                         "a,b",
		"yarn.scheduler.capacity.root.a.capacity":                                     "1w",
		"yarn.scheduler.capacity.root.b.capacity":                                     "1w",
		"yarn.scheduler.capacity.root.a.accessible-node-labels":                       "x",
		"yarn.scheduler.capacity.root.b.accessible-node-labels":                       "x",
		"yarn.scheduler.capacity.root.a.accessible-node-labels.x.capacity":            "3w",
		"yarn.scheduler.capacity.root.b.accessible-node-labels.x.capacity":            "1w",
		"yarn.scheduler.capacity.root.b.accessible-node-labels.x.maximum-capacity":    "50",
		"yarn.scheduler.capacity.root.a.queues":                                       "a1",
		"yarn.scheduler.capacity.root.a.a1.capacity":                                  "1w",
		"yarn.scheduler.capacity.root.a.a1.accessible-node-labels.x.capacity":         "2w",
		"yarn.scheduler.capacity.root.a.a1.accessible-node-labels.x.maximum-capacity": "[memory=10240]",
	}, "t.xml")
	m := xmlconf.Build(conf, xmlconf.BuildOptions{Version: xmlconf.DefaultVersion})
	byPath := map[string]*xmlconf.Queue{}
	for _, q := range m.Queues {
		byPath[q.Path] = q
	}
	cases := []struct {
		path                     string
		partitionMB              int64
		capacity, abs, absMax, w float64
		unknown                  bool
	}{
		{"root.a", 0, 0.75, 0.75, 1, 3, false},
		{"root.b", 0, 0.25, 0.25, 0.5, 1, false},
		{"root.a.a1", 0, 1, 0.75, 1, 2, true},
		{"root.a.a1", 40960, 1, 0.75, 0.25, 2, false},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			s := xmlconf.LabelShares(m, "x", xmlconf.Resource{MemoryMB: tc.partitionMB})[byPath[tc.path]]
			assert.InDelta(t, tc.capacity, s.Capacity, 1e-6)
			assert.InDelta(t, tc.abs, s.Abs, 1e-6)
			assert.InDelta(t, tc.absMax, s.AbsMax, 1e-6)
			assert.InDelta(t, tc.w, s.Weight, 1e-6)
			assert.Equal(t, tc.unknown, s.Unknown)
			assert.True(t, s.Accessible)
		})
	}
	assert.Equal(t, []string{"x"}, Partitions(m))
	require.Error(t, CheckPartition(m, "y"))
	require.NoError(t, CheckPartition(m, ""))
}
