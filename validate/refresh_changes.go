package validate

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Change kinds of a queue between OLD and NEW. A class change is named
// "<old kind>-to-<new kind>" with the kinds leaf, parent,
// auto-create-parent and reservation-plan (e.g. "leaf-to-parent").
const (
	ChangeAdded     = "added"
	ChangeRemoved   = "removed"
	ChangeMoved     = "moved" // before 3.3 only: same short name under another parent
	ChangeModified  = "modified"
	ChangeUnchanged = "unchanged"
)

// PropChange is one property's raw value before and after (nil: not set).
type PropChange struct {
	Name string  `json:"name"`
	Old  *string `json:"old"`
	New  *string `json:"new"`
}

// FloatChange is a number before and after (nil: the queue does not exist
// on that side).
type FloatChange struct {
	Old *float64 `json:"old"`
	New *float64 `json:"new"`
}

// StateChange is a queue's live state before the refresh and after it.
type StateChange struct {
	Old string `json:"old"`
	New string `json:"new"`
}

// ResourceChange is an absolute resource (with --cluster) before and after.
type ResourceChange struct {
	Old *xmlconf.Resource `json:"old"`
	New *xmlconf.Resource `json:"new"`
}

// AbsoluteResources are a queue's guaranteed and maximum resources.
type AbsoluteResources struct {
	Capacity ResourceChange `json:"capacity"`
	Maximum  ResourceChange `json:"maximum"`
}

// QueueChange is what a refresh does to one queue, and what applying it
// takes.
type QueueChange struct {
	Path string `json:"path"`
	// Change is added, removed, moved, modified, unchanged or a class
	// change such as leaf-to-parent.
	Change string `json:"change"`
	// From is the old path of a moved queue.
	From string `json:"from,omitempty"`
	// Properties are the queue's own properties whose raw value changed.
	Properties []PropChange `json:"properties"`
	// Effective are effective values that changed although the queue's
	// own property did not (inheritance, defaults, computed limits).
	Effective []PropChange `json:"effective,omitempty"`
	// State is the live state before and after the refresh, when it changes.
	State *StateChange `json:"state,omitempty"`
	// AbsoluteCapacity and AbsoluteMaximumCapacity are percentages of the
	// cluster before and after.
	AbsoluteCapacity        FloatChange `json:"absolute_capacity"`
	AbsoluteMaximumCapacity FloatChange `json:"absolute_maximum_capacity"`
	// AbsoluteResources are set when a cluster size is known.
	AbsoluteResources *AbsoluteResources `json:"absolute_resources,omitempty"`
	// Action is refresh, stop-first, restart or rejected (see Action).
	Action Action `json:"action"`
	// Reasons are the reason codes of the findings behind Action.
	Reasons []string `json:"reasons,omitempty"`
	// Procedure spells out how to apply a change that needs more than one
	// refresh or a restart.
	Procedure []string `json:"procedure,omitempty"`
	// Notes explain how Hadoop sees the change.
	Notes []string `json:"notes,omitempty"`
}

// Changed reports whether anything about the queue changes.
func (q QueueChange) Changed() bool { return q.Change != ChangeUnchanged }

// changes builds the change set: every queue of OLD and NEW in tree order
// (NEW's order, removed queues after their old predecessor).
func (c *refreshCheck) changes() []QueueChange {
	var out []QueueChange
	movedTo := map[string]string{}
	for o, n := range c.moved {
		movedTo[n] = o
	}
	for _, path := range c.unionPaths() {
		oq, nq := c.old.Queue(path), c.new.Queue(path)
		switch {
		case oq != nil && nq != nil:
			out = append(out, c.pairChange(oq, nq))
		case nq != nil && movedTo[path] != "":
			qc := c.pairChange(c.old.Queue(movedTo[path]), nq)
			qc.Change, qc.From = ChangeMoved, movedTo[path]
			out = append(out, qc)
		case nq != nil:
			out = append(out, c.addedChange(nq))
		case c.moved[path] == "":
			out = append(out, c.removedChange(oq))
		}
	}
	c.moveNotes(out)
	for i := range out {
		key := out[i].Path
		if out[i].From != "" {
			key = out[i].From
		}
		out[i].Notes = append(c.notes[key], out[i].Notes...)
	}
	return out
}

// unionPaths lists NEW's queues in tree order with OLD's removed queues
// inserted after the queue that preceded them in OLD.
func (c *refreshCheck) unionPaths() []string {
	after := map[string][]string{}
	var head []string
	prev := ""
	for _, oq := range c.old.Queues {
		if c.new.Queue(oq.Path) == nil {
			if prev == "" {
				head = append(head, oq.Path)
			} else {
				after[prev] = append(after[prev], oq.Path)
			}
			continue
		}
		prev = oq.Path
	}
	out := append([]string(nil), head...)
	var emit func(p string)
	emit = func(p string) {
		out = append(out, p)
		for _, r := range after[p] {
			emit(r)
		}
	}
	for _, nq := range c.new.Queues {
		emit(nq.Path)
	}
	return out
}

