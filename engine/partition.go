package engine

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// This file holds the engine's partition table: the cluster's node
// labels (CommonNodeLabelsManager), their exclusivity, resource and node
// count. Index 0 is always the default partition (""); every other
// partition gets the next index the first time the engine hears of it
// (a node, a DefineLabels call or a queue setting), and keeps it.

// partition is one node partition.
type partition struct {
	name      string
	exclusive bool
	res       Resource
	nodes     int
}

// initPartitions sets up the default partition.
func (e *Engine) initPartitions() {
	e.parts = []partition{{name: "", exclusive: true}}
	e.partIdx = map[string]int{"": 0}
}

// partIndex returns the index of a partition, adding it (exclusive, the
// default of addToClusterNodeLabels) when new.
func (e *Engine) partIndex(name string) int {
	if i, ok := e.partIdx[name]; ok {
		return i
	}
	e.labelsOn = true
	e.shapeChanged()
	e.parts = append(e.parts, partition{name: name, exclusive: true})
	i := len(e.parts) - 1
	e.partIdx[name] = i
	for _, q := range e.queues {
		q.growParts(len(e.parts))
	}
	return i
}

// modelPartitions registers the labels the configuration names
// (accessible-node-labels and their settings) and computes the queues'
// capacities in every partition.
func (e *Engine) modelPartitions(m *xmlconf.Model) {
	for _, mq := range m.Queues {
		if mq.AccessibleLabels.Origin == xmlconf.FromParent {
			continue // the parent's list, registered with it
		}
		for _, l := range mq.AccessibleLabels.V {
			if l != "*" {
				e.partIndex(l)
			}
		}
		for _, ls := range mq.Labels {
			e.partIndex(ls.Label)
		}
	}
	if e.labelsOn {
		e.configurePartitions()
	}
}

// countLabels counts the partitions New would register for m and nodes,
// before any per-queue state is grown for them.
// labelsAfter counts the labels the engine would hold with m: those it
// knows and those m names.
func (e *Engine) labelsAfter(m *xmlconf.Model) int {
	n := len(e.parts) - 1
	for l := range modelLabels(m) {
		if _, ok := e.partIdx[l]; !ok {
			n++
		}
	}
	return n
}

func countLabels(m *xmlconf.Model, nodes []NodeSpec) int {
	set := modelLabels(m)
	for _, n := range nodes {
		set[n.Partition] = true
	}
	delete(set, "")
	return len(set)
}

// modelLabels are the labels m's queues name.
func modelLabels(m *xmlconf.Model) map[string]bool {
	set := map[string]bool{}
	for _, mq := range m.Queues {
		if mq.AccessibleLabels.Origin != xmlconf.FromParent {
			for _, l := range mq.AccessibleLabels.V {
				if l != "*" {
					set[l] = true
				}
			}
		}
		for _, ls := range mq.Labels {
			set[ls.Label] = true
		}
	}
	delete(set, "")
	return set
}

// DefineLabels adds cluster node labels with their exclusivity
// (addToClusterNodeLabels); a label already known keeps its index and
// takes the new exclusivity. The caller validates names.
//
// Every queue keeps its state in every partition, so a label set that
// would take queues × labels past xmlconf.MaxLabelPairs is refused whole.
func (e *Engine) DefineLabels(labels map[string]bool) error {
	names := make([]string, 0, len(labels))
	known := len(e.parts) - 1 // the default partition is no label
	for l := range labels {
		names = append(names, l)
		if _, ok := e.partIdx[l]; !ok && l != "" {
			known++
		}
	}
	if err := xmlconf.CheckLabelPairs(len(e.queues), known); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	sort.Strings(names)
	for _, l := range names {
		if l == "" {
			continue
		}
		e.parts[e.partIndex(l)].exclusive = labels[l]
	}
	e.configurePartitions()
	e.invalidateOrder()
	return nil
}

// Partitions returns the known partitions' names in index order ("" first).
func (e *Engine) Partitions() []string {
	out := make([]string, len(e.parts))
	for i, p := range e.parts {
		out[i] = p.name
	}
	return out
}

// PartitionResource returns the resource of the nodes in a partition
// ("" = default partition), CommonNodeLabelsManager.getResourceByLabel.
func (e *Engine) PartitionResource(label string) Resource {
	if i, ok := e.partIdx[label]; ok {
		return e.parts[i].res
	}
	return Resource{}
}

// addPartitionResource adds d to the node's partition and to the total.
func (e *Engine) addPartitionResource(n *node, d Resource, count int) {
	e.shapeChanged()
	e.all = e.all.Add(d)
	p := &e.parts[n.pi]
	p.res = p.res.Add(d)
	p.nodes += count
	if n.pi == 0 {
		e.cluster = p.res
	}
}

