package engine

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// queue is one queue of the tree with its compiled settings and live
// usage. Parents and leaves share the struct; leaf-only fields stay empty
// on parents.
type queue struct {
	// The fields a pass reads for every queue it looks at (assignParent's
	// child loop, a leaf's queue check) come first, in the struct's first
	// cache lines: on #19's contended day a pass looks at about seventy
	// queues, and these reads were spread over a dozen lines of each.
	//
	// pending counts outstanding ANY containers of active apps in the
	// subtree (hasPendingResourceRequest without a map).
	pending int64
	// changes counts, for the queue and each ancestor, every change in
	// the subtree that can alter a user-limit refusal: a user's usage or
	// limit (each invalidation of a leaf's user-limit cache), an app
	// starting or finishing, any change of an app's asks. blocked records
	// changes at the last pass that found every asking app of the subtree
	// refused by its user's limit (see userBlocked).
	changes uint64
	blocked blockStamp
	leaf    bool
	fair    bool
	// dirty marks a child whose usage changed since its parent's last
	// sort; dirtyKids lists them; sortValid says order is sorted.
	dirty     bool
	sortValid bool
	// byRank (a parent) says its children's order may be kept by their
	// sort keys below (order.go: sortKeysOK). The keys sit in this cache
	// line, which the child loop reads anyway, so that placing a changed
	// child reads one line of each sibling it compares with: sortAbove is
	// a positive absolute capacity, sortUsed the usage key of the current
	// sort, sortRank the place among the siblings by the static
	// tie-breaks.
	byRank    bool
	sortAbove bool
	// askOK (a parent) says askBits holds which children in order have
	// something pending in the default partition (order.go: nextAsking).
	askOK bool
	// ordIdx (a child) is its place in its parent's default order, kept
	// by the sort's moves so that placing a changed child finds it
	// without scanning (order.go: orderIndex); a hint only, checked
	// against the order before use (it wraps past 255 children).
	ordIdx   uint8
	sortUsed float32
	sortRank int32
	// Live usage: used includes reservations.
	used     Resource
	reserved Resource
	maxDown  Resource // maxRes rounded down to the minimum allocation
	active   []*app   // leaf: activated apps in ordering-policy order
	askBits  uint64
	// parts holds the state in each labelled partition (see "Node
	// labels" below).
	parts     []qpart
	dirtyKids []*queue
	// order is the scratch slice children are sorted into on each pass.
	order  []*queue
	maxRes Resource // effective max resource
	// fairSortedAt is changes+1 when the fair order was last sorted.
	fairSortedAt uint64
	// memo is the parent's last pass that reached no node (passmemo.go).
	memo passMemo

	idx    int
	path   string
	name   string
	parent *queue
	// numContainers counts running containers and reservations in the
	// subtree. It sits beside parent, which every walk up the ancestors
	// reads: booking a container (bookUsed, addUsed) then writes no
	// other line of each ancestor than its first and this one.
	numContainers int
	children      []*queue
	// pos is the index among the parent's children (configuration order).
	pos int

	// Configuration (from xmlconf.Queue).
	capacity, maxCapacity float32 // fractions of the parent
	absCap, absMaxCap     float32 // fractions of the cluster
	configuredMin         Resource
	configuredMax         Resource
	absoluteMode          bool
	state                 string
	mulp, ulf, amPercent  float32
	maxApps, maxAppsUser  int32
	priority              int32
	fairSizeWeight        bool // ordering-policy.fair.enable-size-based-weight
	respectPriority       bool // parent: priority-utilization
	maxAlloc              Resource
	userWeights           map[string]float32
	submitACL             xmlconf.ACL
	// priorityACLs are the leaf's application priority ACL groups
	// (acl_application_max_priority), checked with yarn.acl.enable.
	priorityACLs      []xmlconf.PriorityACLGroup
	defaultAppPrio    int32 // default-application-priority (LeafQueue#setupQueueConfigs)
	adminACL          xmlconf.ACL
	disablePreemption bool
	intraDisabled     bool // intra-queue-preemption.disable_preemption
	minAllocFactor    float32

	// Derived from the cluster resource.
	guarantee Resource // effective min resource
	minRatio  minRatio // scales absolute children's minimums (parents)

	amUsed  Resource
	amLimit Resource
	// apps counts unfinished apps in the subtree.
	apps int
	// numRunnable counts runnable apps in the subtree; maxParallel is
	// max-parallel-apps (CSMaxRunningAppsEnforcer).
	numRunnable int
	maxParallel int32
	// nonRunnable holds the leaf's apps held back by max-parallel-apps,
	// in submission order.
	nonRunnable []*app
	// dynamic marks an auto-created queue.
	dynamic bool
	// aclUnregistered marks a queue created at runtime whose ACLs and
	// priority groups setQueueAcls has not registered yet (acl_registry.go).
	aclUnregistered bool
	// legacyAuto marks an AutoCreatedLeafQueue (legacy managed parent):
	// its guarantee is the policy's (GuaranteedOrZeroCapacityOverTimePolicy);
	// its absolute maximum is the template maximum × the parent's absolute
	// maximum, as for any queue (CSQueueUtils.
	// updateAbsoluteCapacitiesByNodeLabels).
	legacyAuto bool
	// legacyAbs holds an AutoCreatedLeafQueue's absolute
	// leaf-queue-template (legacyAbsMin, legacyAbsMax): its resource
	// quotas are the template's, not derived from its percentages.
	legacyAbs                  bool
	legacyAbsMin, legacyAbsMax Resource
	// lastUsedMS is when a dynamic queue last had apps (for v2 expiry).
	lastUsedMS int64
	// capMode and weight are the capacity mode and weight (snapshots).
	capMode string
	weight  float32

	// Leaf state.
	waiting []*app // pending (not activated) apps in FIFO order
	users   []*user
	byUser  map[string]*user
	ul      userLimitCache
	// pendCache keeps the leaf's pending totals between preemption
	// rounds, per partition (preempt_cache.go).
	pendCache []pendCache
	// askers are the leaf's apps with asking set, in no order
	// (setAsker): what pendingForPreemption walks.
	askers []*app

	// Node labels: parts (first fields) holds the state in each labelled
	// partition (index 0 unused: the default partition is the queue's own
	// fields); accessible is accessible-node-labels, defaultLabel the
	// default-node-label-expression, both resolved (inherited).
	accessible   []string
	defaultLabel string
	// appPolicy is a leaf's app ordering policy as configured (an alias,
	// or a class name that is not built in), for the snapshot.
	appPolicy string
}

