package engine

import (
	"math"
	"slices"

	"github.com/capq/capq/xmlconf"
)

// This file holds a queue's capacities and usage per labelled partition
// (QueueCapacities and ResourceUsage by label). The default partition
// (index 0) lives in the queue's own fields, which the rest of the engine
// reads directly; the accessors here pick either.

// qcaps are a queue's configured capacities in one partition.
type qcaps struct {
	capacity, maxCapacity float32 // fractions of the parent
	absCap, absMaxCap     float32 // fractions of the partition
	weight, amPercent     float32
	weightMode            bool
	accessible            bool
	// absolute: the label's capacity is a resource
	// (accessible-node-labels.<l>.capacity=[memory=...,vcores=...],
	// CapacitySchedulerConfiguration.getMinimumResourceRequirement(label,
	// ...)); configuredMin and configuredMax are its configured
	// resources, zero when unset.
	absolute                     bool
	configuredMin, configuredMax Resource
}

// qpart is a queue's state in one labelled partition.
type qpart struct {
	qcaps
	guarantee, maxRes, maxDown Resource
	// minRatio scales absolute children's minimums in this partition
	// (AbstractParentQueue.getEffectiveMinRatio(label)).
	minRatio        minRatio
	used, reserved  Resource
	amUsed, amLimit Resource
	numContainers   int
	// pending counts outstanding ANY containers for this partition of
	// the subtree's active apps.
	pending int64
	// order is the scratch slice children are sorted into for a pass on
	// this partition; sortUsed is the key of the current sort.
	order    []*queue
	sortUsed float32
	// activeUsed and usageRatio are UsersManager's per-partition
	// totalResUsageForActiveUsers and qUsageRatios.
	activeUsed Resource
	usageRatio float32
}

// growParts extends the per-partition slice to n partitions.
func (q *queue) growParts(n int) {
	for len(q.parts) < n {
		q.parts = append(q.parts, qpart{})
	}
}

func (q *queue) capsIn(pi int) qcaps {
	if pi == 0 {
		return qcaps{capacity: q.capacity, maxCapacity: q.maxCapacity, absCap: q.absCap, absMaxCap: q.absMaxCap,
			weight: q.weight, amPercent: q.amPercent, weightMode: q.capMode == xmlconf.ModeWeight.String(), accessible: true}
	}
	return q.parts[pi].qcaps
}

// absCapsIn is capsIn(pi)'s absolute capacity and maximum capacity,
// without building the rest (the preemption round's snapshot reads them
// for every queue).
func (q *queue) absCapsIn(pi int) (absCap, absMaxCap float32) {
	if pi == 0 {
		return q.absCap, q.absMaxCap
	}
	return q.parts[pi].absCap, q.parts[pi].absMaxCap
}

func (q *queue) usedIn(pi int) Resource {
	if pi == 0 {
		return q.used
	}
	return q.parts[pi].used
}

func (q *queue) reservedIn(pi int) Resource {
	if pi == 0 {
		return q.reserved
	}
	return q.parts[pi].reserved
}

// reservesNothing says no app of q's subtree holds a reservation in any
// partition, so continue-looking (canAssignToThisQueue's unreserve
// allowance, which reads the app's or the queue's reservations) cannot let
// it past its queue limit.
func (q *queue) reservesNothing() bool {
	if !q.reserved.IsZero() {
		return false
	}
	for i := 1; i < len(q.parts); i++ {
		if !q.parts[i].reserved.IsZero() {
			return false
		}
	}
	return true
}

func (q *queue) guaranteeIn(pi int) Resource {
	if pi == 0 {
		return q.guarantee
	}
	return q.parts[pi].guarantee
}

func (q *queue) maxResIn(pi int) Resource {
	if pi == 0 {
		return q.maxRes
	}
	return q.parts[pi].maxRes
}

func (q *queue) maxDownIn(pi int) Resource {
	if pi == 0 {
		return q.maxDown
	}
	return q.parts[pi].maxDown
}

func (q *queue) amUsedIn(pi int) Resource {
	if pi == 0 {
		return q.amUsed
	}
	return q.parts[pi].amUsed
}

