package validate

import (
	"fmt"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Action is what applying a queue's change takes, from least to most.
type Action string

// Actions, in increasing order of weight.
const (
	// ActionRefresh: yarn rmadmin -refreshQueues applies it.
	ActionRefresh Action = "refresh"
	// ActionStopFirst: the queue must be STOPPED (and drained) by one
	// refresh before the change is applied by another.
	ActionStopFirst Action = "stop-first"
	// ActionRestart: refresh refuses it (or ignores it); a ResourceManager
	// restart applies it.
	ActionRestart Action = "restart"
	// ActionRejected: NEW is wrong for this queue and fails on refresh and
	// on restart alike; fix the file.
	ActionRejected Action = "rejected"
)

func (a Action) weight() int {
	switch a {
	case ActionStopFirst:
		return 1
	case ActionRestart:
		return 2
	case ActionRejected:
		return 3
	}
	return 0
}

// actionFor maps one finding to the action it asks of its queue.
func actionFor(f xmlconf.Finding, v xmlconf.Version) Action {
	if f.Severity < xmlconf.SeverityError {
		return ActionRefresh
	}
	switch f.Rule {
	case "RF002", "RF003":
		if v.Less(xmlconf.V2_10) {
			return ActionRestart // no deletion before YARN-5556 (2.9.0)
		}
		return ActionStopFirst
	case "RF004":
		return ActionStopFirst
	case "RF006", "RF007", "RF008", "RF009", "RF015":
		return ActionRestart
	}
	return ActionRejected
}

// classifyActions sets each queue's action, reasons and procedure from
// the error findings that name it (a moved queue also by its old path).
func classifyActions(r *RefreshResult) {
	byQueue := map[string][]xmlconf.Finding{}
	for _, f := range r.Findings {
		if f.Queue != "" && f.Severity == xmlconf.SeverityError {
			byQueue[f.Queue] = append(byQueue[f.Queue], f)
		}
	}
	for i := range r.Queues {
		q := &r.Queues[i]
		fs := byQueue[q.Path]
		if q.From != "" {
			fs = append(fs, byQueue[q.From]...)
		}
		q.Action = ActionRefresh
		seen := map[string]bool{}
		for _, f := range fs {
			if a := actionFor(f, r.Version); a.weight() > q.Action.weight() {
				q.Action = a
			}
			if c := ReasonCode(f); !seen[c] {
				seen[c] = true
				q.Reasons = append(q.Reasons, c)
			}
		}
		q.Procedure = procedure(*q, fs, r.Version)
	}
}

// procedure spells out how to apply a change that one refresh cannot.
func procedure(q QueueChange, fs []xmlconf.Finding, v xmlconf.Version) []string {
	key := xmlconf.Prefix + q.Path + ".state"
	refresh := "run yarn rmadmin -refreshQueues"
	switch q.Action {
	case ActionStopFirst:
		return stopFirstSteps(q, fs, v, key, refresh)
	case ActionRestart:
		return []string{
			fmt.Sprintf("Hadoop %s refuses this change on refresh; apply it with a ResourceManager restart (or an HA failover to a restarted standby)", v),
		}
	case ActionRejected:
		for _, f := range fs {
			if f.Rule == "RF011" {
				return []string{"set the parent's state to RUNNING explicitly in the same change, then " + refresh}
			}
		}
		return []string{"fix the errors reported for this queue in NEW; Hadoop refuses the file on refresh and at start"}
	}
	return nil
}

func stopFirstSteps(q QueueChange, fs []xmlconf.Finding, v xmlconf.Version, key, refresh string) []string {
	rule := fs[0].Rule
	for _, f := range fs {
		if f.Rule == "RF003" || f.Rule == "RF004" {
			rule = f.Rule
		}
	}
	path := q.Path
	if q.From != "" {
		path = q.From
	}
	stop := fmt.Sprintf("keep %s in the file, set %s=STOPPED and %s", path, xmlconf.Prefix+path+".state", refresh)
	wait := fmt.Sprintf("wait until %s is STOPPED, not DRAINING (its running applications have finished): yarn queue -status %s", path, shortName(path))
	switch rule {
	case "RF003":
		return []string{stop, wait,
			fmt.Sprintf("remove %s and its properties, and %s", path, refresh),
			fmt.Sprintf("add %s under its new parent in a separate change, and %s (before 3.3 one refresh that removes and re-adds a queue name is a move)", q.Path, refresh)}
	case "RF004":
		steps := []string{
			fmt.Sprintf("keep %s a leaf, set %s=STOPPED and %s", q.Path, key, refresh), wait,
			fmt.Sprintf("add its children (%s), remove %s (the converted queue is created anew from the file: RUNNING unless the file stops it) and %s",
				xmlconf.Prefix+q.Path+".queues", key, refresh),
		}
		if v.AtLeast(xmlconf.V3_3) {
			steps = append(steps, fmt.Sprintf("Hadoop %s also converts it in one refresh when the new file sets %s=STOPPED; do that only when it has no running applications", v, key))
		}
		return steps
	}
	if stoppedInOld(q, key) {
		// OLD already sets STOPPED: the first refresh is behind, and the
		// queue is refused because it is still DRAINING its applications
		// (validateQueueHierarchy looks at the live state).
		return []string{wait, fmt.Sprintf("then %s", refresh)}
	}
	steps := []string{stop, wait, fmt.Sprintf("remove %s and its properties, and %s again", path, refresh)}
	if v.AtLeast(xmlconf.V3_3) {
		steps = append(steps, fmt.Sprintf("Hadoop %s also deletes it in one refresh when the new file still sets %s=STOPPED (exactly, in capitals); do that only when it has no running applications", v, key))
	}
	return steps
}

// stoppedInOld reports whether the removed queue's own state key in OLD
// is STOPPED (getState upper-cases it), so the procedure starts at the
// wait.
func stoppedInOld(q QueueChange, key string) bool {
	for _, pc := range q.Properties {
		if pc.Name == key && pc.Old != nil {
			return strings.EqualFold(*pc.Old, "STOPPED")
		}
	}
	return false
}
