package engine

import (
	"fmt"
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

// ReloadFailure says why the last Refresh would have failed in Hadoop
// after the new queues took effect, "" when it would not (see
// reloadParallelFailure). The run went on reading the value as no limit.
func (e *Engine) ReloadFailure() string { return e.reloadFailure }

// reloadParallelFailure is CSMaxRunningAppsEnforcer#
// updateRunnabilityOnReload (3.3+), the last step of CapacityScheduler#
// reinitialize, once the new queues are in force and outside the try that
// restores the old ones: it gathers the waiting applications of every leaf
// reached from root through queues below their max-parallel-apps
// (gatherPossiblyRunnableAppLists) and checks them oldest first with
// checkRunnabilityWithUpdate, whose exceedUserMaxParallelApps reads
// getMaxParallelAppsForUser before anything else: getInt of
// user.max-parallel-apps, then Integer.parseInt of the user's own value.
// The first application whose read throws NumberFormatException ends the
// refresh with an error; the applications before it were already made
// runnable and those after it stay waiting. capq's run promotes them all,
// reading the value as no limit (as userMaxParallel does), so it says so.
func (e *Engine) reloadParallelFailure() string {
	if !e.g.parallelApps {
		return ""
	}
	for _, a := range e.nonRunnable {
		if !belowParallel(a.q) {
			continue
		}
		err := e.model.Global.UserMaxParallelApps.Err
		if v, own := e.model.MaxParallelAppsForUser(a.user); err == "" && own {
			err = v.Err
		}
		if err != "" {
			return fmt.Sprintf("refreshQueues fails in CSMaxRunningAppsEnforcer#updateRunnabilityOnReload with "+
				"NumberFormatException (%s) reading the max-parallel-apps of user %q for waiting application %s; "+
				"in Hadoop the new queues stay in force (nothing rolls them back), the waiting applications checked "+
				"before it become runnable, and it and those after it keep waiting", err, a.user, a.id)
		}
	}
	return ""
}

// belowParallel reports whether every queue from q up to root is below its
// max-parallel-apps, as gatherPossiblyRunnableAppLists requires to reach q.
func belowParallel(q *queue) bool {
	for p := q; p != nil; p = p.parent {
		if int64(p.numRunnable) >= int64(p.maxParallel) {
			return false
		}
	}
	return true
}