// blockStamp is the state a user-limit-blocked pass saw.
type blockStamp struct {
	ok      bool
	changes uint64
}

// changed counts a change in q's subtree on q and its ancestors.
func (q *queue) changed() {
	for p := q; p != nil; p = p.parent {
		p.changes++
	}
}

// invalidateUsers drops the leaf's cached user limit (its users' usage,
// activity or the cluster changed).
func (q *queue) invalidateUsers() {
	q.ul.invalidate()
	q.changed()
}

// userLimitCache holds UsersManager's shared state for one leaf.
type userLimitCache struct {
	activeUsers   int
	activeWeights float32
	allWeights    float32
	activeUsed    Resource // totalResUsageForActiveUsers
	usageRatio    float32  // qUsageRatios, accumulated in float like Hadoop
	valid         bool
	base          Resource // computed limit before the user's weight
	version       uint64   // bumped on every invalidation (pass caches)
}

// user is one user of a leaf (UsersManager.User).
type user struct {
	name        string
	q           *queue
	used        Resource // allocated + reserved
	amUsed      Resource
	activeApps  int // AM-activated apps
	pendingApps int // apps waiting for activation
	nonRunnable int // apps held back by max-parallel-apps
	withAsks    int // apps with outstanding requests (active-user set)
	weight      float32
	ratio       float32
	isActive    bool

	// Per-pass CachedUserLimit (AbstractLeafQueue.getUserLimitCache).
	passVersion uint64
	passSeq     uint64
	passLimit   Resource
	passCan     bool
	passRes     Resource

	// What the user may still get in the preemption round's pending
	// walk (pendingForPreemption), valid while preemptStamp matches the
	// engine's.
	preemptStamp               uint64
	preemptRoom, preemptRoomDR Resource

	// lp holds the user's usage in labelled partitions (index 0 unused).
	lp []upart
	// limit27 is the user's last computed 2.7 limit
	// (User.getUserResourceLimit; userlimit27.go).
	limit27 Resource
}

// upart is a user's usage in one labelled partition.
type upart struct {
	used, amUsed Resource
	ratio        float32
}

func (u *user) totalApps() int { return u.activeApps + u.pendingApps }