func (q *queue) pendingIn(pi int) int64 {
	if pi == 0 {
		return q.pending
	}
	return q.parts[pi].pending
}

// anyPending reports whether any activated app of q asks for a
// container in any partition (the sum of a.pending and a.lpendSum over
// them is q's pending counters' sum, and none is negative).
func (q *queue) anyPending() bool {
	if q.pending > 0 {
		return true
	}
	for pi := range q.parts {
		if q.parts[pi].pending > 0 {
			return true
		}
	}
	return false
}

func (q *queue) numContainersIn(pi int) int {
	if pi == 0 {
		return q.numContainers
	}
	return q.parts[pi].numContainers
}

// accessibleIn is AbstractCSQueue.accessibleToPartition.
func (q *queue) accessibleIn(pi int) bool {
	return pi == 0 || q.parts[pi].accessible
}

// addPendingIn adds n outstanding containers of partition pi to q and its
// ancestors.
func (q *queue) addPendingIn(pi int, n int64) {
	if pi == 0 {
		q.addPending(n)
		return
	}
	for p := q; p != nil; p = p.parent {
		p.parts[pi].pending += n
	}
}

// addUsedIn changes used (and reserved) of q and its ancestors in
// partition pi.
func (q *queue) addUsedIn(pi int, r Resource, reserved bool, sign int64) {
	if pi == 0 {
		q.addUsed(r, reserved, sign)
		return
	}
	d := Resource{r.MemoryMB * sign, r.VCores * sign}
	for p := q; p != nil; p = p.parent {
		lp := &p.parts[pi]
		lp.used = lp.used.Add(d)
		if reserved {
			lp.reserved = lp.reserved.Add(d)
		}
		lp.numContainers += int(sign) // reservations count, as in addUsed
	}
}

// addAMUsedIn changes the leaf's AM resource in partition pi.
func (q *queue) addAMUsedIn(pi int, r Resource, sign int64) {
	d := Resource{r.MemoryMB * sign, r.VCores * sign}
	if pi == 0 {
		q.amUsed = q.amUsed.Add(d)
		return
	}
	q.parts[pi].amUsed = q.parts[pi].amUsed.Add(d)
}

// configurePartitions computes every queue's capacities in every labelled
// partition from the model (CSQueueUtils.loadCapacitiesByLabelsFromConf
// and the absolute capacities by label) and then the resources.
func (e *Engine) configurePartitions() {
	e.shapeChanged()
	for _, q := range e.queues {
		q.growParts(len(e.parts))
	}
	for pi := 1; pi < len(e.parts); pi++ {
		e.configurePartition(e.root, pi)
	}
	e.updatePartitionResources()
	for _, q := range e.queues {
		if q.leaf {
			e.updateMaxApps(q)
		}
	}
}

