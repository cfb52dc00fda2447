package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// orphanKeys gathers the keys of queues that are not in the tree, one
// group per missing queue path: the cause is the queue, not each of its
// keys, so CS005 reports it once, at the first key in the file, with the
// number of keys Hadoop ignores because of it. (Hadoop itself says nothing
// about them, per key or otherwise.)
type orphanKeys struct {
	groups map[string]*orphanGroup
}

type orphanGroup struct {
	at    Loc
	hint  string
	many  string // the hint when there are several keys ("" = hint)
	why   string // the clause after the queue: how it misses the tree
	count int
	// sibling is the queue the missing one likely misspells
	// (misspeltSibling), "" for none.
	sibling string
	// labels are the node labels its keys name (xmlconf.HadoopLabelOf),
	// which 3.4 still gives root.
	labels map[string]bool
}

// sibling is misspeltSibling, computed once per missing queue: a file
// may hold thousands of keys of one missing queue and a parent of
// thousands of children.
func (o *orphanKeys) sibling(q *xmlconf.Queue, orphan string) string {
	if g := o.groups[orphan]; g != nil {
		return g.sibling
	}
	return misspeltSibling(q, orphan)
}

// add files key (at) under the missing queue path; the group keeps the
// earliest position and that key's hint (many: the hint for a group of
// several keys, "" for the same) and the queue it likely misspells.
func (o *orphanKeys) add(path, why string, at Loc, hint, many, sibling string) {
	if o.groups == nil {
		o.groups = map[string]*orphanGroup{}
	}
	g := o.groups[path]
	if g == nil {
		g = &orphanGroup{at: at, hint: hint, many: many, why: why, sibling: sibling}
		o.groups[path] = g
	} else if xmlconf.PosLess(at.Pos, g.at.Pos) {
		g.at, g.hint = at, hint
	}
	g.count++
	if l, i, ok := xmlconf.HadoopLabelOf(strings.TrimPrefix(at.Property, xmlconf.Prefix)); ok && i > 0 && l != "" {
		if g.labels == nil {
			g.labels = map[string]bool{}
		}
		g.labels[l] = true
	}
}

// rootLabels says what 3.4 still makes of a missing queue's label keys:
// getConfiguredNodeLabelsByQueue reads every key under the prefix, and
// root takes the union (ConfiguredNodeLabels#getAllConfiguredLabels), so
// each label becomes a partition root's children must fill (CS024).
func (g *orphanGroup) rootLabels(v xmlconf.Version) string {
	if len(g.labels) == 0 || v.Less(xmlconf.V3_4) {
		return ""
	}
	ls := make([]string, 0, len(g.labels))
	for l := range g.labels {
		ls = append(ls, fmt.Sprintf("%q", l))
	}
	sort.Strings(ls)
	return fmt.Sprintf(", except that Hadoop 3.4 still counts label %s among root's configured node labels (getConfiguredNodeLabelsByQueue reads every key), so root's children must give it capacity", strings.Join(ls, ", "))
}

// report emits one finding per missing queue (sorted with the rest).
func (o *orphanKeys) report(p *Pass) {
	for path, g := range o.groups {
		what, hint := fmt.Sprintf("Hadoop ignores %q", g.at.Property), g.hint
		if g.count > 1 {
			what = fmt.Sprintf("Hadoop ignores its %d properties, the first %q", g.count, g.at.Property)
			if g.many != "" {
				hint = g.many
			}
		}
		p.ReportHint(g.at, hint, "queue %q is not in the queue tree (%s); %s%s", path, g.why, what, g.rootLabels(p.Version))
	}
}
