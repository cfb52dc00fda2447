package validate

import (
	"strconv"

	"github.com/capq/capq/xmlconf"
)

// states replays QueueStateHelper over the refresh, parents before
// children as ParentQueue.reinitialize does, to find each queue's live
// state afterwards: RUNNING → configured STOPPED stops the queue and every
// live queue below it (DRAINING while apps run, RF010); STOPPED/DRAINING →
// configured RUNNING needs the parent RUNNING after its own reinit (RF011).
// An unset state key changes nothing, so removing `state=STOPPED` does not
// restart a queue. New and converted queues start in NEW's parsed state.
func (c *refreshCheck) states() {
	current := map[string]xmlconf.QueueState{}
	for _, oq := range c.old.Queues {
		current[oq.Path] = c.liveState(oq)
	}
	for _, nq := range c.new.Queues {
		oq := c.old.Queue(nq.Path)
		if oq == nil || c.moved[oq.Path] != "" || kindOf(oq, c.v).isParent() != kindOf(nq, c.v).isParent() {
			c.post[nq.Path] = nq.State.V
			continue
		}
		c.post[nq.Path] = c.reinitState(oq, nq, current)
	}
}

// reinitState is QueueStateHelper.reinitializeState for one live queue.
func (c *refreshCheck) reinitState(oq, nq *xmlconf.Queue, current map[string]xmlconf.QueueState) xmlconf.QueueState {
	prev := current[oq.Path]
	cfg := nq.ConfiguredState.V
	if nq.ConfiguredState.Err != "" {
		cfg = "" // CS040 refuses the file; no transition to replay
	}
	if c.v.Major < 3 {
		// 2.x reads the configured state straight into the queue.
		if cfg != "" {
			return cfg
		}
		return nq.State.V
	}
	switch {
	case prev == xmlconf.StateRunning && cfg == xmlconf.StateStopped:
		st := c.stopQueue(oq, current)
		c.hint(ruleRF010, xmlconf.SeverityInfo, c.atNew(nq), c.appsHint(oq.Path), "%s", stopMessage(oq.Path, st, c.liveApps(oq.Path)))
		return st
	case prev != xmlconf.StateRunning && cfg == xmlconf.StateRunning:
		if nq.Parent != nil && c.post[nq.Parent.Path] != xmlconf.StateRunning {
			c.hint(ruleRF011, xmlconf.SeverityError, c.atNew(nq),
				"set "+nq.Parent.Key("state")+"=RUNNING explicitly: an unset state key leaves a stopped queue stopped",
				"The parent Queue:%s is not running. Please activate the parent queue first", nq.Parent.Path)
			return prev
		}
		return xmlconf.StateRunning
	case prev != xmlconf.StateRunning && cfg == "" && nq.State.V == xmlconf.StateRunning:
		c.hint(ruleRF010, xmlconf.SeverityWarning, c.atNew(nq),
			"set "+nq.Key("state")+"=RUNNING to restart it",
			"%s stays %s: NEW no longer stops it, but an unset state keeps the live state on refresh (it would start RUNNING after a restart)",
			nq.Path, prev)
	}
	return prev
}

// stopQueue is AbstractCSQueue/ParentQueue.stopQueue on the live queue:
// DRAINING while it has applications, else STOPPED, recursively.
func (c *refreshCheck) stopQueue(q *xmlconf.Queue, current map[string]xmlconf.QueueState) xmlconf.QueueState {
	st := xmlconf.StateStopped
	if c.liveApps(q.Path) > 0 {
		st = xmlconf.StateDraining
	}
	current[q.Path] = st
	for _, ch := range q.Children {
		c.stopQueue(ch, current)
	}
	return st
}

func stopMessage(path string, st xmlconf.QueueState, apps int) string {
	if st == xmlconf.StateDraining {
		return path + " goes from RUNNING to DRAINING: it refuses new applications and becomes STOPPED when its " +
			strconv.Itoa(apps) + " application(s) finish"
	}
	return path + " goes from RUNNING to STOPPED: it refuses new applications"
}
