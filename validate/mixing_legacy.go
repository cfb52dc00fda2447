package validate

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// checkChildrenLegacy emulates ParentQueue.setChildQueues of 2.7–3.3:
// percentages must sum to 1 when the parent's capacity is positive and to
// 0 when it is 0 (3.1+: absolute children skip the sum), per label.
func checkChildrenLegacy(m *xmlconf.Model, q *xmlconf.Queue, v xmlconf.Version) *childCheck {
	absOK := v.AtLeast(xmlconf.V3_1)
	pc := percentFraction(q, "", v)
	var childCaps float32
	anyAbsDefault := false
	for _, c := range childList(q) {
		childCaps += percentFraction(c, "", v)
		_, abs := absoluteMin(c, "")
		anyAbsDefault = anyAbsDefault || (absOK && abs)
		if absOK && abs && !q.IsRoot() && pc != 0 {
			return &childCheck{rule: "CS022", at: c, msg: fmt.Sprintf("Parent queue '%s' and child queue '%s' should use either "+
				"percentage based capacity configuration or absolute resource together.", shortOrPath(v, q), shortOrPath(v, c))}
		}
	}
	if (!anyAbsDefault && pc > 0 && abs32(1-childCaps) > precision) || (pc == 0 && childCaps > 0) {
		return &childCheck{"CS024", q, fmt.Sprintf("Illegal capacity of %s for children of queue %s",
			xmlconf.FormatJavaFloat(childCaps), q.Name), legacySumHint(q, "", childCaps, pc)}
	}
	labels := configuredLabels(q)
	// Hadoop checks the modes in each label's loop over the children, but
	// they do not depend on the label: a mismatch stops the first, "".
	if absOK && !q.IsRoot() {
		parentAbs := isAbsoluteQueue(q)
		for _, c := range childList(q) {
			if parentAbs != isAbsoluteQueue(c) {
				return &childCheck{rule: "CS022", at: c, msg: fmt.Sprintf("Parent queue '%s' and child queue '%s' should use either "+
					"percentage based capacityconfiguration or absolute resource together for label:%s", shortOrPath(v, q), shortOrPath(v, c), labels[0])}
			}
		}
	}
	sums := sumChildren(q, v)
	for _, l := range labels {
		if c := checkLabelLegacy(m, q, l, v, anyAbsDefault, sums); c != nil {
			return c
		}
	}
	return nil
}

func checkLabelLegacy(m *xmlconf.Model, q *xmlconf.Queue, l string, v xmlconf.Version, anyAbsDefault bool, sums childSums) *childCheck {
	absOK := v.AtLeast(xmlconf.V3_1)
	capL := percentFraction(q, l, v)
	sum := sums.pct[l]
	if (!anyAbsDefault && capL > 0 && abs32(1-sum) > precision) || (capL == 0 && sum > 0) {
		return &childCheck{"CS024", q, fmt.Sprintf("Illegal capacity of %s for children of queue %s for label=%s",
			xmlconf.FormatJavaFloat(sum), q.Name, l), legacySumHint(q, l, sum, capL)}
	}
	if absOK {
		return checkAbsoluteSum(m, q, []string{l}, sums)
	}
	return nil
}

func legacySumHint(q *xmlconf.Queue, l string, sum, parent float32) string {
	if parent == 0 {
		return sumHint(q, l, sum, "0: the parent's capacity is 0")
	}
	return sumHint(q, l, sum, "100 (±0.05)")
}

// isAbsoluteQueue mirrors AbstractCSQueue.capacityConfigType (3.1–3.3):
// absolute when any label configures an absolute minimum.
func isAbsoluteQueue(q *xmlconf.Queue) bool {
	for _, l := range configuredLabels(q) {
		if _, ok := absoluteMin(q, l); ok {
			return true
		}
	}
	return false
}

// checkAbsoluteSum: parent.min-resource >= Σ child.min-resource per label,
// compared with the scheduler's resource calculator.
func checkAbsoluteSum(m *xmlconf.Model, q *xmlconf.Queue, labels []string, sums childSums) *childCheck {
	for _, l := range labels {
		parentMin, ok := absoluteMin(q, l)
		if !ok {
			continue
		}
		sum := sums.abs[l]
		if resourceLess(m, parentMin, sum) {
			return &childCheck{rule: "CS023", at: q, msg: fmt.Sprintf("Parent Queues capacity: %s is less than to its children:%s for queue:%s",
				resText(parentMin), resText(sum), q.Name)}
		}
	}
	return nil
}

func addResource(a, b xmlconf.Resource) xmlconf.Resource {
	out := xmlconf.Resource{MemoryMB: a.MemoryMB + b.MemoryMB, VCores: a.VCores + b.VCores}
	for _, r := range []xmlconf.Resource{a, b} {
		for k, v := range r.Other {
			if out.Other == nil {
				out.Other = map[string]int64{}
			}
			out.Other[k] += v
		}
	}
	return out
}

// resourceLess mirrors Resources.lessThan: memory only with the default
// calculator; with the dominant calculator and a known cluster, the
// calculator's comparison of shares (drcLess); with no cluster size known,
// any resource type being smaller counts (an approximation of dominant
// shares).
func resourceLess(m *xmlconf.Model, a, b xmlconf.Resource) bool {
	if !m.Global.DominantCalculator() {
		return a.MemoryMB < b.MemoryMB
	}
	if m.Cluster.MemoryMB > 0 && m.Cluster.VCores > 0 {
		return drcLess(a, b, m.Cluster)
	}
	if a.MemoryMB < b.MemoryMB || a.VCores < b.VCores {
		return true
	}
	for k, v := range b.Other {
		if a.Other[k] < v {
			return true
		}
	}
	return false
}

// drcLess mirrors DominantResourceCalculator.compare(cluster, a, b) < 0:
// the shares of every resource type the cluster has (further types such as
// yarn.io/gpu included) are sorted and compared from the largest down, so
// equal dominant shares are settled by the next ones. A type the cluster
// has none of has an infinite share there and is skipped.
func drcLess(a, b, cluster xmlconf.Resource) bool {
	as, bs := drcShares(a, cluster), drcShares(b, cluster)
	for i := len(as) - 1; i >= 0; i-- {
		if as[i] != bs[i] {
			return as[i] < bs[i]
		}
	}
	return false
}

// drcShares returns r's share of each resource type the cluster has,
// sorted ascending (DominantResourceCalculator.calculateShares).
func drcShares(r, cluster xmlconf.Resource) []float64 {
	out := []float64{float64(r.MemoryMB) / float64(cluster.MemoryMB), float64(r.VCores) / float64(cluster.VCores)}
	for _, k := range sortedKeys(cluster.Other) {
		if c := cluster.Other[k]; c > 0 {
			out = append(out, float64(r.Other[k])/float64(c))
		}
	}
	sort.Float64s(out)
	return out
}

// resText renders a resource as Hadoop's Resource.toString does:
// <memory:1024, vCores:1> (further types appended as ", name: value").
func resText(r xmlconf.Resource) string {
	var b strings.Builder
	b.WriteString("<memory:" + strconv.FormatInt(r.MemoryMB, 10) + ", vCores:" + strconv.FormatInt(r.VCores, 10))
	for _, k := range sortedKeys(r.Other) {
		b.WriteString(", " + k + ": " + strconv.FormatInt(r.Other[k], 10))
	}
	b.WriteString(">")
	return b.String()
}

func sortedKeys(m map[string]int64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sortStrings(keys)
	return keys
}
