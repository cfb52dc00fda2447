package engine

import (
	"math"

	"github.com/capq/capq/xmlconf"
)

// Max-parallel-apps, as CSMaxRunningAppsEnforcer (Hadoop 3.3+) applies
// it: an app submitted while its user or any queue on its path is at its
// max-parallel-apps is accepted but not runnable (never activated, no
// containers); when a runnable app finishes, non-runnable apps whose
// limits now allow it become runnable, oldest first.

// runnableOK is CSMaxRunningAppsEnforcer.canAppBeRunnable.
func (e *Engine) runnableOK(q *queue, user string) bool {
	if int64(e.userRunnable[user]) >= int64(e.userMaxParallel(user)) {
		return false
	}
	for p := q; p != nil; p = p.parent {
		if int64(p.numRunnable) >= int64(p.maxParallel) {
			return false
		}
	}
	return true
}

// userMaxParallel is user.<u>.max-parallel-apps, else
// user.max-parallel-apps, else unlimited.
func (e *Engine) userMaxParallel(user string) int32 {
	if !e.g.parallelApps {
		return maxParallelOf(-1)
	}
	v, _ := e.model.MaxParallelAppsForUser(user)
	return maxParallelOf(v.V)
}

// trackRunnable is CSMaxRunningAppsEnforcer.trackRunnableApp.
func (e *Engine) trackRunnable(a *app, sign int) {
	e.userRunnable[a.user] += sign
	for p := a.q; p != nil; p = p.parent {
		p.numRunnable += sign
	}
}

// promoteRunnable is updateRunnabilityOnAppRemoval: every non-runnable
// app, in submission order, becomes runnable if its limits allow it now.
func (e *Engine) promoteRunnable() {
	for i := 0; i < len(e.nonRunnable); {
		a := e.nonRunnable[i]
		if !e.runnableOK(a.q, a.user) {
			i++
			continue
		}
		e.nonRunnable = append(e.nonRunnable[:i], e.nonRunnable[i+1:]...)
		e.makeRunnable(a)
	}
}

// makeRunnable moves a non-runnable app into the leaf's pending list
// (LeafQueue.addApplicationAttempt), where AM limits decide activation.
func (e *Engine) makeRunnable(a *app) {
	q := a.q
	q.nonRunnable = removeApp(q.nonRunnable, a)
	a.runnable = true
	a.diag = ""
	e.trackRunnable(a, 1)
	a.u.nonRunnable--
	a.u.pendingApps++
	q.waiting = insertOrdered(q.waiting, a) // the pending ordering policy, as at submission
	e.pendingMoved(a, 0, 0)
	e.activate(q)
}

// maxParallelOf is the queue's effective max-parallel-apps.
func maxParallelOf(v int32) int32 {
	if v < 0 {
		return math.MaxInt32
	}
	return v
}

// parallelState fills the max-parallel-apps snapshot fields.
func (e *Engine) parallelState(q *queue, s *QueueState) {
	if !e.parallelOn {
		return
	}
	mp, n, nr := q.maxParallel, q.numRunnable, 0
	s.MaxParallelApps, s.NumRunnableApps = &mp, &n
	q.walk(func(c *queue) {
		nr += len(c.nonRunnable)
		for _, a := range c.nonRunnable {
			s.NonRunnableAppIDs = append(s.NonRunnableAppIDs, a.id)
		}
	})
	s.NumNonRunnableApps = &nr
}

// parallelConfigured reports whether any max-parallel-apps key is set.
func parallelConfigured(m *xmlconf.Model) bool {
	if m.Version.Less(xmlconf.V3_3) {
		return false
	}
	if m.Global.MaxParallelApps.Set() || m.Global.UserMaxParallelApps.Set() || len(m.Root.UserMaxParallelApps) > 0 {
		return true
	}
	for _, q := range m.Queues {
		if q.MaxParallelApps.Set() {
			return true
		}
	}
	return false
}
