package engine

import (
	"slices"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Queue ACLs reach Hadoop's checks through registries, not through the
// queue objects: CapacitySchedulerQueueManager#setQueueAcls hands every
// queue's ACLs to the YarnAuthorizationProvider and every leaf's
// application priority groups to AppPriorityACLsManager#addPrioirityACLs,
// and it runs from initializeQueues and reinitializeQueues only. A queue
// created at runtime (createQueue: createAutoQueue, createLegacyAutoQueue
// and addLegacyDynamicQueue) is registered with neither until the next
// refresh, although its setupQueueConfigs reads its own ACLs (3.4:
// AbstractCSQueue#setDynamicQueueACLProperties, the template's). After a
// refresh they are registered: in 3.1-3.3 reinitializeQueues keeps a
// legacy AutoCreatedLeafQueue in the queues map setQueueAcls walks
// (updateQueues), and ManagedParentQueue#reinitialize has just given it
// the refreshed leaf-queue-template's ACLs (AutoCreatedLeafQueue#
// reinitialize with getLeafQueueConfigs; setupQueueConfigs reads the acls
// from that configuration).
//
// Until then ConfiguredYarnAuthorizer#checkPermission finds no entry for
// it and asks its parent by name (a missing or refusing entry falls back
// to the parent's), so only the ancestors' ACLs admit a user;
// AppPriorityACLsManager#checkAccess finds no groups and lets any priority
// through, and getDefaultPriority gives none (the queue's
// default-application-priority applies).
//
// The one exception is 3.4's RMAppManager (YARN-11069): for a submission
// to a queue that does not exist yet it builds the permissions the queues
// about to be created will have (CapacitySchedulerQueueManager#
// getPermissionsForDynamicQueue: the leaf's template ACLs, and the parent
// template's for missing parents), so their template ACLs count for the
// submission that creates them, and for that one only.

// aclRegistered reports whether q's own ACLs take part in a queue ACL
// check: always for queues the scheduler parsed at start or on a refresh;
// for a queue created at runtime, only in the 3.4 check of the
// submission that created it (created lists the queues it created).
func (e *Engine) aclRegistered(q *queue, created []string) bool {
	if !q.aclUnregistered {
		return true
	}
	return e.model.Version.AtLeast(xmlconf.V3_4) && slices.Contains(created, q.path)
}

// registeredPriorityACLs are the priority groups AppPriorityACLsManager
// holds for q: none for a queue created since the last refresh.
func (q *queue) registeredPriorityACLs() []xmlconf.PriorityACLGroup {
	if q.aclUnregistered {
		return nil
	}
	return q.priorityACLs
}

// registerACLs is setQueueAcls on a refresh: every live queue, the
// runtime-created ones included, is registered with its own ACLs.
func (e *Engine) registerACLs() {
	for _, q := range e.queues {
		q.aclUnregistered = false
	}
}

// noteParentACLRefusal records a 3.4 submission a mapping rule placed in
// a queue it would create, refused on the placement parent's ACLs. capq
// checks the parent as RMAppManager does before YARN-11069; whether 3.4's
// RMAppManager consults the new queues' template ACLs
// (getPermissionsForDynamicQueue) for a placed submission too is not
// settled by the code capq's reference holds (3.4's RMAppManager is not in
// it), and a template ACL could have admitted this one.
func (e *Engine) noteParentACLRefusal(id, queue string) {
	if e.model.Version.AtLeast(xmlconf.V3_4) && !e.aclNoted(id) {
		e.aclUnsettled = append(e.aclUnsettled, id+" (placed in "+queue+", refused on its parent's ACLs; 3.4's RMAppManager may also consult "+
			"the template ACLs of the queues the submission creates, getPermissionsForDynamicQueue)")
	}
}

// aclNoted reports whether submission id already has a note (its checks
// in admit and submitQueue may both meet the same case).
func (e *Engine) aclNoted(id string) bool {
	for _, n := range e.aclUnsettled {
		if strings.HasPrefix(n, id+" (") {
			return true
		}
	}
	return false
}
