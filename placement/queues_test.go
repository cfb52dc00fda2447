package placement

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// storeExpect is what TestCSQueueStore asserts of one queue: reachable by
// both names (assertAccessibleByAllNames), by its full path only with its
// short name ambiguous (assertAmbiguous), or by its full path only with
// its short name naming another queue (assertAccessibleByFullNameOnly).
type storeExpect uint8

const (
	allNames storeExpect = iota
	ambiguousName
	fullNameOnly
)

// TestCSQueueStore reproduces TestCSQueueStore (hadoop-yarn-server-resourcemanager
// .../scheduler/capacity/TestCSQueueStore.java): it adds each method's queues, in its order, to an index
// and checks what CSQueueStore.get and isAmbiguous answer for each.
// testDynamicModifications and testQueueOverwrites are left out: the index
// has no remove (the engine rebuilds it), and re-adding a path cannot
// swap the queue object behind it.
func TestCSQueueStore(t *testing.T) {
	for _, tc := range []struct {
		method string
		add    []string
		want   map[string]storeExpect
		// notAmbiguous lists short names isAmbiguous must deny.
		notAmbiguous []string
	}{
		{
			method: "testSimpleMapping",
			add:    []string{"root.main", "root.main.A", "root.main.B", "root.main.B.C"},
			want:   map[string]storeExpect{"root.main": allNames, "root.main.A": allNames, "root.main.B": allNames, "root.main.B.C": allNames},
		},
		{
			method: "testAmbiguousMapping",
			add: []string{"root.main", "root.main.A", "root.main.A.C", "root.main.A.D", "root.main.A.D.E", "root.main.A.D.F",
				"root.main.B", "root.main.B.C", "root.main.B.D", "root.main.B.D.E", "root.main.B.D.G"},
			want: map[string]storeExpect{
				"root.main": allNames, "root.main.A": allNames, "root.main.B": allNames, "root.main.A.D.F": allNames, "root.main.B.D.G": allNames,
				"root.main.A.C": ambiguousName, "root.main.A.D": ambiguousName, "root.main.A.D.E": ambiguousName,
				"root.main.B.C": ambiguousName, "root.main.B.D": ambiguousName, "root.main.B.D.E": ambiguousName,
			},
		},
		{
			// A leaf and a parent sharing a name are as ambiguous as two
			// parents: B (leaf root.main.A.B, parent root.second.A.D.B).
			method: "testQueueReferencePrecedence",
			add: []string{"root.main", "root.main.A", "root.main.A.B", "root.second", "root.second.A",
				"root.second.A.D", "root.second.A.D.B", "root.second.A.D.B.C"},
			want: map[string]storeExpect{
				"root.main": allNames, "root.second": allNames, "root.main.A": ambiguousName, "root.second.A": ambiguousName,
				"root.main.A.B": ambiguousName, "root.second.A.D": allNames, "root.second.A.D.B": ambiguousName, "root.second.A.D.B.C": allNames,
			},
		},
		{
			// "root" always names root: a queue called root is reached by
			// its path only, and the short name is never ambiguous.
			method:       "testRootIsAlwaysAccesible",
			add:          []string{"root", "root.root"},
			want:         map[string]storeExpect{"root": allNames, "root.root": fullNameOnly},
			notAmbiguous: []string{"root"},
		},
	} {
		t.Run(tc.method, func(t *testing.T) {
			ix := NewIndex()
			for _, p := range tc.add {
				ix.Add(p, KindParent)
			}
			for path, want := range tc.want {
				_, short := splitPath(path)
				got, _, ok := ix.Get(path)
				assert.True(t, ok && got == path, "get(%q) by full path", path)
				got, _, ok = ix.Get(short)
				switch want {
				case allNames:
					assert.Equal(t, path, got, "get(%q)", short)
				case ambiguousName:
					assert.True(t, ix.Ambiguous(short), "isAmbiguous(%q)", short)
					assert.False(t, ok, "get(%q) = %q, want null", short, got)
				case fullNameOnly:
					assert.False(t, ix.Ambiguous(short), "isAmbiguous(%q)", short)
					assert.NotEqual(t, path, got, "get(%q)", short)
				}
			}
			for _, n := range tc.notAmbiguous {
				assert.False(t, ix.Ambiguous(n), "isAmbiguous(%q)", n)
			}
		})
	}
}

// TestQueuePathEmptyPart is QueuePathTest/TestQueuePath#testEmptyPart:
// "root..level_2" has an empty part, a path of named levels has none
// (QueuePath.hasEmptyPart, which placement validation refuses).
func TestQueuePathEmptyPart(t *testing.T) {
	assert.True(t, hasEmptyPart("root..level_2"))
	assert.False(t, hasEmptyPart("root.level_1.level_2.level_3"))
}
