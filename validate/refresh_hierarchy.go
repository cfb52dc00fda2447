package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// removals is RF002's check: every old queue Hadoop does not find in NEW,
// then every live queue OLD lacks that NEW lacks too (liveOnlyQueues).
func (c *refreshCheck) removals() {
	for _, p := range c.pairs {
		if p.new == nil {
			c.removal(p.old)
		}
	}
	for _, oq := range c.liveOnlyQueues() {
		if !c.foundInNew(oq) {
			c.removal(oq)
		}
	}
}

// removal judges one queue NEW no longer has (every descendant of a
// removed parent is checked on its own). Auto-created queues never appear
// in a file, so every queue here is static.
func (c *refreshCheck) removal(oq *xmlconf.Queue) {
	state := c.liveState(oq)
	apps := c.liveApps(oq.Path)
	at := c.at(oq)
	switch {
	case c.v.Less(xmlconf.V2_10):
		// 2.7's CapacityScheduler#validateExistingQueues: before YARN-5556
		// (CHANGELOG.2.9.0.md) no queue can ever be deleted by a refresh.
		c.report(xmlconf.SeverityError, at, "%s cannot be found during refresh!", oq.Name)
		return
	case c.v.Less(xmlconf.V3_3):
		// YARN-5556's validateQueueHierarchy (CapacitySchedulerQueueManager
		// in the 2.9/2.10 and 3.1/3.2 lines): only the live state counts.
		if state != xmlconf.StateStopped {
			c.hint(xmlconf.SeverityError, at, c.appsHint(oq.Path),
				"%s is deleted from the new capacity scheduler configuration, but the queue is not yet in stopped state. Current State : %s",
				oq.Path, state)
			return
		}
	default:
		raw, _ := c.newStateRaw(oq.Path)
		if state != xmlconf.StateStopped && raw != string(xmlconf.StateStopped) {
			hint := ""
			if isStoppedIgnoringCase(raw) {
				hint = `the new file says "` + raw + `", but only exactly "STOPPED" permits the deletion (Hadoop logs "Not a valid queue state")`
			}
			c.hint(xmlconf.SeverityError, at, joinHints(hint, c.appsHint(oq.Path)),
				"%s cannot be deleted from the capacity scheduler configuration, as the queue is not yet in stopped state. Current State : %s",
				oq.Path, state)
			return
		}
	}
	if state == xmlconf.StateStopped {
		c.note(oq.Path, "deletion allowed: %s", c.stoppedNote(oq.Path))
	} else {
		c.note(oq.Path, "deletion allowed: NEW still sets %s=STOPPED (Hadoop %s accepts that)", xmlconf.Prefix+oq.Path+".state", c.v)
	}
	if apps > 0 {
		c.hint(xmlconf.SeverityWarning, at, c.appsHint(oq.Path),
			"%s is deleted while it still has %d application(s) (live state %s); they lose their queue",
			oq.Path, apps, state)
	}
}

func isStoppedIgnoringCase(s string) bool {
	return s != "STOPPED" && strings.EqualFold(s, "STOPPED")
}

// moves is RF003's check: before 3.3 an old queue Hadoop finds again
// under another path is a move. It records the move, which the later
// checks of root.reinitialize skip.
func (c *refreshCheck) moves() {
	for _, p := range c.pairs {
		if p.new != nil && p.old.Path != p.new.Path {
			c.moved[p.old.Path] = p.new.Path
			c.report(xmlconf.SeverityError, c.atNew(p.new),
				"%s is moved from:%s to:%s after refresh, which is not allowed.", p.old.Name, p.old.Path, p.new.Path)
		}
	}
}

// conversions calls f for each old queue Hadoop found again at the same
// path, with both classes, from 2.10 (YARN-6109, in 2.9.0, added the
// conversions to validateQueueHierarchy and ParentQueue#reinitialize; 2.7's
// class changes fail later, in reinitialize, RF008). The RF004–RF007 checks
// below are the branches of validateQueueHierarchy's if/else chain, so at
// most one holds per queue (RF006/RF007 only from 3.1, with auto-creation).
func (c *refreshCheck) conversions(f func(oq, nq *xmlconf.Queue, ok, nk queueKind)) {
	if c.v.Less(xmlconf.V2_10) {
		return
	}
	for _, p := range c.pairs {
		if p.new != nil && p.old.Path == p.new.Path {
			f(p.old, p.new, kindOf(p.old, c.v), kindOf(p.new, c.v))
		}
	}
}

// toManaged is RF006's check: a parent becomes an auto-create parent.
func (c *refreshCheck) toManaged() {
	c.conversions(func(oq, nq *xmlconf.Queue, ok, nk queueKind) {
		if ok.isParent() && ok != kindManaged && nk == kindManaged {
			c.report(xmlconf.SeverityError, c.atNew(nq),
				"Can not convert parent queue: %s to auto create enabled parent queue since it could have other pre-configured queues which is not supported",
				oq.Path)
		}
	})
}

