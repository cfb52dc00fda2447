package xmlconf

// KeepNormalizedWeights carries the default partition's normalized weights
// of old over to m, as a refresh in legacy queue mode does in Hadoop 3.4:
// the queue objects survive CapacityScheduler.reinitialize, and
// QueueCapacities.clearConfigurableFields leaves NORMALIZED_WEIGHT alone,
// while ParentQueue.updateClusterResourceLegacyMode sets it again only for
// children in weight mode. CSQueueUtils.updateAbsoluteCapacitiesByNodeLabels
// then takes max(capacity, normalized weight) × the parent's absolute
// capacity, so a queue moved from weights to percentages keeps the share
// its old weight gave it, and its subtree follows; maximum-applications,
// derived from the absolute capacity (AbstractLeafQueue.
// updateMaximumApplications), follows too. A queue new in m starts without
// one. m's queues are updated in place. Labelled partitions keep their
// configured shares: capq does not carry their normalized weights.
func (m *Model) KeepNormalizedWeights(old *Model) {
	if m == nil || old == nil || m.Root == nil || m.NonLegacyMode() {
		return
	}
	stale := false
	for _, q := range m.Queues {
		if q.IsRoot() || q.Capacity.Mode == ModeWeight {
			continue
		}
		if oq := old.Queue(q.Path); oq != nil && oq.NormalizedWeight > 0 {
			q.NormalizedWeight = oq.NormalizedWeight
			stale = true
		}
	}
	if stale {
		b := &builder{m: m, v: m.Version}
		b.staleShares(m.Root, false)
	}
}

// staleShares recomputes the absolute capacities below p where a kept
// normalized weight exceeds the configured share, or an ancestor's did;
// changed says p's absolute capacity was recomputed.
func (b *builder) staleShares(p *Queue, changed bool) {
	for _, c := range p.Children {
		ch := false
		if c.Capacity.Mode == ModePercent || c.Capacity.Mode == ModeWeight {
			share := float32(c.NormalizedCapacity)
			if nw := float32(c.NormalizedWeight); nw > share {
				share, ch = nw, true
			}
			if ch || changed {
				c.AbsCapacity = float64(share * float32(p.AbsCapacity))
				b.maxApplications(c)
				ch = true
			}
		}
		b.staleShares(c, ch)
	}
}
