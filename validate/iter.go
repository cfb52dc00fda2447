package validate

import (
	"sort"

	"github.com/capq/capq/xmlconf"
)

// Iteration helpers: rules say which queues they look at, not how to walk.

// eachQueue calls fn for every queue in the tree, root first, depth first.
func eachQueue(m *xmlconf.Model, fn func(q *xmlconf.Queue)) {
	for _, q := range m.Queues {
		fn(q)
	}
}

// eachNonRoot calls fn for every queue except root.
func eachNonRoot(m *xmlconf.Model, fn func(q *xmlconf.Queue)) {
	eachQueue(m, func(q *xmlconf.Queue) {
		if !q.IsRoot() {
			fn(q)
		}
	})
}

// eachParent calls fn for every queue with children (root included).
func eachParent(m *xmlconf.Model, fn func(q *xmlconf.Queue)) {
	eachQueue(m, func(q *xmlconf.Queue) {
		if !q.IsLeaf() {
			fn(q)
		}
	})
}

// eachLeaf calls fn for every queue without children.
func eachLeaf(m *xmlconf.Model, fn func(q *xmlconf.Queue)) {
	eachQueue(m, func(q *xmlconf.Queue) {
		if q.IsLeaf() && !q.IsRoot() {
			fn(q)
		}
	})
}

// eachProp calls fn for every property a queue sets, in no particular
// order (Run sorts findings, so output stays deterministic).
func eachProp(q *xmlconf.Queue, fn func(suffix string, p *xmlconf.Property)) {
	for k, p := range q.Props {
		fn(k, p)
	}
}

// eachKey calls fn for every key set in the merged configuration, in no
// particular order (Run sorts findings).
func eachKey(p *Pass, fn func(key string, pr *xmlconf.Property)) {
	p.sh().load(p.Model)
	for i, k := range p.sh().keys {
		fn(k, p.sh().props[i])
	}
}

// label returns the queue's settings for label l (nil when none).
func label(q *xmlconf.Queue, l string) *xmlconf.LabelSettings {
	return q.LabelSettings(l)
}

// configuredLabels returns the labels a queue has keys for: "" (the
// default partition) first, then every accessible-node-labels.<l>.* label,
// the set Hadoop checks sums for (QueueCapacities.getExistingNodeLabels).
func configuredLabels(q *xmlconf.Queue) []string {
	out := []string{""}
	for _, ls := range q.Labels {
		if ls.Label != "" {
			out = append(out, ls.Label)
		}
	}
	return out
}

// capacityFor returns the configured capacity and maximum of q for label l
// ("" = the unlabeled values).
func capacityFor(q *xmlconf.Queue, l string) (capacity, max xmlconf.Capacity) {
	if l == "" {
		return q.Capacity, q.MaxCapacity
	}
	if ls := label(q, l); ls != nil {
		return ls.Capacity, ls.MaxCapacity
	}
	return xmlconf.Capacity{}, xmlconf.Capacity{}
}

// capSuffix is the property suffix of a capacity key for label l.
func capSuffix(l string, max bool) string {
	s := "capacity"
	if max {
		s = "maximum-capacity"
	}
	if l == "" {
		return s
	}
	return "accessible-node-labels." + l + "." + s
}

// shortOrPath returns the queue name Hadoop prints in messages: the short
// name before 3.3 (queues were keyed by it), the full path from 3.3 on.
func shortOrPath(v xmlconf.Version, q *xmlconf.Queue) string {
	if v.Less(xmlconf.V3_3) {
		return q.Name
	}
	return q.Path
}

func sortStrings(s []string) { sort.Strings(s) }
