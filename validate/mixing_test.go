package validate

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// capacityTypeEveryPair is the literal getCapacityConfigurationTypeForQueues
// loop over every queue and label, the reference capacityType must match.
func capacityTypeEveryPair(queues []*xmlconf.Queue, labels []string, v xmlconf.Version) (capType, string) {
	pct, weight, abs := false, false, false
	var diag strings.Builder
	for _, q := range queues {
		for _, l := range labels {
			if percentFraction(q, l, v) > 0 {
				pct = true
			}
			if c, _ := capacityFor(q, l); c.Mode == xmlconf.ModeWeight && c.Weight >= 0 {
				weight = true
				fmt.Fprintf(&diag, "{Queue=%s, label=%s uses weight mode}. ", q.Path, l)
			}
			if _, ok := absoluteMin(q, l); ok {
				abs, pct = true, false
				fmt.Fprintf(&diag, "{Queue=%s, label=%s uses absolute mode}. ", q.Path, l)
			}
			if pct {
				fmt.Fprintf(&diag, "{Queue=%s, label=%s uses percentage mode}. ", q.Path, l)
			}
		}
	}
	n := 0
	for _, b := range []bool{pct, weight, abs} {
		if b {
			n++
		}
	}
	mixed := ""
	if n > 1 && len(queues) > 0 && !queues[0].IsRoot() {
		mixed = diag.String()
	}
	switch {
	case weight || len(queues) == 0:
		return typeWeight, mixed
	case abs:
		return typeAbsolute, mixed
	}
	return typePercent, mixed
}

// labelledModel builds root.queues=a,b,c,d with the given keys (suffixes
// after yarn.scheduler.capacity.).
func labelledModel(kv ...string) *xmlconf.Model {
	m := map[string]string{"yarn.scheduler.capacity.root.queues": "a,b,c,d"}
	for i := 0; i+1 < len(kv); i += 2 {
		m["yarn.scheduler.capacity."+kv[i]] = kv[i+1]
	}
	return xmlconf.Build(xmlconf.FromMap(m, "t.xml"), xmlconf.BuildOptions{Version: xmlconf.V3_4})
}

func TestCapacityTypeMatchesEveryPair(t *testing.T) {
	mixedSeen := 0
	for _, tc := range []struct {
		name string
		kv   []string
	}{
		{"percentages", []string{"root.a.capacity", "50", "root.b.capacity", "50"}},
		{"weights with a label", []string{"root.a.capacity", "1w", "root.b.capacity", "2w", "root.c.accessible-node-labels.gpu.capacity", "1w"}},
		{"percentage then weight", []string{"root.a.capacity", "50", "root.b.capacity", "2w", "root.d.accessible-node-labels.x.capacity", "10"}},
		{"absolute clears percentage", []string{"root.a.capacity", "50", "root.b.accessible-node-labels.gpu.capacity", "[memory=1024,vcores=1]",
			"root.c.accessible-node-labels.ssd.capacity", "2w", "root.d.accessible-node-labels.gpu.capacity", "10"}},
		{"labels on root", []string{"root.accessible-node-labels.gpu.capacity", "100", "root.accessible-node-labels.ssd.capacity", "100",
			"root.a.capacity", "2w", "root.b.accessible-node-labels.ssd.capacity", "30", "root.c.accessible-node-labels.gpu.capacity", "[memory=1,vcores=1]"}},
		{"no labels set", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := labelledModel(tc.kv...)
			for _, q := range m.Queues {
				if len(q.Children) == 0 {
					continue
				}
				labels := sumLabels(m, q, m.Version)
				for _, queues := range [][]*xmlconf.Queue{childList(q), q.Children[1:], {q}} {
					wantT, wantMixed := capacityTypeEveryPair(queues, labels, m.Version)
					gotT, gotMixed := capacityType(queues, labels, m.Version)
					assert.Equal(t, wantT, gotT, q.Path)
					assert.Equal(t, wantMixed, gotMixed, q.Path)
					if wantMixed != "" {
						mixedSeen++
					}
				}
			}
		})
	}
	assert.Positive(t, mixedSeen, "the cases must exercise CS020's details")
}

// A parent with thousands of labels and thousands of children used to be
// walked (and CS020's message printed) label by child: 2,000 × 2,000 took
// lint 13 s and 925 MB. The work is now what is configured.
func TestLabelsTimesChildrenLintBounded(t *testing.T) {
	const n = 2000
	kv := map[string]string{}
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("q%d", i)
		kv[fmt.Sprintf("yarn.scheduler.capacity.root.q0.accessible-node-labels.l%d.capacity", i)] = "1"
	}
	kv["yarn.scheduler.capacity.root.queues"] = strings.Join(names, ",")
	kv["yarn.scheduler.capacity.root.q1.capacity"] = "2w" // mixed: CS020 lists the pairs
	m := xmlconf.Build(xmlconf.FromMap(kv, "t.xml"), xmlconf.BuildOptions{Version: xmlconf.V3_4})
	start := time.Now()
	fs := Lint(m, Options{})
	assert.Less(t, time.Since(start), 5*time.Second)
	var cs020 []xmlconf.Finding
	for _, f := range fs {
		if f.Rule == "CS020" {
			cs020 = append(cs020, f)
		}
	}
	require.Len(t, cs020, 1)
	assert.Less(t, len(cs020[0].Message), maxMixedDiag+1024)
	assert.True(t, strings.HasSuffix(cs020[0].Message, "… (capq cuts the list here)"), cs020[0].Message[len(cs020[0].Message)-100:])
}

// TestWeightOfUniformVectorFrom34: a vector giving every resource the same
// weight is the queue's weight only on 3.4, in legacy mode as well: the
// step is AbstractCSQueue#setupQueueConfigs's "5w == [memory=5w,
// vcores=5w]", which YARN-11000 added right after the capacity vectors are
// parsed, with no queue-mode condition; 3.3 has no capacity vectors, so
// there the value is only a legacy absolute resource with an unknown unit.
func TestWeightOfUniformVectorFrom34(t *testing.T) {
	m := xmlconf.Build(xmlconf.FromMap(map[string]string{
		xmlconf.Prefix + "root.queues": "a", xmlconf.Prefix + "root.a.capacity": "[memory=3w,vcores=3w]",
	}, "test.xml"), xmlconf.BuildOptions{Version: xmlconf.V3_4})
	c := m.Queue("root.a").Capacity
	for _, tc := range []struct {
		v    xmlconf.Version
		want float32
	}{{xmlconf.V3_1, -1}, {xmlconf.V3_3, -1}, {xmlconf.V3_4, 3}} {
		assert.Equal(t, tc.want, weightOf(c, tc.v), tc.v.String())
	}
	require.True(t, m.Global.LegacyQueueMode.V, "the default legacy queue mode")
}