// newQueue compiles one xmlconf queue.
func newQueue(mq *xmlconf.Queue, parent *queue, g *globals) *queue {
	q := &queue{path: mq.Path, name: mq.Name, parent: parent, leaf: mq.IsLeaf(), byUser: map[string]*user{}}
	q.configure(mq, g)
	return q
}

// configure (re)reads settings; usage is kept, as reinitialize does.
func (q *queue) configure(mq *xmlconf.Queue, g *globals) {
	q.leaf = mq.IsLeaf()
	q.capacity = float32(mq.NormalizedCapacity)
	q.capMode, q.weight = mq.Capacity.Mode.String(), mq.Capacity.Weight
	q.maxCapacity = float32(mq.NormalizedMaxCapacity)
	if mq.MaxCapacity.Mode == xmlconf.ModeUnset && mq.Capacity.Mode != xmlconf.ModeAbsolute {
		q.maxCapacity = 1
	}
	q.absCap = float32(mq.AbsCapacity)
	q.absMaxCap = float32(mq.AbsMaxCapacity)
	q.absoluteMode = mq.Capacity.Mode == xmlconf.ModeAbsolute
	q.configuredMin = fromModelRes(mq.ConfiguredMin)
	q.configuredMax = fromModelRes(mq.ConfiguredMax)
	q.state = string(mq.State.V)
	if q.state == "" {
		q.state = string(xmlconf.StateRunning)
	}
	q.mulp = mq.MinUserLimitPercent.V
	q.ulf = mq.UserLimitFactor.V
	q.amPercent = mq.MaxAMResourcePercent.V
	q.maxApps = mq.EffectiveMaxApplications
	q.maxParallel = maxParallelOf(mq.MaxParallelApps.V)
	if !g.parallelApps {
		q.maxParallel = maxParallelOf(-1) // before 3.3 there is no such limit
	}
	q.maxAppsUser = mq.MaxApplicationsPerUser
	q.priority = mq.Priority.V
	q.defaultAppPrio = mq.DefaultApplicationPriority.V
	q.fair = mq.OrderingPolicy.V == "fair"
	q.appPolicy = mq.OrderingPolicy.V
	q.fairSizeWeight = q.fair && mq.FairSizeBasedWeight.V
	g.sizeWeighted = g.sizeWeighted || q.fairSizeWeight
	// A 2.7 ParentQueue reads no ordering policy (order27.go).
	q.respectPriority = !g.order27 && mq.OrderingPolicy.V == "priority-utilization"
	q.maxAlloc = fromModelRes(mq.MaxAllocation.V)
	if q.maxAlloc.IsZero() {
		q.maxAlloc = g.maxAlloc
	}
	q.userWeights = map[string]float32{}
	for u, w := range mq.UserWeights {
		q.userWeights[u] = w.V
	}
	q.accessible = mq.AccessibleLabels.V
	q.defaultLabel = strings.TrimSpace(mq.DefaultLabelExpr.V)
	q.submitACL = mq.SubmitACL.V
	// Only leaves read the groups (AbstractLeafQueue#setupQueueConfigs) and
	// have them registered (CapacityScheduler#setQueueAcls): a parent's
	// are never checked.
	q.priorityACLs = nil
	if q.leaf {
		q.priorityACLs = mq.PriorityACLs
	}
	q.adminACL = mq.AdminACL.V
	q.disablePreemption = mq.DisablePreemption.V
	// AbstractCSQueue.getIntraQueuePreemptionDisabled: a queue without
	// preemption has no intra-queue preemption either.
	q.intraDisabled = mq.IntraQueuePreemptionDisabled.V || q.disablePreemption
	// getMinimumAllocationFactor: ratio(max - min, max).
	q.minAllocFactor = g.rc.ratio(q.maxAlloc.Sub(g.minAlloc), q.maxAlloc)
	for _, u := range q.users {
		u.weight = q.weightOf(u.name)
	}
	q.recountWeights()
	q.invalidateUsers()
}

func fromModelRes(r xmlconf.Resource) Resource { return Resource{r.MemoryMB, r.VCores} }

func toModelRes(r Resource) xmlconf.Resource {
	return xmlconf.Resource{MemoryMB: r.MemoryMB, VCores: r.VCores}
}

// weightOf returns the user's weight (user-settings.<u>.weight, default 1).
func (q *queue) weightOf(name string) float32 {
	if w, ok := q.userWeights[name]; ok {
		return w
	}
	return 1
}

