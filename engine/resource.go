package engine

import (
	"math"

	"github.com/capq/capq/xmlconf"
)

// Resource is an amount of memory (MB) and virtual cores. The engine keeps
// it as two int64 so arithmetic in the hot path allocates nothing.
type Resource struct {
	MemoryMB int64 `json:"memory_mb"`
	VCores   int64 `json:"vcores"`
}

// Add returns r + o.
func (r Resource) Add(o Resource) Resource {
	return Resource{r.MemoryMB + o.MemoryMB, r.VCores + o.VCores}
}

// Sub returns r - o (components may go negative).
func (r Resource) Sub(o Resource) Resource {
	return Resource{r.MemoryMB - o.MemoryMB, r.VCores - o.VCores}
}

// IsZero reports whether both components are zero.
func (r Resource) IsZero() bool { return r.MemoryMB == 0 && r.VCores == 0 }

// subNonNeg is Resources.subtractNonNegative: each component floored at 0.
func subNonNeg(a, b Resource) Resource {
	r := a.Sub(b)
	if r.MemoryMB < 0 {
		r.MemoryMB = 0
	}
	if r.VCores < 0 {
		r.VCores = 0
	}
	return r
}

// componentwiseMin is Resources.componentwiseMin.
func componentwiseMin(a, b Resource) Resource {
	return Resource{min(a.MemoryMB, b.MemoryMB), min(a.VCores, b.VCores)}
}

// fitsAll is Resources.fitsIn without a calculator: every component.
func fitsAll(small, big Resource) bool {
	return small.MemoryMB <= big.MemoryMB && small.VCores <= big.VCores
}

// calc is the scheduler's ResourceCalculator: DefaultResourceCalculator
// (memory only) or DominantResourceCalculator (DRF). Comparisons under DRF
// need the cluster resource, held here and updated on node changes.
type calc struct {
	drf     bool
	cluster Resource
}

// share returns the two per-resource shares of r in the cluster, largest
// first, as DominantResourceCalculator compares them.
func (c *calc) shares(r Resource) (float64, float64) {
	m := ratio64(r.MemoryMB, c.cluster.MemoryMB)
	v := ratio64(r.VCores, c.cluster.VCores)
	if m >= v {
		return m, v
	}
	return v, m
}

func ratio64(a, b int64) float64 {
	if b == 0 {
		if a == 0 {
			return 0
		}
		return math.Inf(1)
	}
	return float64(a) / float64(b)
}

// compare is ResourceCalculator.compare: <0, 0, >0.
func (c *calc) compare(a, b Resource) int {
	if !c.drf {
		return cmp64(a.MemoryMB, b.MemoryMB)
	}
	return c.compareDominant(a, b)
}

// compareDominant is DominantResourceCalculator.compare. It is kept out
// of compare and the predicates below so that their
// DefaultResourceCalculator case (memory alone) is small enough to be
// inlined: they are called several times for every queue a pass visits.
func (c *calc) compareDominant(a, b Resource) int {
	if a == b {
		return 0
	}
	if c.cluster.MemoryMB == 0 || c.cluster.VCores == 0 {
		// DominantResourceCalculator.compare: an invalid divisor (a
		// partition without resource) compares component by component.
		return componentCompare(a, b)
	}
	a1, a2 := c.shares(a)
	b1, b2 := c.shares(b)
	switch {
	case a1 < b1:
		return -1
	case a1 > b1:
		return 1
	case a2 < b2:
		return -1
	case a2 > b2:
		return 1
	}
	return 0
}

