package engine

import (
	"fmt"

	"github.com/capq/capq/engine/idmap"
	"github.com/capq/capq/placement"
	"github.com/capq/capq/xmlconf"
)

// globals are the scheduler-wide settings the engine uses.
type globals struct {
	rc                  calc
	minAlloc, maxAlloc  Resource
	nodeLocalityDelay   int32
	rackAddDelay        int32
	rackFullReset       bool
	multipleAssignments bool
	maxAssignments      int32
	maxOffSwitch        int32
	continueLooking     bool
	// amNonExclusive: an AM container may be placed in ignore-exclusivity
	// mode (yarn.resourcemanager.node-labels.am.allow-non-exclusive-allocation).
	amNonExclusive bool
	// sizeWeighted: a queue configured since the globals were compiled
	// orders by size-based fair weights (refusal.go).
	sizeWeighted bool
	aclEnable    bool
	// priorityACLEnable is yarn.acl.enable as AppPriorityACLsManager reads
	// it: from the scheduler's configuration, not only the RM's.
	priorityACLEnable bool
	maxSystemApps     int32
	maxAppPriority    int32
	preempt           preemptConf
	// monitorOn is yarn.resourcemanager.scheduler.monitor.enable, the
	// system-wide switch CSQueuePreemptionSettings reads: off, every
	// queue's preemption is disabled, whatever its policy list.
	monitorOn bool
	// parallelApps: max-parallel-apps exists (Hadoop 3.3+,
	// CSMaxRunningAppsEnforcer).
	parallelApps bool
	// resetNPAlways: 2.7 resets the missed non-partitioned opportunities
	// on every allocation, later lines only on an unlabelled node.
	resetNPAlways bool
	// curResAllParts: 2.7's SchedulerApplicationAttempt.getCurrentReservation
	// counts the app's reservations in every partition (currentReservation);
	// from 2.8 (YARN-3356) it is attemptResourceUsage.getReserved(), the
	// default partition's only.
	curResAllParts bool
	// amCompare: up to 3.0 LeafQueue.activateApplications tests the AM
	// limits with Resources.lessThanOrEqual (the calculator's compare,
	// under DRF the dominant share of the cluster); the newest
	// AbstractLeafQueue uses ResourceCalculator.fitsIn.
	amCompare bool
	// askTypeMsgs: a refused request's message names the resource type
	// and the case, InvalidResourceRequestException's LESS_THAN_ZERO and
	// GREATER_THEN_MAX_ALLOCATION templates (in 3.3.0, which YARN-9205's
	// fix of GREATER_THEN_MAX_ALLOCATION refusals reached); older
	// profiles keep one message for both (askRefusal).
	askTypeMsgs bool
	// askMemVcoresMsgs: 2.7's SchedulerUtils.validateResourceRequest
	// checks memory, then virtual cores, each with its own message,
	// before resource types (YARN-3926) reached the scheduler.
	askMemVcoresMsgs bool
	// ul27: 2.7's LeafQueue computes the user limit for the request being
	// placed, per app and priority, and its headroom from it
	// (userlimit27.go); later lines' UsersManager for the minimum
	// allocation, cached per queue (limits.go).
	ul27 bool
	// order27: a parent orders its children by 2.7's
	// CapacityScheduler.queueComparator (order27.go), not by
	// PriorityUtilizationQueueOrderingPolicy (2.9, YARN-5864).
	order27 bool
	// ulfOff: a user-limit-factor of exactly -1 switches the per-user cap
	// off, which only 3.4 tests for (UsersManager#computeUserLimit,
	// AbstractLeafQueue#getUserAMResourceLimitPerPartition); older lines
	// multiply by it like any factor (ulfDisabled). The same 3.4 test
	// caps a user of a queue guaranteed nothing at the queue's maximum
	// (capsUserAtMax). YARN-10531, a sub-task of YARN-10496 (flexible auto
	// queue creation), is in none of the 3.3.1 to 3.3.6 changelogs (3.3.2
	// to 3.3.6 searched whole, 3.3.1's read to its end) and postdates
	// 3.3.0; which JIRA added the zero-guarantee half ("Can happen if
	// dynamic queue has capacity = 0%") is not identified, and every
	// pre-3.4 UsersManager read lacks both halves.
	ulfOff bool
	// nonLegacy is the model's root when Hadoop 3.4's non-legacy queue
	// mode computes capacities (xmlconf.QueueResources), nil otherwise;
	// effective holds that computation for the current cluster resource.
	nonLegacy *xmlconf.Queue
	effective map[string]xmlconf.Effective
	// legacyHandler: the scheduler started in legacy queue mode, which
	// the queue capacity handler keeps after a refresh turns it off
	// (CapacitySchedulerQueueManager creates it once).
	legacyHandler bool
}

