package xmlconf

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// absoluteCapacities computes each queue's share of its parent and of the
// cluster in Java float precision, as CSQueueUtils / the capacity
// calculators store them: absolute capacity = normalized capacity ×
// parent's absolute capacity; absolute maximum = maximum-capacity ×
// parent's absolute *maximum* (computeAbsoluteMaximumCapacity).
func (b *builder) absoluteCapacities() {
	root := b.m.Root
	root.NormalizedCapacity, root.NormalizedMaxCapacity = 1, 1
	root.AbsCapacity, root.AbsMaxCapacity = 1, 1
	for _, q := range b.m.Queues {
		if len(q.Children) > 0 {
			b.childShares(q)
		}
		b.labelAbsolutes(q)
	}
	b.nonLegacyCapacities()
}

// nonLegacyCapacities replaces the default-partition shares with the
// results of Hadoop 3.4's non-legacy computation (QueueResources) when the
// cluster is known: there absolute, percentage and weight siblings share
// the parent in that order, per resource type, so a share depends on the
// cluster resource. Without --cluster the per-mode shares above stand.
func (b *builder) nonLegacyCapacities() {
	if !b.m.NonLegacyMode() || b.m.Cluster.MemoryMB <= 0 || b.m.Cluster.VCores <= 0 {
		return
	}
	// A model is read as a scheduler starting with it, so its own mode
	// created the handler.
	eff := QueueResources(b.m.Root, b.m.Cluster, b.m.Global.DominantCalculator(), false)
	for _, q := range b.m.Queues {
		if e, ok := eff[q.Path]; ok && !q.IsRoot() {
			q.Effective = &e
			q.NormalizedCapacity, q.NormalizedMaxCapacity = e.Capacity, e.MaxCapacity
			q.AbsCapacity, q.AbsMaxCapacity = e.AbsCapacity, e.AbsMaxCapacity
		}
	}
}

// childShares fills the children of parent; parent's values are final.
func (b *builder) childShares(parent *Queue) {
	pAbs, pMax := float32(parent.AbsCapacity), float32(parent.AbsMaxCapacity)
	var weightSum float32
	var absSum int64
	for _, c := range parent.Children {
		switch c.Capacity.Mode {
		case ModeWeight:
			weightSum += c.Capacity.Weight
		case ModeAbsolute:
			absSum += c.Capacity.Absolute.MemoryMB
		}
	}
	clusterMem := b.m.Cluster.MemoryMB
	parentMem := float64(pAbs) * float64(clusterMem)
	scale := 1.0
	if absSum > 0 && float64(absSum) > parentMem && parentMem > 0 {
		// Hadoop scales children down when they do not fit the parent.
		scale = parentMem / float64(absSum)
	}
	for _, c := range parent.Children {
		var frac float32
		switch c.Capacity.Mode {
		case ModePercent:
			frac = c.Capacity.Fraction()
		case ModeWeight:
			if weightSum > 0 {
				frac = c.Capacity.Weight / weightSum
				c.NormalizedWeight = float64(frac)
			}
		case ModeAbsolute:
			if clusterMem > 0 && pAbs > 0 {
				abs := float32(float64(c.Capacity.Absolute.MemoryMB) * scale / float64(clusterMem))
				frac = abs / pAbs
			}
		case ModeVector:
			frac = vectorMemoryShare(c.Capacity, weightSum, clusterMem, pAbs)
		}
		c.NormalizedCapacity = float64(frac)
		c.AbsCapacity = float64(frac * pAbs)
		maxFrac := b.maxFraction(c, pMax)
		c.NormalizedMaxCapacity = float64(maxFrac)
		c.AbsMaxCapacity = float64(maxFrac * pMax)
	}
}

// maxFraction is the maximum as a fraction of the parent's maximum.
func (b *builder) maxFraction(c *Queue, parentMax float32) float32 {
	switch c.MaxCapacity.Mode {
	case ModePercent:
		if c.MaxCapacity.Percent == -1 {
			return 1 // -1 means 100
		}
		return c.MaxCapacity.Fraction()
	case ModeAbsolute:
		cm := b.m.Cluster.MemoryMB
		if cm > 0 && parentMax > 0 {
			f := float32(float64(c.MaxCapacity.Absolute.MemoryMB)/float64(cm)) / parentMax
			return float32(math.Min(float64(f), 1))
		}
	}
	return 1
}

// vectorMemoryShare reads the memory entry of a capacity vector.
func vectorMemoryShare(c Capacity, weightSum float32, clusterMem int64, pAbs float32) float32 {
	for _, e := range c.Vector {
		if e.Resource != "memory" && e.Resource != "memory-mb" {
			continue
		}
		switch e.Mode {
		case ModePercent:
			return float32(e.Value) / 100
		case ModeWeight:
			if weightSum > 0 {
				return float32(e.Value) / weightSum
			}
		case ModeAbsolute:
			if clusterMem > 0 && pAbs > 0 {
				return float32(e.Value/float64(clusterMem)) / pAbs
			}
		}
	}
	return 0
}

