package engine

import (
	"fmt"

	"github.com/capq/capq/xmlconf"
)

// checkAndGetPriority is CapacityScheduler#checkAndGetApplicationPriority
// as RMAppManager#createAndPopulateNewRMApp calls it on a new submission,
// with the placed queue q (nil when it does not exist yet: one this
// submission will auto-create, or an unknown one): an app sent without a
// priority gets its default (defaultPriority), the priority is capped at
// yarn.cluster.max-application-priority and nothing else (a negative one
// stays, below every default-priority app), then checked against q's
// priority ACLs. s.Priority is set to the result, as the RM sets it back
// on the submission context; the queue's defaults are read now, so a
// refresh that changes them affects only later submissions.
func (e *Engine) checkAndGetPriority(s *AppSpec, q *queue) error {
	if e.model.Version.Less(xmlconf.V2_10) {
		// Hadoop 2.7 has no application priority (YARN-1963, 2.8): its
		// RMAppManager never checks one, its FifoComparator orders by
		// submission alone and it has no priority ACLs, so a priority the
		// app sends is ignored and runs at 0.
		zero := int32(0)
		s.Priority = &zero
		return nil
	}
	prio, err := e.defaultPriority(*s, q)
	if err != nil {
		return err
	}
	prio = min(prio, e.g.maxAppPriority)
	s.Priority = &prio
	if q == nil {
		// AppPriorityACLsManager#checkAccess knows no groups for a queue
		// that does not exist: anyone may submit at any priority.
		return nil
	}
	return e.priorityACL(*s, q)
}

// defaultPriority is the priority the app asked for or, when it sent
// none, the one checkAndGetApplicationPriority gives it: first
// AppPriorityACLsManager#getDefaultPriority (with yarn.acl.enable and
// priority ACL groups on the leaf, the default_priority of the group that
// admits the user: priorityDefaultGroup), else
// CapacitySchedulerQueueManager#getDefaultPriorityForQueue, the leaf's
// default-application-priority (0 for a parent, whose
// getDefaultApplicationPriority is null, and for a queue that does not
// exist).
func (e *Engine) defaultPriority(s AppSpec, q *queue) (int32, error) {
	switch {
	case s.Priority != nil:
		return *s.Priority, nil
	case q == nil || !q.leaf:
		return 0, nil
	}
	if g := e.priorityDefaultGroup(q, s.User, s.Groups); g != nil {
		if !g.HasDefault {
			// AppPriorityACLGroup's defaultPriority stays null when the
			// group names none (AppPriorityACLConfigurationParser sets it
			// only from default_priority), and getDefaultPriority
			// dereferences it: the submission fails.
			return 0, fmt.Errorf("application %s submitted without a priority fails with a NullPointerException "+
				"(AppPriorityACLsManager#getDefaultPriority): the acl_application_max_priority group of queue %s "+
				"admitting user %s (max_priority %d) has no default_priority", s.ID, q.path, s.User, min(g.Max, e.g.maxAppPriority))
		}
		return g.Default, nil
	}
	return q.defaultAppPrio, nil
}

// priorityDefaultGroup is the group getDefaultPriority takes its default
// from, nil when ACLs are off, the leaf has no groups or none admits the
// user. AppPriorityACLsManager#addPrioirityACLs sorts the groups with
// Collections.sort (stable) by AppPriorityACLGroup#compareTo, that is by
// max_priority (capped at the cluster maximum by the parser) with YARN's
// Priority#compareTo, other minus this: highest first.
// getMappedPriorityAclForUGI, given no priority, keeps the last group in
// that order that admits the user: the admitting group with the lowest
// max_priority, the last written of those that tie.
func (e *Engine) priorityDefaultGroup(q *queue, user string, groups []string) *xmlconf.PriorityACLGroup {
	if !e.g.priorityACLEnable {
		return nil
	}
	var chosen *xmlconf.PriorityACLGroup
	acls := q.registeredPriorityACLs()
	for i := range acls {
		g := &acls[i]
		if g.ACL.Allows(user, groups) && (chosen == nil || min(g.Max, e.g.maxAppPriority) <= min(chosen.Max, e.g.maxAppPriority)) {
			chosen = g
		}
	}
	return chosen
}
