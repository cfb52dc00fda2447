package placement

import "github.com/capq/capq/xmlconf"

// Kind is what a queue is, for placement.
type Kind uint8

// Queue kinds.
const (
	KindLeaf Kind = iota + 1
	// KindParent is a parent that cannot create children.
	KindParent
	// KindDynamicParent is a parent with flexible auto-creation (v2)
	// enabled (ParentQueue.isEligibleForAutoQueueCreation).
	KindDynamicParent
	// KindManagedParent is a legacy auto-create parent (ManagedParentQueue).
	KindManagedParent
)

// Queues is the scheduler's queue index as placement sees it
// (CapacitySchedulerQueueManager / QueueIndex).
type Queues interface {
	// Get resolves a full path, or a short name that is not ambiguous,
	// and returns the full path and kind.
	Get(name string) (path string, kind Kind, ok bool)
	// Ambiguous reports whether a short name names several queues.
	Ambiguous(name string) bool
}

// ModelQueues indexes a configuration's static queue tree.
func ModelQueues(m *xmlconf.Model) Queues {
	ix := &index{byPath: map[string]Kind{}, byName: map[string][]string{}}
	for _, q := range m.Queues {
		ix.Add(q.Path, KindOf(q, m.Version))
	}
	return ix
}

// KindOf classifies a configured queue.
func KindOf(q *xmlconf.Queue, v xmlconf.Version) Kind {
	switch {
	case q.AutoCreate.Legacy.V && v.AtLeast(xmlconf.V3_1):
		// A ManagedParentQueue (its children are the queues it created).
		return KindManagedParent
	case q.AutoCreate.V2.V && v.AtLeast(xmlconf.V3_4):
		return KindDynamicParent
	case q.IsLeaf():
		return KindLeaf
	}
	return KindParent
}

// Index is a mutable Queues (the engine adds dynamic queues to it).
type Index interface {
	Queues
	Add(path string, k Kind)
}

// NewIndex returns an empty Index.
func NewIndex() Index { return &index{byPath: map[string]Kind{}, byName: map[string][]string{}} }

type index struct {
	byPath map[string]Kind
	byName map[string][]string
}

// Add is CSQueueStore.add. A queue whose short name is "root" (root
// itself, or a queue called root) is kept by its path only: CSQueueStore
// never records "root" as a short name, so it always names root and is
// never ambiguous.
func (x *index) Add(path string, k Kind) {
	if _, ok := x.byPath[path]; !ok {
		if _, leaf := splitPath(path); leaf != "root" {
			x.byName[leaf] = append(x.byName[leaf], path)
		}
	}
	x.byPath[path] = k
}

// Get is CSQueueStore.get: a name with a dot is a full path; a short name
// resolves only when one queue has it ("root" is always root).
func (x *index) Get(name string) (string, Kind, bool) {
	if k, ok := x.byPath[name]; ok {
		return name, k, true
	}
	if ps := x.byName[name]; len(ps) == 1 && !hasDot(name) {
		return ps[0], x.byPath[ps[0]], true
	}
	return "", 0, false
}

func (x *index) Ambiguous(name string) bool { return !hasDot(name) && len(x.byName[name]) > 1 }

func hasDot(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return true
		}
	}
	return false
}
