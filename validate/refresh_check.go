package validate

import (
	"fmt"

	"github.com/capq/capq/xmlconf"
)

// refreshCheck holds one Refresh run: both models, the profile, the live
// state, and what the rules found.
type refreshCheck struct {
	old, new *xmlconf.Model
	v        xmlconf.Version
	live     LiveState
	findings []xmlconf.Finding
	// moved maps an old path to the new path Hadoop (before 3.3) sees it
	// moved to.
	moved map[string]string
	// post is each new queue's live state after the refresh (RF010/RF011).
	post map[string]xmlconf.QueueState
	// notes explain decisions per queue path (old path for removals).
	notes map[string][]string
	// global caches globalChanges.
	global     []PropChange
	globalDone chan []PropChange
	// globalNotes explain the scheduler-wide changes dropped as no change.
	globalNotes []string
	file        string
	// pairs are validateQueueHierarchy's (old, new) pairs, found once.
	pairs []queuePair
	// rule is the refresh rule whose check is running.
	rule *Rule
	// transitions are the state changes root.reinitialize makes (RF010,
	// RF011), replayed once.
	transitions []stateTransition
	replayed    bool
	// res is the result RF001 words the refusal of.
	res *RefreshResult
	// newByName is NEW by short name, for live-only queues before 3.3.
	newByName map[string]*xmlconf.Queue
}

func newRefreshCheck(old, new *xmlconf.Model, v xmlconf.Version, opts RefreshOptions) *refreshCheck {
	return &refreshCheck{
		old: old, new: new, v: v, live: opts.Live, file: opts.Lint.File,
		moved: map[string]string{}, post: map[string]xmlconf.QueueState{}, notes: map[string][]string{},
	}
}

// refreshOrder is the order the ResourceManager meets the refresh rules:
// the configuration store (AdminService), validateQueueHierarchy (removals,
// moves, class conversions), the live queues OLD lacks, then
// root.reinitialize (class changes before 3.x, maximum allocation, the
// zero-sum flag, states) and last the settings read only at start. RF001
// wraps the first refusal once lint has run too (RefreshResult.finish).
var refreshOrder = []*Rule{
	ruleRFMutableStore, ruleRF002, ruleRF003, ruleRF006, ruleRF007, ruleRF004, ruleRF005,
	ruleRF016, ruleRF008, ruleRF009, ruleRF015, ruleRF010, ruleRF017, ruleRF011, ruleRF013,
}

// run applies each refresh rule's check in the ResourceManager's order,
// stamping the rule's ID on what it reports.
func (c *refreshCheck) run() {
	// The scheduler-wide diff walks every key of both files; it reads the
	// models only, so it runs beside the queue checks.
	done := make(chan []PropChange, 1)
	go func() { done <- diffGlobal(c.old.Conf, c.new.Conf) }()
	c.globalDone = done
	c.pairs = hierarchyPairs(c.old, c.new, c.v)
	for _, r := range refreshOrder {
		c.rule = r
		r.Refresh(c)
	}
	c.rule = nil
	c.waitGlobal()
	c.replayStates() // the change set reads each queue's state after the refresh
}

// waitGlobal collects the scheduler-wide diff started by run.
func (c *refreshCheck) waitGlobal() {
	if c.globalDone != nil {
		props, rmNotes := c.rmOnlyInForce(<-c.globalDone)
		c.global, c.globalNotes = c.globalSameAsDefault(props)
		c.globalNotes = append(rmNotes, c.globalNotes...)
		c.globalDone = nil
	}
}

// report stamps the running rule's ID and the given severity (Hadoop's
// code path decides it: a warning where it accepts) on a finding.
func (c *refreshCheck) report(sev xmlconf.Severity, at Loc, format string, args ...any) {
	c.hint(sev, at, "", format, args...)
}

func (c *refreshCheck) hint(sev xmlconf.Severity, at Loc, hint, format string, args ...any) {
	pos := at.Pos
	if pos.File == "" {
		pos.File = c.file
	}
	c.findings = append(c.findings, xmlconf.Finding{
		Rule: c.rule.ID, Severity: sev, Pos: pos, Queue: at.Queue, Property: at.Property,
		Message: fmt.Sprintf(format, args...), Hint: hint,
	})
}

// liveState is the old queue's state in the running scheduler: the live
// state when known, else the OLD file's effective state.
func (c *refreshCheck) liveState(q *xmlconf.Queue) xmlconf.QueueState {
	if c.live != nil {
		if s := c.live.QueueState(q.Path); s != "" {
			return xmlconf.QueueState(s)
		}
	}
	if q.State.V == "" {
		return xmlconf.StateRunning
	}
	return q.State.V
}

func (c *refreshCheck) liveApps(path string) int {
	if c.live == nil {
		return 0
	}
	return c.live.QueueApps(path)
}

// newStateRaw is Configuration.get of <path>.state in NEW: expanded, not
// trimmed, not upper-cased (3.3+ compares it to STOPPED as written).
func (c *refreshCheck) newStateRaw(path string) (string, bool) {
	if c.new.Conf == nil {
		return "", false
	}
	v, ok, _ := c.new.Conf.Get(xmlconf.Prefix + path + ".state")
	return v, ok
}

// at locates a queue in NEW when it is there, else in OLD: a removed
// queue points at its new parent's queues list, which is where it went.
func (c *refreshCheck) at(oldQ *xmlconf.Queue) Loc {
	p := &Pass{Model: c.new, file: c.file}
	if nq := c.new.Queue(oldQ.Path); nq != nil {
		return p.AtQueue(nq)
	}
	for a := oldQ.Parent; a != nil; a = a.Parent {
		if np := c.new.Queue(a.Path); np != nil && np.ChildrenProp != nil {
			return Loc{Pos: np.ChildrenProp.ValuePos, Queue: oldQ.Path, Property: np.ChildrenProp.Name}
		}
	}
	l := (&Pass{Model: c.old}).AtQueue(oldQ)
	return l
}

func (c *refreshCheck) note(path, format string, args ...any) {
	c.notes[path] = append(c.notes[path], fmt.Sprintf(format, args...))
}

// stoppedNote explains a deletion or conversion allowed by a STOPPED state.
func (c *refreshCheck) stoppedNote(path string) string {
	if c.live != nil && c.live.QueueState(path) != "" {
		return "its live state is STOPPED"
	}
	return "OLD says STOPPED (without --live-state OLD stands for the live state; a queue still running applications would be DRAINING and refused)"
}

// atNew locates a queue of NEW (its declaration).
func (c *refreshCheck) atNew(q *xmlconf.Queue) Loc {
	return (&Pass{Model: c.new, file: c.file}).AtQueue(q)
}
