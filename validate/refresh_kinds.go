package validate

import "github.com/capq/capq/xmlconf"

// queueKind is the Java class Hadoop gives a queue, which decides the
// conversions a refresh allows.
type queueKind int

const (
	kindLeaf    queueKind = iota // LeafQueue
	kindParent                   // ParentQueue (also a 3.4 auto-queue-creation-v2 parent)
	kindManaged                  // ManagedParentQueue: auto-create-child-queue.enabled (3.1+)
	kindPlan                     // PlanQueue: a reservable leaf, a ParentQueue subclass
)

// String names the kind in change descriptions ("leaf-to-parent").
func (k queueKind) String() string {
	return [...]string{"leaf", "parent", "auto-create-parent", "reservation-plan"}[k]
}

// isParent reports whether Hadoop's class is a ParentQueue subclass.
func (k queueKind) isParent() bool { return k != kindLeaf }

// kindOf mirrors CapacitySchedulerQueueManager.parseQueue: a queue with
// children is a ManagedParentQueue when legacy auto-creation is on, else a
// ParentQueue; without children, reservable wins, then legacy
// auto-creation, then (3.4) flexible auto-creation, else a leaf.
func kindOf(q *xmlconf.Queue, v xmlconf.Version) queueKind {
	legacy := v.AtLeast(xmlconf.V3_1) && q.AutoCreate.Legacy.V
	if len(q.Children) > 0 {
		if legacy {
			return kindManaged
		}
		return kindParent
	}
	switch {
	case q.Reservable.V:
		return kindPlan
	case legacy:
		return kindManaged
	case v.AtLeast(xmlconf.V3_4) && q.AutoCreate.V2.V:
		return kindParent
	}
	return kindLeaf
}

// queuePair is one old queue and the new queue Hadoop matches it with
// (nil when Hadoop finds none).
type queuePair struct {
	old, new *xmlconf.Queue
}

// hierarchyPairs returns the (old, new) pairs validateQueueHierarchy
// looks at, in OLD's tree order. From 3.3 queues are keyed by full path;
// before, by short name (the last queue of that name that parseQueue
// stores, in post-order), which is how a queue under a new parent is seen
// as moved.
func hierarchyPairs(old, new *xmlconf.Model, v xmlconf.Version) []queuePair {
	var out []queuePair
	if v.AtLeast(xmlconf.V3_3) {
		for _, oq := range old.Queues {
			out = append(out, queuePair{oq, new.Queue(oq.Path)})
		}
		return out
	}
	oldByName, newByName := byShortName(old), byShortName(new)
	for _, oq := range old.Queues {
		if oldByName[oq.Name] != oq {
			continue // shadowed by a later queue of the same name: Hadoop never sees it
		}
		out = append(out, queuePair{oq, newByName[oq.Name]})
	}
	return out
}

// byShortName is parseQueue's name → queue map before 3.3: queues are put
// after their children, so the last of several same-named queues in
// post-order wins.
func byShortName(m *xmlconf.Model) map[string]*xmlconf.Queue {
	out := make(map[string]*xmlconf.Queue, len(m.Queues))
	var visit func(q *xmlconf.Queue)
	visit = func(q *xmlconf.Queue) {
		for _, c := range q.Children {
			visit(c)
		}
		out[q.Name] = q
	}
	visit(m.Root)
	return out
}