// node is one node manager.
type node struct {
	// The first cache line is what booking a container and its event
	// read (book, container.event): on a release the node is cold, and
	// these fields in one line cost one miss where the old order's three
	// lines cost up to three. The struct is 128 bytes, a size class of
	// its own, so every node starts on a line (TestNodeLayout).
	idx       int
	id        string
	allocated Resource
	reserved  *container
	// pi is the index in Engine.parts of the node's partition.
	pi int
	// numContainers counts the running containers on the node.
	numContainers int32
	removed       bool

	host  string
	rack  string
	total Resource
	// partition is the node's label ("" = default partition).
	partition string
}

func (n *node) free() Resource { return n.total.Sub(n.allocated) }

// Engine is a running Capacity Scheduler. It is not safe for concurrent
// use; drive it from one goroutine.
type Engine struct {
	model  *xmlconf.Model
	opts   Options
	g      globals
	root   *queue
	queues []*queue
	byPath map[string]*queue
	// shortQueue and shortCount index the queues by short name
	// (indexShortNames): the last queue seen and how many share it.
	shortQueue map[string]*queue
	shortCount map[string]int

	nodes      []*node
	nodeByID   map[string]*node
	nodesAlive int
	// maxAlloc caps requests by the largest node (maxalloc.go).
	maxAlloc maxAllocTracker
	// cluster is the default partition's resource (unlabelled nodes):
	// every default-partition limit is computed against it, as Hadoop
	// computes them against labelManager.getResourceByLabel(partition).
	// all is every node's sum, the clusterResource Hadoop hands its
	// resource calculator. parts is the partition table (partition.go),
	// partIdx its index by name; labelsOn says the cluster has labels
	// (snapshots then show the label fields).
	cluster  Resource
	all      Resource
	parts    []partition
	partIdx  map[string]int
	labelsOn bool

	apps    []*app
	appByID map[string]*app
	failed  []failedApp

	appSeq   int64
	liveApps int
	// betweenAttempts counts the apps whose attempt was removed and the
	// next not yet added (RemoveAttempt).
	betweenAttempts int
	// userRunnable counts runnable apps per user across queues;
	// nonRunnable lists apps held back by max-parallel-apps in
	// submission order.
	userRunnable map[string]int
	nonRunnable  []*app
	// reloadFailure is what the last Refresh's updateRunnabilityOnReload
	// would throw in Hadoop ("" when nothing; ReloadFailure).
	reloadFailure string
	// parallelOn and autoOn say whether max-parallel-apps and
	// auto-created queues are configured (snapshots show their fields).
	parallelOn, autoOn bool
	// dynamicPaths lists auto-created queues in creation order (a refresh
	// keeps them); nowMS is the simulated time the caller last set.
	dynamicPaths []string
	nowMS        int64
	// rules are the placement rules of the configuration in force.
	rules        *placement.Set
	ruleProblems []placement.Problem
	// pidx is the queue index placement resolves names against, built on
	// first use after each model change.
	pidx placement.Queues

	// containers are the running ones by id (ids are 1, 2, ... in
	// allocation order): paged slices, as a map's hashing was 5% of a
	// busy day and one slice kept every dead id's slot.
	containers idmap.Map[*container]
	nextID     int64
	// spareC are released containers' records for reuse (recycle.go).
	spareC  []*container
	passSeq uint64
	// stand and slots are the counted re-reservations (standing.go).
	stand []standing
	slots owedSlots
	// roomCeil is the smallest memory a test of the node's free room
	// failed on during the last pass (roomceil.go).
	roomCeil int64
	// nodeTouches counts requests that reached a pass's node checks;
	// memoEpoch bumps on changes a queue's changes do not count
	// (passmemo.go).
	nodeTouches, memoEpoch uint64
	checking               bool // checkRecall's pass
	// offGrid: some container's memory is not a whole number of minimum
	// allocations (refusal.go).
	offGrid bool
	// preemptStamp numbers pendingForPreemption's walks (user.preemptStamp).
	preemptStamp uint64
	// preemptEpoch invalidates the preemption round's cached totals
	// (shapeChanged, preempt_cache.go).
	preemptEpoch uint64

	// why collects explanations during a pass when Options.Explain is set.
	why *[]string
	pre preemptState
	// lazy is the killable containers of lazy preemption (lazy.go), nil
	// when it is off.
	lazy *lazyState
	// leafOrders keeps the preemption policy's leaf order between rounds.
	leafOrders leafOrderCache
	hbBuf      []Assignment
	// pendBuf is UpdateAsks' scratch copy of an app's labelled pending.
	pendBuf []int64

	// mn and async are multi-node placement and asynchronous scheduling
	// (multinode.go, async.go), nil when off.
	mn    *multiNode
	async *asyncConf
	// nodesReserved counts nodes holding a reservation.
	nodesReserved int
	// deletionMarks are the queues AutoCreatedQueueDeletionPolicy marked
	// in its last run (DeletionRound).
	deletionMarks map[string]bool
	// deletionMS is DeletionPolicyMS, fixed when the engine starts.
	deletionMS int64
	// reservedPassOvers counts multi-node passes over a reserved node with
	// room that Hadoop would have proposed on (allocateKeyMulti).
	reservedPassOvers int64
	// emptiedByRefresh are the queues a refresh left with an empty
	// non-legacy capacity (refreshEmptied).
	emptiedByRefresh []string
	// reprioritizedOutside are the apps whose priority was updated while
	// they were in neither of their leaf's ordering policies
	// (priority_update.go).
	reprioritizedOutside []string
	// aclUnsettled are submissions whose queue ACL outcome depends on
	// Hadoop code capq's reference does not settle (acl_registry.go).
	aclUnsettled []string
	// aclPreset are the queue names 3.4's RMAppManager registered ACLs for
	// before the queues existed (acl_registry.go).
	aclPreset map[string]*aclPair
	// keptForAttempt are the dynamic leaves the deletion policy passed by
	// because they held an app between attempts (expiry.go).
	keptForAttempt []string
	// waitScan marks the leaves Waiting reads (waitscan.go). Last, so
	// the fields a pass reads keep their places.
	waitScan []uint64
	// allocatedSum is the sum of every node's allocated, kept by book
	// for Waiting's free room (why.go).
	allocatedSum Resource
	// wf is the workflow priority mappings (workflow.go), compiled with
	// the globals; only submissions read it, so it comes last, out of
	// the way of the fields a pass reads.
	wf workflowConf
	// spareLive holds stopped attempts' empty running lists (recycle.go);
	// last, for the same reason.
	spareLive [][]*container
	// slab holds new container records not yet handed out (recycle.go).
	slab []container
}

