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
	// Accessible: accessible-node-labels holds the label or "*".
	Accessible bool
	// AMPercent is the leaf's maximum-am-resource-percent in the label
	// (accessible-node-labels.<l>.maximum-am-resource-percent, else the
	// queue's), AbstractLeafQueue.getMaxAMResourcePerQueuePercent.
	AMPercent float64
}

// LabelShares computes every queue's share of partition label. The
// default partition ("") is the model's own computation; a label follows
// CSQueueUtils per mode: percentage (unset capacity is 0, unset maximum
// 100%), weight (weight over the siblings' weights in the label,
// AbstractCSQueue's normalized weight) and absolute (a share of
// partitionMB, the partition's memory; unknown without it). Root is 100%
// in every label from 3.4 on; before, it has the values configured on it
// (PercentAbsolutes keeps that quirk in one place).
func LabelShares(m *Model, label string, partitionMB int64) map[*Queue]LabelShare {
	out := make(map[*Queue]LabelShare, len(m.Queues))
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
		default:
			s = childShare(q, label, partitionMB, out[q.Parent], s)
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

// childShare is one non-root queue's share in a label, its parent's
// share p being final (m.Queues lists parents first).
func childShare(q *Queue, label string, partitionMB int64, p, s LabelShare) LabelShare {
	c, mx := q.LabelCapacities(label)
	pAbs, pMax := float32(p.Abs), float32(p.AbsMax)
	s.Unknown = p.Unknown
	var frac float32
	switch c.Mode {
	case ModePercent:
		frac = c.Fraction()
	case ModeWeight:
		s.Weight = float64(c.Weight)
		if sum := siblingWeights(q, label); sum > 0 {
			frac = c.Weight / sum
		}
	case ModeAbsolute:
		if partitionMB > 0 && pAbs > 0 {
			frac = float32(float64(c.Absolute.MemoryMB)/float64(partitionMB)) / pAbs
		} else {
			s.Unknown = true
		}
	}
	maxFrac := mx.MaxFraction()
	if mx.Mode == ModeAbsolute {
		maxFrac = 1
		if partitionMB > 0 && pMax > 0 {
			maxFrac = min(float32(float64(mx.Absolute.MemoryMB)/float64(partitionMB))/pMax, 1)
		} else {
			s.Unknown = true
		}
	}
	s.Capacity, s.Maximum = float64(frac), float64(maxFrac)
	s.Abs, s.AbsMax = float64(frac*pAbs), float64(maxFrac*pMax)
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