// labelAbsolutes computes per-label absolute capacities (percentage mode).
// Root's labeled capacities are always 100% (3.4 forces them).
func (b *builder) labelAbsolutes(q *Queue) {
	for _, ls := range q.Labels {
		pAbs, pMax := float32(1), float32(1)
		if q.Parent != nil {
			pAbs, pMax = parentLabelAbs(q.Parent, ls.Label)
		}
		if q.IsRoot() {
			ls.AbsCapacity, ls.AbsMaxCapacity = 1, 1
			continue
		}
		if c, m, ok := PercentAbsolutes(q, ls.Label, b.v); ok {
			ls.AbsCapacity, ls.AbsMaxCapacity = float64(c), float64(m)
			continue
		}
		frac := float32(0)
		if ls.Capacity.Mode == ModePercent {
			frac = ls.Capacity.Fraction()
		}
		maxFrac := float32(1)
		if ls.MaxCapacity.Mode == ModePercent {
			maxFrac = ls.MaxCapacity.Fraction()
		}
		ls.AbsCapacity = float64(frac * pAbs)
		ls.AbsMaxCapacity = float64(maxFrac * pMax)
	}
}

func parentLabelAbs(p *Queue, label string) (float32, float32) {
	if p.IsRoot() {
		return 1, 1
	}
	for _, ls := range p.Labels {
		if ls.Label == label {
			return float32(ls.AbsCapacity), float32(ls.AbsMaxCapacity)
		}
	}
	return 0, float32(p.AbsMaxCapacity)
}

// maxApplications mirrors AbstractLeafQueue's maximum-applications
// formula. The 3.3 line does not cap global-queue-max-application by
// maximum-applications; 3.4 does (engine-semantics.md, version caveat):
// the cap is GlobalMaxAppsCapSince.
func (b *builder) maxApplications(q *Queue) {
	g := b.m.Global
	abs := float32(q.AbsCapacity)
	maxApps := q.MaxApplications.V
	if maxApps < 0 {
		absolute := q.Capacity.Mode == ModeAbsolute
		if gq := g.GlobalQueueMaxApps.V; gq > 0 {
			base := gq
			if b.v.AtLeast(GlobalMaxAppsCapSince) && g.MaxApplications.V < base {
				base = g.MaxApplications.V
			}
			maxApps = base
			if absolute {
				maxApps = JavaFloatToInt(float32(base) * abs)
			}
		} else {
			maxApps = JavaFloatToInt(float32(g.MaxApplications.V) * abs)
		}
	}
	q.EffectiveMaxApplications = maxApps
	ulf := q.UserLimitFactor.V
	perUser := JavaFloatToInt(float32(maxApps) * (q.MinUserLimitPercent.V / 100) * ulf)
	if perUser > maxApps {
		perUser = maxApps
	}
	// Only 3.4 reads -1 as "no per-user limit" (updateMaxAppsPerUser,
	// YARN-10531, which no 3.3.x changelog lists);
	// the 3.3 and 2.7 LeafQueue.setupQueueConfigs keep the product, so a
	// factor of -1 gives a negative maximum and submitApplication refuses
	// every user (user.getTotalApplications() >= getMaxApplicationsPerUser()).
	if ulf == -1 && b.v.AtLeast(V3_4) {
		perUser = maxApps
	}
	q.MaxApplicationsPerUser = perUser
}

// GlobalMaxAppsCapSince is the first profile whose leaf takes
// min(global-queue-max-application, maximum-applications) as its default
// maximum: AbstractLeafQueue#updateMaximumApplications ("int
// baseMaxApplications = maxDefaultPerQueueApps > 0 ? Math.min(
// maxDefaultPerQueueApps, maxSystemApps) : maxSystemApps") came with
// YARN-10949 ("Simplify AbstractCSQueue#updateMaxAppRelatedField", pull
// request apache/hadoop#3500, merged to trunk in October 2021, whose review
// asked for the Math.min). YARN-10949 is in none of the 3.3.2 to 3.3.6
// changelogs (each read whole) and 3.3.1 (June 2021) predates it. Before
// it LeafQueue#setupQueueConfigs takes the global value uncapped (a
// pre-YARN-10949 TestLeafQueue#testDeriveCapacityFromAbsoluteConfigurations
// asserts 20000 × the queue's share with maximum-applications at its
// default 10000).
var GlobalMaxAppsCapSince = V3_4

// JavaLong is Java's (long) cast of a double: truncation toward zero,
// NaN to 0, saturating at the long range.
func JavaLong(f float64) int64 {
	switch {
	case f != f:
		return 0
	case f >= math.MaxInt64:
		return math.MaxInt64
	case f <= math.MinInt64:
		return math.MinInt64
	}
	return int64(f)
}