func (c *refreshCheck) pairChange(oq, nq *xmlconf.Queue) QueueChange {
	qc := QueueChange{Path: nq.Path}
	qc.Properties, qc.Notes = sameReading(oq, nq, propDiff(oq, nq), c.old, c.new, c.v)
	qc.Effective = effectiveDiff(oq, nq, qc.Properties)
	qc.AbsoluteCapacity = floatChange(oq, nq, func(q *xmlconf.Queue) float64 { return q.AbsCapacity })
	qc.AbsoluteMaximumCapacity = floatChange(oq, nq, func(q *xmlconf.Queue) float64 { return q.AbsMaxCapacity })
	qc.AbsoluteResources = c.absResources(oq, nq)
	before, after := string(c.liveState(oq)), string(c.post[nq.Path])
	if after != "" && before != after {
		qc.State = &StateChange{Old: before, New: after}
	}
	if oq.Capacity.Mode == xmlconf.ModeWeight && nq.Capacity.Mode == xmlconf.ModePercent && qc.AbsoluteCapacity.Old != nil {
		// AbstractCSQueue keeps the normalized weight it computed: the
		// refreshed queue goes on using it (TestCapacitySchedulerQueues'
		// testRefreshFromWeightsToPercentagesKeepsNormalizedWeight).
		qc.Notes = append(qc.Notes, fmt.Sprintf("from weight to percentage: the live queue keeps its normalized weight, "+
			"so its absolute capacity stays %s%% after the refresh and becomes the new value only after a restart",
			strconv.FormatFloat(*qc.AbsoluteCapacity.Old, 'f', -1, 64)))
	}
	ok, nk := kindOf(oq, c.v), kindOf(nq, c.v)
	switch {
	case ok != nk:
		qc.Change = ok.String() + "-to-" + nk.String()
	case len(qc.Properties) > 0 || len(qc.Effective) > 0 || qc.State != nil ||
		!sameFloat(qc.AbsoluteCapacity) || !sameFloat(qc.AbsoluteMaximumCapacity):
		qc.Change = ChangeModified
	default:
		qc.Change = ChangeUnchanged
	}
	return qc
}

func (c *refreshCheck) addedChange(nq *xmlconf.Queue) QueueChange {
	qc := QueueChange{Path: nq.Path, Change: ChangeAdded, Properties: propDiff(nil, nq)}
	qc.AbsoluteCapacity = floatChange(nil, nq, func(q *xmlconf.Queue) float64 { return q.AbsCapacity })
	qc.AbsoluteMaximumCapacity = floatChange(nil, nq, func(q *xmlconf.Queue) float64 { return q.AbsMaxCapacity })
	qc.AbsoluteResources = c.absResources(nil, nq)
	return qc
}

func (c *refreshCheck) removedChange(oq *xmlconf.Queue) QueueChange {
	qc := QueueChange{Path: oq.Path, Change: ChangeRemoved, Properties: propDiff(oq, nil)}
	qc.AbsoluteCapacity = floatChange(oq, nil, func(q *xmlconf.Queue) float64 { return q.AbsCapacity })
	qc.AbsoluteMaximumCapacity = floatChange(oq, nil, func(q *xmlconf.Queue) float64 { return q.AbsMaxCapacity })
	qc.AbsoluteResources = c.absResources(oq, nil)
	return qc
}

// moveNotes explains, from 3.3, a removed and an added queue of the same
// short name: Hadoop sees no move, only a deletion and an addition.
func (c *refreshCheck) moveNotes(qs []QueueChange) {
	if c.v.Less(xmlconf.V3_3) {
		return
	}
	added := map[string]int{}
	for i, q := range qs {
		if q.Change == ChangeAdded {
			added[shortName(q.Path)] = i
		}
	}
	for i, q := range qs {
		j, ok := added[shortName(q.Path)]
		if q.Change != ChangeRemoved || !ok {
			continue
		}
		note := "looks like a move of " + q.Path + " to " + qs[j].Path + "; Hadoop " + c.v.String() +
			" keys queues by full path, so it deletes " + q.Path + " (which must be STOPPED) and adds " + qs[j].Path
		qs[i].Notes = append(qs[i].Notes, note)
		qs[j].Notes = append(qs[j].Notes, note)
	}
}

func shortName(path string) string { return path[strings.LastIndexByte(path, '.')+1:] }

// propDiff compares a queue's own properties by suffix (either side nil).
func propDiff(oq, nq *xmlconf.Queue) []PropChange {
	var changed []string
	if oq != nil {
		for s, p := range oq.Props {
			if v, ok := rawProp(nq, s); !ok || v != p.Value {
				changed = append(changed, s)
			}
		}
	}
	if nq != nil {
		for s := range nq.Props {
			if _, ok := rawProp(oq, s); !ok {
				changed = append(changed, s)
			}
		}
	}
	sort.Strings(changed)
	out := make([]PropChange, 0, len(changed))
	for _, s := range changed {
		ov, ook := rawProp(oq, s)
		nv, nok := rawProp(nq, s)
		q := nq
		if q == nil {
			q = oq
		}
		out = append(out, propChange(q.Key(s), ov, ook, nv, nok))
	}
	return out
}

func rawProp(q *xmlconf.Queue, suffix string) (string, bool) {
	if q == nil {
		return "", false
	}
	p := q.Props[suffix]
	if p == nil {
		return "", false
	}
	return p.Value, true
}

func propChange(name, ov string, ook bool, nv string, nok bool) PropChange {
	pc := PropChange{Name: name}
	if ook {
		pc.Old = &ov
	}
	if nok {
		pc.New = &nv
	}
	return pc
}
