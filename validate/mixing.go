package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// childCheck is the first problem Hadoop's setChildQueues meets for one
// parent: which rule it belongs to and Hadoop's message. Hadoop stops at
// the first, so each parent yields at most one (rule CS020–CS024).
type childCheck struct {
	rule string
	at   *xmlconf.Queue // the queue to point at (parent, or the child at fault)
	msg  string
	hint string // plain-words explanation (sums), "" for the rule's default
}

// sumHint explains a failed sum in percentages, e.g. `children of "root"
// sum to 99.9, must be 100 (±0.05)`.
func sumHint(q *xmlconf.Queue, l string, sum float32, want string) string {
	return fmt.Sprintf("children of %q sum to %s%s, must be %s", q.Path, pct(sum), labelSuffix(l), want)
}

// precision is AbstractParentQueue.PRECISION, on fractions.
const precision float32 = 0.0005

// sumLabels are the labels a parent's children are summed for.
func sumLabels(m *xmlconf.Model, q *xmlconf.Queue, v xmlconf.Version) []string {
	ls := configuredLabels(q)
	if !q.IsRoot() || v.Less(xmlconf.V3_4) {
		return ls
	}
	// 3.4: root's configured label set is the union over every key's
	// label (ConfiguredNodeLabels#getAllConfiguredLabels over
	// getConfiguredNodeLabelsByQueue), queues missing from the tree
	// included.
	out := []string{""}
	for _, l := range m.AllKeyLabels() {
		if l != "" {
			out = append(out, l)
		}
	}
	sort.Strings(out[1:])
	return out
}

// childList returns q's children as Hadoop's setChildQueues sees them:
// one entry per name in the queues list, so a name listed twice is
// counted twice in sums (parseQueue creates it twice).
func childList(q *xmlconf.Queue) []*xmlconf.Queue {
	if len(q.ChildNames) <= len(q.Children) {
		return q.Children
	}
	byName := make(map[string]*xmlconf.Queue, len(q.Children))
	for _, c := range q.Children {
		byName[c.Name] = c
	}
	out := make([]*xmlconf.Queue, 0, len(q.ChildNames))
	for _, n := range q.ChildNames {
		if c := byName[n]; c != nil {
			out = append(out, c)
		}
	}
	return out
}

// percentFraction is the capacity fraction Hadoop stores for q and l at
// parse time: the percentage/100 (root 1), 0 for weights, absolute and unset.
func percentFraction(q *xmlconf.Queue, l string, v xmlconf.Version) float32 {
	if q.IsRoot() && (l == "" || v.AtLeast(xmlconf.V3_4)) {
		return 1
	}
	c, _ := capacityFor(q, l)
	if c.Mode == xmlconf.ModePercent {
		return c.Percent / 100
	}
	return 0
}

// absoluteMin reports whether q configures an absolute minimum for l that
// Hadoop counts (memory present and non-zero; else it is Resources.none()).
func absoluteMin(q *xmlconf.Queue, l string) (xmlconf.Resource, bool) {
	c, _ := capacityFor(q, l)
	if c.Mode == xmlconf.ModeAbsolute && c.Absolute.MemoryMB > 0 {
		return c.Absolute, true
	}
	return xmlconf.Resource{}, false
}

// childrenBroken reports whether Hadoop would have failed on a child before
// reaching the parent's checks (unparseable or out-of-range capacity, or,
// before 3.1, no capacity at all: each child is built, and
// CSQueueUtils.loadCapacitiesByLabelsFromConf throws "Illegal capacity of
// -1.0" from getNonLabeledQueueCapacity, before
// ParentQueue#setChildQueues sums them).
func childrenBroken(q *xmlconf.Queue, v xmlconf.Version) bool {
	for _, c := range q.Children {
		if v.Less(xmlconf.V3_1) && c.Capacity.Mode == xmlconf.ModeUnset {
			return true
		}
		for _, l := range configuredLabels(c) {
			cp, mx := capacityFor(c, l)
			if cp.Mode == xmlconf.ModeInvalid || mx.Mode == xmlconf.ModeInvalid {
				return true
			}
			if cp.Mode == xmlconf.ModePercent && (cp.Percent < 0 || cp.Percent > 100) {
				return true
			}
		}
	}
	return false
}

