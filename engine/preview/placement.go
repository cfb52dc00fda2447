package preview

import (
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// PlacementChange groups the apps that land elsewhere under the new
// configuration than under the old: moved to another queue by the
// placement rules, or rejected (for example because the queue they name
// was removed), per old queue.
type PlacementChange struct {
	OldQueue string `json:"old_queue"`
	// NewQueue is where the apps went; empty when they were rejected.
	NewQueue string `json:"new_queue,omitempty"`
	Rejected bool   `json:"rejected"`
	// Reason is the ResourceManager's message for rejected apps.
	Reason string   `json:"reason,omitempty"`
	Apps   []string `json:"apps"`
}

// placementChanges compares where each app went in the two runs.
func placementChanges(old, new *Run) []PlacementChange {
	if old == nil || new == nil {
		return nil
	}
	before := map[string]AppRun{}
	for _, a := range old.Apps {
		before[a.ID] = a
	}
	groups := map[[4]string]*PlacementChange{}
	var keys [][4]string
	for _, a := range new.Apps {
		o, ok := before[a.ID]
		if !ok || o.Rejected || (o.Queue == a.Queue && !a.Rejected) {
			continue
		}
		k := [4]string{o.Queue, a.Queue, "", ""}
		if a.Rejected {
			k = [4]string{o.Queue, "", "rejected", genericReason(a.Reason, a.ID)}
		}
		g := groups[k]
		if g == nil {
			g = &PlacementChange{OldQueue: o.Queue, Rejected: a.Rejected}
			if a.Rejected {
				g.Reason = genericReason(a.Reason, a.ID)
			} else {
				g.NewQueue = a.Queue
			}
			groups[k] = g
			keys = append(keys, k)
		}
		g.Apps = append(g.Apps, a.ID)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		for n := range a {
			if a[n] != b[n] {
				return a[n] < b[n]
			}
		}
		return false
	})
	out := make([]PlacementChange, 0, len(keys))
	for _, k := range keys {
		out = append(out, *groups[k])
	}
	return out
}

// genericReason replaces the app id in a rejection message so one group
// shows one message.
func genericReason(reason, id string) string {
	return strings.ReplaceAll(reason, id, "<app>")
}

// RejectUnknownOnNew sets each side's RejectUnknownQueues when the
// workload names queues the other side has but this one has not (a queue
// the change removes or adds): those apps are then placed or rejected as
// the RM would, instead of the run refusing the workload.
func RejectUnknownOnNew(p *Pair) {
	known := func(m *xmlconf.Model, name string) bool {
		if m == nil {
			return false
		}
		if q := m.Queue(name); q != nil {
			return true
		}
		return len(m.Leaves[name]) == 1
	}
	for _, a := range p.Workload.Apps {
		switch {
		case known(p.Old, a.Queue) && !known(p.New, a.Queue):
			p.NewOpts.RejectUnknownQueues = true
		case known(p.New, a.Queue) && !known(p.Old, a.Queue):
			p.OldOpts.RejectUnknownQueues = true
		}
	}
}