// componentCompare is DominantResourceCalculator's private compare(lhs,
// rhs): 1 when a is larger in some component and smaller in none, -1 the
// other way round, 0 when each is larger somewhere (or equal).
func componentCompare(a, b Resource) int {
	m, v := cmp64(a.MemoryMB, b.MemoryMB), cmp64(a.VCores, b.VCores)
	switch {
	case m >= 0 && v >= 0:
		return max(m, v)
	case m <= 0 && v <= 0:
		return min(m, v)
	}
	return 0
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// The predicates compare memory alone under the default calculator, as
// compare does, without a call.

func (c *calc) less(a, b Resource) bool {
	if !c.drf {
		return a.MemoryMB < b.MemoryMB
	}
	return c.compareDominant(a, b) < 0
}

func (c *calc) lessEq(a, b Resource) bool {
	if !c.drf {
		return a.MemoryMB <= b.MemoryMB
	}
	return c.compareDominant(a, b) <= 0
}

func (c *calc) greater(a, b Resource) bool {
	if !c.drf {
		return a.MemoryMB > b.MemoryMB
	}
	return c.compareDominant(a, b) > 0
}

func (c *calc) greaterEq(a, b Resource) bool {
	if !c.drf {
		return a.MemoryMB >= b.MemoryMB
	}
	return c.compareDominant(a, b) >= 0
}

// positive is Resources.greaterThan(rc, cluster, r, none).
func (c *calc) positive(r Resource) bool { return c.greater(r, Resource{}) }

func (c *calc) min(a, b Resource) Resource {
	if c.drf {
		return c.minDominant(a, b)
	}
	if a.MemoryMB <= b.MemoryMB {
		return a
	}
	return b
}

// minDominant and maxDominant are min and max under the dominant
// calculator, not inlined so that min and max are.
//
//go:noinline
func (c *calc) minDominant(a, b Resource) Resource {
	if c.compareDominant(a, b) <= 0 {
		return a
	}
	return b
}

func (c *calc) max(a, b Resource) Resource {
	if c.drf {
		return c.maxDominant(a, b)
	}
	if a.MemoryMB >= b.MemoryMB {
		return a
	}
	return b
}

//go:noinline
func (c *calc) maxDominant(a, b Resource) Resource {
	if c.compareDominant(a, b) >= 0 {
		return a
	}
	return b
}

// fitsIn is ResourceCalculator.fitsIn: memory only under the default
// calculator, every component under DRF.
func (c *calc) fitsIn(small, big Resource) bool {
	if !c.drf {
		return small.MemoryMB <= big.MemoryMB
	}
	return fitsAll(small, big)
}

// anyMajorAboveZero is ResourceCalculator.isAnyMajorResourceAboveZero.
func (c *calc) anyMajorAboveZero(r Resource) bool {
	if !c.drf {
		return r.MemoryMB > 0
	}
	return r.MemoryMB > 0 || r.VCores > 0
}

func roundUpTo(v, step int64) int64 {
	if step <= 0 {
		return v
	}
	return ((v + step - 1) / step) * step
}

func roundDownTo(v, step int64) int64 {
	if step <= 0 {
		return v
	}
	return (v / step) * step
}

// normalize is ResourceCalculator.normalize(r, min, max, step): each
// resource raised to the minimum, rounded up to the step and capped by
// the maximum. The DefaultResourceCalculator normalizes memory alone,
// taking the minimum as the step when the step has no memory, and builds
// the result with Resources.createResource(memory): one vcore, none
// without memory. The DominantResourceCalculator leaves a resource whose
// step is 0 unrounded (roundUpTo does).
func (c *calc) normalize(r, mn, mx, step Resource) Resource {
	if !c.drf {
		s := step.MemoryMB
		if s == 0 {
			s = mn.MemoryMB
		}
		m := min(roundUpTo(max(r.MemoryMB, mn.MemoryMB), s), mx.MemoryMB)
		if m > 0 {
			return Resource{m, 1}
		}
		return Resource{m, 0}
	}
	return Resource{
		min(roundUpTo(max(r.MemoryMB, mn.MemoryMB), step.MemoryMB), mx.MemoryMB),
		min(roundUpTo(max(r.VCores, mn.VCores), step.VCores), mx.VCores),
	}
}

// roundUp is ResourceCalculator.roundUp to the step (minimum allocation).
func (c *calc) roundUp(r, step Resource) Resource {
	if !c.drf {
		return Resource{roundUpTo(r.MemoryMB, step.MemoryMB), r.VCores}
	}
	return Resource{roundUpTo(r.MemoryMB, step.MemoryMB), roundUpTo(r.VCores, step.VCores)}
}

// roundDown is ResourceCalculator.roundDown.
func (c *calc) roundDown(r, step Resource) Resource {
	if !c.drf {
		return Resource{roundDownTo(r.MemoryMB, step.MemoryMB), r.VCores}
	}
	return Resource{roundDownTo(r.MemoryMB, step.MemoryMB), roundDownTo(r.VCores, step.VCores)}
}

// multiplyAndNormalizeUp is ResourceCalculator.multiplyAndNormalizeUp,
// rounded up to the step: DefaultResourceCalculator rounds the product
// half up ((long)(v * by + 0.5)), DominantResourceCalculator takes the
// ceiling of the product in Java float.
func (c *calc) multiplyAndNormalizeUp(r Resource, by float64, step Resource) Resource {
	if !c.drf {
		return Resource{roundUpTo(int64(float64(r.MemoryMB)*by+0.5), step.MemoryMB), r.VCores}
	}
	m := roundUpTo(int64(math.Ceil(float64(float32(float64(r.MemoryMB)*by)))), step.MemoryMB)
	v := roundUpTo(int64(math.Ceil(float64(float32(float64(r.VCores)*by)))), step.VCores)
	return Resource{m, v}
}

// multiplyAndNormalizeDown is ResourceCalculator.multiplyAndNormalizeDown.
func (c *calc) multiplyAndNormalizeDown(r Resource, by float64, step Resource) Resource {
	m := roundDownTo(int64(float64(r.MemoryMB)*by), step.MemoryMB)
	v := roundDownTo(int64(float64(r.VCores)*by), step.VCores)
	if !c.drf {
		v = r.VCores
	}
	return Resource{m, v}
}

// multiplyRoundDown is Resources.multiplyAndRoundDown: (long)(v * by).
func multiplyRoundDown(r Resource, by float64) Resource {
	return multiplyTrunc(r, by)
}

// divideAndCeil is ResourceCalculator.divideAndCeil(Resource, float):
// Java computes long/float in float, then ceils. Division by 0 gives 0.
func divideAndCeil(r Resource, by float32) Resource {
	if by == 0 {
		return Resource{}
	}
	return Resource{
		int64(math.Ceil(float64(float32(r.MemoryMB) / by))),
		int64(math.Ceil(float64(float32(r.VCores) / by))),
	}
}

// ratio is ResourceCalculator.ratio(a, b) in Java float: memory under the
// default calculator, the largest per-resource ratio under DRF.
func (c *calc) ratio(a, b Resource) float32 {
	m := divF(a.MemoryMB, b.MemoryMB)
	if !c.drf {
		return m
	}
	v := divF(a.VCores, b.VCores)
	if v > m {
		return v
	}
	return m
}

func divF(a, b int64) float32 {
	if b == 0 {
		if a == 0 {
			return 0
		}
		return float32(math.Inf(1))
	}
	return float32(a) / float32(b)
}

// divide is Resources.divide(rc, cluster, a, b): memory ratio, or under DRF
// the ratio of dominant shares.
func (c *calc) divide(a, b Resource) float32 {
	if !c.drf {
		return divF(a.MemoryMB, b.MemoryMB)
	}
	a1, _ := c.shares(a)
	b1, _ := c.shares(b)
	if b1 == 0 {
		return 0
	}
	return float32(a1 / b1)
}

// availableContainers is ResourceCalculator.computeAvailableContainers.
func (c *calc) availableContainers(avail, req Resource) int64 {
	if !c.drf {
		if req.MemoryMB <= 0 {
			return math.MaxInt32
		}
		return avail.MemoryMB / req.MemoryMB
	}
	n := int64(math.MaxInt32)
	if req.MemoryMB > 0 {
		n = min(n, avail.MemoryMB/req.MemoryMB)
	}
	if req.VCores > 0 {
		n = min(n, avail.VCores/req.VCores)
	}
	return n
}

// multiplyTrunc is Resources.multiply(r, by) followed by the long cast
// Hadoop uses for guaranteed resources: (long)(v * by).
// Java's cast (xmlconf.JavaLong) saturates, and gives 0 for NaN, where
// Go's conversion of a NaN, infinite or huge capacity is undefined (it
// gave a guarantee of -9223372036854775808 MB).
func multiplyTrunc(r Resource, by float64) Resource {
	return Resource{xmlconf.JavaLong(float64(r.MemoryMB) * by), xmlconf.JavaLong(float64(r.VCores) * by)}
}

// componentwiseMax is Resources.componentwiseMax.
func componentwiseMax(a, b Resource) Resource {
	return Resource{max(a.MemoryMB, b.MemoryMB), max(a.VCores, b.VCores)}
}
