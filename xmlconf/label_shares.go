package xmlconf

import "slices"

// LabelShare is one queue's capacities in one partition, as fractions, the
// way CSQueueUtils stores them in QueueCapacities for that label:
// capacity and maximum of the parent, absolute capacity = capacity ×
// the parent's absolute capacity in the label, absolute maximum =
// maximum × the parent's absolute maximum in the label.
type LabelShare struct {
	Capacity, Maximum, Abs, AbsMax float64
	// Weight is the configured weight in weight mode (0 otherwise).
	Weight float64
	// Unknown: an absolute resource on the path without a partition
	// size (--cluster), as for the default partition.
	Unknown bool
	// absolute: the label's capacity is a resource, Min and Max hold
	// its effective resources.
	absolute bool
	// Accessible: accessible-node-labels holds the label or "*".
	Accessible bool
	// AMPercent is the leaf's maximum-am-resource-percent in the label
	// (accessible-node-labels.<l>.maximum-am-resource-percent, else the
	// queue's), AbstractLeafQueue.getMaxAMResourcePerQueuePercent.
	AMPercent float64
	// Min and Max are the effective resources in the partition
	// (QueueResourceQuotas by label), known with the partition's size:
	// AbsoluteEffective for a label in absolute resources, else the
	// partition times Abs and AbsMax.
	Min, Max Resource
	// ratio scales the absolute children's minimums (EffectiveMinRatio).
	ratio MinRatio
}

// Resources returns the effective minimum and maximum for a partition of
// size partition: Min and Max when the label is in absolute resources,
// else the partition's share Abs and AbsMax.
func (s LabelShare) Resources(partition Resource) (min, max Resource) {
	if s.absolute {
		return s.Min, s.Max
	}
	return partition.Share(s.Abs), partition.Share(s.AbsMax)
}

// LabelShares computes every queue's share of partition label. The
// default partition ("") is the model's own computation; a label follows
// CSQueueUtils per mode: percentage (unset capacity is 0, unset maximum
// 100%; a label the queue has no key for is all 0), weight (weight over the siblings' weights in the label,
// AbstractCSQueue's normalized weight) and absolute (the effective
// resources of AbsoluteEffective in the partition, scaled down when the
// siblings' minimums exceed the parent's, and the capacities derived from
// them as deriveCapacityFromAbsoluteConfigurations does; unknown without
// the partition's size). Root is 100% in every label from 3.4 on; before,
// it has the values configured on it (PercentAbsolutes keeps that quirk in
// one place).
func LabelShares(m *Model, label string, partition Resource) map[*Queue]LabelShare {
	out := make(map[*Queue]LabelShare, len(m.Queues))
	known := partition.MemoryMB > 0
	drf := m.Global.DominantCalculator()
	for _, q := range m.Queues {
		s := LabelShare{Accessible: label == "" || slices.Contains(q.AccessibleLabels.V, label) || slices.Contains(q.AccessibleLabels.V, "*")}
		switch {
		case label == "":
			s.Capacity, s.Maximum, s.Abs, s.AbsMax = q.NormalizedCapacity, q.NormalizedMaxCapacity, q.AbsCapacity, q.AbsMaxCapacity
			if q.Capacity.Mode == ModeWeight {
				s.Weight = float64(q.Capacity.Weight)
			}
		case q.IsRoot():
			c, mx, _ := PercentAbsolutes(q, label, m.Version)
			s.Capacity, s.Maximum, s.Abs, s.AbsMax = float64(c), float64(mx), float64(c), float64(mx)
			// Root's effective resources are the partition's whatever
			// its capacities (calculateEffectiveResourcesAndCapacity).
			s.Min, s.Max = partition, partition
		default:
			s = childShare(q, label, partition, drf, out[q.Parent], s)
		}
		if label != "" && known && len(q.Children) > 0 {
			s.ratio = EffectiveMinRatio(s.Min, absoluteMinimums(q, label), q.IsRoot(), func(a, b Resource) bool {
				return LessThan(m.Cluster, a, b, drf)
			})
		}
		s.AMPercent = float64(q.MaxAMResourcePercent.V)
		if label != "" {
			for _, ls := range q.Labels {
				if ls.Label == label && ls.MaxAMPercent.V >= 0 && ls.MaxAMPercent.Set() {
					s.AMPercent = float64(ls.MaxAMPercent.V)
				}
			}
		}
		out[q] = s
	}
	return out
}