// recountWeights recomputes activeUsersTimesWeights / allUsersTimesWeights.
func (q *queue) recountWeights() {
	var act, all float32
	n := 0
	for _, u := range q.users {
		all += u.weight
		if u.isActive {
			act += u.weight
			n++
		}
	}
	q.ul.activeWeights, q.ul.allWeights, q.ul.activeUsers = act, all, n
}

func (c *userLimitCache) invalidate() {
	c.valid = false
	c.version++
}

// updateResources computes the effective guarantee and maximum for the
// cluster resource, as ParentQueue.updateClusterResource does: percentage
// and weight queues scale the cluster by their absolute fractions;
// absolute queues use their configured resources, scaled down in
// proportion when their parent's effective minimum is smaller than the
// children's configured sum (effectiveMinRatio).
func (q *queue) updateResources(cluster Resource, g *globals) {
	if q.parent == nil && g.nonLegacy != nil {
		g.effective = xmlconf.QueueResources(g.nonLegacy, toModelRes(cluster), g.rc.drf, g.legacyHandler)
	}
	if eff, ok := g.effective[q.path]; ok && q.parent != nil {
		q.applyEffective(eff)
	} else if q.parent == nil {
		q.guarantee, q.maxRes = cluster, cluster
	} else if q.absoluteMode && !q.configuredMin.IsZero() {
		q.guarantee, q.maxRes = absoluteEffective(q.configuredMin, q.configuredMax, q.parent.minRatio, q.parent.maxRes)
		q.deriveAbsoluteCapacities(&g.rc, cluster)
	} else if q.legacyAbs {
		q.legacyAbsoluteQuotas()
	} else {
		q.guarantee = multiplyTrunc(cluster, float64(q.absCap))
		q.maxRes = multiplyTrunc(cluster, float64(q.absMaxCap))
	}
	q.maxDown = g.rc.roundDown(q.maxRes, g.minAlloc)
	q.minRatio = effectiveMinRatio(&g.rc, q.guarantee, q.parent == nil, q.children, func(c *queue) (Resource, bool) {
		return c.configuredMin, c.absoluteMode
	})
	for _, c := range q.children {
		c.updateResources(cluster, g)
	}
}

// deriveAbsoluteCapacities is ParentQueue.deriveCapacityFromAbsoluteConfigurations:
// on every cluster update an absolute-mode queue's fractions follow its
// effective resources, so a node joining or leaving changes its capacity
// and absolute capacity (TestAbsoluteResourceConfiguration#
// testEffectiveResourceAfterIncreasingClusterResource) while the
// configured resources stay. The parent's values are already updated.
// Without nodes the fractions from the configuration stand, where
// Hadoop would divide by zero.
func (q *queue) deriveAbsoluteCapacities(rc *calc, cluster Resource) {
	p := q.parent
	if cluster.IsZero() || !rc.positive(p.guarantee) || !rc.positive(p.maxRes) {
		return
	}
	q.capacity = rc.divide(q.guarantee, p.guarantee)
	q.maxCapacity = rc.divide(q.maxRes, p.maxRes)
	q.absCap = q.capacity * p.absCap
	q.absMaxCap = q.maxCapacity * p.absMaxCap
}

// configuredMaxResource is the queue's configured maximum as
// AbstractCSQueue.updateConfigurableResourceRequirement records it: a queue
// with a minimum but no maximum of its own takes its parent's configured
// maximum.
func (q *queue) configuredMaxResource() Resource {
	if !q.configuredMax.IsZero() || q.configuredMin.IsZero() || q.parent == nil {
		return q.configuredMax
	}
	return q.parent.configuredMaxResource()
}

// legacyAbsoluteQuotas gives an AutoCreatedLeafQueue of an absolute
// leaf-queue-template the template's resource quotas
// (AutoCreatedLeafQueue.mergeCapacities copies the template's configured
// minimum and maximum; GuaranteedOrZeroCapacityOverTimePolicy zeroes the
// minimum of a leaf it gives no guarantee) and, as an absolute queue,
// effective resources from them (AbstractCSQueue.updateEffectiveResources:
// the minimum scaled by the parent's ratio, the maximum capped by the
// parent's), not the cluster times its derived percentages, which differ
// in the resources the percentage was not derived from.
func (q *queue) legacyAbsoluteQuotas() {
	q.configuredMin, q.configuredMax = Resource{}, q.legacyAbsMax
	if q.capacity > 0 {
		q.configuredMin = q.legacyAbsMin
	}
	q.guarantee, q.maxRes = absoluteEffective(q.configuredMin, q.configuredMax, q.parent.minRatio, q.parent.maxRes)
}

