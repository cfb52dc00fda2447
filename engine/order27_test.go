package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// engine27 is a bare engine on the 2.7 profile's queue order with a
// cluster of 10 GB and 10 vcores.
func engine27(order27 bool) *Engine {
	e := &Engine{}
	e.g.order27 = order27
	e.g.rc = calc{cluster: Resource{10 * gb, 10}}
	e.parts = []partition{{res: e.g.rc.cluster}, {res: e.g.rc.cluster}}
	return e
}

// children27 builds root's children with the given absolute capacities
// and default-partition usage (MB), in configuration order.
func children27(caps map[string]float32, used map[string]int64, order ...string) *queue {
	p := &queue{path: "root", parts: make([]qpart, 2)}
	for i, name := range order {
		c := &queue{path: "root." + name, pos: i, parent: p, absCap: caps[name], parts: make([]qpart, 2)}
		c.used = Resource{used[name], 1}
		if used[name] == 0 {
			c.used = Resource{}
		}
		p.children = append(p.children, c)
	}
	return p
}

func queuePaths(qs []*queue) []string {
	var out []string
	for _, q := range qs {
		out = append(out, q.path)
	}
	return out
}

// TestQueueComparator27: a 2.7 ParentQueue's children go by
// CapacityScheduler.queueComparator: less used capacity first, ties by
// queue path, with no rule for queues without capacity and no tie-break
// by capacity; the 2.9+ PriorityUtilizationQueueOrderingPolicy orders
// the same children otherwise (the old code's order on the 2.7 profile).
func TestQueueComparator27(t *testing.T) {
	for _, tc := range []struct {
		name         string
		caps         map[string]float32
		used         map[string]int64
		order        []string
		want, want34 []string
	}{
		{"unused: by path, not the larger capacity first",
			map[string]float32{"a": 0.3, "b": 0.7}, nil, []string{"b", "a"},
			[]string{"root.a", "root.b"}, []string{"root.b", "root.a"}},
		{"a queue without capacity is not put last: its used capacity is 0",
			map[string]float32{"a": 0, "b": 1}, map[string]int64{"b": 5 * gb}, []string{"b", "a"},
			[]string{"root.a", "root.b"}, []string{"root.b", "root.a"}},
		{"less used capacity first: b at 3.5 of 7 GB before a at 3 of 3 GB",
			map[string]float32{"a": 0.3, "b": 0.7}, map[string]int64{"a": 3 * gb, "b": 3584}, []string{"a", "b"},
			[]string{"root.b", "root.a"}, []string{"root.b", "root.a"}},
		{"paths compare as Java strings: upper case first, digit by digit",
			map[string]float32{"a2": 0.25, "a10": 0.25, "B": 0.25, "a": 0.25}, nil, []string{"a2", "a10", "B", "a"},
			[]string{"root.B", "root.a", "root.a10", "root.a2"}, []string{"root.a2", "root.a10", "root.B", "root.a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, v := range []struct {
				order27 bool
				want    []string
			}{{true, tc.want}, {false, tc.want34}} {
				e := engine27(v.order27)
				e.cluster = e.g.rc.cluster
				p := children27(tc.caps, tc.used, tc.order...)
				e.sortChildren(p)
				assert.Equal(t, v.want, queuePaths(p.order), "order27 %v", v.order27)
				e.checkOrder(p)
			}
		})
	}
}

// TestUsedCapacity27 is 2.7's CSQueueUtils.updateQueueStatistics: usage
// over Resources.multiply(cluster, absoluteCapacity), 0 when that is none
// or the cluster is empty.
func TestUsedCapacity27(t *testing.T) {
	e := engine27(true)
	q := &queue{absCap: 0.3, used: Resource{1536, 1}}
	assert.InDelta(t, 0.5, e.usedCapacity27(q), 1e-6, "1.5 of 3 GB")
	q.absCap = 0
	assert.Zero(t, e.usedCapacity27(q), "no capacity, no limit")
	e.g.rc.cluster = Resource{}
	q.absCap = 0.3
	assert.Zero(t, e.usedCapacity27(q), "an empty cluster")
}

// TestChildOrder27IsOneOrderForEveryNode: a 2.7 ParentQueue offers a
// labelled node its children in the TreeSet's one order (2.8's
// PartitionedQueueComparator, YARN-3361, sorts per partition).
func TestChildOrder27IsOneOrderForEveryNode(t *testing.T) {
	e := engine27(true)
	e.cluster = e.g.rc.cluster
	p := children27(map[string]float32{"a": 0.5, "b": 0.5}, map[string]int64{"a": 2 * gb}, "a", "b")
	// In label x, b can access it and a cannot: the 2.9+ order puts b first.
	p.children[1].parts[1].accessible = true
	p.children[0].parts[1].absCap, p.children[1].parts[1].absCap = 0.5, 0.5
	assert.Equal(t, []string{"root.b", "root.a"}, queuePaths(e.childOrder(p, 1)))
	p.children[1].used = Resource{4 * gb, 1}
	p.children[1].dirty, p.dirtyKids = true, append(p.dirtyKids, p.children[1])
	assert.Equal(t, []string{"root.a", "root.b"}, queuePaths(e.childOrder(p, 1)), "b now uses more than a")
	e.g.order27 = false
	e.invalidateOrder()
	assert.Equal(t, []string{"root.b", "root.a"}, queuePaths(e.childOrder(p, 1)), "2.9+: the accessible queue first")
}
