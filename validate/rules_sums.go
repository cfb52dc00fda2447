package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// reportChildCheck runs the setChildQueues emulation for every parent and
// reports the problems that belong to rule id.
func reportChildCheck(p *Pass, id, hint string) {
	eachParent(p.Model, func(q *xmlconf.Queue) {
		c := checkChildren(p.Model, q, p.Version)
		if c == nil || c.rule != id || (id == "CS024" && restatedSum(p, q) != nil) {
			return
		}
		at := p.AtQueue(c.at)
		if c.at == q && q.ChildrenProp != nil {
			at = p.AtProperty(q, q.ChildrenProp)
		}
		h := hint
		if c.hint != "" {
			h = c.hint
		}
		p.ReportHint(at, h, "%s", c.msg)
	})
}

var ruleMixedModes = &Rule{
	ID: "CS020", Name: "mixed-capacity-modes", Category: CatSums, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_4,
	Docs: Docs{
		Summary: "siblings mix percentage, weight and absolute capacities",
		Why: "In legacy queue mode (the default) all children of one parent must use one mode; Hadoop 3.4 refuses the " +
			"file with `Parent queue '<path>' have children queue used mixed of  weight mode, percentage and absolute mode, ...`. " +
			"A 0 percentage is tolerated among weights. A vector giving every resource the same weight " +
			"(`[memory=2w,vcores=2w]`) counts as that weight, in legacy mode too (AbstractCSQueue#setupQueueConfigs, " +
			"since YARN-11000). Mixing across levels is allowed.",
		Bad:      "root.a.capacity=2w; root.b.capacity=50",
		Good:     "root.a.capacity=2w; root.b.capacity=1w",
		Source:   "AbstractParentQueue#getCapacityConfigurationTypeForQueues",
		Versions: "3.4+ (weights exist only from 3.4; earlier mixes are CS022)",
	},
	Check: func(p *Pass) { reportChildCheck(p, "CS020", "use one capacity mode for all children of a parent") },
}

var ruleLabelModeMix = &Rule{
	ID: "CS021", Name: "label-mode-mix", Category: CatSums, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_1,
	Docs: Docs{
		Summary:  "a queue uses absolute resources for one node label and a percentage for another",
		Why:      "Each queue must use one mode across its labels: `Queue '<path>' should use either percentage based capacity configuration or absolute resource.`",
		Bad:      "root.a.capacity=[memory=4096,vcores=4]; root.a.accessible-node-labels.gpu.capacity=50",
		Good:     "root.a.accessible-node-labels.gpu.capacity=[memory=2048,vcores=2]",
		Source:   "AbstractCSQueue#validateAbsoluteVsPercentageCapacityConfig",
		Versions: "3.1+; not in 3.4's non-legacy queue mode",
	},
	Check: func(p *Pass) {
		if p.Model.NonLegacyMode() {
			// validateAbsoluteVsPercentageCapacityConfig throws only in
			// legacy queue mode; capacity vectors may differ per label.
			return
		}
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			abs, pct := false, false
			for _, l := range configuredLabels(q) {
				if c, _ := capacityFor(q, l); c.Mode == xmlconf.ModeAbsolute {
					abs = true
				} else {
					pct = true
				}
			}
			if abs && pct {
				p.ReportHint(p.AtProp(q, "capacity"), "write every label's capacity of this queue in the same mode",
					"Queue '%s' should use either percentage based capacity configuration or absolute resource.", q.Path)
			}
		})
	},
}

var ruleParentChildAbsolute = &Rule{
	ID: "CS022", Name: "parent-child-mode-mismatch", Category: CatSums, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_1,
	Docs: Docs{
		Summary: "a parent and its children disagree on absolute resources versus percentages/weights",
		Why: "Below root, absolute-resource queues need absolute-resource parents and children. 3.4: `Parent=<path>: When " +
			"absolute minResource is used, we must make sure both parent and child all use absolute minResource`; 3.1–3.3: " +
			"`Parent queue '<p>' and child queue '<c>' should use either percentage based capacity configuration or absolute resource together.`",
		Bad:      "root.eng.capacity=50; root.eng.dev.capacity=[memory=4096,vcores=4]",
		Good:     "root.eng.capacity=[memory=8192,vcores=8]; root.eng.dev.capacity=[memory=4096,vcores=4]",
		Source:   "AbstractParentQueue#setChildQueues (3.1–3.3 ParentQueue#setChildQueues)",
		Versions: "3.1+ (root's children may be absolute under a percentage root)",
	},
	Check: func(p *Pass) {
		reportChildCheck(p, "CS022", "use absolute resources on the parent and all its children, or on none")
	},
}

