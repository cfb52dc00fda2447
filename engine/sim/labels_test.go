package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

func ptr[T any](v T) *T { return &v }

// YarnClientUtils.buildNodeLabelsFromStr: names with an optional
// (exclusive=...) property; anything else is refused.
func TestParseNodeLabels(t *testing.T) {
	cases := []struct {
		in      string
		want    []NodeLabel
		wantErr string
	}{
		{"gpu", []NodeLabel{{Name: "gpu", Exclusive: ptr(true)}}, ""},
		{"gpu(exclusive=false), x ", []NodeLabel{{Name: "gpu", Exclusive: ptr(false)}, {Name: "x", Exclusive: ptr(true)}}, ""},
		{"gpu( exclusive = true )", []NodeLabel{{Name: "gpu", Exclusive: ptr(true)}}, ""},
		{"gpu()", []NodeLabel{{Name: "gpu", Exclusive: ptr(true)}}, ""},
		{"gpu(", nil, "parentheses do not match"},
		{"gpu)(", nil, "parentheses do not match"},
		{"gpu(exclusive=yes)", nil, "the only property is exclusive"},
		{"gpu(shared)", nil, "the only property is exclusive"},
		{" , ", nil, "no label"},
		{"-gpu", nil, "starting with a letter or digit"},
		{"g pu", nil, "only letters, digits"},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseNodeLabels(tc.in)
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// parseLabelList follows buildNodeLabelsFromStr's index tests exactly: a
// property is read only when "(" is not the first character, and ")"
// first skips the order check; the names are checked later, by the RM.
func TestParseLabelListJavaIndexes(t *testing.T) {
	for in, want := range map[string]string{
		"(exclusive=maybe)": "",        // l == 0: no property read
		")b(":               ")b",      // r == 0: no order check
		" gpu ":             "gpu",     // the label manager trims
		"gpu (x=) ":         "invalid", // l > 0: the property is read
	} {
		got, err := parseLabelList(in)
		if want == "invalid" {
			require.Error(t, err, in)
			continue
		}
		require.NoError(t, err, in)
		require.Len(t, got, 1, in)
		assert.Equal(t, want, got[0].Name, in)
		assert.True(t, got[0].IsExclusive(), in)
	}
}

const labelledNative = `{
  "cluster": {
    "node_labels": [{"name": "gpu", "exclusive": false}, {"name": "big"}],
    "nodes": [
      {"count": 2, "memory_mb": 8192, "vcores": 8},
      {"names": ["g0", "g1"], "memory_mb": 8192, "vcores": 8, "partition": "gpu"}
    ]
  },
  "apps": [
    {"id": "a", "queue": "qa", "user": "u", "node_label_expression": "gpu",
     "am": {"memory_mb": 1024, "vcores": 1},
     "tasks": [
       {"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 1000, "priority": 1},
       {"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 1000, "priority": 2, "node_label_expression": ""}
     ]},
    {"id": "b", "queue": "qa", "user": "u", "am_node_label_expression": "big",
     "am": {"memory_mb": 1024, "vcores": 1},
     "tasks": [{"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 1000, "priority": 1}]}
  ]
}`

// The native format carries the cluster's labels, nodes' partitions and
// the label expressions of apps, AMs and task groups; each request's
// partition resolves as the RM does (own label, else the submission
// context's for ANY requests, else the queue's default).
func TestNativeLabels(t *testing.T) {
	w, err := ReadNative("w.json", []byte(labelledNative))
	require.NoError(t, err)
	assert.False(t, w.Cluster.NodeLabels[0].IsExclusive())
	assert.True(t, w.Cluster.NodeLabels[1].IsExclusive())
	nodes := w.Cluster.Expand()
	assert.Equal(t, "", nodes[0].Partition)
	assert.Equal(t, "gpu", nodes[2].Partition)
	a, b := &w.Apps[0], &w.Apps[1]
	assert.Equal(t, "gpu", AppLabel(a, "q"), "the submission context's label is the AM's")
	assert.Equal(t, "gpu", TaskLabel(a, &a.Tasks[0], "q"))
	assert.Equal(t, "", TaskLabel(a, &a.Tasks[1], "q"), `"" is the default partition, not the queue's default`)
	assert.Equal(t, "big", AppLabel(b, "q"))
	assert.Equal(t, "q", TaskLabel(b, &b.Tasks[0], "q"), "nothing set: the queue's default-node-label-expression")
}

func TestNativeLabelErrors(t *testing.T) {
	cases := map[string]string{
		`{"cluster": {"nodes": [{"count": 1, "memory_mb": 1024, "vcores": 1, "partition": "gpu"}]}, "apps": []}`:                                                                                                                   `w.json:1: node "node0": partition "gpu" is not in cluster.node_labels (the workload defines none)`,
		`{"cluster": {"node_labels": [{"name": "x y"}], "nodes": [{"count": 1, "memory_mb": 1024, "vcores": 1}]}, "apps": []}`:                                                                                                     `w.json:1: cluster.node_labels: node label name "x y"`,
		`{"cluster": {"node_labels": [{"name": "x"}, {"name": "x", "exclusive": false}], "nodes": [{"count": 1, "memory_mb": 1024, "vcores": 1}]}, "apps": []}`:                                                                    `node label "x" is defined twice with different exclusivity`,
		`{"cluster": {"node_labels": [{"name": "x"}], "nodes": [{"count": 1, "memory_mb": 1024, "vcores": 1}]}, "apps": [` + app(`"node_label_expression": "y"`) + `]}`:                                                            `application "a": node label expression "y" is not in cluster.node_labels (defined: "x")`,
		`{"cluster": {"node_labels": [{"name": "x"}], "nodes": [{"count": 1, "memory_mb": 1024, "vcores": 1}]}, "apps": [` + app(`"node_label_expression": "x&&y"`) + `]}`:                                                         `has more than one label`,
		`{"cluster": {"nodes": [{"count": 1, "memory_mb": 1024, "vcores": 1}]}, "apps": [], "events": [{"at_ms": 1, "kind": "add_nodes", "nodes": [{"count": 1, "prefix": "n", "memory_mb": 1, "vcores": 1, "partition": "z"}]}]}`: `node "n0": partition "z" is not in cluster.node_labels`,
		`{"cluster": {"nodes": [{"count": 1, "memory_mb": 1024, "vcores": 1, "partition": 3}]}, "apps": []}`:                                                                                                                       `must be a string`,
	}
	for in, want := range cases {
		_, err := ReadNative("w.json", []byte(in))
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), want)
	}
}

