package migrate

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// yarnPrecision is ParentQueue's PRECISION: children's capacity fractions
// (Java float) must sum to 1 within it.
const yarnPrecision float32 = 0.0005

// yarnSumOK mirrors ParentQueue's check: with a positive parent capacity
// the float fractions must sum to 1 ± 0.0005; under a zero-capacity
// parent they must sum to 0.
func yarnSumOK(children []*node, parentCap float64) bool {
	var sum float32
	for _, c := range children {
		sum += float32(c.Cap) / 100
	}
	if parentCap <= 0 {
		return sum <= 0
	}
	d := 1 - sum
	if d < 0 {
		d = -d
	}
	return d <= yarnPrecision
}

// Rescale is the documented rescaling rule: scale values to sum to total,
// round to 2 decimals by the largest remainder method (ties go to the
// earlier value, in list order), so the rounded values sum to total
// exactly. Zero or negative sums split total equally.
func Rescale(vals []float64, total float64) []float64 {
	n := len(vals)
	out := make([]float64, n)
	if n == 0 {
		return out
	}
	units := int64(math.Round(total * 100))
	sum := 0.0
	for _, v := range vals {
		sum += math.Max(v, 0)
	}
	exact := make([]float64, n)
	for i, v := range vals {
		if sum <= 0 {
			exact[i] = float64(units) / float64(n)
		} else {
			exact[i] = math.Max(v, 0) * float64(units) / sum
		}
	}
	floors := make([]int64, n)
	var given int64
	for i, e := range exact {
		floors[i] = int64(math.Floor(e + 1e-9))
		given += floors[i]
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		return exact[idx[a]]-float64(floors[idx[a]]) > exact[idx[b]]-float64(floors[idx[b]])+1e-12
	})
	for k := 0; given < units && k < n; k++ {
		floors[idx[k]]++
		given++
	}
	for i, f := range floors {
		out[i] = float64(f) / 100
	}
	return out
}

// fixSums makes every level pass YARN's sum check: children of a
// zero-capacity parent become 0 (their share of the cluster was 0
// anyway); other levels are rescaled to 100 with a warning.
func (mg *migration) fixSums(n *node) {
	if len(n.Children) == 0 {
		return
	}
	if !yarnSumOK(n.Children, n.Cap) {
		if n.Cap <= 0 && n.Parent != nil {
			for _, c := range n.Children {
				c.Cap = 0
			}
		} else {
			mg.rescaleLevel(n)
		}
	}
	for _, c := range n.Children {
		mg.fixSums(c)
	}
}

func (mg *migration) rescaleLevel(n *node) {
	vals := make([]float64, len(n.Children))
	var before []string
	sum := 0.0
	for i, c := range n.Children {
		vals[i] = c.Cap
		sum += c.Cap
		before = append(before, fmt.Sprintf("%s=%s", c.Name, num(c.Cap)))
	}
	scaled := Rescale(vals, 100)
	var after []string
	for i, c := range n.Children {
		c.Cap, c.Rescaled = scaled[i], true
		c.CapNote = fmt.Sprintf("rescaled from %s (siblings summed to %s)", num(vals[i]), num(sum))
		after = append(after, fmt.Sprintf("%s=%s", c.Name, num(c.Cap)))
	}
	pos := xmlconf.Pos{}
	if first := n.Children[0]; first.Src != nil {
		pos = first.Src.Pos
		if first.Src.Capacity.Prop != nil {
			pos = first.Src.Capacity.Prop.ValuePos
		}
	}
	how, hint := "rescaled ×100/"+num(sum), "absolute guarantees change slightly; review them in the report"
	if sum <= 0 {
		// Rescale splits a zero sum equally; "×100/0" would be no rule at all.
		how = "split equally"
	}
	if math.Abs(sum-100) > 1 {
		hint = "absolute guarantees change; review them in the report"
	}
	mg.finding(RuleRescaled, xmlconf.SeverityWarning, pos, n.Path(), "capacity",
		fmt.Sprintf("capacities of the children of %q sum to %s, which YARN refuses (it needs 100 ± 0.05); %s with largest-remainder rounding to 2 decimals: %s → %s",
			n.Path(), num(sum), how, strings.Join(before, ", "), strings.Join(after, ", ")),
		hint)
}