var ruleAbsoluteSum = &Rule{
	ID: "CS023", Name: "absolute-children-exceed-parent", Category: CatSums, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_1,
	Docs: Docs{
		Summary: "absolute children's minimum resources add up to more than the parent's",
		Why: "Hadoop requires parent.min-resource >= Σ child.min-resource per label, compared with the scheduler's resource " +
			"calculator (memory only for the default calculator): `Parent Queues capacity: <res> is less than to its children:<res> for queue:<name>`.",
		Bad:      "root.eng.capacity=[memory=8192,vcores=8]; dev=[memory=6144,vcores=4]; qa=[memory=4096,vcores=4]",
		Good:     "dev=[memory=4096,vcores=4]; qa=[memory=4096,vcores=4]",
		Source:   "AbstractParentQueue#setChildQueues",
		Versions: "3.1+",
	},
	Check: func(p *Pass) { reportChildCheck(p, "CS023", "lower the children's resources or raise the parent's") },
}

var ruleCapacitySum = &Rule{
	ID: "CS024", Name: "capacity-sum", Category: CatSums, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "the percentage capacities of a parent's children do not sum to 100",
		Why: "Hadoop sums the children's capacities as fractions in 32-bit float per node label and refuses the file " +
			"unless |1 − Σ| ≤ 0.0005: 33.3×3 = 99.9 fails, 33.33×3 passes. A sum of 0 is allowed only under a " +
			"parent with capacity 0 (or, in 3.4, with allow-zero-capacity-sum=true or a weight parent); a parent with " +
			"capacity 0 needs children summing to 0 unless allow-zero-capacity-sum is set. Messages: 3.4 `Illegal capacity " +
			"sum of <Σ> for children of queue <name> for label=<l>. It should be either 0 or 1.0` (and two variants for " +
			"zero sums); 2.x–3.3 `Illegal capacity of <Σ> for children of queue <name>`. Where Hadoop accepts a sum of 0, " +
			"capq still warns: the children get no guarantee. When the sum is off only because a child is listed twice " +
			"(CS004) or has a capacity vector legacy mode ignores (CS027), that finding reports it at error instead; before 3.1 " +
			"a child without capacity fails first (CS012) and the sum is never checked. In 3.4 root's labels are every " +
			"label any key names (ConfiguredNodeLabels#getAllConfiguredLabels), a queue missing from the tree or a " +
			"template included, at 100% for root, so its children must sum to 100 for that label too; the hint then " +
			"names the key the label comes from.",
		Bad:      "root.queues=a,b,c; a=33.3; b=33.3; c=33.3",
		Good:     "a=33.4; b=33.3; c=33.3",
		Source:   "AbstractParentQueue#setChildQueues (2.x–3.3 ParentQueue#setChildQueues)",
		Versions: "all (legacy queue mode); zero sums that Hadoop accepts are warnings",
	},
	Check: func(p *Pass) {
		reportChildCheck(p, "CS024", "children's capacities must add up to 100 (±0.05)")
		eachParent(p.Model, func(q *xmlconf.Queue) { warnZeroSum(p, q) })
	},
}

// warnZeroSum flags percentage children that all have capacity 0 where
// Hadoop accepts it (the seed documents: the sum must be 100).
func warnZeroSum(p *Pass, q *xmlconf.Queue) {
	if len(q.Children) == 0 || checkChildren(p.Model, q, p.Version) != nil || childrenBroken(q, p.Version) {
		return
	}
	var sum float32
	for _, c := range q.Children {
		if c.Capacity.Mode != xmlconf.ModePercent && c.Capacity.Mode != xmlconf.ModeUnset {
			return
		}
		sum += percentFraction(c, "", p.Version)
	}
	if abs32(sum) > precision || sum != sum {
		return // NaN sums are CS017's
	}
	at := p.AtQueue(q)
	if q.ChildrenProp != nil {
		at = p.AtProperty(q, q.ChildrenProp)
	}
	p.Accepted(at, "give the children capacities that add up to 100",
		"capacities of the children of %q sum to 0, not 100; none of them has a guaranteed share", q.Path)
}

var ruleAbsoluteMaxOverParent = &Rule{
	ID: "CS025", Name: "absolute-max-over-parent", Category: CatSums, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_1,
	Docs: Docs{
		Summary:  "an absolute maximum-capacity is larger than the parent's",
		Why:      "`Max resource configuration <res> is greater than parents max value:<res> in queue:<path>`.",
		Bad:      "root.eng.maximum-capacity=[memory=8192,vcores=8]; root.eng.dev.maximum-capacity=[memory=16384,vcores=8]",
		Good:     "root.eng.dev.maximum-capacity=[memory=8192,vcores=8]",
		Source:   "AbstractCSQueue#updateConfigurableResourceLimits",
		Versions: "3.1+ (3.1–3.2 name the queue by its short name)",
	},
	Check: func(p *Pass) {
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			for _, l := range configuredLabels(q) {
				own, ok := absoluteMax(q, l)
				if !ok {
					continue
				}
				if pm, ok := effectiveAbsMax(q.Parent, l); ok && resourceGreater(p.Model, own, pm) {
					p.Report(p.AtProp(q, capSuffix(l, true)), "Max resource configuration %s is greater than parents max value:%s in queue:%s",
						resText(own), resText(pm), shortOrPath(p.Version, q))
				}
			}
		})
	},
}

