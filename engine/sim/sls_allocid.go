package sim

import (
	"fmt"
	"slices"
)

// allocTask is a task of an SLS job with its container.allocation.id.
type allocTask struct {
	g       TaskGroup
	allocID int64
}

// allocIDKeys gives every (phase, priority, allocation id) of a job its own
// request, as SLS does: AMSimulator.packageRequests builds one request per
// allocation id, and the scheduler keeps one SchedulerRequestKey per
// (priority, allocationRequestId), served in priority order and then by
// allocation id (SchedulerRequestKey.compareTo). capq's engine keys
// requests by priority, so the k-th allocation id (ascending) of
// priority p is asked at priority p+k: the same order, each its own size
// and delay-scheduling count. Every SLS AM asks one priority per phase
// (MRAMSimulator 20 then 10, StreamAMSimulator and DAGAMSimulator 20), so
// p+k meets no other request of the phase. The returned note says which
// priorities stand for which ids (the event log shows p+k).
func allocIDKeys(ts []allocTask, pos string) string {
	type pp struct {
		phase int
		prio  int32
	}
	ids := map[pp][]int64{}
	for _, t := range ts {
		k := pp{t.g.Phase, t.g.Priority}
		if !slices.Contains(ids[k], t.allocID) {
			ids[k] = append(ids[k], t.allocID)
		}
	}
	var notes []string
	for k, list := range ids {
		if len(list) > 1 {
			slices.Sort(list)
			notes = append(notes, fmt.Sprintf("priority %d's container.allocation.id %v are asked at priorities %d to %d", k.prio, list, k.prio, k.prio+int32(len(list))-1))
		}
	}
	if len(notes) == 0 {
		return ""
	}
	for i := range ts {
		list := ids[pp{ts[i].g.Phase, ts[i].g.Priority}]
		ts[i].g.Priority += int32(slices.Index(list, ts[i].allocID))
	}
	slices.Sort(notes)
	return fmt.Sprintf("%s: %s (one request per allocation id, as AMSimulator.packageRequests asks and SchedulerRequestKey orders them: priority, then allocation id; the event log shows these priorities)", pos, joinNotes(notes))
}

func joinNotes(notes []string) string {
	out := notes[0]
	for _, n := range notes[1:] {
		out += "; " + n
	}
	return out
}