// computeAbsCap fills AbsCap top down.
func computeAbsCap(n *node) {
	for _, c := range n.Children {
		c.AbsCap = c.Cap * n.AbsCap / 100
		computeAbsCap(c)
	}
}

// wantedMax is the absolute ceiling a queue must keep: the source's, but
// never below its (possibly rescaled) guarantee. A group parent wants the
// sum of its members' ceilings, so it adds no limit of its own; for YARN
// 2.x, which also requires relative capacity ≤ relative maximum, it takes
// the largest ceiling that keeps every member's ratio, if there is one.
func (mg *migration) wantedMax(n *node) float64 {
	if !n.Group {
		return math.Max(n.SrcAbsMax, n.AbsCap)
	}
	sum, most, upper := 0.0, 0.0, math.Inf(1)
	for _, c := range n.Children {
		w := mg.wantedMax(c)
		sum += w
		most = math.Max(most, w)
		if c.AbsCap > 0 {
			upper = math.Min(upper, n.AbsCap*w/c.AbsCap)
		}
	}
	w := math.Min(100, sum)
	if mg.relativeMaxCheck() {
		w = math.Max(most, math.Min(w, upper))
	}
	return w
}

// relativeMaxCheck reports whether the target checks capacity ≤
// maximum-capacity on the relative values (YARN 2.x
// CSQueueUtils.checkMaxCapacity) rather than on absolute ones.
func (mg *migration) relativeMaxCheck() bool { return !mg.opts.Target.AtLeast(xmlconf.V3_1) }

// setMaxima converts each ceiling to YARN's relative maximum-capacity
// (relative to the parent's absolute maximum), rounded to 2 decimals,
// raising it where rounding or rescaling would put it under the guarantee.
func (mg *migration) setMaxima(n *node) {
	for _, c := range n.Children {
		want := mg.wantedMax(c)
		rel := 100.0
		if n.AbsMax > 0 {
			rel = math.Min(100, round2(want/n.AbsMax*100))
		}
		c.Max = rel
		c.AbsMax = c.Max * n.AbsMax / 100
		if c.AbsMax+1e-9 < c.AbsCap {
			c.Max = math.Min(100, ceil2(c.AbsCap/n.AbsMax*100))
			c.AbsMax = c.Max * n.AbsMax / 100
		}
		if c.Src != nil && c.SrcAbsMax+1e-9 < c.AbsCap {
			mg.finding(RuleMaxRaised, xmlconf.SeverityWarning, srcPos(c), c.Path(), "maximum-capacity",
				fmt.Sprintf("the ceiling of %q is raised from %s%% to %s%% of the cluster so it is not below its capacity", c.Path(), num(c.SrcAbsMax), num(c.AbsMax)),
				"YARN requires absolute capacity ≤ absolute maximum capacity")
		}
		if mg.relativeMaxCheck() && c.Max < c.Cap {
			old := c.AbsMax
			c.Max = c.Cap
			c.AbsMax = c.Max * n.AbsMax / 100
			mg.finding(RuleMaxRaised, xmlconf.SeverityWarning, srcPos(c), c.Path(), "maximum-capacity",
				fmt.Sprintf("YARN %s requires capacity ≤ maximum-capacity as relative values: maximum-capacity of %q raised to %s, its ceiling from %s%% to %s%% of the cluster",
					mg.opts.Target, c.Path(), num(c.Max), num(old), num(c.AbsMax)),
				"target YARN 3.1 or later to keep the ceiling")
		}
		mg.setMaxima(c)
	}
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// ceil2 rounds up to 2 decimals, ignoring float noise below 1e-9.
func ceil2(x float64) float64 { return math.Ceil(x*100-1e-9) / 100 }

// num renders a percentage or factor without trailing zeros ("50", "33.24").
func num(x float64) string {
	if x == 0 {
		return "0"
	}
	return strconv.FormatFloat(round6(x), 'f', -1, 64)
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }
