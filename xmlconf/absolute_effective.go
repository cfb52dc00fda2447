package xmlconf

import "math"

// This file holds the legacy absolute-resource computation of a queue's
// effective minimum and maximum in one partition (AbstractCSQueue.
// updateEffectiveResources, AbstractParentQueue.recalculateEffectiveMinRatio).
// The engine runs it for the default partition and every labelled one on
// the live cluster; LabelShares runs it for `capq tree --partition` on the
// partition size given with --cluster, so both show the same numbers.

// MinRatio is AbstractParentQueue's effectiveMinResourceRatio for one
// partition: per resource type, the factor absolute children's configured
// minimums are multiplied by; a type without a ratio keeps its value.
type MinRatio struct {
	Mem, VC       float32
	HasMem, HasVC bool
}

// EffectiveMinRatio is AbstractParentQueue.recalculateEffectiveMinRatio:
// when the parent's effective minimum base (the partition's resource for
// root, which must not be empty) is less than sum, its absolute children's
// configured minimums, under the scheduler's calculator (less), each
// type's ratio is (float) base / sum.
func EffectiveMinRatio(base, sum Resource, root bool, less func(a, b Resource) bool) MinRatio {
	if root && base.MemoryMB == 0 && base.VCores == 0 || !less(base, sum) {
		return MinRatio{}
	}
	var r MinRatio
	if sum.MemoryMB != 0 {
		r.Mem, r.HasMem = float32(base.MemoryMB)/float32(sum.MemoryMB), true
	}
	if sum.VCores != 0 {
		r.VC, r.HasVC = float32(base.VCores)/float32(sum.VCores), true
	}
	return r
}

// Apply is AbstractCSQueue.createNormalizedMinResource: (long) (value *
// ratio), multiplied in Java float.
func (r MinRatio) Apply(min Resource) Resource {
	out := Resource{MemoryMB: min.MemoryMB, VCores: min.VCores}
	if r.HasMem {
		out.MemoryMB = int64(float32(min.MemoryMB) * r.Mem)
	}
	if r.HasVC {
		out.VCores = int64(float32(min.VCores) * r.VC)
	}
	return out
}

// AbsoluteEffective is AbstractCSQueue.updateEffectiveResources for a
// queue in absolute mode in one partition: the configured minimum scaled
// by the parent's ratio, and the configured maximum capped by the
// parent's maximum, the parent's maximum when unset
// (getOrInheritMaxResource).
func AbsoluteEffective(configMin, configMax Resource, parentRatio MinRatio, parentMax Resource) (min, max Resource) {
	min, max = parentRatio.Apply(configMin), Resource{MemoryMB: parentMax.MemoryMB, VCores: parentMax.VCores}
	if configMax.MemoryMB != 0 || configMax.VCores != 0 {
		max = Resource{MemoryMB: minInt(configMax.MemoryMB, parentMax.MemoryMB), VCores: minInt(configMax.VCores, parentMax.VCores)}
	}
	return min, max
}

func minInt(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}

// LessThan is Resources.lessThan(rc, cluster, a, b): memory under the
// default calculator; under DRF the dominant shares, then the other ones
// (DominantResourceCalculator.compare).
func LessThan(cluster, a, b Resource, drf bool) bool {
	if !drf {
		return a.MemoryMB < b.MemoryMB
	}
	a1, a2 := shares(cluster, a)
	b1, b2 := shares(cluster, b)
	if a1 != b1 {
		return a1 < b1
	}
	return a2 < b2
}

// shares are r's larger and smaller share of cluster.
func shares(cluster, r Resource) (float64, float64) {
	share := func(v, of int64) float64 {
		if of == 0 {
			if v == 0 {
				return 0
			}
			return math.Inf(1)
		}
		return float64(v) / float64(of)
	}
	m, v := share(r.MemoryMB, cluster.MemoryMB), share(r.VCores, cluster.VCores)
	if m >= v {
		return m, v
	}
	return v, m
}
