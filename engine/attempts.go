package engine

import "fmt"

// Application attempts: the ResourceManager may end an app's attempt and
// start another (an AM retry, RM_AM_MAX_ATTEMPTS), the scheduler keeping
// the app in between: AppAttemptRemovedSchedulerEvent
// (CapacityScheduler.doneApplicationAttempt) and AppAttemptAddedSchedulerEvent
// (addApplicationAttempt). With work-preserving AM restart
// (keepContainersAcrossApplicationAttempts) the running containers stay
// and the next attempt takes them over (transferStateFromPreviousAttempt).

// NoAttemptDiag is the diagnostics of an app between attempts.
const NoAttemptDiag = "application attempt removed, waiting for the next attempt"

// RemoveAttempt is CapacityScheduler.doneApplicationAttempt: the app's
// attempt ends, its reservations are released ("Application Complete"),
// its live containers too unless keepContainers (then the running ones
// stay, booked where they were), its outstanding requests are dropped and
// the leaf forgets it (finishApplicationAttempt: AM resource, user counts,
// activation of waiting apps; max-parallel-apps untrackApp and
// updateRunnabilityOnAppRemoval). The app stays in the scheduler, counted
// by its queue's parents, until AddAttempt gives it a new attempt or
// FinishApp or KillApp ends it.
//
// The attempt's final state (FINISHED, KILLED, FAILED) is not a
// parameter: doneApplicationAttempt only logs it. Its AM container is
// released even when containers are kept: the RM asks to keep them only
// for a FAILED attempt that is not the last
// (RMAppAttemptImpl.BaseFinalTransition), and an attempt fails once its
// AM container has exited (AMContainerCrashedBeforeRunningTransition,
// AMContainerCrashedAtRunningTransition), so the AM container is never a
// RUNNING container kept for the next attempt.
func (e *Engine) RemoveAttempt(appID string, keepContainers bool) error {
	a := e.appByID[appID]
	if a == nil || a.ended() || a.noAttempt {
		return fmt.Errorf("unknown application attempt of %s", appID)
	}
	q, u := a.q, a.u
	wasRunnable := a.runnable
	e.stopAttempt(a, keepContainers)
	a.noAttempt, a.runnable = true, false
	e.betweenAttempts++
	a.state, a.diag = StateAccepted, NoAttemptDiag
	// AbstractLeafQueue.getNumApplications counts the leaf's attempts;
	// a parent's count (ParentQueue.numApplications) is of apps.
	q.apps--
	e.dropIdleUser(u)
	e.activate(q)
	if wasRunnable {
		e.promoteRunnable()
	}
	// GuaranteedOrZeroCapacityOverTimePolicy#hasPendingApps reads the
	// leaf's getNumApplications, its attempts: a leaf whose only app is
	// between attempts is idle, and the policy's next run takes its
	// guarantee as it does when the app finishes.
	if q.legacyAuto && q.apps == 0 && q.parent != nil {
		e.rebalanceLegacy(q.parent)
	}
	return nil
}

// releaseAMContainer releases the app's AM container if it runs.
func (e *Engine) releaseAMContainer(a *app) {
	if !a.amAllocated {
		return
	}
	a.amAllocated = false
	if c := e.container(a.amID); c != nil && c.a == a && int(c.liveIdx) < len(a.live) && a.live[c.liveIdx] == c {
		e.release(c, EvReleased)
	}
}

// AddAttempt is CapacityScheduler.addApplicationAttempt for an app
// between attempts, with transferStateFromPreviousAttempt: the new
// attempt takes over the containers the last one kept, is checked against
// max-parallel-apps (checkRunnabilityWithUpdate, trackApp) and submitted
// to the app's leaf (submitApplicationAttempt), whose AM limits decide
// whether it is active. With an AM container the new attempt asks for its
// own (RMAppAttemptImpl.ScheduleTransition).
func (e *Engine) AddAttempt(appID string) error {
	a := e.appByID[appID]
	if a == nil || a.ended() {
		return fmt.Errorf("unknown or finished application %s", appID)
	}
	if !a.noAttempt {
		return fmt.Errorf("application %s already has an attempt", appID)
	}
	q := a.q
	a.noAttempt, a.diag = false, ""
	e.betweenAttempts--
	a.u = q.userFor(a.user)
	// No lastUsedMS: only submitApplication (a submission, a move)
	// updates the leaf's last submitted time, not submitApplicationAttempt.
	q.apps++
	if a.amContainer {
		e.askAMContainer(a)
	}
	if !e.runnableOK(q, a.user) {
		a.u.nonRunnable++
		q.nonRunnable = append(q.nonRunnable, a)
		e.nonRunnable = append(e.nonRunnable, a)
		e.markWaitScan(q)
		q.changed()
		a.diag = "application is not runnable: max-parallel-apps reached for its queue, a parent queue or its user"
		return nil
	}
	a.runnable = true
	e.trackRunnable(a, 1)
	e.joinQueue(a)
	e.legacyAttemptBack(q)
	return nil
}

// legacyAttemptBack runs the management policy when a new attempt comes
// back to an AutoCreatedLeafQueue the policy left without a guarantee
// while it was idle: the leaf has an application again
// (getSortedPendingApplications lists the leaves' attempts), so the
// policy's next run gives it the template's guarantee if the parent has
// room (activateLeafQueues).
func (e *Engine) legacyAttemptBack(q *queue) {
	if q.legacyAuto && q.apps == 1 && q.capacity == 0 && q.parent != nil {
		e.rebalanceLegacy(q.parent)
	}
}

// holdsAppBetweenAttempts says whether an app between attempts sits in
// leaf q.
func (e *Engine) holdsAppBetweenAttempts(q *queue) bool {
	if e.betweenAttempts == 0 {
		return false
	}
	for _, a := range e.apps {
		if a.noAttempt && !a.ended() && a.q == q {
			return true
		}
	}
	return false
}