var ruleAbsoluteMinOverMax = &Rule{
	ID: "CS026", Name: "absolute-min-over-max", Category: CatSums, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_1,
	Docs: Docs{
		Summary:  "an absolute capacity is larger than the queue's (possibly inherited) absolute maximum",
		Why:      "`Min resource configuration <res> is greater than its max value:<res> in queue:<path>`; an unset maximum is inherited from the parent.",
		Bad:      "root.eng.dev.capacity=[memory=8192,vcores=8]; root.eng.dev.maximum-capacity=[memory=4096,vcores=4]",
		Good:     "root.eng.dev.maximum-capacity=[memory=8192,vcores=8]",
		Source:   "AbstractCSQueue#updateConfigurableResourceLimits",
		Versions: "3.1+",
	},
	Check: func(p *Pass) {
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			for _, l := range configuredLabels(q) {
				mn, ok := absoluteMin(q, l)
				if !ok {
					continue
				}
				if mx, ok := effectiveAbsMax(q, l); ok && resourceGreater(p.Model, mn, mx) {
					p.Report(p.AtProp(q, capSuffix(l, false)), "Min resource configuration %s is greater than its max value:%s in queue:%s",
						resText(mn), resText(mx), shortOrPath(p.Version, q))
				}
			}
		})
	},
}

var ruleAbsoluteSyntax = &Rule{
	ID: "CS027", Name: "absolute-resource-ignored", Category: CatSums, Severity: xmlconf.SeverityWarning,
	Since: xmlconf.V3_1,
	Docs: Docs{
		Summary: "part or all of an absolute resource is silently ignored",
		Why: "The legacy absolute parser needs a non-zero memory entry or treats the whole value as not set, and skips " +
			"unknown resource names and units without failing. Units are converted to MiB (G ≠ Gi). 3.4 capacity vectors " +
			"([memory=50%,vcores=2w]) are only read with legacy-queue-mode.enabled=false. In that non-legacy mode the " +
			"capacity calculation reads QueueCapacityConfigParser's vector instead: [memory=3w,vcores=3w] is a weight vector " +
			"and an unknown suffix leaves an entry absolute; a memory entry of 0 is a real zero since YARN-11646 (3.4.0), " +
			"so [memory=0,vcores=0] is not reported. A text that is not key=value entries is an empty vector (as a " +
			"maximum-capacity the parent's maximum applies; as a capacity no calculator computes the queue, whose effective " +
			"minimum and maximum stay 0). A vector without a memory entry is kept too since YARN-11646, which removed the " +
			"parser's memory check: it starts as QueueCapacityVector.newInstance(), every resource absolute 0, so its memory " +
			"reads 0 ([vcores=4] is [memory=0,vcores=4]) and the warning says so. Unknown resource names are still ignored.",
		Bad:      "root.a.capacity=[vcores=4]\nroot.b.capacity=[memory=4096,gpus=1]",
		Good:     "root.a.capacity=[memory=4096,vcores=4]",
		Source:   "CapacitySchedulerConfiguration#internalGetLabeledResourceRequirementForQueue; 3.4 non-legacy: QueueCapacityConfigParser#heterogeneousParser",
		Versions: "3.1+",
	},
	Check: func(p *Pass) {
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			for _, l := range configuredLabels(q) {
				c, m := capacityFor(q, l)
				for i, x := range []xmlconf.Capacity{c, m} {
					switch {
					case x.Mode == xmlconf.ModeVector && p.Model.Global.LegacyQueueMode.V:
						reportVectorIgnored(p, q, x)
					case vectorParseFails(p, x):
						// CS010/CS015 report it: Hadoop 3.4 does not start.
					case p.Model.NonLegacyMode():
						reportVectorReading(p, q, x, i == 1)
					case x.Mode == xmlconf.ModeAbsolute && x.Err != "":
						p.ReportHint(p.AtProperty(q, x.Prop), "write memory (MiB, or with a unit like 4Gi) and vcores",
							"%s of %q: %s", propName(x.Prop), q.Path, x.Err)
					}
				}
			}
		})
	},
}

// vectorParseFails reports whether Hadoop 3.4's capacity-vector parser
// throws on x (CS010 and CS015 report that).
func vectorParseFails(p *Pass, x xmlconf.Capacity) bool {
	if p.Version.Less(xmlconf.V3_4) || x.Mode != xmlconf.ModeAbsolute && x.Mode != xmlconf.ModeVector {
		return false
	}
	r, ok := xmlconf.ReadVector(x.Raw)
	return ok && r.Err != ""
}

