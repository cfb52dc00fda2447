package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Moving applications between queues: CapacityScheduler.moveApplication
// after preValidateMoveApplication (the checks RMAppManager runs first),
// and AbstractYarnScheduler.moveAllApps and killAllAppsInQueue.

// MoveApp moves an application to the leaf target (a full path or an
// unambiguous short name) and returns the leaf's path. A refused move
// returns Hadoop's message and leaves the app where it was.
//
// The checks are preValidateMoveApplication's: the app exists, the target
// is a leaf (CapacitySchedulerQueueManager.getAndCheckLeafQueue), it can
// access every labelled partition the app ever asked for
// (checkQueuePartition), it is RUNNING with room for one more app of the
// queue and of the user (AbstractLeafQueue.validateSubmitApplication,
// then each parent's state); with yarn.acl.enable the user must be
// allowed to submit there, as ClientRMService checks before it asks the
// scheduler.
//
// The move is CapacityScheduler.moveApplication: every running container
// and (Hadoop 3.3+, YARN-9838) every reservation is detached from the
// source leaf and attached to the target (queue, ancestor and user usage),
// the attempt leaves the source (its AM resource, its outstanding requests
// and its user's counts; finishApplicationAttempt, which may activate
// apps waiting there) and is submitted to the target, where the AM limits
// decide again whether it is active (submitApplicationAttempt).
func (e *Engine) MoveApp(appID, target string) (string, error) {
	a := e.appByID[appID]
	if a == nil || a.ended() {
		//lint:ignore ST1005 Hadoop's exact message, which users search for
		return "", fmt.Errorf("App to be moved %s not found.", appID)
	}
	dest, err := e.checkLeaf(target)
	if err == nil {
		err = e.checkMovePartitions(a, dest)
	}
	if err == nil {
		err = e.validateMove(a, dest)
	}
	if err != nil {
		return "", err
	}
	e.moveApp(a, dest)
	return dest.path, nil
}

// checkLeaf is CapacitySchedulerQueueManager.getAndCheckLeafQueue: an
// ambiguous short name finds no queue.
func (e *Engine) checkLeaf(name string) (*queue, error) {
	q := e.existing(name)
	if q == nil {
		//lint:ignore ST1005 Hadoop's exact message, which users search for
		return nil, fmt.Errorf("The specified Queue: %s doesn't exist", name)
	}
	if !q.leaf {
		//lint:ignore ST1005 Hadoop's exact message, which users search for
		return nil, fmt.Errorf("The specified Queue: %s is not a Leaf Queue.", name)
	}
	return q, nil
}