// New builds an engine for the model and nodes. It refuses a model
// without a queue tree; the caller validates the configuration first.
func New(m *xmlconf.Model, nodes []NodeSpec, opts Options) (*Engine, error) {
	if m == nil || m.Root == nil {
		return nil, fmt.Errorf("engine: the configuration has no queue tree")
	}
	if m.TooLarge != nil {
		return nil, fmt.Errorf("engine: %w", m.TooLarge)
	}
	// Every queue keeps its state in every partition.
	if err := xmlconf.CheckLabelPairs(len(m.Queues), countLabels(m, nodes)); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	e := &Engine{opts: opts, nodeByID: map[string]*node{}, appByID: map[string]*app{}, userRunnable: map[string]int{}}
	e.initPartitions()
	e.setModel(m)
	e.mn, e.async = compileMultiNode(m), compileAsync(m)
	e.deletionMS = deletionPolicyMS(m)
	// CapacityScheduler#initScheduler reads lazy-preemption-enabled, and
	// reinitialize again (Refresh).
	if compileLazy(m, e.g.preempt.enabled) != nil {
		e.startLazy()
	}
	if err := e.AddNodes(nodes...); err != nil {
		return nil, err
	}
	return e, nil
}

// setModel compiles globals and the queue tree, keeping live queues by
// path (used by New and Refresh).
func (e *Engine) setModel(m *xmlconf.Model) {
	e.shapeChanged()
	e.model = m
	// Once shown, the fields stay for the rest of the run.
	e.parallelOn = e.parallelOn || parallelConfigured(m)
	e.autoOn = e.autoOn || autoConfigured(m)
	e.rules, e.ruleProblems = loadRules(m)
	e.pidx = nil
	refresh, oldMin, oldHandler := e.root != nil, e.g.minAlloc, e.g.legacyHandler
	e.g = compileGlobals(m, e.g.rc.cluster)
	e.wf = compileWorkflow(&m.Global)
	if refresh {
		// CapacityScheduler#initScheduler sets minimumAllocation once, and
		// reinitialize only validates a new one (2.x and 3.x): every queue
		// and normalisation keeps the start's.
		e.g.minAlloc = oldMin
		e.g.legacyHandler = oldHandler
	}
	old := e.byPath
	e.byPath = map[string]*queue{}
	e.queues = e.queues[:0]
	var build func(mq *xmlconf.Queue, parent *queue) *queue
	build = func(mq *xmlconf.Queue, parent *queue) *queue {
		q := old[mq.Path]
		if q == nil {
			q = newQueue(mq, parent, &e.g)
		} else {
			q.parent = parent
			q.configure(mq, &e.g)
		}
		q.idx = len(e.queues)
		e.queues = append(e.queues, q)
		e.byPath[q.path] = q
		q.children = q.children[:0]
		for i, c := range mq.Children {
			cq := build(c, q)
			cq.pos = i
			q.children = append(q.children, cq)
		}
		q.order = q.order[:0]
		q.sortValid = false
		return q
	}
	e.root = build(m.Root, nil)
	for _, q := range e.queues {
		if q.legacyAuto {
			// A refresh may change the managed parent's template.
			e.setLegacyTemplate(q)
		}
	}
	e.resetWaitScan()
	e.indexShortNames()
	e.root.updateResources(e.cluster, &e.g)
	e.modelPartitions(m)
}

func compileGlobals(m *xmlconf.Model, cluster Resource) globals {
	gl := m.Global
	g := globals{
		rc:                  calc{drf: gl.DominantCalculator(), cluster: cluster},
		minAlloc:            fromModelRes(gl.MinAllocation.V),
		maxAlloc:            fromModelRes(gl.MaxAllocation.V),
		nodeLocalityDelay:   gl.NodeLocalityDelay.V,
		rackAddDelay:        gl.RackLocalityAddDelay.V,
		rackFullReset:       gl.RackLocalityFullReset.V,
		multipleAssignments: gl.MultipleAssignments.V,
		maxAssignments:      gl.MaxContainerAssignments.V,
		maxOffSwitch:        gl.MaxOffSwitchAssignments.V,
		continueLooking:     gl.ReservationsContinueLook.V,
		amNonExclusive:      gl.AMAllowNonExclusive.V,
		aclEnable:           gl.ACLEnable.V,
		priorityACLEnable:   gl.PriorityACLEnable.V,
		maxSystemApps:       gl.MaxApplications.V,
		maxAppPriority:      gl.MaxAppPriority.V,
		preempt:             compilePreempt(gl.Preemption),
		monitorOn:           gl.MonitorEnabled.V,
		parallelApps:        m.Version.AtLeast(xmlconf.V3_3),
		resetNPAlways:       m.Version.Less(xmlconf.V2_10),
		curResAllParts:      m.Version.Less(xmlconf.V2_10),
		amCompare:           m.Version.Less(xmlconf.V3_1),
		askTypeMsgs:         m.Version.AtLeast(xmlconf.V3_3),
		askMemVcoresMsgs:    !m.Version.AtLeast(xmlconf.V2_10),
		ul27:                m.Version.Less(xmlconf.V2_10),
		order27:             m.Version.Less(xmlconf.V2_10),
		ulfOff:              m.Version.AtLeast(xmlconf.V3_4),
	}
	// The fair-share split of fair-ordered leaves (YARN-10559) is in the
	// newest FifoIntraQueuePreemptionPlugin, which capq's 3.4 profile
	// follows; the 3.3.1, 3.4.0 and 3.4.1 changelogs do not list it. The
	// 3.3 line's plugin splits those leaves by user limit.
	g.preempt.intra.fairShares = m.Version.AtLeast(xmlconf.V3_4)
	if m.NonLegacyMode() {
		g.nonLegacy = m.Root
	}
	g.legacyHandler = !m.NonLegacyMode()
	if g.maxOffSwitch < 1 {
		g.maxOffSwitch = 1 // CapacitySchedulerConfiguration warns and uses 1
	}
	return g
}