// reportVectorReading is CS027 in 3.4's non-legacy queue mode, where the
// capacity calculation reads QueueCapacityConfigParser's vector, not the
// legacy absolute resource: "[memory=3w,vcores=3w]" is a weight vector and
// "[memory=2048x,vcores=2]" keeps its 2048 (an unknown suffix leaves the
// entry absolute), though the legacy parser reads both as not set. What
// the vector parser ignores is a text that is not key=value entries (an
// empty vector: as a maximum it is the parent's maximum, as a capacity no
// calculator computes the queue, whose effective minimum and maximum stay
// 0) and resource types no calculator computes. A memory entry of 0 is
// kept since YARN-11646 (3.4.0) and is not reported. A vector without a
// memory entry is kept too (YARN-11646 removed heterogeneousParser's
// memory check, and the vector starts as QueueCapacityVector.newInstance,
// every resource absolute 0): its memory reads 0, which is likely not
// what was meant, so it is reported with that reading. isMax says x is
// the maximum-capacity.
func reportVectorReading(p *Pass, q *xmlconf.Queue, x xmlconf.Capacity, isMax bool) {
	if x.Mode != xmlconf.ModeAbsolute && x.Mode != xmlconf.ModeVector {
		return
	}
	r, ok := xmlconf.ReadVector(x.Raw)
	if !ok {
		return
	}
	at := p.AtProperty(q, x.Prop)
	effect := "the queue gets no resources (effective minimum and maximum 0)"
	if isMax {
		effect = "the parent's maximum applies to every resource"
	}
	const memoryHint = "give memory an entry: [memory=50%,vcores=50%], [memory=2w,vcores=2w] or [memory=4096,vcores=4]"
	switch {
	case r.Unmatched:
		p.ReportHint(at, "write resource=value entries: "+memoryHint[len("give memory an entry: "):],
			"%s of %q is not resource=value entries, so Hadoop reads this capacity vector as empty and %s", propName(x.Prop), q.Path, effect)
	case r.NoMemory:
		zero := "the queue is guaranteed nothing: ResourceCalculationDriver gives a queue whose memory is 0 none of any other resource, and only its maximum applies"
		if isMax {
			zero = "memory is not capped (a maximum of 0 is the parent's maximum) and only the other entries cap"
		}
		p.ReportHint(at, memoryHint,
			"%s of %q has no memory entry: Hadoop 3.4 reads its memory as absolute 0 (QueueCapacityConfigParser keeps the vector since YARN-11646), so %s",
			propName(x.Prop), q.Path, zero)
	case len(r.Unknown) > 0:
		p.ReportHint(at, "name memory, vcores or a resource type from resource-types.xml",
			"%s of %q: entries ignored by Hadoop (unknown resource): %s", propName(x.Prop), q.Path, strings.Join(r.Unknown, ", "))
	}
}

// reportVectorIgnored is CS027 for a capacity vector in legacy mode; at
// error when it alone breaks the parent's sum (CS024 then stays quiet).
func reportVectorIgnored(p *Pass, q *xmlconf.Queue, x xmlconf.Capacity) {
	hint := "set yarn.scheduler.capacity.legacy-queue-mode.enabled=false to use capacity vectors"
	at, msg := p.AtProperty(q, x.Prop), "%s of %q is a capacity vector, which legacy queue mode (the default) reads as not set"
	if sc := restatedSum(p, q.Parent); sc != nil && sc.vectors[q] && x.Prop == q.Capacity.Prop {
		p.Refused(at, sc.consequence(hint), msg, propName(x.Prop), q.Path)
		return
	}
	p.ReportHint(at, hint, msg, propName(x.Prop), q.Path)
}

func propName(pr *xmlconf.Property) string {
	if pr == nil {
		return "value"
	}
	return pr.Name
}

func absoluteMax(q *xmlconf.Queue, l string) (xmlconf.Resource, bool) {
	_, m := capacityFor(q, l)
	if m.Mode == xmlconf.ModeAbsolute && m.Absolute.MemoryMB > 0 {
		return m.Absolute, true
	}
	return xmlconf.Resource{}, false
}

// effectiveAbsMax is the queue's absolute maximum, inherited up the tree.
func effectiveAbsMax(q *xmlconf.Queue, l string) (xmlconf.Resource, bool) {
	for ; q != nil; q = q.Parent {
		if r, ok := absoluteMax(q, l); ok {
			return r, true
		}
	}
	return xmlconf.Resource{}, false
}

// resourceGreater mirrors Resources.greaterThan (see resourceLess).
func resourceGreater(m *xmlconf.Model, a, b xmlconf.Resource) bool { return resourceLess(m, b, a) }