// checkMovePartitions is CapacityScheduler.checkQueuePartition: with
// node labels on, the target must access every labelled partition the
// app asked for (AppSchedulingInfo.getRequestedPartitions).
func (e *Engine) checkMovePartitions(a *app, dest *queue) error {
	if !e.labelsOn {
		return nil
	}
	var missing []string
	for pi, asked := range a.reqParts {
		if pi == 0 || !asked || pi >= len(e.parts) {
			continue
		}
		name := e.parts[pi].name
		if !slices.Contains(dest.accessible, name) && !slices.Contains(dest.accessible, "*") {
			missing = append(missing, name)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	slices.Sort(missing)
	//lint:ignore ST1005 Hadoop's exact message, which users search for
	return fmt.Errorf("Specified queue=%s can't satisfy following apps label expressions =[%s] accessible node labels =[%s]",
		dest.name, strings.Join(missing, ", "), strings.Join(dest.accessible, ", "))
}

// validateMove is the target's validateSubmitApplication for the app's
// user (state, maximum-applications, maximum-applications per user, then
// the parents' states), preceded by ClientRMService's queue ACL check.
// An AutoCreatedLeafQueue takes apps past its limits, as Hadoop exempts it.
func (e *Engine) validateMove(a *app, dest *queue) error {
	if e.g.aclEnable && !e.canSubmit(dest, a.user, a.groups) {
		return aclError("User %s does not have permission to submit %s to queue %s", a.user, a.id, dest.path)
	}
	if dest.state != "RUNNING" {
		return aclError("Queue %s is STOPPED. Cannot accept submission of application: %s", dest.path, a.id)
	}
	if int32(dest.apps) >= dest.maxApps && !dest.legacyAuto {
		return aclError("Queue %s already has %d applications, cannot accept submission of application: %s", dest.path, dest.apps, a.id)
	}
	n := 0
	if u := dest.byUser[a.user]; u != nil {
		n = u.totalApps()
	}
	if int32(n) >= dest.maxAppsUser && !dest.legacyAuto {
		return aclError("Queue %s already has %d applications from user %s cannot accept submission of application: %s", dest.path, n, a.user, a.id)
	}
	for p := dest.parent; p != nil; p = p.parent {
		if p.state != "RUNNING" {
			return aclError("Queue %s is STOPPED. Cannot accept submission of application: %s", p.path, a.id)
		}
	}
	return nil
}

// moveApp carries out an accepted move.
func (e *Engine) moveApp(a *app, dest *queue) {
	if a.noAttempt {
		e.moveStopped(a, dest)
		return
	}
	src := a.q
	e.voidApp(a)
	// Detach: containers and reservations leave the source's and the
	// user's usage before the attempt leaves the queue, as Hadoop's
	// detachContainer calls come first.
	e.bookApp(a, -1)
	e.leaveQueue(a)
	wasRunnable := a.runnable
	if wasRunnable {
		// Only a runnable attempt is tracked (trackApp); a held-back
		// app stays in e.nonRunnable and is counted once it runs.
		e.trackRunnable(a, -1)
	}
	for p := src; p != nil; p = p.parent {
		p.apps--
	}
	e.dropIdleUser(a.u)
	// Attach.
	a.q, a.u = dest, dest.userFor(a.user)
	dest.lastUsedMS = e.nowMS
	for p := dest; p != nil; p = p.parent {
		p.apps++
	}
	if wasRunnable {
		e.trackRunnable(a, 1)
	}
	e.bookApp(a, 1)
	e.joinQueue(a)
	e.activate(src)
	e.promoteRunnable()
	if src.legacyAuto && src.apps == 0 && src.parent != nil {
		e.rebalanceLegacy(src.parent)
	}
}

// moveStopped moves an app between attempts, as moveApplication does
// when the current attempt isStopped: the containers it kept are
// detached from the source and attached to the target, but no attempt
// leaves or joins a leaf; only the parents' counts move
// (dest.submitApplication, source.getParent().finishApplication). The
// next attempt (AddAttempt) is submitted to the target.
func (e *Engine) moveStopped(a *app, dest *queue) {
	src := a.q
	e.bookApp(a, -1)
	for p := src.parent; p != nil; p = p.parent {
		p.apps--
	}
	e.dropIdleUser(a.u)
	a.q, a.u = dest, dest.userFor(a.user)
	dest.lastUsedMS = e.nowMS
	for p := dest.parent; p != nil; p = p.parent {
		p.apps++
	}
	e.bookApp(a, 1)
	e.dropIdleUser(a.u)
}

// bookApp adds (1) or removes (-1) the app's running containers and
// reservations on its queue, ancestors and user, each in its node's
// partition (LeafQueue.attachContainer / detachContainer). The app's own
// usage is left as it was.
func (e *Engine) bookApp(a *app, sign int64) {
	a.eachLive(func(c *container) {
		pi := c.node.pi
		if pi == 0 {
			a.q.addUsed(c.res, false, sign)
			e.updateUserUsage(a.u, c.res, sign)
		} else {
			a.q.addUsedIn(pi, c.res, false, sign)
			e.updateUserUsageIn(a.u, pi, c.res, sign)
		}
	})
	for _, c := range a.resv {
		e.reserveIn(c, c.node.pi, sign)
	}
}

// leaveQueue takes the attempt out of its leaf's lists and counts
// (AbstractLeafQueue.finishApplicationAttempt): its AM resource, its
// outstanding requests and its place among the user's apps. A move and
// an attempt's end (stopAttempt) both leave through it.
func (e *Engine) leaveQueue(a *app) {
	q, u := a.q, a.u
	if a.asking {
		e.setAsking(a, false)
	}
	switch {
	case !a.runnable:
		q.nonRunnable = removeApp(q.nonRunnable, a)
		u.nonRunnable--
	case a.activated:
		q.addPending(-a.pending)
		for pi, v := range a.lpend {
			if pi > 0 && v != 0 {
				q.addPendingIn(pi, -v)
			}
		}
		q.active = removeApp(q.active, a)
		e.addAMUsed(a, -1)
		u.activeApps--
		a.activated = false
	default:
		q.waiting = removeApp(q.waiting, a)
		u.pendingApps--
	}
	q.changed()
}

// joinQueue submits the attempt to its new leaf
// (submitApplicationAttempt): a runnable app waits for activation there,
// which the leaf's AM limits decide at once.
func (e *Engine) joinQueue(a *app) {
	q, u := a.q, a.u
	if !a.runnable {
		u.nonRunnable++
		q.nonRunnable = append(q.nonRunnable, a)
		e.markWaitScan(q)
		q.changed()
		return
	}
	e.syncAsking(a)
	u.pendingApps++
	q.waiting = insertOrdered(q.waiting, a)
	e.markWaitScan(q)
	q.changed()
	if e.all.MemoryMB > 0 {
		e.activate(q)
	} else {
		a.diag = ClusterEmptyDiag
	}
}

// MoveAllApps is AbstractYarnScheduler.moveAllApps: the target must be a
// queue (getQueueInfo) and the source must exist; then every app under
// the source (getAppsInQueue order) is moved as MoveApp moves it. Hadoop
// moves them through asynchronous APP_MOVE events whose failures it only
// logs, so a refused app stays where it was and the others still move:
// the refusals are returned, one per app, and the step is not refused.
func (e *Engine) MoveAllApps(source, target string) (moved []string, refused []error, err error) {
	if e.existing(target) == nil {
		return nil, nil, fmt.Errorf("java.io.IOException: Unknown queue: %s", target)
	}
	apps, err := e.appsInQueue(source)
	if err != nil {
		return nil, nil, err
	}
	for _, a := range apps {
		if _, err := e.MoveApp(a.id, target); err != nil {
			refused = append(refused, err)
			continue
		}
		moved = append(moved, a.id)
	}
	return moved, refused, nil
}

// KillAllApps is AbstractYarnScheduler.killAllAppsInQueue: the queue must
// exist; every app under it is killed in getAppsInQueue order, each
// through an RMAppKillByClientEvent, so it ends KILLED (KillApp). It
// returns the apps killed.
func (e *Engine) KillAllApps(queueName string) ([]string, error) {
	apps, err := e.appsInQueue(queueName)
	if err != nil {
		return nil, err
	}
	var killed []string
	for _, a := range apps {
		if e.KillApp(a.id) == nil {
			killed = append(killed, a.id)
		}
	}
	return killed, nil
}

// appsInQueue is getAppsInQueue through getAppsFromQueue: the apps of
// every leaf under the queue, children in order, each leaf's pending
// apps before its active ones (LeafQueue.collectSchedulerApplications),
// then those max-parallel-apps holds back.
func (e *Engine) appsInQueue(name string) ([]*app, error) {
	q := e.existing(name)
	if q == nil {
		//lint:ignore ST1005 Hadoop's exact message, which users search for
		return nil, fmt.Errorf("The specified queue: %s doesn't exist", name)
	}
	var out []*app
	q.walk(func(l *queue) {
		if l.leaf {
			out = append(out, l.waiting...)
			out = append(out, l.active...)
			out = append(out, l.nonRunnable...)
		}
	})
	return out, nil
}

// MoveWarnings says what a move does in Hadoop that capq does not model
// for this configuration.
func (e *Engine) MoveWarnings() []Warning {
	var out []Warning
	note := func(feature, effect string) { out = append(out, Warning{Feature: feature, Effect: effect}) }
	v := e.model.Version
	if v.Less(xmlconf.V3_3) {
		note("move", "Hadoop "+v.String()+" leaves a moved app's reservations booked on the source queue and releases them from the target (YARN-9838, fixed in 3.3); capq moves them with the app as 3.3+ does")
	}
	if e.g.parallelApps && (e.model.Global.MaxParallelApps.Set() || e.model.Global.UserMaxParallelApps.Set() || anyQueueParallel(e.model)) {
		note("move", "CSMaxRunningAppsEnforcer does not re-check max-parallel-apps on a move; capq keeps the app runnable or not and moves its count to the target's queues")
	}
	note("move", "reservation-system queues (PlanQueue targets), the app's own MODIFY_APP ACL and the RM's app states that refuse a move are not modelled")
	return out
}