// configurePartition fills partition pi's capacities of q's subtree; q's
// own are final. Root holds 100% of every partition (3.4 forces it).
func (e *Engine) configurePartition(q *queue, pi int) {
	l := e.parts[pi].name
	if q.parent == nil {
		q.parts[pi].qcaps = qcaps{capacity: 1, maxCapacity: 1, absCap: 1, absMaxCap: 1, accessible: true}
		// 3.4: root's QueueCapacities hold only the labels some queue
		// configures (QueueNodeLabelsSettings.initializeConfiguredNodeLabels
		// takes ConfiguredNodeLabels.getAllConfiguredLabels for root);
		// any other label reads 0 there (LABEL_DOESNT_EXIST_CAP).
		if e.model.Version.AtLeast(xmlconf.V3_4) && !labelConfigured(e.model, l) {
			q.parts[pi].qcaps = qcaps{accessible: true}
		}
		// Before 3.4 root's labelled capacities come from the
		// configuration like any queue's (xmlconf.PercentAbsolutes): its
		// configured node labels are its own accessible-node-labels.<l>.*
		// keys (getConfiguredNodeLabels), so without one the label reads
		// 0 there (LABEL_DOESNT_EXIST_CAP) and its children get nothing.
		if !e.model.Version.AtLeast(xmlconf.V3_4) {
			switch ls := q.labelSettings(e.model, l); {
			case ls == nil:
				q.parts[pi].qcaps = qcaps{accessible: true}
			case ls.Capacity.Mode == xmlconf.ModePercent:
				c, m := ls.Capacity.Fraction(), ls.MaxCapacity.MaxFraction()
				q.parts[pi].qcaps = qcaps{capacity: c, maxCapacity: m, absCap: c, absMaxCap: m, accessible: true}
			}
		}
	}
	pc := q.parts[pi].qcaps
	var weightSum float32
	for _, c := range q.children {
		if ls := c.labelSettings(e.model, l); ls != nil && ls.Capacity.Mode == xmlconf.ModeWeight {
			weightSum += ls.Capacity.Weight
		}
	}
	for _, c := range q.children {
		cc := qcaps{accessible: accessibleTo(c.accessible, l), amPercent: c.amPercent}
		if ls := c.labelSettings(e.model, l); ls != nil {
			switch ls.Capacity.Mode {
			case xmlconf.ModePercent:
				cc.capacity = ls.Capacity.Fraction()
			case xmlconf.ModeWeight:
				cc.weightMode, cc.weight = true, ls.Capacity.Weight
				if weightSum > 0 {
					cc.capacity = ls.Capacity.Weight / weightSum
				}
			case xmlconf.ModeAbsolute:
				// Capacities follow from the effective resources
				// (updatePartitionResources).
				cc.absolute, cc.configuredMin = true, fromModelRes(ls.Capacity.Absolute)
			}
			cc.maxCapacity = ls.MaxCapacity.MaxFraction()
			if ls.MaxCapacity.Mode == xmlconf.ModeAbsolute {
				cc.configuredMax = fromModelRes(ls.MaxCapacity.Absolute)
			}
			if ls.MaxAMPercent.Set() && ls.MaxAMPercent.V >= 0 {
				cc.amPercent = ls.MaxAMPercent.V
			}
		}
		// A label without settings on the queue is not in its
		// QueueCapacities: every capacity reads 0 (LABEL_DOESNT_EXIST_CAP).
		cc.absCap = cc.capacity * pc.absCap
		cc.absMaxCap = cc.maxCapacity * pc.absMaxCap
		c.parts[pi].qcaps = cc
		e.configurePartition(c, pi)
	}
}

// labelConfigured reports whether any key under the prefix configures
// label l, a queue missing from the tree included
// (CapacitySchedulerConfiguration#getConfiguredNodeLabelsByQueue, which
// ConfiguredNodeLabels#getAllConfiguredLabels unites for root).
func labelConfigured(m *xmlconf.Model, l string) bool {
	return slices.Contains(m.AllKeyLabels(), l)
}

// labelSettings returns the queue's settings for label l, nil if none.
func (q *queue) labelSettings(m *xmlconf.Model, l string) *xmlconf.LabelSettings {
	mq := m.Queue(q.path)
	if mq == nil {
		return nil
	}
	return mq.LabelSettings(l)
}

// updatePartitionResources computes each queue's effective guarantee and
// maximum in every labelled partition, as for the default partition
// (updateResources): absolute capacity × partition resource, or for a
// label in absolute resources its configured resources scaled down by the
// parent's effective-min ratio in that partition.
func (e *Engine) updatePartitionResources() {
	for pi := 1; pi < len(e.parts); pi++ {
		e.updatePartitionResourcesOf(e.root, pi)
	}
}

// updatePartitionResourcesOf fills q's subtree in partition pi; q's parent
// is final (AbstractParentQueue.calculateEffectiveResourcesAndCapacity).
func (e *Engine) updatePartitionResourcesOf(q *queue, pi int) {
	res := e.parts[pi].res
	lp := &q.parts[pi]
	switch {
	case q.parent == nil:
		lp.guarantee, lp.maxRes = res, res
	case lp.absolute:
		pp := &q.parent.parts[pi]
		lp.guarantee, lp.maxRes = absoluteEffective(lp.configuredMin, lp.configuredMax, pp.minRatio, pp.maxRes)
		e.deriveCapacities(lp, pp)
	default:
		lp.guarantee = multiplyTrunc(res, float64(lp.absCap))
		lp.maxRes = multiplyTrunc(res, float64(lp.absMaxCap))
	}
	lp.maxDown = e.g.rc.roundDown(lp.maxRes, e.g.minAlloc)
	lp.minRatio = effectiveMinRatio(&e.g.rc, lp.guarantee, q.parent == nil, q.children, func(c *queue) (Resource, bool) {
		return c.parts[pi].configuredMin, c.parts[pi].absolute
	})
	for _, c := range q.children {
		e.updatePartitionResourcesOf(c, pi)
	}
}