// JavaFloatToInt is Java's (int) cast of a float: truncation toward zero,
// NaN to 0, saturating at the int range.
func JavaFloatToInt(f float32) int32 {
	switch {
	case f != f:
		return 0
	case f >= math.MaxInt32:
		return math.MaxInt32
	case f <= math.MinInt32:
		return math.MinInt32
	}
	return int32(f)
}

// MaxCapacityReadings returns the two readings of q's maximum-capacity,
// as fractions of the cluster: Hadoop's (maximum-capacity × the parent's
// absolute MAXIMUM, CSQueueUtils.computeAbsoluteMaximumCapacity) and the
// one HDP/Cloudera guides describe (× the parent's absolute capacity).
// ok is false when no note is due: the maximum is not a percentage below
// 100, the parent is root, or both readings give the same number as
// printed (two decimals of a percent). `capq lint` (CS107) and `capq tree`
// both decide from here.
func MaxCapacityReadings(q *Queue) (hadoop, guide float32, ok bool) {
	p := q.Parent
	m := q.MaxCapacity
	if p == nil || p.IsRoot() || m.Mode != ModePercent || m.Percent >= 100 || m.Percent < 0 {
		return 0, 0, false
	}
	frac := m.Fraction()
	hadoop, guide = frac*float32(p.AbsMaxCapacity), frac*float32(p.AbsCapacity)
	if fmt.Sprintf("%.2f", float64(hadoop)*100) == fmt.Sprintf("%.2f", float64(guide)*100) {
		return hadoop, guide, false
	}
	return hadoop, guide, true
}

// LabelCapacities returns q's capacity and maximum-capacity for node label
// l ("" is the default partition); zero Capacities when q sets nothing for l.
func (q *Queue) LabelCapacities(l string) (capacity, max Capacity) {
	if l == "" {
		return q.Capacity, q.MaxCapacity
	}
	if ls := q.LabelSettings(l); ls != nil {
		return ls.Capacity, ls.MaxCapacity
	}
	return Capacity{}, Capacity{}
}

// LabelSettings returns q's settings for label l, nil when it has none.
// Labels is sorted, so a queue with thousands of labels answers in a few
// steps (rules and shares ask once per label).
func (q *Queue) LabelSettings(l string) *LabelSettings {
	i, ok := slices.BinarySearchFunc(q.Labels, l, func(ls *LabelSettings, l string) int { return strings.Compare(ls.Label, l) })
	if !ok {
		return nil
	}
	return q.Labels[i]
}

// MaxFraction is a maximum-capacity as Hadoop stores it: a fraction, 1
// when unset, -1 (which means 100) or not a percentage.
func (c Capacity) MaxFraction() float32 {
	if c.Mode != ModePercent || c.Percent == -1 {
		return 1
	}
	return c.Percent / 100
}

// PercentAbsolutes computes absolute capacity and absolute maximum
// capacity of q for label l in float32, as CSQueueUtils does in
// percentage mode: capacity × parent's absolute capacity, maximum ×
// parent's absolute MAXIMUM. Root is 100% for the default partition; for
// a node label before 3.4 it has the labeled values configured on it
// (capacity 0 when unset; all 0 without a key for the label). ok is false when a queue on the path is not in
// percentage mode. This is the validation reading (every label, the
// version's root quirk); the builder's absoluteCapacities fills the
// model's default-partition shares for every mode from the same formula.
func PercentAbsolutes(q *Queue, l string, v Version) (absC, absM float32, ok bool) {
	if q.IsRoot() {
		if l == "" || v.AtLeast(V3_4) {
			return 1, 1, true
		}
		if q.LabelSettings(l) == nil {
			// Before 3.4 root's configured node labels are its own
			// accessible-node-labels.<l>.* keys (getConfiguredNodeLabels):
			// without one the label is not in its QueueCapacities and
			// the maximum reads 0 too (LABEL_DOESNT_EXIST_CAP).
			return 0, 0, true
		}
		c, m := q.LabelCapacities(l)
		if c.Mode != ModePercent && c.Mode != ModeUnset {
			return 0, 0, false
		}
		return c.Percent / 100, m.MaxFraction(), true
	}
	pc, pm, ok := PercentAbsolutes(q.Parent, l, v)
	if !ok {
		return 0, 0, false
	}
	if l != "" && q.LabelSettings(l) == nil {
		// Not among the queue's configured node labels: no capacities
		// are loaded for it, and the maximum reads 0 (LABEL_DOESNT_EXIST_CAP).
		return 0, 0, true
	}
	c, m := q.LabelCapacities(l)
	if c.Mode != ModePercent && c.Mode != ModeUnset {
		return 0, 0, false
	}
	capF := float32(0)
	if c.Mode == ModePercent {
		capF = c.Percent / 100
	}
	return pc * capF, pm * m.MaxFraction(), true
}
