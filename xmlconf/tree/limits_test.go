package tree

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// labelsModel is root with n leaves (n+1 queues); q0 lists labels l0..l<labels-1>.
func labelsModel(n, labels int) *xmlconf.Model {
	qs, ls := make([]string, n), make([]string, labels)
	for i := range qs {
		qs[i] = fmt.Sprintf("q%d", i)
	}
	for i := range ls {
		ls[i] = fmt.Sprintf("l%d", i)
	}
	return xmlconf.Build(xmlconf.FromMap(map[string]string{
		"yarn.scheduler.capacity.root.queues":                    strings.Join(qs, ","),
		"yarn.scheduler.capacity.root.q0.accessible-node-labels": strings.Join(ls, ","),
	}, "t.xml"), xmlconf.BuildOptions{})
}

// The JSON lists every queue's capacities in every label: past
// MaxLabelPairs it is refused before anything is written; the text
// views show one partition and stay.
func TestWriteLabelPairsBound(t *testing.T) {
	for _, tc := range []struct {
		name            string
		queues, labels  int
		json, partition bool
		refused         bool
	}{
		{"json within the bound", 100, 100, true, false, false},
		{"json past the bound", 500, 500, true, false, true},
		{"json with --partition past the bound", 500, 500, true, true, true},
		{"text past the bound", 2000, 2000, false, false, false},
		{"text --partition past the bound", 2000, 2000, false, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := labelsModel(tc.queues, tc.labels)
			o := Options{}
			if tc.partition {
				o.Partition = "l1"
			}
			var out bytes.Buffer
			err := Write(&out, m, o, tc.json)
			if !tc.refused {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, xmlconf.ErrTooLarge)
			assert.Contains(t, err.Error(), "500 node labels for 501 queues, at most 499 are supported")
			assert.Zero(t, out.Len())
		})
	}
}

// Queues that inherit a label list add nothing to the partitions.
func TestPartitionsSkipsInheritedLists(t *testing.T) {
	m := xmlconf.Build(xmlconf.FromMap(map[string]string{
		"yarn.scheduler.capacity.root.queues":                                "a",
		"yarn.scheduler.capacity.root.a.queues":                              "b,c",
		"yarn.scheduler.capacity.root.a.accessible-node-labels":              "x,y",
		"yarn.scheduler.capacity.root.a.c.accessible-node-labels":            "x",
		"yarn.scheduler.capacity.root.a.b.accessible-node-labels.z.capacity": "10",
	}, "t.xml"), xmlconf.BuildOptions{})
	assert.Equal(t, []string{"x", "y", "z"}, Partitions(m))
}

// A no-break space is part of a label to getAccessibleNodeLabels
// (String.trim), so --partition lists the label as Hadoop names it.
func TestPartitionsKeepLabelNamesAsHadoopTrims(t *testing.T) {
	m := xmlconf.Build(xmlconf.FromMap(map[string]string{
		"yarn.scheduler.capacity.root.queues":                   "a",
		"yarn.scheduler.capacity.root.a.accessible-node-labels": "x, \u00a0y",
	}, "t.xml"), xmlconf.BuildOptions{})
	assert.Equal(t, []string{"x", "\u00a0y"}, Partitions(m))
}