func app(extra string) string {
	return `{"id": "a", "queue": "qa", "user": "u", ` + extra + `, "am": {"memory_mb": 1, "vcores": 1}, "tasks": [{"count": 1, "memory_mb": 1, "vcores": 1, "duration_ms": 1, "priority": 1}]}`
}

// SLS topology files label nodes with "labels" (parsed by
// YarnClientUtils.buildNodeLabelsFromStr); capq defines the label, which
// SLS leaves to the cluster, and says so. What the RM would refuse past
// the parse (CommonNodeLabelsManager.checkReplaceLabelsOnNode: two labels
// on a host, a label the cluster cannot have) leaves the node unlabelled
// with a warning; only what makes buildNodeLabelsFromStr throw, which
// stops SLS, is an error.
func TestSLSNodeLabels(t *testing.T) {
	read := func(nodes string) (*Cluster, error) {
		return ReadSLSNodes("n.json", []byte(`{"rack": "r1", "nodes": [`+nodes+`, {"node": "plain"}]}`), xmlconf.DefaultSLSSettings())
	}
	for _, tc := range []struct {
		name, nodes string
		labels      []NodeLabel
		parts       []string // of the nodes given, then "plain"
		warns       []string
	}{
		{"shared label", `{"node": "n1", "labels": "gpu(exclusive=false)"}, {"node": "n2", "labels": "gpu(exclusive=false)"}`,
			[]NodeLabel{{Name: "gpu", Exclusive: ptr(false)}}, []string{"gpu", "gpu", ""},
			[]string{`n.json:1 (rack 1) node 1: the topology labels nodes; SLS passes a node's labels only in its NM registration (NMSimulator.init), which the RM applies only with yarn.node-labels.enabled true and yarn.node-labels.configuration-type "distributed"`}},
		// NodeLabelsUtils.convertToStringSet: the RM takes names only.
		{"exclusivity differs", `{"node": "n1", "labels": "gpu(exclusive=false)"}, {"node": "n2", "labels": "gpu"}`,
			[]NodeLabel{{Name: "gpu", Exclusive: ptr(false)}}, []string{"gpu", "gpu", ""},
			[]string{"the topology labels nodes", `n.json:1 (rack 1) node 2: label "gpu" is exclusive=true here and exclusive=false at n.json:1 (rack 1) node 1: the RM takes an NM's labels by name only`}},
		{"two labels", `{"node": "n1", "labels": "a,b"}, {"node": "n2", "labels": "a"}`,
			[]NodeLabel{{Name: "a", Exclusive: ptr(true)}}, []string{"", "a", ""},
			[]string{"the topology labels nodes", "n.json:1 (rack 1) node 1 (n1): 1 node(s) name more than one label"}},
		// The RM's set of trimmed names: "a, a" is one label.
		{"one label twice", `{"node": "n1", "labels": "a, a"}`,
			[]NodeLabel{{Name: "a", Exclusive: ptr(true)}}, []string{"a", ""}, []string{"the topology labels nodes"}},
		{"invalid name", `{"node": "n1", "labels": "gpu!"}`,
			nil, []string{"", ""}, []string{`n.json:1 (rack 1) node 1: label "gpu!": node label name "gpu!": only letters`}},
		// "(" first: buildNodeLabelsFromStr reads no property and names
		// the label "", the default partition.
		{"no name", `{"node": "n1", "labels": "(exclusive=maybe)"}`, nil, []string{"", ""}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := read(tc.nodes)
			require.NoError(t, err)
			assert.Equal(t, tc.labels, c.NodeLabels)
			var parts []string
			for _, n := range c.Expand() {
				parts = append(parts, n.Partition)
			}
			assert.Equal(t, tc.parts, parts)
			require.Len(t, c.Warnings, len(tc.warns), "%q", c.Warnings)
			for i, w := range tc.warns {
				assert.Contains(t, c.Warnings[i], w)
			}
		})
	}
	for _, bad := range []string{`"gpu("`, `"gpu(shared)"`, `" , "`} {
		_, err := read(`{"node": "n1", "labels": ` + bad + `}`)
		require.Error(t, err, bad)
		assert.Contains(t, err.Error(), "buildNodeLabelsFromStr throws; SLS does not start")
	}
}