// deriveCapacities is AbstractCSQueue.deriveCapacityFromAbsoluteConfigurations
// for one label: capacity and maximum are the effective resources over the
// parent's (Resources.divide, an infinite ratio counting 0), the absolute
// ones those times the parent's absolute capacities.
func (e *Engine) deriveCapacities(lp, pp *qpart) {
	finite := func(f float32) float32 {
		if math.IsInf(float64(f), 0) {
			return 0
		}
		return f
	}
	lp.capacity = finite(e.g.rc.divide(lp.guarantee, pp.guarantee))
	lp.maxCapacity = finite(e.g.rc.divide(lp.maxRes, pp.maxRes))
	lp.absCap = lp.capacity * pp.absCap
	lp.absMaxCap = lp.maxCapacity * pp.absMaxCap
}

// ownMaxApps tells whether the queue sets maximum-applications itself.
// An AutoCreatedLeafQueue's value written by setLegacyMaxApps is capq's
// record of the default partition's share, not a setting: only a
// leaf-queue-template.maximum-applications is one (ManagedParentQueue
// copies the template; AbstractLeafQueue.updateMaximumApplications
// computes the rest on every cluster update).
func (e *Engine) ownMaxApps(q *queue, mq *xmlconf.Queue) bool {
	if mq.MaxApplications.V < 0 {
		return false
	}
	if !q.legacyAuto || q.parent == nil {
		return true
	}
	_, ok, _ := e.model.Conf.Get(xmlconf.Prefix + q.parent.path + "." + legacyTemplatePrefix + "maximum-applications")
	return ok
}

// updateMaxApps is AbstractLeafQueue.updateMaximumApplications in 3.4:
// without a queue setting (and unless global-queue-max-application
// decides), maximum-applications is the largest of base × absolute
// capacity over the labels configured on the queue. It runs after the
// partitions' resources, as labels in absolute resources derive their
// absolute capacities from them.
func (e *Engine) updateMaxApps(q *queue) {
	mq := e.model.Queue(q.path)
	if mq == nil || !e.model.Version.AtLeast(xmlconf.V3_4) || e.ownMaxApps(q, mq) || len(mq.Labels) == 0 {
		return
	}
	g := e.model.Global
	base := g.MaxApplications.V
	if gq := g.GlobalQueueMaxApps.V; gq > 0 {
		if mq.Capacity.Mode != xmlconf.ModeAbsolute {
			return
		}
		base = min(gq, base)
	}
	best := e.maxAppsOverLabels(q, mq, base)
	if best == q.maxApps {
		return
	}
	q.maxApps = best
	q.maxAppsUser = best
	if !e.ulfDisabled(q) {
		q.maxAppsUser = min(best, xmlconf.JavaFloatToInt(float32(best)*(q.mulp/100)*q.ulf))
	}
}

// maxAppsOverLabels is updateMaximumApplications' share: the largest
// base × absolute capacity over the queue's labels and the default
// partition, or the base itself while the cluster has no resource (the
// absolute capacities are not ready for use then).
func (e *Engine) maxAppsOverLabels(q *queue, mq *xmlconf.Queue, base int32) int32 {
	if e.all.IsZero() {
		return base
	}
	// From the model's default-partition value each time: a label's
	// absolute capacity in absolute resources moves with its nodes.
	best := mq.EffectiveMaxApplications
	for _, ls := range mq.Labels {
		pi, ok := e.partIdx[ls.Label]
		if !ok {
			continue
		}
		best = max(best, xmlconf.JavaFloatToInt(float32(base)*q.parts[pi].absCap))
	}
	return best
}
