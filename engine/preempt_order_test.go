package engine

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tqTree builds a snapshot-like tree: fan parents of fan leaves under root.
func tqTree(qs map[string]*queue, fan int, skip string) *tq {
	get := func(p string) *queue {
		if qs[p] == nil {
			qs[p] = &queue{path: p}
		}
		return qs[p]
	}
	root := &tq{q: get("root")}
	for i := 0; i < fan; i++ {
		pp := fmt.Sprintf("root.p%d", i)
		p := &tq{q: get(pp)}
		for j := 0; j < fan; j++ {
			lp := fmt.Sprintf("%s.l%d", pp, j)
			if lp == skip {
				continue
			}
			p.children = append(p.children, &tq{q: get(lp)})
		}
		root.children = append(root.children, p)
	}
	return root
}

func paths(ts []*tq) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.q.path)
	}
	return out
}

// The cached leaf order is leafOrder's on every round, for a fresh
// snapshot of the same tree and after the tree changes shape.
func TestLeafOrderCacheMatchesLeafOrder(t *testing.T) {
	e := &Engine{}
	qs := map[string]*queue{}
	for round, skip := range []string{"", "", "root.p3.l7", "root.p3.l7", "", "root.p0.l0"} {
		snap := tqTree(qs, 12, skip)
		got := e.leafOrder(snap)
		want := leafOrder(snap)
		require.Equal(t, paths(want), paths(got), "round %d", round)
		for i := range got {
			assert.Same(t, want[i], got[i], "round %d: the cached order must hand out this round's snapshot", round)
		}
	}
	// A queue's path changing under the same pointer recomputes too.
	snap := tqTree(qs, 12, "")
	qs["root.p1.l1"].path = "root.p1.zz"
	assert.Equal(t, paths(leafOrder(snap)), paths(e.leafOrder(snap)))
}
