package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// removal is RF002: an old queue NEW no longer has (every descendant of a
// removed parent is checked on its own). Auto-created queues never appear
// in a file, so every queue here is static.
func (c *refreshCheck) removal(oq *xmlconf.Queue) {
	state := c.liveState(oq)
	apps := c.liveApps(oq.Path)
	at := c.at(oq)
	switch {
	case c.v.Major < 3:
		// Before YARN-5556 no queue can ever be deleted by a refresh.
		c.report(ruleRF002, xmlconf.SeverityError, at, "%s cannot be found during refresh!", oq.Name)
		return
	case c.v.Less(xmlconf.V3_3):
		if state != xmlconf.StateStopped {
			c.hint(ruleRF002, xmlconf.SeverityError, at, c.appsHint(oq.Path),
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
			c.hint(ruleRF002, xmlconf.SeverityError, at, joinHints(hint, c.appsHint(oq.Path)),
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
		c.hint(ruleRF002, xmlconf.SeverityWarning, at, c.appsHint(oq.Path),
			"%s is deleted while it still has %d application(s) (live state %s); they lose their queue",
			oq.Path, apps, state)
	}
}

func isStoppedIgnoringCase(s string) bool {
	return s != "STOPPED" && strings.EqualFold(s, "STOPPED")
}

// transition checks an old queue Hadoop found again: a move (RF003,
// before 3.3) and class conversions (RF004–RF007) in the order of
// validateQueueHierarchy's if/else chain.
func (c *refreshCheck) transition(oq, nq *xmlconf.Queue) {
	if oq.Path != nq.Path {
		c.moved[oq.Path] = nq.Path
		c.report(ruleRF003, xmlconf.SeverityError, c.atNew(nq),
			"%s is moved from:%s to:%s after refresh, which is not allowed.", oq.Name, oq.Path, nq.Path)
		return
	}
	if c.v.Less(xmlconf.V3_1) {
		return // 2.x: class changes fail later, in reinitialize (RF008)
	}
	ok, nk := kindOf(oq, c.v), kindOf(nq, c.v)
	switch {
	case ok.isParent() && ok != kindManaged && nk == kindManaged:
		c.report(ruleRF006, xmlconf.SeverityError, c.atNew(nq),
			"Can not convert parent queue: %s to auto create enabled parent queue since it could have other pre-configured queues which is not supported",
			oq.Path)
	case ok == kindManaged && nk != kindManaged:
		c.report(ruleRF007, xmlconf.SeverityError, c.atNew(nq),
			"Cannot convert auto create enabled parent queue: %s to leaf queue. Please check  parent queue's configuration auto-create-child-queue.enabled is set to true",
			oq.Path)
	case ok == kindLeaf && nk.isParent():
		if !c.leafConversionAllowed(oq, nq) {
			c.hint(ruleRF004, xmlconf.SeverityError, c.atNew(nq), c.appsHint(oq.Path),
				"Can not convert the leaf queue: %s to parent queue since it is not yet in stopped state. Current State : %s",
				oq.Path, c.liveState(oq))
		}
	case ok.isParent() && nk == kindLeaf:
		c.report(ruleRF005, xmlconf.SeverityInfo, c.atNew(nq), "Converting the parent queue: %s to leaf queue.", oq.Path)
	}
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

// reinitialize is root.reinitialize(newRoot): each live queue that is
// still at its path is re-read from NEW. 2.x refuses any class change
// (RF008); every version refuses a smaller leaf maximum allocation (RF009).
func (c *refreshCheck) reinitialize() {
	for _, oq := range c.old.Queues {
		nq := c.new.Queue(oq.Path)
		if nq == nil || c.moved[oq.Path] != "" {
			continue
		}
		ok, nk := kindOf(oq, c.v), kindOf(nq, c.v)
		if c.v.Major < 3 && ok.isParent() != nk.isParent() {
			c.report(ruleRF008, xmlconf.SeverityError, c.atNew(nq), "Trying to reinitialize %s from %s", oq.Path, nq.Path)
			continue
		}
		if ok == kindLeaf && nk == kindLeaf {
			c.maxAllocation(oq, nq)
		}
		if ok.isParent() && nk.isParent() {
			c.zeroSumFlag(oq, nq)
		}
	}
}

// maxAllocation is RF009 (AbstractLeafQueue.reinitialize): 2.x compares
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
	c.report(ruleRF009, xmlconf.SeverityError, at,
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
