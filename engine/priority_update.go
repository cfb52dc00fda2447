package engine

import (
	"fmt"

	"github.com/capq/capq/xmlconf"
)

// Changing an application's priority at runtime (yarn application
// -updatePriority): ClientRMService#updateApplicationPriority checks the
// app and the caller's MODIFY_APP access and its state, then
// RMAppManager#updateApplicationPriority hands it to
// CapacityScheduler#updateApplicationPriority, which checks the new
// priority as a submission's (checkAndGetApplicationPriority: capped at
// yarn.cluster.max-application-priority, then the leaf's priority ACLs)
// and re-inserts the attempt in its leaf's ordering
// (AbstractLeafQueue#updateApplicationPriority). The caller is the app's
// owner, who always has MODIFY_APP (ApplicationACLsManager#checkAccess),
// as in TestApplicationPriority; the priority ACLs are checked for that
// owner and its groups.

// UpdateAppPriority sets the app's priority to prio and returns the
// priority the app has after it (the response's getApplicationPriority).
// An app that has ended keeps its priority and the call succeeds, as
// ClientRMService answers for an app in a completed state. Only the
// runtime update is refused on 2.7, which has no such call: YARN-4014
// ("Support user cli interface in for Application Priority", a sub-task of
// YARN-1963) added ApplicationClientProtocol#updateApplicationPriority to
// trunk and branch-2 on 2015-08-24 (its common-commits mail), after
// branch-2.7 was cut, and YARN-4098 documented the feature under "Release
// 2.8.0" of CHANGES.txt (its branch-2.8 commit, 2015-12-29): 2.8.0 on, so
// the 2.10 profile has it.
func (e *Engine) UpdateAppPriority(appID string, prio int32) (int32, error) {
	if e.model.Version.Less(xmlconf.V2_10) {
		return 0, fmt.Errorf("updateApplicationPriority is not in Hadoop %s (YARN-4014, 2.8)", e.model.Version)
	}
	a := e.appByID[appID]
	if a == nil {
		for _, f := range e.failed {
			if f.id == appID {
				// A rejected submission ends FAILED, a completed state:
				// the update is skipped without an error.
				return 0, nil
			}
		}
		//lint:ignore ST1005 Hadoop's exact message (ApplicationNotFoundException)
		return 0, fmt.Errorf("Trying to update priority of an absent application %s", appID)
	}
	if a.ended() {
		return a.priority, nil
	}
	// checkAndGetApplicationPriority: the cap, then the ACL check of the
	// capped priority in the app's queue.
	prio = min(prio, e.g.maxAppPriority)
	if e.g.priorityACLEnable && !e.priorityAllowed(a.q, a.user, a.groups, prio) {
		return a.priority, aclError("User %s does not have permission to submit/update %s for %d", a.user, appID, prio)
	}
	if prio == a.priority {
		return prio, nil
	}
	e.reorderForPriority(a, prio)
	return prio, nil
}

// reorderForPriority is AbstractLeafQueue#updateApplicationPriority: the
// attempt leaves the ordering policy it is in (the active apps, else the
// pending ones), takes the new priority and goes back to the same policy
// in its new place. A fair leaf re-sorts its active apps on every pass
// anyway; its pending apps are FIFO by priority whatever its policy.
func (e *Engine) reorderForPriority(a *app, prio int32) {
	q := a.q
	switch {
	case a.noAttempt || !a.runnable:
		// Hadoop removes the attempt from neither policy and adds it to
		// the pending one: a non-runnable app (max-parallel-apps) or the
		// stopped attempt of an app between attempts would join the apps
		// waiting for activation. capq keeps it where it was and says so.
		a.priority = prio
		if !contains(e.reprioritizedOutside, a.id) {
			e.reprioritizedOutside = append(e.reprioritizedOutside, a.id)
		}
	case a.activated:
		q.active = removeApp(q.active, a)
		a.priority = prio
		q.active = insertOrdered(q.active, a)
	default:
		q.waiting = removeApp(q.waiting, a)
		a.priority = prio
		q.waiting = insertOrdered(q.waiting, a)
		e.markWaitScan(q)
	}
	q.changed()
}
