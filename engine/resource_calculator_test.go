package engine

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The tests below reproduce hadoop-yarn-common's TestResourceCalculator
// (org.apache.hadoop.yarn.util.resource), run, as it is, once with the
// DefaultResourceCalculator and once with the DominantResourceCalculator,
// with the values it asserts. Left out: testCompare and
// testRatioWithExtraResource, which add a third resource type, and
// testFitsInDiagnosticsCollector (getInsufficientResourceNames, which
// only feeds the activities' diagnostics capq does not produce).

// calculators are the test's two parameters.
var calculators = []struct {
	name string
	drf  bool
}{{"DefaultResourceCalculator", false}, {"DominantResourceCalculator", true}}

// testFitsIn: the default calculator looks at memory alone, the dominant
// one at every resource.
func TestResourceCalculatorFitsIn(t *testing.T) {
	for _, tc := range []struct {
		small, big    Resource
		def, dominant bool
	}{
		{Resource{1, 2}, Resource{2, 1}, true, false},
		{Resource{1, 2}, Resource{2, 2}, true, true},
		{Resource{1, 2}, Resource{1, 2}, true, true},
		{Resource{1, 2}, Resource{1, 1}, true, false},
		{Resource{2, 1}, Resource{1, 2}, false, false},
	} {
		for _, rc := range calculators {
			c := calc{drf: rc.drf}
			want := tc.def
			if rc.drf {
				want = tc.dominant
			}
			assert.Equal(t, want, c.fitsIn(tc.small, tc.big), "%s: %v in %v", rc.name, tc.small, tc.big)
		}
	}
}

// assertComparison is the test's helper: compare gives want, and the
// arguments swapped give its negation.
func assertComparison(t *testing.T, c calc, a, b Resource, want int) {
	t.Helper()
	assert.Equal(t, want, c.compare(a, b), "%v v/s %v in %v", a, b, c.cluster)
	if want != 0 {
		assert.Equal(t, -want, c.compare(b, a), "%v v/s %v in %v", b, a, c.cluster)
	}
}

// testCompareWithOnlyMandatory: memory and vcores in a (4, 4) cluster;
// the dominant calculator compares the largest shares, then the others.
func TestResourceCalculatorCompareWithOnlyMandatory(t *testing.T) {
	cluster := Resource{4, 4}
	common := []struct {
		a, b Resource
		want int
	}{
		{Resource{1, 1}, Resource{1, 1}, 0},
		{Resource{0, 0}, Resource{0, 0}, 0},
		{Resource{2, 2}, Resource{1, 1}, 1},
		{Resource{2, 2}, Resource{0, 0}, 1},
	}
	def := append(common[:len(common):len(common)], []struct {
		a, b Resource
		want int
	}{
		{Resource{1, 1}, Resource{1, 1}, 0},
		{Resource{1, 2}, Resource{1, 1}, 0},
		{Resource{1, 1}, Resource{1, 0}, 0},
		{Resource{2, 1}, Resource{1, 1}, 1},
		{Resource{2, 1}, Resource{1, 2}, 1},
		{Resource{2, 1}, Resource{1, 0}, 1},
	}...)
	dominant := append(common[:len(common):len(common)], []struct {
		a, b Resource
		want int
	}{
		{Resource{2, 1}, Resource{2, 1}, 0},
		{Resource{2, 1}, Resource{1, 2}, 0},
		{Resource{2, 1}, Resource{1, 1}, 1},
		{Resource{2, 2}, Resource{2, 1}, 1},
		{Resource{2, 2}, Resource{1, 2}, 1},
		{Resource{3, 1}, Resource{3, 0}, 1},
	}...)
	for _, tc := range def {
		assertComparison(t, calc{cluster: cluster}, tc.a, tc.b, tc.want)
	}
	for _, tc := range dominant {
		assertComparison(t, calc{drf: true, cluster: cluster}, tc.a, tc.b, tc.want)
	}
}

