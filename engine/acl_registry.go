package engine

import (
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
// The one exception is 3.4's RMAppManager (YARN-11069), read in
// tomicooler/hadoop (the JIRA's author's fork, trunk after YARN-11069:
// RMAppManager.java at ee50de1f, TestAppManager.java at 0b79cac3): for a
// submission a placement rule put in a queue that does not exist yet it
// hands the authorizer the ACLs that queue will have (a managed parent's
// leaf-queue-template, or the flexible leaf template of the placement
// parent) with setPermission, which keeps them under that path for good,
// and then checks the path (rmAppManagerACL).

// aclRegistered reports whether q's own ACLs take part in a queue ACL
// check: for queues the scheduler parsed at start or on a refresh, and
// (3.4) for a queue a placed submission registered before it was created.
func (e *Engine) aclRegistered(q *queue) bool {
	return !q.aclUnregistered || e.aclPreset[q.path] != nil
}

// registeredPriorityACLs are the priority groups AppPriorityACLsManager
// holds for q: none for a queue created since the last refresh
// (RMAppManager's setPermission registers queue ACLs only).
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

// aclPair is the two queue ACLs an authorizer entry holds.
type aclPair struct{ submit, admin xmlconf.ACL }

func (a *aclPair) allows(user string, groups []string) bool {
	return a.submit.Allows(user, groups) || a.admin.Allows(user, groups)
}

// rmAppManagerACL is 3.4's RMAppManager#createAndPopulateNewRMApp queue
// ACL check (YARN-11069). When no queue has the target's name and a
// placement rule placed the app, the queue it would create is registered
// first with its template's ACLs (TestAppManager#
// testLegacyAutoCreatedQueuesWithACLTemplates: "user2 has permission (due
// to ACL templates)"). The check then asks the target's path, whether or
// not it exists, and ConfiguredYarnAuthorizer walks up the names: an
// existing queue's entry counts once registered, a name registered here
// counts although no queue has it.
func (e *Engine) rmAppManagerACL(s AppSpec, q *queue, placed bool) error {
	if !e.g.aclEnable {
		return nil
	}
	if q != nil {
		if e.canSubmit(q, s.User, s.Groups) {
			return nil
		}
		return aclError("User %s does not have permission to submit %s to queue %s", s.User, s.ID, s.Queue)
	}
	if e.ambiguous(s.Queue) {
		// TestCapacitySchedulerAmbiguousLeafs#testAmbiguousSubmissionWithACL
		// submits an ambiguous short name through ClientRMService, which
		// rethrows what createAndPopulateNewRMApp throws, and waits for
		// FAILED: the submission gets past this check and the scheduler
		// refuses it as ambiguous (addApplication). The fork's copy read
		// would refuse it here ("ambi" has no entry and no dot); the test,
		// trunk's, decides.
		return nil
	}
	parent := parentPath(s.Queue)
	if placed && parent != "" {
		e.presetLeafACLs(parent, s.Queue)
	}
	if e.nameAdmits(s.Queue, s.User, s.Groups) {
		return nil
	}
	if placed && parent != "" && e.byPath[parent] == nil {
		e.noteMissingParentACL(s.ID, s.Queue)
	}
	return aclError("User %s does not have permission to submit %s to queue %s", s.User, s.ID, s.Queue)
}

// presetLeafACLs is RMAppManager's setPermission for a leaf a placed
// submission is about to create under parent (which may not exist yet
// either): a managed parent's leaf-queue-template ACLs
// (getACLsForLegacyAutoCreatedLeafQueue), else the flexible leaf template
// the parent's path reads (getACLsForFlexibleAutoCreatedLeafQueue of its
// AutoCreatedQueueTemplate, wildcards included). The entry outlives the
// submission, refused or not.
func (e *Engine) presetLeafACLs(parent, leaf string) {
	c := e.workConf()
	if mq := e.model.Queue(parent); mq != nil && mq.AutoCreate.Legacy.V {
		applyLegacyTemplate(c, parent, leaf)
	} else {
		e.applyV2Template(c, parent, leaf, true)
	}
	read := func(suffix string) xmlconf.ACL {
		raw, ok, _ := c.Get(xmlconf.Prefix + leaf + "." + suffix)
		if !ok {
			raw = " "
		}
		return xmlconf.ParseACL(raw, e.model.Version)
	}
	if e.aclPreset == nil {
		e.aclPreset = map[string]*aclPair{}
	}
	e.aclPreset[leaf] = &aclPair{submit: read("acl_submit_applications"), admin: read("acl_administer_queue")}
}

// nameAdmits is ConfiguredYarnAuthorizer#checkPermission from a queue
// name: the entry of each name from the given one up (cut at the last
// dot) admits or passes on; a name without a dot ends the walk.
func (e *Engine) nameAdmits(name, user string, groups []string) bool {
	for {
		if q := e.byPath[name]; q != nil {
			if e.aclRegistered(q) && (q.submitACL.Allows(user, groups) || q.adminACL.Allows(user, groups)) {
				return true
			}
		} else if a := e.aclPreset[name]; a != nil && a.allows(user, groups) {
			return true
		}
		i := strings.LastIndexByte(name, '.')
		if i < 0 {
			return false
		}
		name = name[:i]
	}
}

// noteMissingParentACL records a 3.4 placed submission refused where the
// placement parent does not exist yet either. RMAppManager registers that
// parent too, and the two copies read disagree on its ACLs: the
// YARN-11069 RMAppManager gives it the parent-template of the template
// the placement parent path reads, a later CapacitySchedulerQueueManager#
// getPermissionsForDynamicQueue the parent-template of its own parent
// (the ACLs the queue gets). capq registers neither and refuses.
func (e *Engine) noteMissingParentACL(id, queue string) {
	if !e.aclNoted(id) {
		e.aclUnsettled = append(e.aclUnsettled, id+" (placed in "+queue+", whose parent does not exist yet: refused on the existing ancestors' ACLs; "+
			"Hadoop 3.4's RMAppManager also registers the new parent with a parent-template's ACLs, which could admit it)")
	}
}

// aclNoted reports whether submission id already has a note.
func (e *Engine) aclNoted(id string) bool {
	for _, n := range e.aclUnsettled {
		if strings.HasPrefix(n, id+" (") {
			return true
		}
	}
	return false
}
