package engine

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Multi-node placement (Hadoop 3.2+, yarn.scheduler.capacity.
// multi-node-placement-enabled): a scheduling pass offers an app the
// nodes of a whole partition in the order its queue's lookup policy keeps
// (CapacityScheduler.getCandidateNodeSet, allocateContainersOnMultiNodes,
// LocalityAppPlacementAllocator.getPreferredNodeIterator,
// MultiNodeSortingManager.getMultiNodeSortIterator) instead of the one node
// that heartbeats.

// ResourceUsagePolicy is the lookup policy class Hadoop ships.
const ResourceUsagePolicy = xmlconf.ResourceUsageLookupPolicy

// defaultSortingIntervalMS is MultiNodePolicySpec's default
// (CapacitySchedulerConfiguration.DEFAULT_MULTI_NODE_SORTING_INTERVAL).
const defaultSortingIntervalMS = 1000

// multiNode is the multi-node placement state: one sorter per configured
// policy (MultiNodeSortingManager.runningMultiNodeSorters).
type multiNode struct {
	sorters map[string]*sorter
	// policyOf caches each queue's policy name for the model in force
	// (AbstractCSQueue.setMultiNodeSortingPolicyName, refreshable).
	policyOf  map[*queue]string
	policyFor *xmlconf.Model
	// rank is each node's place (by index) in NodeId order, host then id:
	// the comparator's tie-break, computed once per node.
	rank []int32
	// skipReserved is skip-allocate-on-nodes-with-reserved-containers
	// (3.4, YARN-11573), which only 3.4 reads.
	skipReserved bool
}

// compileMultiNode reads the multi-node settings, which Hadoop reads only
// when the scheduler starts (RF013: a refresh does not apply them). It
// returns nil when multi-node placement is off or the Hadoop line has
// none (before 3.2).
func compileMultiNode(m *xmlconf.Model) *multiNode {
	if m.Conf == nil || m.Version.Less(xmlconf.V3_2) || !confBool(m.Conf, xmlconf.Prefix+"multi-node-placement-enabled") {
		return nil
	}
	mn := &multiNode{sorters: map[string]*sorter{},
		skipReserved: !m.Version.Less(xmlconf.V3_4) && confBool(m.Conf, xmlconf.Prefix+"skip-allocate-on-nodes-with-reserved-containers")}
	for _, name := range xmlconf.MultiNodePolicyNames(m.Conf.GetOr(xmlconf.Prefix+"multi-node-sorting.policy.names", ""), m.Version) {
		base := xmlconf.Prefix + "multi-node-sorting.policy." + name
		// getMultiNodePlacementPolicies ("default" has a class without
		// its key; a missing one is lint CS057).
		s := &sorter{name: name, class: xmlconf.MultiNodePolicyClass(m.Conf, name), intervalMS: defaultSortingIntervalMS, period: -1}
		s.layered = s.class == LayeredPolicy && !m.Version.Less(xmlconf.V3_4)
		if raw, ok := m.Conf.Raw(base + ".sorting-interval.ms"); ok {
			if v, err := xmlconf.HadoopGetLong(m.Conf.GetOr(base+".sorting-interval.ms", "")); err == nil && v >= 0 {
				s.intervalMS = v
			} else {
				s.badInterval = raw
			}
		}
		mn.sorters[name] = s
	}
	return mn
}

// confBool is Configuration.getBoolean with default false.
func confBool(c *xmlconf.Conf, key string) bool {
	v, _ := xmlconf.HadoopGetBool(c.GetOr(key, ""), false)
	return v
}

// policyName is CapacitySchedulerConfiguration.
// getMultiNodesSortingAlgorithmPolicy: the queue's multi-node-sorting.policy,
// else the scheduler-wide one; "" when neither names one.
func policyName(m *xmlconf.Model, path string) string {
	v, ok := m.Conf.Raw(xmlconf.Prefix + path + ".multi-node-sorting.policy")
	if !ok {
		v = m.Conf.GetOr(xmlconf.Prefix+"multi-node-sorting.policy", "")
	}
	return strings.TrimSpace(v)
}

// candidates returns the nodes of the partition in the order q's policy
// offers them (MultiNodeSortingManager.getMultiNodeSortIterator). Without
// a policy, or with one that is not running, Hadoop offers only the first
// node of the candidate map (a HashMap, so arbitrary); capq offers the
// partition's first live node in node order (Unmodelled says so).
func (e *Engine) candidates(q *queue, partition string) []*node {
	mn := e.mn
	if mn.policyFor != e.model {
		mn.policyOf, mn.policyFor = map[*queue]string{}, e.model
	}
	name, ok := mn.policyOf[q]
	if !ok {
		name = policyName(e.model, q.path)
		mn.policyOf[q] = name
	}
	s := mn.sorters[name]
	if s == nil {
		for _, n := range e.nodes {
			if !n.removed && n.partition == partition {
				return []*node{n}
			}
		}
		return nil
	}
	return s.lookup(e, partition)
}

// NodeOrder returns the ids of the partition's nodes in the order the
// named policy last sorted them (nil when multi-node placement is off or
// the policy unknown), for tests and explanations.
func (e *Engine) NodeOrder(policy, partition string) []string {
	if e.mn == nil || e.mn.sorters[policy] == nil {
		return nil
	}
	var out []string
	for _, n := range e.mn.sorters[policy].lookup(e, partition) {
		if !n.removed {
			out = append(out, n.id)
		}
	}
	return out
}

// MultiNode reports whether multi-node placement is in force.
func (e *Engine) MultiNode() bool { return e.mn != nil }

// allocateKeyMulti is RegularContainerAllocator.allocate over the sorted
// candidates (Hadoop 3.4): each node is pre-checked on its own
// (preCheckForNodeCandidateSet, so a headroom refusal or a missed
// opportunity counts per node), the request is allocated on the first node
// with room, and a reservation is made only when the iterator's last node
// would reserve (YARN-10259: "Last Node from Node Iterator will be
// RESERVED"). A node that already holds a reservation is passed over:
// skip-allocate-on-nodes-with-reserved-containers skips it; without that
// setting Hadoop proposes a container there when it has room and refuses
// it at commit (FiCaSchedulerApp.commonCheckContainerAllocation), which
// capq does not replay: it counts those passes (reservedPassOvers) and
// Engine.Unmodelled says how many. The node returned is the one the
// result is for.
func (e *Engine) allocateKeyMulti(a *app, k *schedKey, lim *limits) (allocResult, *node) {
	nodes := e.candidates(a.q, e.parts[lim.pi].name)
	// A node removed or moved to another partition since the sort stays
	// in the sorted set; precheckNode (and the commit) refuse it.
	usable := func(n *node) bool { return !n.removed && n.reserved == nil && n.pi == lim.pi }
	last := len(nodes) - 1
	for last >= 0 && !usable(nodes[last]) {
		last--
	}
	r := allocResult{state: stPrioritySkipped}
	var at *node
	for i, n := range nodes {
		if !usable(n) {
			if n.reserved != nil && !n.removed && n.pi == lim.pi && !e.mn.skipReserved && e.roomFits(k.capability, n) {
				e.reservedPassOvers++
			}
			continue
		}
		r, at = e.allocateKey(a, k, n, lim, nil), n
		if r.state == stAllocated {
			return r, at
		}
		if r.state == stReserved && i != last {
			// Try the next node: only the last one reserves.
			r.state = stLocalitySkipped
		}
	}
	return r, at
}

// assignMulti is one pass of allocateContainersToNode with multi-node
// placement (allocateContainersOnMultiNodes): every node of the
// partition that holds a reservation tries to fulfil it, then root is
// offered the whole partition for one new container. The heartbeating
// node only picks the partition. The returned assignments are the
// fulfilments, then the new container's (or a none).
func (e *Engine) assignMulti(n *node, out []Assignment) ([]Assignment, Assignment) {
	var why []string
	if e.opts.Explain {
		e.why = &why
		defer func() { e.why = nil }()
	}
	e.passSeq++
	for _, rn := range e.nodes {
		if e.nodesReserved == 0 {
			break
		}
		if rn.removed || rn.partition != n.partition || rn.reserved == nil {
			continue
		}
		if r := e.allocateFromReserved(rn); r.assigned() {
			out = append(out, e.toAssignment(r, rn, nil))
		}
	}
	r := e.newContainersMulti(n)
	at := n
	if r.c != nil {
		at = r.c.node
	}
	return out, e.toAssignment(r, at, why)
}

// newContainersMulti is allocateOrReserveNewContainers on the node's
// partition: a RESPECT_PARTITION_EXCLUSIVITY pass with the partition's
// resource as root's limit, then, on a non-exclusive label where that
// assigned nothing, an IGNORE_PARTITION_EXCLUSIVITY pass for
// default-partition requests with the default partition's resource (as
// assignLabelled does for one node). No node is checked for room
// (ParentQueue.canAssign without a single node).
func (e *Engine) newContainersMulti(n *node) result {
	p := &e.parts[n.pi]
	r, _ := e.assignParent(e.root, nil, limits{limit: p.res, pi: n.pi})
	if r.assigned() || n.pi == 0 || p.exclusive {
		return r
	}
	r, _ = e.assignParent(e.root, nil, limits{limit: e.cluster, pi: n.pi, ignore: true})
	return r
}

// heartbeatMulti is a node heartbeat with multi-node placement: passes
// over the partition while CapacityScheduler.canAllocateMore allows.
func (e *Engine) heartbeatMulti(n *node) []Assignment {
	out := e.hbBuf[:0]
	offSwitch, assigned := int32(0), int32(0)
	for {
		var a Assignment
		out, a = e.assignMulti(n, out)
		if a.Kind != AssignNone || len(out) == 0 {
			out = append(out, a)
		}
		if a.Kind != AssignAllocated {
			break // nothing, or a reservation
		}
		assigned++
		if a.Locality == OffSwitch {
			offSwitch++
		}
		if !e.canAllocateMore(assigned, offSwitch) {
			break
		}
	}
	e.hbBuf = out
	return out
}

// assignOnceMulti is AssignOnce with multi-node placement: the new
// container's assignment, or, when there is none, the first reservation
// fulfilled on the way.
func (e *Engine) assignOnceMulti(n *node) Assignment {
	out, a := e.assignMulti(n, nil)
	if a.Kind == AssignNone && len(out) > 0 {
		f := out[0]
		f.Why = a.Why
		return f
	}
	return a
}