type capType int

const (
	typeWeight capType = iota
	typeAbsolute
	typePercent
)

// capacityType mirrors AbstractParentQueue.getCapacityConfigurationTypeForQueues
// (3.4) over queues, for the labels of parent, including its order quirk:
// an absolute queue clears the "percentage seen" flag. mixed is the
// diagnostic when more than one mode is used.
//
// Only the labels a queue configures can set a flag; the others add a
// percentage entry to the diagnostic while the flag is up. So the work is
// the configured pairs plus the diagnostic, which stops at maxMixedDiag:
// the parent's labels times its children (3.4 root: every label of the
// file times root's children) would otherwise be walked, and printed, in
// full.
func capacityType(queues []*xmlconf.Queue, labels []string, v xmlconf.Version) (t capType, mixed string) {
	pct, weight, abs := false, false, false
	var diag mixedDiag
	at := make(map[string]int, len(labels))
	for i, l := range labels {
		at[l] = i
	}
	for _, q := range queues {
		own := ownLabels(q, labels, at)
		for i, k := 0, 0; i < len(labels); i++ {
			if k == len(own) || own[k] != i {
				if !pct || diag.full() {
					// Nothing can happen before q's next configured label.
					diag.cut = diag.cut || pct
					if k == len(own) {
						break
					}
					i = own[k] - 1
					continue
				}
				diag.add(q, labels[i], "percentage")
				continue
			}
			k++
			l := labels[i]
			if percentFraction(q, l, v) > 0 {
				pct = true
			}
			if c, _ := capacityFor(q, l); weightOf(c, v) >= 0 {
				weight = true
				diag.add(q, l, "weight")
			}
			if _, ok := absoluteMin(q, l); ok {
				abs, pct = true, false
				diag.add(q, l, "absolute")
			}
			if pct {
				diag.add(q, l, "percentage")
			}
		}
	}
	n := 0
	for _, b := range []bool{pct, weight, abs} {
		if b {
			n++
		}
	}
	if n > 1 && len(queues) > 0 && !queues[0].IsRoot() {
		mixed = diag.String()
	}
	switch {
	case weight || len(queues) == 0:
		return typeWeight, mixed
	case abs:
		return typeAbsolute, mixed
	}
	return typePercent, mixed
}

// weightOf is QueueCapacities.getWeight for a capacity: the configured
// weight ("2w"), or from 3.4 on the weight of a vector giving every
// resource the same weight ("[memory=2w,vcores=2w]"), which
// AbstractCSQueue.setupQueueConfigs stores in the queue's capacities in
// either queue mode (YARN-11000 added the step after the capacity vectors
// are parsed; 3.3 parses no capacity vectors); -1 (not set) otherwise.
func weightOf(c xmlconf.Capacity, v xmlconf.Version) float32 {
	if c.Mode == xmlconf.ModeWeight {
		return c.Weight
	}
	if w, ok := xmlconf.UniformWeight(c); ok && v.AtLeast(xmlconf.V3_4) {
		return w
	}
	return -1
}

// ownLabels returns the indexes in labels (at maps a label to its index)
// of the labels q configures, ascending: "" and its accessible-node-labels
// settings, or every label for root, whose fraction is 1 whatever is set.
func ownLabels(q *xmlconf.Queue, labels []string, at map[string]int) []int {
	var own []int
	if q.IsRoot() {
		for i := range labels {
			own = append(own, i)
		}
		return own
	}
	for _, l := range configuredLabels(q) {
		if i, ok := at[l]; ok {
			own = append(own, i)
		}
	}
	sort.Ints(own)
	return own
}