// testCompareWithEmptyCluster: Resources.lessThan, lessThanOrEqual,
// greaterThan, greaterThanOrEqual, max and min against a (0, 0) cluster,
// where the dominant calculator compares resource by resource; the last
// four cases are the dominant calculator's alone.
func TestResourceCalculatorCompareWithEmptyCluster(t *testing.T) {
	type ops struct {
		lt, le, gt, ge bool
		max, min       Resource
	}
	for i, tc := range []struct {
		lhs, rhs     Resource
		want         ops
		dominantOnly bool
	}{
		{Resource{0, 0}, Resource{0, 0}, ops{false, true, false, true, Resource{0, 0}, Resource{0, 0}}, false},
		{Resource{1, 1}, Resource{0, 0}, ops{false, false, true, true, Resource{1, 1}, Resource{0, 0}}, false},
		{Resource{0, 0}, Resource{1, 1}, ops{true, true, false, false, Resource{1, 1}, Resource{0, 0}}, false},
		{Resource{1, 0}, Resource{0, 1}, ops{false, true, false, true, Resource{1, 0}, Resource{1, 0}}, true},
		{Resource{0, 1}, Resource{1, 0}, ops{false, true, false, true, Resource{0, 1}, Resource{0, 1}}, true},
		{Resource{1, 1}, Resource{1, 0}, ops{false, false, true, true, Resource{1, 1}, Resource{1, 0}}, true},
		{Resource{0, 1}, Resource{1, 1}, ops{true, true, false, false, Resource{1, 1}, Resource{0, 1}}, true},
	} {
		for _, rc := range calculators {
			if tc.dominantOnly && !rc.drf {
				continue
			}
			c := calc{drf: rc.drf}
			got := ops{c.less(tc.lhs, tc.rhs), c.lessEq(tc.lhs, tc.rhs), c.greater(tc.lhs, tc.rhs),
				c.greaterEq(tc.lhs, tc.rhs), c.max(tc.lhs, tc.rhs), c.min(tc.lhs, tc.rhs)}
			assert.Equal(t, tc.want, got, "%s case %d", rc.name, i)
		}
	}
}

// testNormalize: Resources.normalize(rc, ask, min, max, increment); the
// default calculator asserts memory alone. A CapacityScheduler always
// steps by the minimum allocation (getNormalizedResource), which the
// test's increments do not.
func TestResourceCalculatorNormalize(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		ask, min, max, step   Resource
		wantMemory, wantCores int64
	}{
		{"arbitrary ask", Resource{1111, 2}, Resource{1024, 1}, Resource{8 * 1024, 8}, Resource{1024, 4}, 2 * 1024, 4},
		{"below the minimum", Resource{512, 0}, Resource{2 * 1024, 2}, Resource{8 * 1024, 8}, Resource{1024, 1}, 2 * 1024, 2},
		{"above the maximum", Resource{9 * 1024, 9}, Resource{2 * 1024, 2}, Resource{8 * 1024, 8}, Resource{1024, 1}, 8 * 1024, 8},
		{"increment 0", Resource{1111, 2}, Resource{2 * 1024, 2}, Resource{8 * 1024, 8}, Resource{0, 0}, 2 * 1024, 2},
	} {
		for _, rc := range calculators {
			c := calc{drf: rc.drf}
			got := c.normalize(tc.ask, tc.min, tc.max, tc.step)
			assert.Equal(t, tc.wantMemory, got.MemoryMB, "%s: %s", rc.name, tc.name)
			if rc.drf {
				assert.Equal(t, tc.wantCores, got.VCores, "%s: %s", rc.name, tc.name)
			}
		}
	}
}

// testDivisionByZeroRatioDenominatorIsZero,
// testDivisionByZeroRatioNumeratorAndDenominatorIsZero and
// testRatioWithNoExtraResource: ratio is divideSafelyAsFloat per
// resource (0 / 0 is 0, x / 0 infinite), the dominant calculator taking
// the largest.
func TestResourceCalculatorRatio(t *testing.T) {
	inf := float32(math.Inf(1))
	for _, tc := range []struct {
		method        string
		a, b          Resource
		def, dominant float32
	}{
		{"testDivisionByZeroRatioDenominatorIsZero", Resource{1, 1}, Resource{0, 0}, inf, inf},
		{"testDivisionByZeroRatioNumeratorAndDenominatorIsZero", Resource{0, 0}, Resource{0, 0}, 0, 0},
		{"testRatioWithNoExtraResource", Resource{1, 1}, Resource{2, 1}, 0.5, 1.0},
	} {
		for _, rc := range calculators {
			c := calc{drf: rc.drf}
			want := tc.def
			if rc.drf {
				want = tc.dominant
			}
			got := c.ratio(tc.a, tc.b)
			if math.IsInf(float64(want), 1) {
				assert.True(t, math.IsInf(float64(got), 1), "%s %s: %v", tc.method, rc.name, got)
				continue
			}
			assert.InDelta(t, want, got, 0.00001, "%s %s", tc.method, rc.name)
		}
	}
}
