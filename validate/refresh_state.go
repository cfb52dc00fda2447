package validate

import (
	"strconv"

	"github.com/capq/capq/xmlconf"
)

// stateTransition is one thing root.reinitialize does to a live queue's
// state: stop it, refuse to restart it, or leave it stopped. RF010 and
// RF011 judge them.
type stateTransition struct {
	kind   transitionKind
	oq, nq *xmlconf.Queue
	// st is the queue's state after a stop; prev its live state before.
	st, prev xmlconf.QueueState
}

type transitionKind int

const (
	transStopped         transitionKind = iota // RUNNING → configured STOPPED (RF010)
	transParentDown                            // configured RUNNING under a parent that is not (RF011)
	transStaysStopped                          // NEW no longer stops it, but no state key restarts it (RF010)
	transDrainingRestart                       // configured RUNNING while it is DRAINING (RF017)
)

// stateChanges is RF010's check: queues the refresh stops, and stopped
// queues it leaves stopped although NEW no longer says so.
func (c *refreshCheck) stateChanges() {
	for _, t := range c.replayStates() {
		switch t.kind {
		case transStopped:
			c.hint(xmlconf.SeverityInfo, c.atNew(t.nq), c.appsHint(t.oq.Path), "%s", stopMessage(t.oq.Path, t.st, c.liveApps(t.oq.Path)))
		case transStaysStopped:
			c.hint(xmlconf.SeverityWarning, c.atNew(t.nq),
				"set "+t.nq.Key("state")+"=RUNNING to restart it",
				"%s stays %s: NEW no longer stops it, but an unset state keeps the live state on refresh (it would start RUNNING after a restart)",
				t.nq.Path, t.prev)
		}
	}
}

// parentsNotRunning is RF011's check: a queue set RUNNING under a parent
// that is not RUNNING after its own reinitialisation.
func (c *refreshCheck) parentsNotRunning() {
	for _, t := range c.replayStates() {
		if t.kind == transParentDown {
			// AbstractCSQueue#activeQueue names the parent by getQueueName
			// (the short name) in the 2.9-3.2 lines, by path from 3.3.
			parent := t.nq.Parent.Path
			if c.v.Less(xmlconf.V3_3) {
				parent = t.nq.Parent.Name
			}
			c.hint(xmlconf.SeverityError, c.atNew(t.nq),
				"set "+t.nq.Parent.Key("state")+"=RUNNING explicitly: an unset state key leaves a stopped queue stopped",
				"The parent Queue:%s is not running. Please activate the parent queue first", parent)
		}
	}
}

// drainingRestarts is RF017's check: a DRAINING queue set RUNNING. Hadoop
// 3.1's AbstractCSQueue#activeQueue refuses it before it looks at the
// parent ("The queue:<short name> is in the Stopping process. Please wait
// for the queue getting fully STOPPED."; initializeQueueState rethrows it
// as IllegalArgumentException and the refresh fails). YARN-10260 removed
// that branch; it is in CHANGES.2.10.1.md, CHANGELOG.3.2.2.md and
// CHANGELOG.3.3.1.md and in no 3.1.x changelog (3.1.4 is the last), and an
// ODP 3.2.3 build's activeQueue (acceldata-io/hadoop) has no DRAINING
// branch: every other profile restarts the queue (TestQueueState#
// testQueueStateTransit, "Q2 should transit from DRAINING to RUNNING").
func (c *refreshCheck) drainingRestarts() {
	for _, t := range c.replayStates() {
		if t.kind == transDrainingRestart {
			c.hint(xmlconf.SeverityError, c.atNew(t.nq), "wait until "+t.nq.Path+" is STOPPED (its applications have finished), then set it RUNNING",
				"The queue:%s is in the Stopping process. Please wait for the queue getting fully STOPPED.", t.nq.Name)
		}
	}
}

// replayStates replays QueueStateHelper over the refresh once, parents
// before children as ParentQueue.reinitialize does, to find each queue's
// live state afterwards: RUNNING → configured STOPPED stops the queue and
// every live queue below it (DRAINING while apps run); STOPPED/DRAINING →
// configured RUNNING needs the parent RUNNING after its own reinit. An
// unset state key changes nothing, so removing `state=STOPPED` does not
// restart a queue. New and converted queues start in NEW's parsed state.
func (c *refreshCheck) replayStates() []stateTransition {
	if c.replayed {
		return c.transitions
	}
	c.replayed = true
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
	return c.transitions
}

// reinitState is QueueStateHelper.reinitializeState for one live queue.
func (c *refreshCheck) reinitState(oq, nq *xmlconf.Queue, current map[string]xmlconf.QueueState) xmlconf.QueueState {
	prev := current[oq.Path]
	cfg := nq.ConfiguredState.V
	if nq.ConfiguredState.Err != "" {
		cfg = "" // CS040 refuses the file; no transition to replay
	}
	if c.v.Less(xmlconf.V2_10) {
		// 2.7 reads the configured state straight into the queue; the
		// state machine (YARN-5756) is in CHANGELOG.2.9.0.md.
		if cfg != "" {
			return cfg
		}
		return nq.State.V
	}
	t := stateTransition{oq: oq, nq: nq, prev: prev}
	switch {
	case prev == xmlconf.StateRunning && cfg == xmlconf.StateStopped:
		t.kind, t.st = transStopped, c.stopQueue(oq, current)
		c.transitions = append(c.transitions, t)
		return t.st
	case prev != xmlconf.StateRunning && cfg == xmlconf.StateRunning:
		if prev == xmlconf.StateDraining && c.v == xmlconf.V3_1 {
			// 3.1's activeQueue: the DRAINING branch comes before the
			// parent check (YARN-10260 removed it from the other lines).
			t.kind = transDrainingRestart
			c.transitions = append(c.transitions, t)
			return prev
		}
		if nq.Parent != nil && c.post[nq.Parent.Path] != xmlconf.StateRunning {
			t.kind = transParentDown
			c.transitions = append(c.transitions, t)
			return prev
		}
		return xmlconf.StateRunning
	case prev != xmlconf.StateRunning && cfg == "" && nq.State.V == xmlconf.StateRunning:
		t.kind = transStaysStopped
		c.transitions = append(c.transitions, t)
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