// fromManaged is RF007's check: an auto-create parent stops being one.
func (c *refreshCheck) fromManaged() {
	c.conversions(func(oq, nq *xmlconf.Queue, ok, nk queueKind) {
		if ok == kindManaged && nk != kindManaged {
			c.report(xmlconf.SeverityError, c.atNew(nq),
				"Cannot convert auto create enabled parent queue: %s to leaf queue. Please check  parent queue's configuration auto-create-child-queue.enabled is set to true",
				oq.Path)
		}
	})
}

// leafToParent is RF004's check: a leaf gets children while not STOPPED.
func (c *refreshCheck) leafToParent() {
	c.conversions(func(oq, nq *xmlconf.Queue, ok, nk queueKind) {
		if ok == kindLeaf && nk.isParent() && !c.leafConversionAllowed(oq, nq) {
			c.hint(xmlconf.SeverityError, c.atNew(nq), c.appsHint(oq.Path),
				"Can not convert the leaf queue: %s to parent queue since it is not yet in stopped state. Current State : %s",
				oq.Path, c.liveState(oq))
		}
	})
}

// parentToLeaf is RF005's check: a parent (not an auto-create parent,
// RF007) loses its children, which Hadoop allows and logs.
func (c *refreshCheck) parentToLeaf() {
	c.conversions(func(oq, nq *xmlconf.Queue, ok, nk queueKind) {
		if ok.isParent() && ok != kindManaged && nk == kindLeaf {
			c.report(xmlconf.SeverityInfo, c.atNew(nq), "Converting the parent queue: %s to leaf queue.", oq.Path)
		}
	})
}

// leafConversionAllowed is LeafQueueConversionValidator: the live queue is
// STOPPED; 3.3 also accepts NEW's state key reading exactly "STOPPED";
// 3.4 accepts the new queue's parsed state being STOPPED (upper-cased,
// inherited from its new parent).
func (c *refreshCheck) leafConversionAllowed(oq, nq *xmlconf.Queue) bool {
	if c.liveState(oq) == xmlconf.StateStopped {
		return true
	}
	switch {
	case c.v.AtLeast(xmlconf.V3_4):
		return nq.State.V == xmlconf.StateStopped
	case c.v.AtLeast(xmlconf.V3_3):
		raw, _ := c.newStateRaw(oq.Path)
		return raw == string(xmlconf.StateStopped)
	}
	return false
}

// reinitialized calls f for each live queue root.reinitialize(newRoot)
// re-reads from NEW: still at its path, not moved.
func (c *refreshCheck) reinitialized(f func(oq, nq *xmlconf.Queue, ok, nk queueKind)) {
	for _, oq := range c.old.Queues {
		nq := c.new.Queue(oq.Path)
		if nq == nil || c.moved[oq.Path] != "" {
			continue
		}
		f(oq, nq, kindOf(oq, c.v), kindOf(nq, c.v))
	}
}

// classChanged is RF008's check: before YARN-6109 (2.9.0) LeafQueue and
// ParentQueue#reinitialize refuse any class change (2.7 here).
func (c *refreshCheck) classChanged() {
	if c.v.AtLeast(xmlconf.V2_10) {
		return
	}
	c.reinitialized(func(oq, nq *xmlconf.Queue, ok, nk queueKind) {
		if ok.isParent() != nk.isParent() {
			c.report(xmlconf.SeverityError, c.atNew(nq), "Trying to reinitialize %s from %s", oq.Path, nq.Path)
		}
	})
}

// maxAllocations is RF009's check on every leaf that stays a leaf (every
// version refuses a smaller maximum allocation). 2.7 stops at a class
// change (RF008) first.
func (c *refreshCheck) maxAllocations() {
	c.reinitialized(func(oq, nq *xmlconf.Queue, ok, nk queueKind) {
		if ok == kindLeaf && nk == kindLeaf {
			c.maxAllocation(oq, nq)
		}
	})
}

// maxAllocation is RF009 for one leaf (AbstractLeafQueue.reinitialize): 2.x compares
// memory and vcores, 3.x every resource type (Resources.fitsIn).
func (c *refreshCheck) maxAllocation(oq, nq *xmlconf.Queue) {
	if oq.MaxAllocation.Err != "" || nq.MaxAllocation.Err != "" {
		return // unparseable: lint reports it
	}
	o, n := oq.MaxAllocation.V, nq.MaxAllocation.V
	if !allocationDecreased(o, n, c.v) {
		return
	}
	at := (&Pass{Model: c.new, file: c.file}).AtQueue(nq)
	if nq.MaxAllocation.Prop != nil {
		at = Loc{Pos: nq.MaxAllocation.Prop.NamePos, Queue: nq.Path, Property: nq.MaxAllocation.Prop.Name}
	}
	at.Queue = nq.Path
	c.report(xmlconf.SeverityError, at,
		"Trying to reinitialize %s the maximum allocation size can not be decreased! Current setting: %s, trying to set it to: %s",
		oq.Path, o, n)
}

func allocationDecreased(o, n xmlconf.Resource, v xmlconf.Version) bool {
	if n.MemoryMB < o.MemoryMB || n.VCores < o.VCores {
		return true
	}
	if v.Major < 3 {
		return false
	}
	for name, ov := range o.Other {
		if n.Other[name] < ov {
			return true
		}
	}
	return false
}