// maxMixedDiag bounds the details of CS020's message. Hadoop lists every
// queue and label, and a sticky percentage flag makes that the parent's
// labels times its children; no real configuration comes near. It stays
// under xmlconf.MaxFindingText, so the list is cut here, between entries.
const maxMixedDiag = xmlconf.MaxFindingText - 1024

// mixedDiag is the details of CS020's message, cut at maxMixedDiag.
type mixedDiag struct {
	b   strings.Builder
	cut bool
}

func (d *mixedDiag) full() bool { return d.b.Len() >= maxMixedDiag }

func (d *mixedDiag) add(q *xmlconf.Queue, l, mode string) {
	if d.full() {
		d.cut = true
		return
	}
	fmt.Fprintf(&d.b, "{Queue=%s, label=%s uses %s mode}. ", q.Path, l, mode)
}

func (d *mixedDiag) String() string {
	if d.cut {
		return d.b.String() + "… (capq cuts the list here)"
	}
	return d.b.String()
}

// checkChildren emulates setChildQueues for parent q under version v and
// returns the first error Hadoop would throw (nil when it accepts).
func checkChildren(m *xmlconf.Model, q *xmlconf.Queue, v xmlconf.Version) *childCheck {
	if q.IsLeaf() || len(q.Children) == 0 || childrenBroken(q, v) {
		return nil
	}
	if v.AtLeast(xmlconf.V3_1) && q.AutoCreate.Legacy.V && allAutoCreated(q) {
		// A managed parent's auto-created children are AutoCreatedLeafQueues,
		// added by ManagedParentQueue.addChildQueue and given their
		// guarantees by GuaranteedOrZeroCapacityOverTimePolicy (0 or the
		// template's), so they need not sum to 100%: setChildQueues sees
		// only configured children. A refresh that keeps two leaves under a
		// 30% template is accepted (TestCapacitySchedulerAutoQueueCreation#
		// testReinitializeQueuesWithAutoCreatedLeafQueues). Children the
		// file lists are checked as under any parent.
		return nil
	}
	if v.AtLeast(xmlconf.V3_4) {
		if !m.Global.LegacyQueueMode.V && m.Global.LegacyQueueMode.Set() {
			return nil // non-legacy mode: universal capacity vectors, no mixing or sum checks
		}
		return checkChildren34(m, q, v)
	}
	return checkChildrenLegacy(m, q, v)
}

// allAutoCreated reports whether every child of q is one the engine
// carried into a refreshed model (xmlconf.Queue.AutoCreated).
func allAutoCreated(q *xmlconf.Queue) bool {
	for _, c := range q.Children {
		if !c.AutoCreated {
			return false
		}
	}
	return true
}

func checkChildren34(m *xmlconf.Model, q *xmlconf.Queue, v xmlconf.Version) *childCheck {
	labels := sumLabels(m, q, v)
	sums := sumChildren(q, v)
	childT, mixed := capacityType(childList(q), labels, v)
	if mixed != "" {
		return &childCheck{rule: "CS020", at: q, msg: fmt.Sprintf("Parent queue '%s' have children queue used mixed of  weight mode, "+
			"percentage and absolute mode, it is not allowed, please double check, details:%s", q.Path, mixed)}
	}
	parentT, _ := capacityType([]*xmlconf.Queue{q}, configuredLabels(q), v)
	if childT == typeAbsolute || parentT == typeAbsolute {
		if childT != parentT && !q.IsRoot() {
			return &childCheck{rule: "CS022", at: q, msg: fmt.Sprintf("Parent=%s: When absolute minResource is used, we must make sure "+
				"both parent and child all use absolute minResource", q.Path)}
		}
		if c := checkAbsoluteSum(m, q, labels, sums); c != nil {
			return c
		}
	}
	if childT != typePercent {
		return nil
	}
	for _, l := range labels {
		if c := checkPercentSum34(q, l, parentT, v, sums.pct[l]); c != nil {
			c.hint += labelSourceHint(m, q, l, v)
			return c
		}
	}
	return nil
}