// NodesInPartition returns the ids of the live nodes in a partition, in
// node order.
func (e *Engine) NodesInPartition(label string) []string {
	var out []string
	for _, n := range e.nodes {
		if !n.removed && n.partition == label {
			out = append(out, n.id)
		}
	}
	return out
}

// SetNodePartitions moves nodes to other partitions ("" = default), like
// replaceLabelsOnNode followed by CapacityScheduler.updateLabelsOnNode:
// running containers and reservations stay on the node, and their usage
// (queue, user, app, AM) moves to the new partition
// (LeafQueue.updateLabelsOnNode via detach/attach of each container);
// partition resources and every limit derived from them are recomputed.
func (e *Engine) SetNodePartitions(moves map[string]string) error {
	ids := make([]string, 0, len(moves))
	for id := range moves {
		if n := e.nodeByID[id]; n == nil || n.removed {
			return fmt.Errorf("engine: unknown node %q", id)
		}
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		n := e.nodeByID[id]
		to := e.partIndex(moves[id])
		if to == n.pi {
			continue
		}
		e.moveNodeUsage(n, to)
		e.addPartitionResource(n, Resource{}.Sub(n.total), -1)
		n.pi, n.partition = to, moves[id]
		e.addPartitionResource(n, n.total, 1)
	}
	e.clusterChanged()
	return nil
}

// moveNodeUsage moves the usage of the node's containers and reservation
// from its partition to partition to.
func (e *Engine) moveNodeUsage(n *node, to int) {
	for _, c := range e.containersOnNode(n) {
		e.bookIn(c, n.pi, -1)
		e.bookIn(c, to, 1)
		if a := c.a; a.amAllocated && c.id == a.amID {
			e.moveAMPartition(a, to)
		}
	}
	if c := n.reserved; c != nil {
		e.reserveIn(c, n.pi, -1)
		e.reserveIn(c, to, 1)
	}
}

// moveAMPartition moves an app's AM resource (queue and user AM used) to
// partition to, along with its AM container's node, as
// FiCaSchedulerApp.nodePartitionUpdated does for an AM container
// (setAppAMNodePartitionName, dec/incAMUsedResource): the AM is then
// released from, and its partition's AM limit applies in, the new one.
func (e *Engine) moveAMPartition(a *app, to int) {
	e.addAMUsed(a, -1)
	a.amPart = to
	e.addAMUsed(a, 1)
}

// accessibleTo reports whether a label list ("*" = any) reaches label l;
// everyone reaches the default partition.
func accessibleTo(labels []string, l string) bool {
	return l == "" || slices.Contains(labels, l) || slices.Contains(labels, "*")
}

// labelOf resolves a request's node label expression: nil takes the
// queue's default-node-label-expression; surrounding blanks are trimmed.
func labelOf(q *queue, expr *string) string {
	if expr == nil {
		return q.defaultLabel
	}
	return strings.TrimSpace(*expr)
}

// partitionFor returns the partition index of a request's label for an
// app in q, refusing one the queue cannot access
// (SchedulerUtils.checkQueueLabelExpression) or with more than one label.
func (e *Engine) partitionFor(q *queue, label string) (int, error) {
	if strings.Contains(label, "&&") {
		return 0, submitErr(ReasonInvalidLabel, "Invalid resource request, queue=%s: node label expression %q has more than one label", q.path, label)
	}
	if !accessibleTo(q.accessible, label) {
		return 0, submitErr(ReasonInvalidLabel, "Invalid resource request, queue=%s doesn't have permission to access all labels in resource request. labelExpression of resource request=%s. Queue labels=%s", q.path, label, strings.Join(q.accessible, ","))
	}
	if _, ok := e.partIdx[label]; !ok {
		e.partIndex(label)
		e.configurePartitions()
	}
	return e.partIdx[label], nil
}

// askPartitions resolves the partition of each ANY ask (0 for others).
func (e *Engine) askPartitions(a *app, asks []Ask) ([]int, error) {
	pis := make([]int, len(asks))
	for i, ask := range asks {
		if ask.ResourceName != AnyResource && ask.ResourceName != "" {
			continue
		}
		pi, err := e.partitionFor(a.q, labelOf(a.q, ask.NodeLabel))
		if err != nil {
			return nil, err
		}
		pis[i] = pi
	}
	return pis, nil
}

// amPartition resolves the AM's partition (RMAppManager.
// validateAndCreateResourceRequest: am label, else the queue default).
func (e *Engine) amPartition(q *queue, s AppSpec) (int, error) {
	return e.partitionFor(q, labelOf(q, s.AMNodeLabel))
}

// at returns s[i], 0 past the end.
func at(s []int64, i int) int64 {
	if i < len(s) {
		return s[i]
	}
	return 0
}
