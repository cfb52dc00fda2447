package engine

import (
	"fmt"
	"slices"

	"github.com/capq/capq/xmlconf"
)

// schedulingUnmodelled lists what multi-node placement and asynchronous
// scheduling settings ask for that the engine models differently (both
// are modelled; see multinode.go and async.go): lookup policies other
// than ResourceUsageMultiNodeLookupPolicy (and the random order of
// LayeredNodeUsageBinPackingPolicy's free nodes), queues without a running
// policy, several scheduling threads and the commit backlog.
func schedulingUnmodelled(m *xmlconf.Model) []Warning {
	if m.Conf == nil {
		return nil
	}
	var out []Warning
	at := func(key string) xmlconf.Pos {
		if p, ok := m.Conf.Lookup(key); ok {
			return p.ValuePos
		}
		return xmlconf.Pos{}
	}
	if mn := compileMultiNode(m); mn != nil {
		out = append(out, policyWarnings(m, mn, at)...)
		if m.Version.Less(xmlconf.V3_4) {
			key := xmlconf.Prefix + "multi-node-placement-enabled"
			out = append(out, Warning{Key: key, Pos: at(key), Feature: "multi-node placement as Hadoop " + m.Version.String() + " does it",
				Effect: "modelled as Hadoop 3.4 does it (YARN-10259, in 3.4.0: reserved nodes tried on every pass, a new reservation only on the iterator's last node)"})
		}
	} else if m.Version.Less(xmlconf.V3_2) && confBool(m.Conf, xmlconf.Prefix+"multi-node-placement-enabled") {
		key := xmlconf.Prefix + "multi-node-placement-enabled"
		out = append(out, Warning{Key: key, Pos: at(key), Feature: "multi-node placement (Hadoop 3.2+)",
			Effect: "Hadoop " + m.Version.String() + " has none: nodes are scheduled one heartbeat at a time"})
	}
	if a := compileAsync(m); a != nil {
		if a.intervalMS < 0 {
			key := xmlconf.Prefix + "schedule-asynchronously.scheduling-interval-ms"
			out = append(out, Warning{Key: key, Pos: at(key), Feature: fmt.Sprintf("a negative scheduling interval (%d: Thread.sleep throws and Hadoop's scheduling thread ends after its first pass)", a.intervalMS),
				Effect: "passes run every millisecond"})
		}
		if a.threads > 1 {
			key := xmlconf.Prefix + "schedule-asynchronously.maximum-threads"
			out = append(out, Warning{Key: key, Pos: at(key),
				Feature: fmt.Sprintf("%d asynchronous scheduling threads (their proposals race and are re-checked at commit)", a.threads),
				Effect:  "one thread is modelled: a pass takes no simulated time, so more threads would only repeat a pass on the same state; passes run every scheduling-interval-ms"})
		}
		// 2.7 has one scheduling thread and no commit backlog: it reads
		// neither maximum-threads (compileAsync) nor this key.
		if key := xmlconf.Prefix + "schedule-asynchronously.maximum-pending-backlogs"; at(key) != (xmlconf.Pos{}) && m.Version.AtLeast(xmlconf.V2_10) {
			out = append(out, Warning{Key: key, Pos: at(key), Feature: "the commit backlog that holds scheduling threads back",
				Effect: "proposals are committed at once, so the backlog never fills"})
		}
	}
	return out
}

// policyWarnings covers the lookup policies: a class capq does not know,
// and queues whose policy is missing or not among the running ones
// (MultiNodeSortingManager.getMultiNodeSortIterator then offers a single
// arbitrary node).
func policyWarnings(m *xmlconf.Model, mn *multiNode, at func(string) xmlconf.Pos) []Warning {
	var out []Warning
	for _, name := range sortedKeys(mn.sorters) {
		s := mn.sorters[name]
		if s.badInterval != "" {
			key := xmlconf.Prefix + "multi-node-sorting.policy." + name + ".sorting-interval.ms"
			out = append(out, Warning{Key: key, Pos: at(key), Feature: fmt.Sprintf("sorting interval %q (Hadoop refuses to start, CS057)", s.badInterval),
				Effect: "the default 1000 ms is used"})
		}
		if s.class == ResourceUsagePolicy || s.class == "" {
			continue // an empty class is CS057's error
		}
		key := xmlconf.Prefix + "multi-node-sorting.policy." + name + ".class"
		if s.layered {
			out = append(out, Warning{Key: key, Pos: at(key), Feature: "the random order LayeredNodeUsageBinPackingPolicy gives nodes with nothing allocated (a new random score below 100 at every sort)",
				Effect: "they come last, in node id order (score 0, one of Hadoop's draws)"})
			continue
		}
		out = append(out, Warning{Key: key, Pos: at(key), Feature: fmt.Sprintf("multi-node lookup policy class %q", s.class),
			Effect: "nodes are ordered as ResourceUsageMultiNodeLookupPolicy orders them (less allocated first)"})
	}
	var w *Warning
	for _, q := range m.Queues {
		if !q.IsLeaf() || mn.sorters[policyName(m, q.Path)] != nil {
			continue
		}
		if w == nil {
			key := q.Key("multi-node-sorting.policy")
			if _, ok := m.Conf.Lookup(key); !ok {
				key = xmlconf.Prefix + "multi-node-sorting.policy"
			}
			w = &Warning{Key: key, Pos: at(key), Feature: "a queue without a running multi-node policy (Hadoop offers one arbitrary node of the partition per pass)",
				Effect: "the partition's first node in node order is offered"}
		}
		w.Queues++
	}
	if w != nil {
		out = append(out, *w)
	}
	return out
}

func sortedKeys(m map[string]*sorter) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
