package tree

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// share is one queue's capacities in one partition, as fractions, the
// way CSQueueUtils stores them in QueueCapacities for that label:
// capacity and maximum of the parent, absolute capacity = capacity ×
// the parent's absolute capacity in the label, absolute maximum =
// maximum × the parent's absolute maximum in the label.
type share struct {
	capacity, maximum, abs, absMax float64
	// weight is the configured weight in weight mode (0 otherwise).
	weight float64
	// unknown: an absolute resource on the path without a partition
	// size (--cluster), as for the default partition.
	unknown bool
	// accessible: accessible-node-labels holds the label or "*".
	accessible bool
	// amPercent is the leaf's maximum-am-resource-percent in the label
	// (accessible-node-labels.<l>.maximum-am-resource-percent, else the
	// queue's), AbstractLeafQueue.getMaxAMResourcePerQueuePercent.
	amPercent float64
}

// Partitions returns the node labels a configuration names, sorted:
// every label with accessible-node-labels.<l>.* keys and every label in
// an accessible-node-labels list ("*" and the blank "no labels" aside).
func Partitions(m *xmlconf.Model) []string {
	set := map[string]bool{}
	for _, q := range m.Queues {
		for _, ls := range q.Labels {
			set[ls.Label] = true
		}
		for _, l := range q.AccessibleLabels.V {
			if l = strings.TrimSpace(l); l != "" && l != "*" {
				set[l] = true
			}
		}
	}
	out := make([]string, 0, len(set))
	for l := range set {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

// CheckPartition refuses a --partition the configuration never names:
// every queue would show 0%, which is a typo far more often than intent.
func CheckPartition(m *xmlconf.Model, label string) error {
	if label == "" || slices.Contains(Partitions(m), label) {
		return nil
	}
	known := Partitions(m)
	if len(known) == 0 {
		return fmt.Errorf("--partition %q: the configuration names no node label (no accessible-node-labels settings)", label)
	}
	return fmt.Errorf("--partition %q: the configuration names no such node label; it names %s", label, strings.Join(quoteAll(known), ", "))
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// partitionShares computes every queue's share of partition label. The
// default partition ("") is the model's own computation; a label follows
// CSQueueUtils per mode: percentage (unset capacity is 0, unset maximum
// 100%), weight (weight over the siblings' weights in the label,
// AbstractCSQueue's normalized weight) and absolute (a share of
// partitionMB, the partition's memory; unknown without it). Root is 100%
// in every label from 3.4 on; before, it has the values configured on it
// (xmlconf.PercentAbsolutes keeps that quirk in one place).
func partitionShares(m *xmlconf.Model, label string, partitionMB int64) map[*xmlconf.Queue]share {
	out := make(map[*xmlconf.Queue]share, len(m.Queues))
	for _, q := range m.Queues {
		s := share{accessible: label == "" || slices.Contains(q.AccessibleLabels.V, label) || slices.Contains(q.AccessibleLabels.V, "*")}
		switch {
		case label == "":
			s.capacity, s.maximum, s.abs, s.absMax = q.NormalizedCapacity, q.NormalizedMaxCapacity, q.AbsCapacity, q.AbsMaxCapacity
			if q.Capacity.Mode == xmlconf.ModeWeight {
				s.weight = float64(q.Capacity.Weight)
			}
		case q.IsRoot():
			c, mx, _ := xmlconf.PercentAbsolutes(q, label, m.Version)
			s.capacity, s.maximum, s.abs, s.absMax = float64(c), float64(mx), float64(c), float64(mx)
		default:
			s = childShare(q, label, partitionMB, out[q.Parent], s)
		}
		s.amPercent = float64(q.MaxAMResourcePercent.V)
		if label != "" {
			for _, ls := range q.Labels {
				if ls.Label == label && ls.MaxAMPercent.V >= 0 && ls.MaxAMPercent.Set() {
					s.amPercent = float64(ls.MaxAMPercent.V)
				}
			}
		}
		out[q] = s
	}
	return out
}

// childShare is one non-root queue's share in a label, its parent's
// share p being final (m.Queues lists parents first).
func childShare(q *xmlconf.Queue, label string, partitionMB int64, p share, s share) share {
	c, mx := q.LabelCapacities(label)
	pAbs, pMax := float32(p.abs), float32(p.absMax)
	s.unknown = p.unknown
	var frac float32
	switch c.Mode {
	case xmlconf.ModePercent:
		frac = c.Fraction()
	case xmlconf.ModeWeight:
		s.weight = float64(c.Weight)
		if sum := siblingWeights(q, label); sum > 0 {
			frac = c.Weight / sum
		}
	case xmlconf.ModeAbsolute:
		if partitionMB > 0 && pAbs > 0 {
			frac = float32(float64(c.Absolute.MemoryMB)/float64(partitionMB)) / pAbs
		} else {
			s.unknown = true
		}
	}
	maxFrac := mx.MaxFraction()
	if mx.Mode == xmlconf.ModeAbsolute {
		maxFrac = 1
		if partitionMB > 0 && pMax > 0 {
			maxFrac = min(float32(float64(mx.Absolute.MemoryMB)/float64(partitionMB))/pMax, 1)
		} else {
			s.unknown = true
		}
	}
	s.capacity, s.maximum = float64(frac), float64(maxFrac)
	s.abs, s.absMax = float64(frac*pAbs), float64(maxFrac*pMax)
	return s
}

// siblingWeights sums the weights q and its siblings set for label.
func siblingWeights(q *xmlconf.Queue, label string) float32 {
	var sum float32
	for _, sib := range q.Parent.Children {
		if c, _ := sib.LabelCapacities(label); c.Mode == xmlconf.ModeWeight {
			sum += c.Weight
		}
	}
	return sum
}
