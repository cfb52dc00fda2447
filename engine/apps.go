package engine

import (
	"fmt"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// App states reported in snapshots.
const (
	StateAccepted = "ACCEPTED"
	StateRunning  = "RUNNING"
	StateFinished = "FINISHED"
	StateFailed   = "FAILED"
	// StateKilled is the state of an app the ResourceManager killed
	// (RMAppState.KILLED): killAllAppsInQueue, the lifetime monitor.
	StateKilled = "KILLED"
)

// ended says whether the app has left the scheduler, whatever its final
// state.
func (a *app) ended() bool {
	return a.state == StateFinished || a.state == StateFailed || a.state == StateKilled
}

// app is one application attempt (FiCaSchedulerApp).
type app struct {
	id   string
	ref  int32 // AppSpec.Ref
	user string
	seq  int64
	// runnable is false while max-parallel-apps holds the app back
	// (CSMaxRunningAppsEnforcer); it is then in q.nonRunnable.
	runnable  bool
	q         *queue
	u         *user
	priority  int32
	am        Resource
	state     string
	activated bool
	keys      []*schedKey // ascending request priority
	pending   int64       // sum of ANY counts
	// pendRes is the default partition's outstanding resource, the sum of
	// capability times ANY count over its keys (pendingResourceIn(0)),
	// kept as counts change: the preemption policy reads it for every
	// active app of every changed leaf, every round.
	pendRes   Resource
	allocated Resource
	reserved  Resource
	live      []*container // oldest first; nil holes left by releases
	nLive     int          // containers in live
	liveHead  int          // index of the oldest possibly-live slot
	// liveMixed is set once live, read newest first, may be out of
	// preemption order (preemptOrder): a container was added with a
	// smaller priority number or id than one before it (a reduce after
	// maps, a reservation turned into a container). Cleared when live
	// empties; liveTop holds the largest priority and id added since.
	liveMixed bool
	liveTop   struct {
		priority int32
		id       int64
	}
	resv []*container // reservations in the order made
	diag string
	// Node labels: amPart is the AM's partition; lused the allocated
	// resource in each labelled partition, lpend the outstanding ANY
	// containers for each (index 0 unused: a.allocated minus the labelled
	// parts, a.pending), lpendSum their sum.
	amPart int
	asking bool // counted in u.withAsks (syncAsking)
	// amContainer: the AM's container is requested and allocated like a
	// task's (AppSpec.AMContainer); amAllocated once it is, amID then
	// being that container's id.
	amContainer, amAllocated bool
	// askAt is the app's index in a.q.askers while asking (setAsking).
	askAt    int32
	amID     int64
	lused    []Resource
	lpend    []int64
	lpendSum int64
	// noAttempt: the app's attempt was removed (RemoveAttempt) and the
	// next one not yet added; the app is in no leaf list, only its
	// queue's parents count it, and a holds what the last attempt kept.
	noAttempt bool
	// reqParts marks the partitions the app ever asked for
	// (AppSchedulingInfo.requestedPartitions), by index; the headroom
	// sums over them (appHeadroom).
	reqParts []bool
	// groups are the user's groups at submission, for the ACL check of
	// a move.
	groups []string
	// ulRequired is the request the app's 2.7 headroom is computed for
	// (CapacityHeadroomProvider's required; userlimit27.go), ulSet that
	// one was computed.
	ulRequired Resource
	ulSet      bool
}

// schedKey is one request priority of an app (SchedulerRequestKey with its
// LocalityAppPlacementAllocator).
type schedKey struct {
	priority   int32
	capability Resource
	any        int
	anyNoRelax bool
	locs       []locAsk
	missed     int64 // scheduling opportunities
	reRes      int   // re-reservations
	numRes     int   // reserved containers
	slot       int32 // where re-reservations are owed (standing.go); 0: none
	// pi is the partition of the request (its ANY request's node label
	// expression); missedNP is missedNonPartitionedReqSchedulingOpportunity.
	pi       int
	missedNP int64
	// locIdx indexes locs by name once a request names many locations
	// (locIndexAt), so a long host list is not searched name by name. It
	// comes last to leave the hot fields' places as they were.
	locIdx map[string]int32
}

type locAsk struct {
	name    string
	count   int
	noRelax bool
}

// container is a running container or a reservation. The record is 64
// bytes, a size class whose objects each fill one cache line
// (TestContainerLayout): a release comes about an hour after the
// allocation, when the record is cold, and reads all of it but askPi, so
// one line costs one miss where an 80-byte record, always across two
// lines, cost two. The request a reservation is for is its app's key of
// its priority (reqKey), not a pointer here.
type container struct {
	id   int64
	a    *app
	node *node
	res  Resource
	// tag is the caller's (SetTag), returned in the release event.
	tag int64
	// liveIdx is the slot in a.live, which compaction keeps below twice
	// the app's running containers plus 32.
	liveIdx  int32
	priority int32
	// askPi is the partition of the request it was allocated for; it
	// differs from node.pi for an ignore-exclusivity container (a
	// default-partition ask placed on a non-exclusive node).
	askPi    int32
	locality Locality
	reserved bool
}

// reqKey is the request a reservation is for: its app's key of its
// priority (keys are one per priority, and an app keeps them until its
// reservations are given up, stopAttempt).
func (c *container) reqKey() *schedKey { return c.a.key(c.priority, false) }

// locIndexAt is the number of locations from which a request indexes
// them: below it a scan is as fast as a map.
const locIndexAt = 16

// find returns the index of name's location request, or -1. The order of
// locs means nothing: removal moves the last entry into the gap.
func (k *schedKey) find(name string) int {
	if k.locIdx != nil {
		if i, ok := k.locIdx[name]; ok {
			return int(i)
		}
		return -1
	}
	for i := range k.locs {
		if k.locs[i].name == name {
			return i
		}
	}
	return -1
}

func (k *schedKey) addLoc(l locAsk) {
	k.locs = append(k.locs, l)
	switch {
	case k.locIdx != nil:
		k.locIdx[l.name] = int32(len(k.locs) - 1)
	case len(k.locs) >= locIndexAt:
		k.locIdx = make(map[string]int32, len(k.locs))
		for i := range k.locs {
			k.locIdx[k.locs[i].name] = int32(i)
		}
	}
}

func (k *schedKey) removeLoc(i int) {
	last := len(k.locs) - 1
	if k.locIdx != nil {
		delete(k.locIdx, k.locs[i].name)
		if i != last {
			k.locIdx[k.locs[last].name] = int32(i)
		}
	}
	k.locs[i] = k.locs[last]
	k.locs[last] = locAsk{}
	k.locs = k.locs[:last]
}

func (k *schedKey) count(name string) int {
	if i := k.find(name); i >= 0 {
		return k.locs[i].count
	}
	return 0
}

func (k *schedKey) noRelax(name string) bool {
	if name == AnyResource {
		return k.anyNoRelax
	}
	if i := k.find(name); i >= 0 {
		return k.locs[i].noRelax
	}
	return false
}

// dec decrements a location count; a request that reaches 0 disappears
// (LocalityAppPlacementAllocator.decResourceRequest).
func (k *schedKey) dec(name string) {
	if i := k.find(name); i >= 0 {
		k.locs[i].count--
		if k.locs[i].count <= 0 {
			k.removeLoc(i)
		}
	}
}

// uniqueLocations is getUniqueLocationAsks: resource names with requests,
// ANY included.
func (k *schedKey) uniqueLocations() int {
	n := len(k.locs)
	if k.any > 0 {
		n++
	}
	return n
}

// SubmitApp submits an application attempt with the CapacityScheduler's
// checks (CapacityScheduler.addApplication, AbstractLeafQueue.
// validateSubmitApplication). A refused submission returns Hadoop's message.
func (e *Engine) SubmitApp(s AppSpec) error {
	_, err := e.Submit(s)
	return err
}

// Submit is SubmitApp that also says where the app went: the placement
// rules' target (when AppSpec.Placement is set) and the queues created
// for it.
func (e *Engine) Submit(s AppSpec) (Placed, error) {
	var pl Placed
	if s.ID == "" {
		return pl, fmt.Errorf("application without id")
	}
	if e.appByID[s.ID] != nil {
		return pl, fmt.Errorf("application %s already exists", s.ID)
	}
	target, rule, err := e.resolveTarget(s)
	pl.Rule = rule
	// A deciding rule is what gives the RM's ApplicationPlacementContext.
	placed := rule != ""
	var q *queue
	if err == nil {
		s.Queue = target
		err = e.admit(&s, placed)
	}
	if err == nil {
		q, pl.AutoCreated, err = e.lookupOrCreate(target, placed)
	}
	if err == nil {
		q, err = e.submitQueue(&s, q, placed)
	}
	amPart := 0
	if err == nil {
		amPart, err = e.amPartition(q, s)
	}
	if err == nil && (s.AMContainer || s.AMRequested) {
		s.AM, err = e.normalizeAM(q, s.AM)
	}
	if err != nil {
		e.failed = append(e.failed, failedApp{id: s.ID, queue: s.Queue, user: s.User, diag: diagnostics(err)})
		return pl, err
	}
	pl.Queue = q.path
	q.lastUsedMS = e.nowMS
	// admit resolved and capped the priority (checkAndGetPriority).
	a := &app{id: s.ID, ref: s.Ref, user: s.User, seq: e.appSeq, q: q, am: s.AM, state: StateAccepted, priority: *s.Priority, amPart: amPart, amContainer: s.AMContainer}
	a.groups = s.Groups
	e.appSeq++
	e.apps = append(e.apps, a)
	e.appByID[a.id] = a
	e.liveApps++
	u := q.userFor(s.User)
	a.u = u
	for p := q; p != nil; p = p.parent {
		p.apps++
	}
	if a.amContainer {
		// RMAppAttemptImpl.ScheduleTransition asks for the AM container as
		// soon as the scheduler has added the attempt, before LeafQueue
		// activates it: AppSchedulingInfo.updatePendingResources then
		// activates the app in UsersManager, so a user whose apps all wait
		// on the AM limit is an active user.
		e.askAMContainer(a)
	}
	if !e.runnableOK(q, s.User) {
		// LeafQueue.submitApplicationAttempt: addNonRunnableApp.
		u.nonRunnable++
		q.nonRunnable = append(q.nonRunnable, a)
		e.nonRunnable = append(e.nonRunnable, a)
		e.markWaitScan(q)
		a.diag = "application is not runnable: max-parallel-apps reached for its queue, a parent queue or its user"
		return pl, nil
	}
	a.runnable = true
	e.trackRunnable(a, 1)
	e.syncAsking(a)
	u.pendingApps++
	// FifoOrderingPolicyForPendingApps: higher application priority
	// first, then submission order.
	q.waiting = insertOrdered(q.waiting, a)
	e.markWaitScan(q)
	if e.all.MemoryMB > 0 {
		e.activate(q)
	} else {
		// LeafQueue.addApplicationAttempt activates nothing while the
		// cluster is empty (AMState.INACTIVATED, CLUSTER_RESOURCE_EMPTY);
		// the next activation (a node joining) looks again.
		a.diag = ClusterEmptyDiag
	}
	return pl, nil
}

// admit runs the checks a submission meets before the scheduler looks its
// queue up. RMAppManager.createAndPopulateNewRMApp settles the application
// priority (CapacityScheduler.checkAndGetApplicationPriority: the default
// for an app sent without one, the cap, the priority ACL; s.Priority is
// set to the result) and then checks the queue ACL: before 3.4 on the
// queue when it exists, else on the parent a mapping rule named (an
// auto-created leaf's), else not at all; 3.4 always, on the target's path
// (rmAppManagerACL, YARN-11069). A refusal there never reaches the
// scheduler.
// CapacityScheduler.addApplication then refuses once maximum-applications
// apps exist system-wide, before it looks the queue up or creates it, so
// that refusal comes before "unknown queue", "non-leaf queue" and the
// auto-created queue checks.
func (e *Engine) admit(s *AppSpec, placed bool) error {
	q := e.existing(s.Queue)
	if err := e.checkAndGetPriority(s, q); err != nil {
		return err
	}
	if e.model.Version.AtLeast(xmlconf.V3_4) {
		if err := e.rmAppManagerACL(*s, q, placed); err != nil {
			return err
		}
	} else {
		if q == nil && placed {
			if i := strings.LastIndexByte(s.Queue, '.'); i > 0 {
				q = e.existing(s.Queue[:i])
			}
		}
		if q != nil {
			if err := e.submitACL(*s, q); err != nil {
				return err
			}
		}
	}
	// CapacityScheduler.addApplication's isSystemAppsLimitReached came
	// with the 2.8/2.9 line; 2.7 bounds apps only per queue (whose limit
	// the system maximum scales), so a queue's own maximum-applications
	// can take the cluster past it.
	if e.model.Version.AtLeast(xmlconf.V2_10) && int32(e.liveApps) >= e.g.maxSystemApps {
		//lint:ignore ST1005 Hadoop's exact message, which users search for
		return fmt.Errorf("Maximum system application limit reached,cannot accept submission of application: %s", s.ID)
	}
	return nil
}

// submitACL is the queue's SUBMIT_APPLICATIONS ACL (QueueACLsManager,
// when yarn.acl.enable is on).
func (e *Engine) submitACL(s AppSpec, q *queue) error {
	if !e.g.aclEnable {
		return nil
	}
	if !e.canSubmit(q, s.User, s.Groups) {
		return aclError("User %s does not have permission to submit %s to queue %s", s.User, s.ID, s.Queue)
	}
	return nil
}

// priorityACL is CapacityScheduler.checkAndGetApplicationPriority's ACL
// check of the app's priority (resolved by checkAndGetPriority), capped
// at the cluster maximum.
func (e *Engine) priorityACL(s AppSpec, q *queue) error {
	if prio := min(*s.Priority, e.g.maxAppPriority); e.g.priorityACLEnable && !e.priorityAllowed(q, s.User, s.Groups, prio) {
		return aclError("User %s does not have permission to submit/update %s for %d", s.User, s.ID, prio)
	}
	return nil
}

// existing is CapacityScheduler.getQueue: the queue by full path or
// unambiguous short name, nil when there is none yet.
func (e *Engine) existing(name string) *queue {
	if q := e.byPath[name]; q != nil {
		return q
	}
	return e.byShortName(name)
}

// submitQueue runs CapacityScheduler#addApplication's checks of the leaf
// and then the leaf's (LeafQueue#submitApplication); between them the
// workflow priority mapping may change s.Priority.
func (e *Engine) submitQueue(s *AppSpec, q *queue, placed bool) (*queue, error) {
	if q == nil && e.ambiguous(s.Queue) {
		//lint:ignore ST1005 Hadoop's exact message, which users search for
		return nil, fmt.Errorf("Application %s submitted by user %s to ambiguous queue: %s please use full queue path instead.", s.ID, s.User, s.Queue)
	}
	if q == nil {
		//lint:ignore ST1005 Hadoop's exact message, which users search for
		return nil, fmt.Errorf("Application %s submitted by user %s to unknown queue: %s", s.ID, s.User, s.Queue)
	}
	if !q.leaf {
		//lint:ignore ST1005 Hadoop's exact message, which users search for
		return nil, fmt.Errorf("Application %s submitted by user %s to non-leaf queue: %s", s.ID, s.User, s.Queue)
	}
	if q.legacyAuto && !placed {
		// CapacityScheduler.addApplication: an AutoCreatedLeafQueue of a
		// ManagedParentQueue takes apps a mapping rule placed there only,
		// even one it has just created for this submission (3.4).
		//lint:ignore ST1005 Hadoop's exact message, which users search for
		return nil, fmt.Errorf("Application %s submission by user : %s to specified queue : %s  is prohibited. Verify automatic queue mapping for user exists in yarn.scheduler.capacity.queue-mappings", s.ID, s.User, s.Queue)
	}
	if err := e.mapWorkflowPriority(s, q); err != nil {
		return nil, err
	}
	if err := e.submitACL(*s, q); err != nil {
		return nil, err
	}
	// The priority ACL was checked once, in admit
	// (checkAndGetApplicationPriority, before the queue was created), and
	// again by the workflow mapping for a mapped priority: the scheduler
	// checks it no more, so a leaf created for this submission lets any
	// priority through, as in Hadoop.
	if q.state != "RUNNING" {
		return nil, aclError("Queue %s is STOPPED. Cannot accept submission of application: %s", q.path, s.ID)
	}
	if int32(q.apps) >= q.maxApps {
		return nil, aclError("Queue %s already has %d applications, cannot accept submission of application: %s", q.path, q.apps, s.ID)
	}
	n := 0
	if u := q.byUser[s.User]; u != nil {
		n = u.totalApps()
	}
	if int32(n) >= q.maxAppsUser {
		return nil, aclError("Queue %s already has %d applications from user %s cannot accept submission of application: %s", q.path, n, s.User, s.ID)
	}
	for p := q.parent; p != nil; p = p.parent {
		if p.state != "RUNNING" {
			return nil, aclError("Queue %s is STOPPED. Cannot accept submission of application: %s", p.path, s.ID)
		}
	}
	return q, nil
}

// failedApp is a rejected submission: the RMApp ends FAILED with the
// rejection as its diagnostics.
type failedApp struct {
	id, queue, user, diag string
}

// accessError is a rejection Hadoop raises as an AccessControlException;
// the app's diagnostics carry the exception class (ace.toString()).
type accessError struct{ msg string }

func (e *accessError) Error() string { return e.msg }

func aclError(format string, args ...any) error {
	return &accessError{fmt.Sprintf(format, args...)}
}

func diagnostics(err error) string {
	if _, ok := err.(*accessError); ok {
		return "org.apache.hadoop.security.AccessControlException: " + err.Error()
	}
	return err.Error()
}

// canSubmit mirrors LeafQueue.submitApplication: the user needs
// SUBMIT_APPLICATIONS or ADMINISTER_QUEUE access, and either is granted
// by the queue's ACL or any ancestor's (AbstractCSQueue.hasAccess,
// ConfiguredYarnAuthorizer#checkPermission asking the parent by name).
// Queue administrators may submit without being in the submit ACL. A
// queue whose ACLs are not registered (aclRegistered) grants nothing
// itself: the authorizer goes on to its parent.
func (e *Engine) canSubmit(q *queue, user string, groups []string) bool {
	for p := q; p != nil; p = p.parent {
		if e.aclRegistered(p) && (p.submitACL.Allows(user, groups) || p.adminACL.Allows(user, groups)) {
			return true
		}
	}
	return false
}

// priorityAllowed is AppPriorityACLsManager.checkAccess (called from
// CapacityScheduler.checkAndGetApplicationPriority on submission, with the
// priority capped at the cluster's maximum): a leaf without priority
// groups admits anyone; otherwise one group must admit the user with a
// max_priority (itself capped at the cluster's maximum) at or above the
// app's. A leaf created since the last refresh has no groups registered.
func (e *Engine) priorityAllowed(q *queue, user string, groups []string, prio int32) bool {
	acls := q.registeredPriorityACLs()
	if len(acls) == 0 {
		return true
	}
	for _, g := range acls {
		if g.ACL.Allows(user, groups) && prio <= min(g.Max, e.g.maxAppPriority) {
			return true
		}
	}
	return false
}

// userFor returns the leaf's user, adding it (getUserAndAddIfAbsent).
func (q *queue) userFor(name string) *user {
	if u := q.byUser[name]; u != nil {
		return u
	}
	u := &user{name: name, q: q, weight: q.weightOf(name)}
	q.users = append(q.users, u)
	q.byUser[name] = u
	q.recountWeights()
	q.invalidateUsers()
	return u
}

// removeUser drops a user without apps (UsersManager.removeUser).
func (q *queue) removeUser(u *user) {
	delete(q.byUser, u.name)
	for i, x := range q.users {
		if x == u {
			q.users = append(q.users[:i], q.users[i+1:]...)
			break
		}
	}
	q.recountWeights()
	q.invalidateUsers()
}

// UpdateAsks applies resource-request updates: each ask replaces the
// outstanding count for its (priority, resource name).
func (e *Engine) UpdateAsks(appID string, asks []Ask) error {
	a := e.appByID[appID]
	if a == nil || a.ended() {
		return fmt.Errorf("unknown or finished application %s", appID)
	}
	if a.noAttempt {
		return fmt.Errorf("application %s has no attempt to ask for containers", appID)
	}
	for i := range asks {
		if err := e.normalizeAsk(a.q, &asks[i]); err != nil {
			return err
		}
	}
	pis, err := e.askPartitions(a, asks)
	if err != nil {
		return err
	}
	e.voidApp(a)
	before := a.pending
	oldL := append(e.pendBuf[:0], a.lpend...)
	for i, ask := range asks {
		k := a.key(ask.Priority, true)
		if ask.ResourceName == AnyResource || ask.ResourceName == "" {
			k.pi = pis[i]
			a.requestPartition(k.pi)
			k.any = max(ask.Count, 0)
			k.anyNoRelax = ask.NoRelax
			if !ask.Resource.IsZero() || k.capability.IsZero() {
				k.capability = ask.Resource
			}
			continue
		}
		k.setLoc(ask.ResourceName, max(ask.Count, 0), ask.NoRelax)
		if k.capability.IsZero() {
			k.capability = ask.Resource
		}
	}
	a.recountPending()
	e.pendBuf = oldL
	if a.runnable {
		for pi := 1; pi < max(len(a.lpend), len(oldL)); pi++ {
			if d := a.pendingIn(pi) - at(oldL, pi); d != 0 {
				e.pendingMoved(a, pi, d)
			}
		}
		e.pendingChanged(a, before)
	}
	return nil
}

// normalizeAM is RMAppManager.validateAndCreateResourceRequest for an app
// whose AM container the RM requests: the AM request is validated against
// the queue's maximum allocation and normalized before the attempt exists,
// so the AM resource the queue's and user's AM limits charge is the
// normalized one (a 50 MB AM counts as the minimum allocation).
func (e *Engine) normalizeAM(q *queue, am Resource) (Resource, error) {
	ask := Ask{Resource: am}
	err := e.normalizeAsk(q, &ask)
	return ask.Resource, err
}

// normalizeAsk is SchedulerUtils.normalizeAndValidateRequest: a request
// above the maximum allocation the scheduler allows for the queue
// (maxAllowedAllocation), or negative, is refused; others are raised to
// the minimum allocation and rounded up to it. validateResourceRequest
// checks every resource against the maximum whatever the calculator
// (checkResourceRequestAgainstAvailableResource; 2.x compared memory and
// vcores in turn), and the DefaultResourceCalculator's normalize builds
// the result from memory alone (Resources.createResource(memory): one
// vcore), so under it every container has one vcore.
func (e *Engine) normalizeAsk(q *queue, ask *Ask) error {
	r, mx, mn := ask.Resource, e.maxAllowedAllocation(q), e.g.minAlloc
	if r.MemoryMB < 0 || r.VCores < 0 || r.MemoryMB > mx.MemoryMB || r.VCores > mx.VCores {
		return e.askRefusal(r, mx)
	}
	// CapacityScheduler.getNormalizedResource: the step is the minimum.
	ask.Resource = e.g.rc.normalize(r, mn, mx, mn)
	return nil
}

// askRefusal is the InvalidResourceRequestException of
// SchedulerUtils.checkResourceRequestAgainstAvailableResource for a
// request r outside [0, mx]: it checks memory-mb, then vcores, each first
// for a negative value (LESS_THAN_ZERO), then for one above the maximum
// allowed allocation (GREATER_THEN_MAX_ALLOCATION), and the message of
// the first failure names that resource; the last value it prints is the
// configured maximum allocation (ResourceUtils.
// getResourceTypesMaximumAllocation). Older profiles have older messages
// (askRefusalBefore33).
func (e *Engine) askRefusal(r, mx Resource) error {
	if !e.g.askTypeMsgs {
		return e.askRefusalBefore33(r, mx)
	}
	for _, c := range [2]struct {
		name     string
		v, limit int64
	}{{"memory-mb", r.MemoryMB, mx.MemoryMB}, {"vcores", r.VCores, mx.VCores}} {
		if c.v < 0 {
			//lint:ignore ST1005 Hadoop's exact message, which users search for
			return fmt.Errorf("Invalid resource request! Cannot allocate containers as requested resource is less than 0! Requested resource type=[%s], Requested resource=%s", c.name, resString(r))
		}
		if c.v > c.limit {
			//lint:ignore ST1005 Hadoop's exact message, which users search for
			return fmt.Errorf("Invalid resource request! Cannot allocate containers as requested resource is greater than maximum allowed allocation. Requested resource type=[%s], Requested resource=%s, maximum allowed allocation=%s, please note that maximum allowed allocation is calculated by scheduler based on maximum resource of registered NodeManagers, which might be less than configured maximum allocation=%s", c.name, resString(r), resString(mx), resString(e.g.maxAlloc))
		}
	}
	return nil
}

// askRefusalBefore33 is validateResourceRequest's message before 3.3's
// templates: 2.7 checks memory, then virtual cores, each with its own
// message; from resource types on (3.1, 3.2, and 2.10, which YARN-8200
// backported them to) one message per resource type covers both cases.
func (e *Engine) askRefusalBefore33(r, mx Resource) error {
	if e.g.askMemVcoresMsgs {
		if r.MemoryMB < 0 || r.MemoryMB > mx.MemoryMB {
			//lint:ignore ST1005 Hadoop's exact message, which users search for
			return fmt.Errorf("Invalid resource request, requested memory < 0, or requested memory > max configured, requestedMemory=%d, maxMemory=%d", r.MemoryMB, mx.MemoryMB)
		}
		//lint:ignore ST1005 Hadoop's exact message, which users search for
		return fmt.Errorf("Invalid resource request, requested virtual cores < 0, or requested virtual cores > max configured, requestedVirtualCores=%d, maxVirtualCores=%d", r.VCores, mx.VCores)
	}
	name := "memory-mb"
	if r.MemoryMB >= 0 && r.MemoryMB <= mx.MemoryMB {
		name = "vcores"
	}
	//lint:ignore ST1005 Hadoop's exact message, which users search for
	return fmt.Errorf("Invalid resource request, requested resource type=[%s] < 0 or greater than maximum allowed allocation. Requested resource=%s, maximum allowed allocation=%s, please note that maximum allowed allocation is calculated by scheduler based on maximum resource of registered NodeManagers, which might be less than configured maximum allocation=%s", name, resString(r), resString(mx), resString(e.g.maxAlloc))
}

// resString is Resource.toString for memory and vcores.
func resString(r Resource) string {
	return fmt.Sprintf("<memory:%d, vCores:%d>", r.MemoryMB, r.VCores)
}

func (k *schedKey) setLoc(name string, n int, noRelax bool) {
	if i := k.find(name); i >= 0 {
		if n == 0 {
			k.removeLoc(i)
		} else {
			k.locs[i].count, k.locs[i].noRelax = n, noRelax
		}
		return
	}
	if n > 0 {
		k.addLoc(locAsk{name, n, noRelax})
	}
}

// key returns the app's request at a priority, creating it if asked.
func (a *app) key(p int32, create bool) *schedKey {
	i := sort.Search(len(a.keys), func(i int) bool { return a.keys[i].priority >= p })
	if i < len(a.keys) && a.keys[i].priority == p {
		return a.keys[i]
	}
	if !create {
		return nil
	}
	k := &schedKey{priority: p}
	a.keys = append(a.keys, nil)
	copy(a.keys[i+1:], a.keys[i:])
	a.keys[i] = k
	return k
}

func (a *app) recountPending() {
	var n int64
	var r Resource
	clear(a.lpend)
	a.lpendSum = 0
	for _, k := range a.keys {
		if k.pi == 0 {
			n += int64(k.any)
			r = r.Add(k.times(k.any))
			continue
		}
		for len(a.lpend) <= k.pi {
			a.lpend = append(a.lpend, 0)
		}
		a.lpend[k.pi] += int64(k.any)
		a.lpendSum += int64(k.any)
	}
	a.pending, a.pendRes = n, r
}

// pendingChanged keeps queue pending counters and the active-user set in
// step with a change of an app's default-partition requests from before
// to a.pending.
func (e *Engine) pendingChanged(a *app, before int64) {
	e.pendingMoved(a, 0, a.pending-before)
}

// pendingMoved records that the app's outstanding requests for partition
// pi changed by d (AppSchedulingInfo updating ResourceUsage pending and
// activating or deactivating the app in UsersManager).
func (e *Engine) pendingMoved(a *app, pi int, d int64) {
	a.q.changed()
	if a.activated && d != 0 {
		if d > 0 {
			e.markWaitScan(a.q)
		}
		if pi == 0 {
			a.q.addPending(d) // every allocation's path: no accessor call
		} else {
			a.q.addPendingIn(pi, d)
		}
	}
	e.syncAsking(a)
}

// syncAsking keeps the user's count of apps with outstanding requests
// (the active-user set) in step with a: a runnable app with requests in
// any partition counts. The test is small enough to inline; the change,
// rare, is setAsking.
func (e *Engine) syncAsking(a *app) {
	if want := a.runnable && a.pending+a.lpendSum > 0; want != a.asking {
		e.setAsking(a, want)
	}
}

// setAsking adds a to (want) or removes it from its user's apps with
// outstanding requests.
func (e *Engine) setAsking(a *app, want bool) {
	a.asking = want
	a.q.setAsker(a, want)
	u := a.u
	if want {
		u.withAsks++
		if u.withAsks == 1 {
			e.setUserActive(u, true)
		}
		return
	}
	u.withAsks--
	if u.withAsks == 0 {
		e.setUserActive(u, false)
	}
}

func (e *Engine) setUserActive(u *user, on bool) {
	q := u.q
	u.isActive = on
	if on {
		q.ul.activeUsed = q.ul.activeUsed.Add(u.used)
	} else {
		q.ul.activeUsed = q.ul.activeUsed.Sub(u.used)
	}
	for pi := 1; pi < len(u.lp); pi++ {
		lp := &q.parts[pi]
		if on {
			lp.activeUsed = lp.activeUsed.Add(u.lp[pi].used)
		} else {
			lp.activeUsed = lp.activeUsed.Sub(u.lp[pi].used)
		}
	}
	q.recountWeights()
	q.invalidateUsers()
}

// FinishApp ends an attempt: its containers and reservations are
// released, it leaves the queue and waiting apps may activate. The app
// ends FINISHED.
func (e *Engine) FinishApp(appID string) error {
	return e.endApp(appID, StateFinished)
}

// KillApp is the ResourceManager's kill of an app (RMAppEventType.KILL:
// an RMAppKillByClientEvent from a client or killAllAppsInQueue, a plain
// RMAppEvent from RMAppLifetimeMonitor): the app ends KILLED. At the scheduler level nothing else differs
// from FinishApp: the attempt is removed through the same
// CapacityScheduler.doneApplicationAttempt (RMAppAttemptState.KILLED
// instead of FINISHED, which SchedulerApplicationAttempt.stop only logs),
// whose live containers are released with the same ABORTED status
// ("Container of a completed application"), reservations with "Application
// Complete", and finishApplicationAttempt activates waiting apps as it
// does for a finished one. Only QueueMetrics.finishApp counts it under
// AppsKilled rather than AppsCompleted: the snapshot shows no such count;
// simulate's results count killed apps apart from finished ones too.
func (e *Engine) KillApp(appID string) error {
	return e.endApp(appID, StateKilled)
}

// endApp ends an attempt and its app in the final state given. An app
// between attempts (RemoveAttempt) has only the containers its last
// attempt kept to release, and only its parents count it.
func (e *Engine) endApp(appID, final string) error {
	a := e.appByID[appID]
	if a == nil || a.ended() {
		return fmt.Errorf("unknown or finished application %s", appID)
	}
	q := a.q
	from := q
	if a.noAttempt {
		for c := a.oldest(); c != nil; c = a.oldest() {
			e.release(c, EvReleased)
		}
		from = q.parent
		e.betweenAttempts--
	} else {
		e.stopAttempt(a, false)
	}
	u := a.u
	a.state = final
	e.liveApps--
	for p := from; p != nil; p = p.parent {
		p.apps--
	}
	e.dropIdleUser(u)
	e.activate(q)
	if a.runnable {
		e.promoteRunnable()
	}
	if q.legacyAuto && q.apps == 0 && q.parent != nil {
		e.rebalanceLegacy(q.parent)
	}
	return nil
}

// stopAttempt is CapacityScheduler.doneApplicationAttempt up to the
// leaf's finishApplicationAttempt and the max-parallel-apps enforcer's
// untrackApp: reservations and live containers released (but for those
// a work-preserving AM restart keeps), the attempt out of its leaf's
// lists and counts (leaveQueue, as a move takes it out) and its
// outstanding requests dropped (SchedulerApplicationAttempt.stop). The
// leaf's own app count is the caller's.
func (e *Engine) stopAttempt(a *app, keep bool) {
	for len(a.resv) > 0 {
		e.unreserve(a.resv[0])
	}
	if keep {
		e.releaseAMContainer(a)
	} else {
		for c := a.oldest(); c != nil; c = a.oldest() {
			e.release(c, EvReleased)
		}
		e.freeLive(a)
	}
	if a.runnable {
		e.trackRunnable(a, -1)
	} else {
		e.nonRunnable = removeApp(e.nonRunnable, a)
	}
	e.leaveQueue(a)
	a.keys, a.pending, a.pendRes, a.lpend, a.lpendSum = nil, 0, Resource{}, nil, 0
}

// dropIdleUser is UsersManager.removeUser once the user has no app left
// in the leaf; capq keeps it while it still holds containers an app
// between attempts kept, whose usage is booked on it.
func (e *Engine) dropIdleUser(u *user) {
	if u.totalApps() != 0 || u.nonRunnable != 0 || u.q.byUser[u.name] != u {
		return
	}
	for pi := range e.parts {
		if !u.usedIn(pi).IsZero() {
			return
		}
	}
	u.q.removeUser(u)
}

// addLive appends a running container (newest last).
func (a *app) addLive(c *container) {
	if a.nLive > 0 && (c.priority < a.liveTop.priority || c.id < a.liveTop.id) {
		a.liveMixed = true
	}
	a.liveTop.priority, a.liveTop.id = max(a.liveTop.priority, c.priority), max(a.liveTop.id, c.id)
	c.liveIdx = int32(len(a.live))
	a.live = append(a.live, c)
	a.nLive++
}

// removeLive drops a running container in O(1), leaving a hole; the list
// is compacted when holes outnumber containers, so ReleaseContainer on
// apps with many containers stays cheap while order is kept.
func (a *app) removeLive(c *container) {
	i := int(c.liveIdx)
	if i >= len(a.live) || a.live[i] != c {
		return
	}
	a.live[i] = nil
	a.nLive--
	if len(a.live) > 32 && a.nLive < len(a.live)/2 {
		n := 0
		for _, x := range a.live {
			if x != nil {
				x.liveIdx = int32(n)
				a.live[n] = x
				n++
			}
		}
		clear(a.live[n:])
		a.live = a.live[:n]
		a.liveHead = 0
	}
	if a.nLive == 0 {
		a.live, a.liveHead = a.live[:0], 0
		a.liveMixed, a.liveTop.priority, a.liveTop.id = false, 0, 0
	}
}

// oldest returns the oldest running container, or nil.
func (a *app) oldest() *container {
	for a.liveHead < len(a.live) && a.live[a.liveHead] == nil {
		a.liveHead++
	}
	if a.liveHead < len(a.live) {
		return a.live[a.liveHead]
	}
	return nil
}

// eachLive calls f for every running container, oldest first.
func (a *app) eachLive(f func(*container)) {
	for _, c := range a.live {
		if c != nil {
			f(c)
		}
	}
}

func removeApp(s []*app, a *app) []*app {
	for i, x := range s {
		if x == a {
			return append(s[:i], s[i+1:]...)
		}
	}
	return s
}
