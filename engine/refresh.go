package engine

import (
	"fmt"

	"github.com/capq/capq/xmlconf"
)

// Model returns the configuration in force.
func (e *Engine) Model() *xmlconf.Model { return e.model }

// QueueState implements validate.LiveState: RUNNING, STOPPED or DRAINING (a
// STOPPED queue that still has apps).
func (e *Engine) QueueState(path string) string {
	q := e.byPath[path]
	if q == nil {
		return ""
	}
	return e.liveState(q)
}

// QueueApps implements validate.LiveState: unfinished apps in the subtree.
func (e *Engine) QueueApps(path string) int {
	if q := e.byPath[path]; q != nil {
		return q.apps
	}
	return 0
}

// Refresh applies a new configuration like `yarn rmadmin -refreshQueues`.
// check (may be nil) holds the refresh rules; when it returns errors, or
// when the change would orphan running apps, nothing changes and the
// errors are returned. Live usage, apps and users carry over by queue path.
func (e *Engine) Refresh(m *xmlconf.Model, check RefreshCheck) []string {
	if m == nil || m.Root == nil {
		return []string{"the new configuration has no queue tree"}
	}
	m, dyn := e.keepDynamic(m)
	// The ResourceManager's own settings stay as it started
	// (AdminService.refreshQueues passes its startup configuration).
	m = m.KeepStartSettings(e.model)
	// Surviving queues keep their normalized weights (legacy mode).
	m.KeepNormalizedWeights(e.model)
	// Every queue keeps its state in every partition (engine.New's bound).
	if err := xmlconf.CheckLabelPairs(len(m.Queues), e.labelsAfter(m)); err != nil {
		return []string{err.Error()}
	}
	if check != nil {
		if errs := check(e.model, m, e); len(errs) > 0 {
			return errs
		}
	}
	if errs := e.orphanCheck(m); len(errs) > 0 {
		return errs
	}
	// Resource calculator changes need a restart (RF013): keep the old one.
	drf := e.g.rc.drf
	for _, p := range e.dynamicPaths {
		if q := e.byPath[p]; q != nil && !contains(dyn, p) {
			q.dynamic = false // listed in the new file: static now
		}
	}
	e.dynamicPaths = dyn
	e.noteEmptied(m)
	e.setModel(m)
	e.g.rc.drf = drf
	e.registerACLs()
	e.refreshLazy(m)
	for _, q := range e.queues {
		q.invalidateUsers()
	}
	e.clusterChanged()
	// reinitialize re-reads max-parallel-apps: apps the new limits allow
	// become runnable (CSMaxRunningAppsEnforcer). Where Hadoop would throw
	// on the way, the run reads the value as no limit and says so.
	e.reloadFailure = e.reloadParallelFailure()
	e.promoteRunnable()
	return nil
}

// orphanCheck refuses changes that would drop queues holding apps or turn
// a leaf with apps into a parent; the engine cannot carry those apps.
func (e *Engine) orphanCheck(m *xmlconf.Model) []string {
	var errs []string
	for _, q := range e.queues {
		nq := m.Queue(q.path)
		switch {
		case nq == nil && q.apps > 0:
			errs = append(errs, e.deleteRefusal(q))
		case nq != nil && q.leaf && !nq.IsLeaf() && q.apps > 0:
			errs = append(errs, e.convertRefusal(q))
		}
	}
	return append(errs, e.betweenAttemptsCheck(m)...)
}

// deleteRefusal is validateQueueHierarchy's message for a queue that
// cannot go, as the profile words it (RF002): 2.7's validateExistingQueues
// names it by short name, YARN-5556's (2.10, 3.1, 3.2) by path, 3.3+'s
// CapacitySchedulerConfigValidator in other words.
func (e *Engine) deleteRefusal(q *queue) string {
	v := e.model.Version
	switch {
	case v.Less(xmlconf.V2_10):
		return q.name + " cannot be found during refresh!"
	case v.Less(xmlconf.V3_3):
		return fmt.Sprintf("%s is deleted from the new capacity scheduler configuration, but the queue is not yet in stopped state. Current State : %s", q.path, e.liveState(q))
	}
	return fmt.Sprintf("%s cannot be deleted from the capacity scheduler configuration, as the queue is not yet in stopped state. Current State : %s", q.path, e.liveState(q))
}

// convertRefusal is the message for a leaf holding apps that gets
// children: 2.7's LeafQueue#reinitialize refuses the newly parsed parent
// (RF008; YARN-6109, in 2.9.0, brought the conversion), 2.10+
// validateQueueHierarchy refuses a leaf that is not STOPPED (RF004).
func (e *Engine) convertRefusal(q *queue) string {
	if e.model.Version.Less(xmlconf.V2_10) {
		return fmt.Sprintf("Trying to reinitialize %s from %s", q.path, q.path)
	}
	return fmt.Sprintf("Can not convert the leaf queue: %s to parent queue since it is not yet in stopped state. Current State : %s", q.path, e.liveState(q))
}

// betweenAttemptsCheck refuses to delete, or turn into a parent, a leaf
// that holds an app between attempts. Hadoop would allow it (the leaf's
// getNumApplications counts attempts only, so the queue is STOPPED, not
// DRAINING) and leave the app's next attempt without a queue; capq cannot
// carry the app, so it refuses, with its own message.
func (e *Engine) betweenAttemptsCheck(m *xmlconf.Model) []string {
	if e.betweenAttempts == 0 {
		return nil
	}
	var errs []string
	for _, a := range e.apps {
		if !a.noAttempt || a.ended() {
			continue
		}
		if nq := m.Queue(a.q.path); nq == nil || !nq.IsLeaf() {
			errs = append(errs, fmt.Sprintf("capq: %s holds application %s between attempts, which the engine cannot carry if the queue is removed or becomes a parent", a.q.path, a.id))
		}
	}
	return errs
}

// noteEmptied records the queues whose non-legacy capacity the refresh
// empties. Hadoop reinitializes the existing queue object and
// ResourceCalculationDriver skips a queue with an empty capacity vector,
// so the queue keeps the effective resources of the configuration before
// the refresh; capq computes them as at startup (0), and says so in
// Unmodelled.
func (e *Engine) noteEmptied(m *xmlconf.Model) {
	if !m.NonLegacyMode() || !e.model.NonLegacyMode() {
		return
	}
	for _, q := range m.Queues {
		if old := e.model.Queue(q.Path); old != nil && q.EmptyCapacity() && !old.EmptyCapacity() && !contains(e.emptiedByRefresh, q.Path) {
			e.emptiedByRefresh = append(e.emptiedByRefresh, q.Path)
		}
	}
}