// SLS traces: job.label.expression is the submission context's label
// (AMSimulator.submitApp), the AM's and every unlabelled request's.
func TestSLSJobLabel(t *testing.T) {
	nodes := &Cluster{NodeLabels: []NodeLabel{{Name: "gpu"}}, Nodes: []NodeGroup{{Count: 1, MemoryMB: 10240, VCores: 10}, {Names: []string{"g"}, MemoryMB: 10240, VCores: 10, Partition: "gpu"}}}
	w, err := ReadSLS("t.json", []byte(`{"job.queue.name": "qa", "job.label.expression": "gpu", "job.tasks": [{"count": 1, "duration.ms": 5}]}`), xmlconf.DefaultSLSSettings(), nodes, 0)
	require.NoError(t, err)
	require.NotNil(t, w.Apps[0].NodeLabelExpression)
	assert.Equal(t, "gpu", *w.Apps[0].NodeLabelExpression)
	assert.Empty(t, w.Warnings, "job.label.expression is a key SLS reads")

	_, err = ReadSLS("t.json", []byte(`{"job.queue.name": "qa", "job.label.expression": "gpu", "job.tasks": [{"count": 1, "duration.ms": 5, "container.host": "/r/h"}]}`), xmlconf.DefaultSLSSettings(), nil, 0)
	require.Error(t, err, "the trace's own nodes carry no label")
	assert.Contains(t, err.Error(), `node label expression "gpu" is not in cluster.node_labels`)
}