// AddNodes adds node managers; the cluster resource grows by their sum.
func (e *Engine) AddNodes(specs ...NodeSpec) error {
	for _, s := range specs {
		if s.ID == "" {
			return fmt.Errorf("engine: node without id")
		}
		if n := e.nodeByID[s.ID]; n != nil && !n.removed {
			return fmt.Errorf("engine: node %q already exists", s.ID)
		}
		host, rack := s.Host, s.Rack
		if host == "" {
			host = s.ID
		}
		if rack == "" {
			rack = "/default-rack"
		}
		n := &node{idx: len(e.nodes), id: s.ID, host: host, rack: rack, total: Resource{s.MemoryMB, s.VCores}, partition: s.Partition}
		n.pi = e.partIndex(s.Partition)
		e.nodes = append(e.nodes, n)
		e.nodeByID[s.ID] = n
		e.addPartitionResource(n, n.total, 1)
		e.nodesAlive++
	}
	e.clusterChanged()
	e.rebalanceManagedParents()
	return nil
}

// RemoveNodes removes node managers: their containers are killed and
// their reservations cancelled, as the RM does on NODE_REMOVED.
func (e *Engine) RemoveNodes(ids ...string) error {
	for _, id := range ids {
		n := e.nodeByID[id]
		if n == nil || n.removed {
			return fmt.Errorf("engine: unknown node %q", id)
		}
		if n.reserved != nil {
			e.unreserve(n.reserved)
		}
		for _, c := range e.containersOnNode(n) {
			e.release(c, EvReleased)
			e.afterKeptRelease(c.a)
		}
		n.removed = true
		delete(e.nodeByID, id)
		e.addPartitionResource(n, Resource{}.Sub(n.total), -1)
		e.nodesAlive--
	}
	e.clusterChanged()
	return nil
}

// NodeIndex returns the index of a live node for Heartbeat/AssignOnce.
func (e *Engine) NodeIndex(id string) (int, bool) {
	n := e.nodeByID[id]
	if n == nil {
		return 0, false
	}
	return n.idx, true
}

// NumNodes returns the number of node slots (indices 0..NumNodes-1;
// removed nodes keep their slot).
func (e *Engine) NumNodes() int { return len(e.nodes) }

// Cluster returns the default partition's resource (the whole cluster
// when no node carries a label).
func (e *Engine) Cluster() Resource { return e.cluster }

func (e *Engine) containersOnNode(n *node) []*container {
	var out []*container
	for _, a := range e.apps {
		a.eachLive(func(c *container) {
			if c.node == n {
				out = append(out, c)
			}
		})
	}
	return out
}

// clusterChanged recomputes everything that depends on the cluster
// resource (CapacityScheduler.updateNodeAndQueueResource).
func (e *Engine) clusterChanged() {
	e.shapeChanged()
	e.maxAlloc.stale = true
	e.g.rc.cluster = e.all
	e.root.updateResources(e.cluster, &e.g)
	if e.labelsOn {
		e.configurePartitions()
	}
	e.invalidateOrder()
	for _, q := range e.queues {
		if q.leaf {
			q.recomputeUsageRatio(e)
			e.recomputePartitionRatios(q)
			q.invalidateUsers()
		}
	}
	e.activateAll()
	if e.g.ul27 {
		for _, q := range e.queues {
			if q.leaf {
				e.clusterChanged27(q)
			}
		}
	}
}

// activateAll re-runs activation in every leaf, in tree order.
func (e *Engine) activateAll() {
	for _, q := range e.queues {
		if q.leaf {
			e.activate(q)
		}
	}
}

func (e *Engine) note(format string, args ...any) {
	if e.why != nil {
		*e.why = append(*e.why, fmt.Sprintf(format, args...))
	}
}

func (e *Engine) emit(ev Event) {
	if e.opts.OnEvent != nil {
		e.opts.OnEvent(ev)
	}
}