// labelSourceHint says where a label of 3.4's root comes from when no
// queue of the tree configures it: root takes the label of every key
// under the prefix (ConfiguredNodeLabels#getAllConfiguredLabels over
// getConfiguredNodeLabelsByQueue), an auto-creation template's or a
// queue's missing from the tree included, which users rarely expect.
func labelSourceHint(m *xmlconf.Model, q *xmlconf.Queue, l string, v xmlconf.Version) string {
	if !q.IsRoot() || l == "" || v.Less(xmlconf.V3_4) {
		return ""
	}
	paths := m.KeyLabelPaths(l)
	for _, p := range paths {
		if m.Queue(p) != nil {
			return ""
		}
	}
	if len(paths) == 0 {
		return ""
	}
	more := ""
	if len(paths) > 1 {
		more = fmt.Sprintf(" (and %d more paths)", len(paths)-1)
	}
	return fmt.Sprintf("; no queue of the tree configures label %q: it comes from %s.%s%s.*%s, "+
		"and Hadoop 3.4 gives root every label of every key", l, paths[0], xmlconf.LabelKeyInfix, l, more)
}

// checkPercentSum34 checks the children's percentages for label l, whose
// sum is sum (childSums.pct).
func checkPercentSum34(q *xmlconf.Queue, l string, parentT capType, v xmlconf.Version, sum float32) *childCheck {
	pc := percentFraction(q, l, v)
	allowZero := q.AllowZeroCapacitySum.V
	head := fmt.Sprintf("Illegal capacity sum of %s for children of queue %s for label=%s. ", xmlconf.FormatJavaFloat(sum), q.Name, l)
	// Mirror Java's if/else exactly: NaN sums take the else branch.
	if abs32(1-sum) > precision {
		if abs32(sum) > precision {
			want := "100 (±0.05)"
			if allowZero || parentT != typePercent || abs32(pc) <= precision {
				want += " or 0"
			}
			return &childCheck{"CS024", q, head + "It should be either 0 or 1.0", sumHint(q, l, sum, want)}
		}
		if parentT == typePercent && abs32(pc) > precision && !allowZero {
			return &childCheck{"CS024", q, head + "It is set to 0, but parent percent != 0, and doesn't allow children capacity to set to 0",
				sumHint(q, l, sum, "100 (±0.05) under a parent with capacity, or set allow-zero-capacity-sum=true")}
		}
		return nil
	}
	if parentT == typePercent && abs32(pc) <= 0 && !allowZero {
		return &childCheck{"CS024", q, head + "queue=" + q.Name + " has zero capacity, but childqueues have positive capacities",
			sumHint(q, l, sum, "0 under a parent with capacity 0, or set allow-zero-capacity-sum=true")}
	}
	return nil
}

func abs32(f float32) float32 {
	if f < 0 {
		return -f
	}
	return f
}

// childSums are the sums, per label, of a parent's children's percentage
// fractions and absolute minimums, in child order (a name listed twice
// counts twice), as setChildQueues adds them up label by label.
type childSums struct {
	pct map[string]float32
	abs map[string]xmlconf.Resource
}

// sumChildren adds up q's children over the labels each configures: a
// child without settings for a label adds 0 there (x + 0 is x in float32
// too), so summing label by label over every child, the parent's labels
// times its children, gives the same sums for much more work.
func sumChildren(q *xmlconf.Queue, v xmlconf.Version) childSums {
	s := childSums{pct: map[string]float32{}, abs: map[string]xmlconf.Resource{}}
	for _, c := range childList(q) {
		for _, l := range configuredLabels(c) {
			if f := percentFraction(c, l, v); f != 0 {
				s.pct[l] += f
			}
			if r, ok := absoluteMin(c, l); ok {
				s.abs[l] = addResource(s.abs[l], r)
			}
		}
	}
	return s
}