// The engine allocates in partitions: a labelled run lists no label as
// not modelled, and a run without labels has no label warning either.
func TestNoLabelWarnings(t *testing.T) {
	w, err := ReadNative("w.json", []byte(labelledNative))
	require.NoError(t, err)
	res, err := Run(loadModel(t, "seeds-example"), w, Options{Until: 3600 * 1000})
	require.NoError(t, err)
	for _, s := range res.Warnings {
		assert.NotContains(t, s, "node label", s)
	}
}

// yarn.node-labels.enabled=false in yarn-site.xml with a labelled
// workload: the RM would refuse the labelled requests; capq says so. The
// same line in capacity-scheduler.xml turns nothing off: the node label
// manager and the callers of SchedulerUtils#normalizeAndValidateRequest
// (RMAppManager, DefaultAMSProcessor#init) read the
// ResourceManager's own configuration.
func TestLabelsDisabledWarning(t *testing.T) {
	w, err := ReadNative("w.json", []byte(labelledNative))
	require.NoError(t, err)
	prop := func(k, v string) string {
		return "<property><name>" + k + "</name><value>" + v + "</value></property>"
	}
	for _, tc := range []struct {
		site, cs string
		warn     bool
	}{
		{site: "false", warn: true},
		{site: " FALSE ", warn: true},
		{site: "true"},
		{},
		{cs: "false"},
		{site: "true", cs: "false"},
	} {
		site, cs := "<configuration>", "<configuration>"+prop("yarn.scheduler.capacity.root.queues", "qa")
		if tc.site != "" {
			site += prop(NodeLabelsEnabledKey, tc.site)
		}
		if tc.cs != "" {
			cs += prop(NodeLabelsEnabledKey, tc.cs)
		}
		l, err := xmlconf.Load(xmlconf.LoadOptions{
			YarnSite:          []xmlconf.Source{{Name: "yarn-site.xml", Data: []byte(site + "</configuration>")}},
			CapacityScheduler: []xmlconf.Source{{Name: "capacity-scheduler.xml", Data: []byte(cs + "</configuration>")}},
			Build:             xmlconf.BuildOptions{Version: xmlconf.DefaultVersion},
		})
		require.NoError(t, err)
		got := labelsDisabled(l.Model, w, w.Cluster.Expand())
		if tc.warn {
			require.Len(t, got, 1, tc)
			assert.Contains(t, got[0], "yarn.node-labels.enabled is false")
		} else {
			assert.Empty(t, got, tc)
		}
	}
}

// One ANY request per priority carries one label: two groups of a phase
// at one priority with different labels cannot be asked for.
func TestTwoLabelsAtOnePriority(t *testing.T) {
	w, err := ReadNative("w.json", []byte(`{"cluster": {"node_labels": [{"name": "gpu"}], "nodes": [{"count": 1, "memory_mb": 4096, "vcores": 4}]},
 "apps": [{"id": "a", "queue": "qa", "user": "u", "am": {"memory_mb": 1024, "vcores": 1},
  "tasks": [{"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 1, "priority": 5, "node_label_expression": "gpu"},
            {"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 1, "priority": 5}]}]}`))
	require.NoError(t, err)
	_, err = Run(loadModel(t, "seeds-example"), w, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `application "a": phase 0 asks two node labels at priority 5`)
}