// absoluteMinimums sums the configured minimums of q's children in
// absolute mode in label.
func absoluteMinimums(q *Queue, label string) Resource {
	var sum Resource
	for _, c := range q.Children {
		if cc, _ := c.LabelCapacities(label); cc.Mode == ModeAbsolute {
			sum.MemoryMB += cc.Absolute.MemoryMB
			sum.VCores += cc.Absolute.VCores
		}
	}
	return sum
}

// childShare is one non-root queue's share in a label, its parent's
// share p being final (m.Queues lists parents first).
func childShare(q *Queue, label string, partition Resource, drf bool, p, s LabelShare) LabelShare {
	if q.LabelSettings(label) == nil {
		// No accessible-node-labels.<label>.* key: the label is not among
		// the queue's configured node labels, so loadCapacitiesByLabelsFromConf
		// never puts it in its QueueCapacities and every capacity, the
		// maximum included, reads LABEL_DOESNT_EXIST_CAP (0), as the
		// engine has it; the unset maximum of 100% applies only to a label
		// the queue configures.
		s.Unknown = p.Unknown
		return s
	}
	c, mx := q.LabelCapacities(label)
	pAbs, pMax := float32(p.Abs), float32(p.AbsMax)
	s.Unknown = p.Unknown
	if c.Mode == ModeAbsolute {
		return absoluteShare(c, mx, partition, drf, p, s)
	}
	var frac float32
	switch c.Mode {
	case ModePercent:
		frac = c.Fraction()
	case ModeWeight:
		s.Weight = float64(c.Weight)
		if sum := siblingWeights(q, label); sum > 0 {
			frac = c.Weight / sum
		}
	}
	maxFrac := mx.MaxFraction()
	if mx.Mode == ModeAbsolute {
		maxFrac = 1
		if partition.MemoryMB > 0 && pMax > 0 {
			maxFrac = min(float32(float64(mx.Absolute.MemoryMB)/float64(partition.MemoryMB))/pMax, 1)
		} else {
			s.Unknown = true
		}
	}
	s.Capacity, s.Maximum = float64(frac), float64(maxFrac)
	s.Abs, s.AbsMax = float64(frac*pAbs), float64(maxFrac*pMax)
	s.Min, s.Max = multiplyDown(partition, frac*pAbs), multiplyDown(partition, maxFrac*pMax)
	return s
}

// absoluteShare is a queue whose label capacity is a resource:
// AbstractCSQueue.updateEffectiveResources(label) and
// deriveCapacityFromAbsoluteConfigurations (capacity = effective minimum
// over the parent's, maximum likewise, absolute ones times the parent's).
func absoluteShare(c, mx Capacity, partition Resource, drf bool, p, s LabelShare) LabelShare {
	if partition.MemoryMB <= 0 {
		s.Unknown = true
		return s
	}
	var cfgMax Resource
	if mx.Mode == ModeAbsolute {
		cfgMax = mx.Absolute
	}
	s.absolute = true
	s.Min, s.Max = AbsoluteEffective(c.Absolute, cfgMax, p.ratio, p.Max)
	capF, maxF := divide(partition, s.Min, p.Min, drf), divide(partition, s.Max, p.Max, drf)
	s.Capacity, s.Maximum = float64(capF), float64(maxF)
	s.Abs, s.AbsMax = float64(capF*float32(p.Abs)), float64(maxF*float32(p.AbsMax))
	return s
}

// siblingWeights sums the weights q and its siblings set for label.
func siblingWeights(q *Queue, label string) float32 {
	var sum float32
	for _, sib := range q.Parent.Children {
		if c, _ := sib.LabelCapacities(label); c.Mode == ModeWeight {
			sum += c.Weight
		}
	}
	return sum
}

// multiplyDown is Resources.multiply(r, by): each value times the float
// widened to double, truncated, as updateEffectiveResources sizes a
// percentage or weight queue.
func multiplyDown(r Resource, by float32) Resource {
	return Resource{MemoryMB: int64(float64(r.MemoryMB) * float64(by)), VCores: int64(float64(r.VCores) * float64(by))}
}