// applyEffective takes the guarantee, maximum and capacities of Hadoop
// 3.4's non-legacy computation (per resource type; absolute, then
// percentage, then weight siblings), as
// CapacitySchedulerQueueCapacityHandler sets them on the queue.
func (q *queue) applyEffective(eff xmlconf.Effective) {
	q.guarantee, q.maxRes = fromModelRes(eff.Min), fromModelRes(eff.Max)
	q.capacity, q.maxCapacity = float32(eff.Capacity), float32(eff.MaxCapacity)
	q.absCap, q.absMaxCap = float32(eff.AbsCapacity), float32(eff.AbsMaxCapacity)
}

// walk visits q and its subtree depth first.
func (q *queue) walk(f func(*queue)) {
	f(q)
	for _, c := range q.children {
		c.walk(f)
	}
}

// addPending adds n outstanding containers to q and its ancestors.
func (q *queue) addPending(n int64) {
	for p := q; p != nil; p = p.parent {
		was := p.pending > 0
		p.pending += n
		if p.parent != nil && was != (p.pending > 0) {
			p.parent.noteAsking(p)
		}
	}
}

// addUsed changes used (and reserved) of q and its ancestors. A
// reservation counts as one of the queue's containers, as Hadoop's
// LeafQueue.apply and ParentQueue.apply call allocateResource (which
// increases numContainers) for a new reservation as for an allocation,
// and releaseResource when it is unreserved; a fulfilled reservation
// (unreserve, then allocate) leaves the count as it was.
func (q *queue) addUsed(r Resource, reserved bool, sign int64) {
	d := Resource{r.MemoryMB * sign, r.VCores * sign}
	for p := q; p != nil; p = p.parent {
		if p.parent != nil && !p.dirty {
			p.dirty = true
			p.parent.dirtyKids = append(p.parent.dirtyKids, p)
		}
		p.used = p.used.Add(d)
		if reserved {
			p.reserved = p.reserved.Add(d)
		}
		p.numContainers += int(sign)
	}
}

// bookUsed is addUsed for a running container (not a reservation) and
// the change its user's usage counts on the same chain (updateUserUsage's
// invalidateUsers: an app's user is its queue's), in one walk up the
// ancestors where addUsed and changed made two. book calls it with
// moveUserUsage, which leaves the count to it. The dirty mark is
// addUsed's, written out again: as a shared helper it made bookUsed too
// costly to inline at commit's three hot calls (checked with -m, #19).
func (q *queue) bookUsed(r Resource, sign int64) {
	d := Resource{r.MemoryMB * sign, r.VCores * sign}
	for p := q; p != nil; p = p.parent {
		if p.parent != nil && !p.dirty {
			p.dirty = true
			p.parent.dirtyKids = append(p.parent.dirtyKids, p)
		}
		p.used = p.used.Add(d)
		p.numContainers += int(sign)
		p.changes++
	}
}

// minRatio is AbstractParentQueue's effectiveMinResourceRatio in one
// partition (xmlconf.MinRatio, shared with capq tree).
type minRatio = xmlconf.MinRatio

// effectiveMinRatio is xmlconf.EffectiveMinRatio over the children's
// configured minimums in a partition: configured gives a child's minimum
// there and whether it is in absolute mode. The default partition and
// every labelled one share this computation.
func effectiveMinRatio(rc *calc, base Resource, root bool, children []*queue, configured func(*queue) (Resource, bool)) minRatio {
	var sum Resource
	for _, c := range children {
		if m, abs := configured(c); abs {
			sum = sum.Add(m)
		}
	}
	return xmlconf.EffectiveMinRatio(toModelRes(base), toModelRes(sum), root, func(a, b xmlconf.Resource) bool {
		return rc.less(fromModelRes(a), fromModelRes(b))
	})
}

// absoluteEffective is xmlconf.AbsoluteEffective (AbstractCSQueue.
// updateEffectiveResources for a queue in absolute mode) on engine
// resources.
func absoluteEffective(configMin, configMax Resource, parentRatio minRatio, parentMax Resource) (guarantee, maxRes Resource) {
	g, m := xmlconf.AbsoluteEffective(toModelRes(configMin), toModelRes(configMax), parentRatio, toModelRes(parentMax))
	return fromModelRes(g), fromModelRes(m)
}
