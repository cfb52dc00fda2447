package engine

import (
	"fmt"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// SetTime tells the engine the simulated time (ms); it stamps queue use
// for the expiry of dynamic queues and runs the multi-node sorters that
// fell due.
func (e *Engine) SetTime(ms int64) {
	e.nowMS = ms
	if e.mn != nil {
		e.mn.tick(e, ms)
	}
}

// DynamicQueues returns the auto-created queues that exist, in creation
// order.
func (e *Engine) DynamicQueues() []string {
	var out []string
	for _, p := range e.dynamicPaths {
		if q := e.byPath[p]; q != nil && q.dynamic {
			out = append(out, p)
		}
	}
	return out
}

// ExpireQueues removes every flexible (v2) dynamic queue that is idle
// now (inactive): a scenario's expire_queues step, standing for the
// policy's runs up to that time. Leaves go first; a dynamic parent left
// childless goes in a later call, as the policy removes one level per
// run. It returns the removed paths. The simulator runs the policy
// itself (DeletionRound).
func (e *Engine) ExpireQueues(nowMS int64) []string {
	if len(e.dynamicPaths) == 0 {
		return nil
	}
	e.nowMS = nowMS
	var removed []string
	for i := len(e.dynamicPaths) - 1; i >= 0; i-- {
		if q := e.byPath[e.dynamicPaths[i]]; e.inactive(q, nowMS) {
			removed = append(removed, q.path)
		}
	}
	e.removeExpired(removed)
	return removed
}

// DeletionRound is one run of AutoCreatedQueueDeletionPolicy.editSchedule,
// which the ResourceManager makes every queue-expiration-time seconds
// when the policy is among the scheduling monitor's (DeletionPolicyMS):
// prepareForAutoDeletion sends for deletion the queues the previous run
// marked that are still eligible and marks the newly eligible ones; then
// CapacityScheduler.removeAutoCreatedQueue removes those sent that are
// inactive (isInactiveDynamicQueue). It returns the removed paths.
func (e *Engine) DeletionRound(nowMS int64) []string {
	e.nowMS = nowMS
	marks := map[string]bool{}
	var sent, removed []string
	for i := len(e.dynamicPaths) - 1; i >= 0; i-- {
		q := e.byPath[e.dynamicPaths[i]]
		switch {
		case !e.eligible(q):
		case e.deletionMarks[q.path]:
			sent = append(sent, q.path)
		default:
			marks[q.path] = true
		}
	}
	e.deletionMarks = marks
	for _, p := range sent {
		if q := e.byPath[p]; e.inactive(q, nowMS) {
			removed = append(removed, p)
		}
	}
	e.removeExpired(removed)
	return removed
}

// DeletionPolicyMS is how often the ResourceManager runs
// AutoCreatedQueueDeletionPolicy (its monitoring interval,
// queue-expiration-time × 1000), or 0 when it does not run it: the
// scheduling monitor is off, the policy is not among
// yarn.resourcemanager.scheduler.monitor.policies, or the interval is one
// the monitor cannot schedule (CheckDeletionPolicy). Both are the
// start's: SchedulingMonitorManager.initialize and the policy's init read
// them when the ResourceManager starts, and refreshQueues neither hands
// the monitors a new yarn-site.xml (AdminService passes its own
// configuration) nor initialises a running policy again.
func (e *Engine) DeletionPolicyMS() int64 { return e.deletionMS }

// deletionPolicyMS is DeletionPolicyMS for a ResourceManager starting
// with m.
func deletionPolicyMS(m *xmlconf.Model) int64 {
	if !m.Global.MonitorRuns("AutoCreatedQueueDeletionPolicy") {
		return 0
	}
	return max(m.Global.DeletionIntervalMS(), 0)
}

// CheckDeletionPolicy says why a ResourceManager starting with m would
// not start because of AutoCreatedQueueDeletionPolicy's interval (lint
// CS080): SchedulingMonitor.serviceStart hands it to scheduleAtFixedRate,
// which throws IllegalArgumentException for a period of 0 or less. A dry
// run cannot stand for that, not even by not running the policy.
func CheckDeletionPolicy(m *xmlconf.Model) error {
	g := &m.Global
	if !g.MonitorRuns("AutoCreatedQueueDeletionPolicy") || g.DeletionIntervalMS() > 0 {
		return nil
	}
	return fmt.Errorf("%s%s = %q: AutoCreatedQueueDeletionPolicy would run every %d ms, which scheduleAtFixedRate refuses (period <= 0), "+
		"so the ResourceManager does not start (capq lint CS080); set a positive number of seconds or take the policy out of "+
		"yarn.resourcemanager.scheduler.monitor.policies", placeOf(g.QueueExpirySeconds.Pos()), keyV2Expiry, g.QueueExpirySeconds.Raw, g.DeletionIntervalMS())
}

// CheckPreemptionInterval says why a ResourceManager starting with m
// would not run ProportionalCapacityPreemptionPolicy: its monitoring
// interval is 0 or less, which SchedulingMonitor.serviceStart's
// scheduleAtFixedRate refuses (lint CS081). The simulator used to run the
// rounds every 3 s instead, as if nothing were wrong.
func CheckPreemptionInterval(m *xmlconf.Model) error {
	if !m.Global.PreemptionIntervalUnschedulable() {
		return nil
	}
	v := m.Global.Preemption.MonitoringIntervalMS
	return fmt.Errorf("%syarn.resourcemanager.monitor.capacity.preemption.monitoring_interval = %q: scheduleAtFixedRate refuses a period of 0 or less, "+
		"so a ResourceManager running ProportionalCapacityPreemptionPolicy does not start (capq lint CS081); set a positive number of milliseconds", placeOf(v.Pos()), v.Raw)
}

// CheckMonitorIntervals says why a ResourceManager starting with m would
// not start because of the queue-management or auto-refresh policy's
// monitoring interval (lint CS112): init cannot parse it, or
// scheduleAtFixedRate refuses a period of 0 or less.
func CheckMonitorIntervals(m *xmlconf.Model) error {
	for _, mi := range m.Global.MonitorIntervals() {
		if mi.Unschedulable() {
			return fmt.Errorf("%s%s = %q: a ResourceManager running %s does not start with it (init reads a long; scheduleAtFixedRate refuses a period of 0 or less; capq lint CS112); "+
				"set a positive number of milliseconds or take the policy out of yarn.resourcemanager.scheduler.monitor.policies", placeOf(mi.Value.Pos()), mi.Key, mi.Value.Raw, mi.Policy)
		}
	}
	return nil
}

// placeOf is "file:line:col: " for a setting's place, "" when it has none.
func placeOf(p xmlconf.Pos) string {
	if p.IsZero() {
		return ""
	}
	return p.String() + ": "
}

// FlexibleQueue reports whether path is a flexible (v2) auto-created
// queue, the kind AutoCreatedQueueDeletionPolicy removes.
func (e *Engine) FlexibleQueue(path string) bool {
	q := e.byPath[path]
	return q != nil && q.dynamic && !q.legacyAuto
}

// eligible is isEligibleForAutoDeletion: a dynamic v2 queue with no
// applications (a leaf) or no children (a parent) whose
// queue-auto-removal is on. A leaf holding an app between attempts
// counts no application in Hadoop either, which would delete it under
// the app; capq keeps it, as it cannot carry the app, and says so
// (Unmodelled).
func (e *Engine) eligible(q *queue) bool {
	if q == nil || !q.dynamic || q.legacyAuto || q.apps != 0 || len(q.children) != 0 || !e.autoRemoval(q) {
		return false
	}
	if e.holdsAppBetweenAttempts(q) {
		if !contains(e.keptForAttempt, q.path) {
			e.keptForAttempt = append(e.keptForAttempt, q.path)
		}
		return false
	}
	return true
}

// inactive is isInactiveDynamicQueue: eligible, with more whole seconds
// since the last submission than queue-expiration-time.
func (e *Engine) inactive(q *queue, nowMS int64) bool {
	return e.eligible(q) && (nowMS-q.lastUsedMS)/1000 > e.expirySeconds()
}

// expirySeconds is auto-queue-creation-v2.queue-expiration-time as the
// configuration in force says (isInactiveDynamicQueue reads it on each
// check, so a refresh changes it).
func (e *Engine) expirySeconds() int64 {
	return e.model.Global.QueueExpirySeconds.V
}

// removeExpired removes the queues; a parent takes its removed child's
// last submission as its own (ParentQueue.submitApplication updates it
// too).
func (e *Engine) removeExpired(paths []string) {
	if len(paths) == 0 {
		return
	}
	for _, p := range paths {
		if q := e.byPath[p]; q.parent != nil {
			q.parent.lastUsedMS = max(q.parent.lastUsedMS, q.lastUsedMS)
		}
	}
	e.dropQueues(paths)
}

// autoRemoval is queue-auto-removal.enable of the queue (true unless set
// false on it or its parent).
func (e *Engine) autoRemoval(q *queue) bool {
	for _, p := range []string{q.path, parentPath(q.path)} {
		if v, ok, _ := e.model.Conf.Get(xmlconf.Prefix + p + "." + keyV2AutoRemoval); ok {
			b, _ := xmlconf.HadoopGetBool(v, true)
			return b
		}
	}
	return true
}

// dropQueues removes queues from the working configuration and rebuilds.
// The parent's child list is read as getQueues reads it (xmlconf.
// QueueNames: String.trim, so a sibling whose name keeps a no-break space
// keeps it when the list is written back).
func (e *Engine) dropQueues(paths []string) {
	c := e.model.Conf.Clone()
	for _, p := range paths {
		parent, name := parentPath(p), p[len(parentPath(p))+1:]
		key := xmlconf.Prefix + parent + ".queues"
		cur, _, _ := c.Get(key)
		var keep []string
		for n := range xmlconf.QueueNames(cur) {
			if n != name && n != "" {
				keep = append(keep, n)
			}
		}
		c.Set(key, strings.Join(keep, ","))
		for _, k := range c.Keys() {
			if strings.HasPrefix(k, xmlconf.Prefix+p+".") {
				c.Unset(k)
			}
		}
	}
	var left []string
	for _, p := range e.dynamicPaths {
		if !contains(paths, p) {
			left = append(left, p)
		}
	}
	e.dynamicPaths = left
	m := xmlconf.Build(c, xmlconf.BuildOptions{Version: e.model.Version, Cluster: e.model.Cluster})
	drf := e.g.rc.drf
	e.setModel(m)
	e.g.rc.drf = drf
	e.clusterChanged()
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
