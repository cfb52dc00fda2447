package validate

import (
	"fmt"
	"math"
	"strconv"

	"github.com/capq/capq/xmlconf"
)

var ruleCapacitySyntax = &Rule{
	ID: "CS010", Name: "capacity-syntax", Category: CatCapacity, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "a capacity cannot be parsed in any mode this Hadoop line supports",
		Why: "Hadoop classifies capacity text on the untrimmed value: `Nw` is a weight (3.4), `[k=v,...]` an absolute " +
			"resource (3.1+), anything else goes to Float.parseFloat. `50%`, `\" 2w\"` (leading space) or `2w` before 3.4 " +
			"throw NumberFormatException and the refresh fails with `For input string: \"<value>\"`. 3.4 also reads every " +
			"bracketed value with its capacity-vector parser, in both queue modes, which fails on an entry that is only a " +
			"suffix (`[memory=4096,vcores=abc]`: `empty String`) where the legacy absolute parser skips it.",
		Bad:      "root.a.capacity=50%",
		Good:     "root.a.capacity=50",
		Source:   "CapacitySchedulerConfiguration#getNonLabeledQueueCapacity / internalGetLabeledQueueCapacity; 3.4: QueueCapacityConfigParser#setCapacityVector",
		Versions: "all (weights 3.4+, absolute resources 3.1+)",
	},
	Check: func(p *Pass) {
		eachQueue(p.Model, func(q *xmlconf.Queue) {
			for _, l := range configuredLabels(q) {
				// Root's capacity is never parsed; its labeled ones are
				// until 3.4 forces them to 100.
				if q.IsRoot() && (l == "" || p.Version.AtLeast(xmlconf.V3_4)) {
					continue
				}
				c, _ := capacityFor(q, l)
				if c.Mode == xmlconf.ModeInvalid {
					p.ReportHint(p.AtProperty(q, c.Prop),
						"write a percentage (50), a weight (2w, 3.4+) or resources ([memory=4096,vcores=4], 3.1+), without spaces or %",
						"%s", c.Err)
					continue
				}
				reportVectorParseError(p, q, c)
			}
		})
	},
}

var ruleCapacityRange = &Rule{
	ID: "CS011", Name: "capacity-range", Category: CatCapacity, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary:  "a percentage capacity is below 0 or above 100",
		Why:      "Hadoop refuses the file with `Illegal capacity of <v> for queue <path>`. Infinity fails too.",
		Bad:      "root.a.capacity=120",
		Good:     "root.a.capacity=60",
		Source:   "CapacitySchedulerConfiguration#getNonLabeledQueueCapacity",
		Versions: "all",
	},
	Check: func(p *Pass) {
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			c := q.Capacity
			if c.Mode == xmlconf.ModePercent && (c.Percent < 0 || c.Percent > 100) {
				p.ReportHint(p.AtProperty(q, c.Prop), "a capacity is a percentage of the parent, 0 to 100",
					"Illegal capacity of %s for queue %s", xmlconf.FormatJavaFloat(c.Percent), q.Path)
			}
		})
	},
}

var ruleCapacityMissing = &Rule{
	ID: "CS012", Name: "capacity-missing", Category: CatCapacity, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "a queue has no capacity",
		Why: "Before 3.1 capacity is mandatory (unset reads as -1): `Illegal capacity of -1.0 for queue <path>`. " +
			"From 3.1 (YARN-5881) an unset capacity is 0, so the queue silently gets no guarantee. In 3.4's non-legacy " +
			"queue mode it is an empty capacity vector that no calculator computes: the queue gets effective minimum and " +
			"maximum 0, so it can run nothing.",
		Bad:      "root.queues=a,b; root.a.capacity=100  (root.b.capacity missing)",
		Good:     "root.a.capacity=70; root.b.capacity=30",
		Source:   "CapacitySchedulerConfiguration#getNonLabeledQueueCapacity",
		Versions: "2.7–2.10 error; 3.1+ warning (defaults to 0)",
	},
	Check: func(p *Pass) {
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			if q.Capacity.Mode != xmlconf.ModeUnset {
				return
			}
			at := p.AtQueue(q)
			if p.Version.Less(xmlconf.V3_1) {
				p.ReportHint(at, "set "+q.Key("capacity")+missingShareHint(q), "Illegal capacity of -1.0 for queue %s", q.Path)
				return
			}
			if p.Model.NonLegacyMode() {
				// QueueCapacityConfigParser.parse gives an empty vector for an
				// unset capacity, which no calculator computes (as for CS027's
				// text that is not key=value entries).
				p.Accepted(at, "set "+q.Key("capacity")+" explicitly (0 if no guarantee is intended)",
					"capacity of %q is not set; in non-legacy queue mode Hadoop computes no resources for it, so the queue (and any child) gets effective minimum and maximum 0", q.Path)
				return
			}
			p.Accepted(at, "set "+q.Key("capacity")+" explicitly (0 if no guarantee is intended)",
				"capacity of %q is not set; Hadoop uses 0, so the queue has no guaranteed share", q.Path)
		})
	},
}

var ruleLabelCapacityRange = &Rule{
	ID: "CS013", Name: "label-capacity-range", Category: CatCapacity, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "a node-label capacity or maximum-capacity is outside [0, 100]",
		Why: "Labeled values are range-checked, and -1 is not special there (Ambari once wrote " +
			"root.accessible-node-labels.default.capacity=-1, AMBARI-8064): `Illegal capacity of -1.0 for node-label=default " +
			"in queue=root, valid capacity should in range of [0, 100].` 3.4 forces root's labeled values to 100.",
		Bad:      "root.accessible-node-labels.gpu.capacity=-1",
		Good:     "root.accessible-node-labels.gpu.capacity=100",
		Source:   "CapacitySchedulerConfiguration#internalGetLabeledQueueCapacity",
		Versions: "all (root exempt from 3.4)",
	},
	Check: func(p *Pass) {
		eachQueue(p.Model, func(q *xmlconf.Queue) {
			if q.IsRoot() && p.Version.AtLeast(xmlconf.V3_4) {
				return
			}
			for _, ls := range q.Labels {
				for _, c := range []xmlconf.Capacity{ls.Capacity, ls.MaxCapacity} {
					if c.Mode == xmlconf.ModePercent && (c.Percent < 0 || c.Percent > 100) {
						p.Report(p.AtProperty(q, c.Prop),
							"Illegal capacity of %s for node-label=%s in queue=%s, valid capacity should in range of [0, 100].",
							xmlconf.FormatJavaFloat(c.Percent), ls.Label, q.Path)
					}
				}
			}
		})
	},
}

var ruleWeightRange = &Rule{
	ID: "CS014", Name: "weight-range", Category: CatCapacity, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_4,
	Docs: Docs{
		Summary:  "a weight is negative (other than -1) or above 10000",
		Why:      "Hadoop 3.4 refuses it: `Illegal weight=<w> for queue=<path>label=<l>. Acceptable values: [0, 10000], -1 is same as not set`.",
		Bad:      "root.a.capacity=20000w",
		Good:     "root.a.capacity=2w",
		Source:   "CapacitySchedulerConfiguration#internalGetLabeledQueueWeight",
		Versions: "3.4+ (weights do not parse before 3.4: CS010)",
	},
	Check: func(p *Pass) {
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			for _, l := range configuredLabels(q) {
				c, _ := capacityFor(q, l)
				if c.Mode != xmlconf.ModeWeight {
					continue
				}
				w := float64(c.Weight)
				if (w < -1e-6 && math.Abs(w+1) > 1e-6) || w > 10000 {
					p.Report(p.AtProperty(q, c.Prop),
						"Illegal weight=%s for queue=%slabel=%s. Acceptable values: [0, 10000], -1 is same as not set",
						xmlconf.FormatJavaFloat(c.Weight), q.Path, l)
				}
			}
		})
	},
}

var ruleMaxCapacity = &Rule{
	ID: "CS015", Name: "maximum-capacity-value", Category: CatCapacity, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "maximum-capacity cannot be parsed, or is above 100 or negative",
		Why: "maximum-capacity accepts a percentage or resources but never a weight: `50w` throws NumberFormatException. " +
			"The unlabeled value has not been range-checked since 2.6, so 150 or -5 are accepted silently (-1 means 100). " +
			"3.4's capacity-vector parser fails on a bracketed entry that is only a suffix, as for capacity (CS010).",
		Bad:      "root.a.maximum-capacity=150",
		Good:     "root.a.maximum-capacity=100",
		Source:   "CapacitySchedulerConfiguration#getNonLabeledQueueMaximumCapacity",
		Versions: "all: unparseable is an error; out of range a warning",
	},
	Check: func(p *Pass) {
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			for _, l := range configuredLabels(q) {
				_, m := capacityFor(q, l)
				at := p.AtProperty(q, m.Prop)
				switch {
				case m.Mode == xmlconf.ModeInvalid:
					p.ReportHint(at, "write a percentage (100) or resources ([memory=8192,vcores=8]); weights are not allowed here", "%s", m.Err)
				case l == "" && m.Mode == xmlconf.ModePercent && m.Percent > 100:
					p.Accepted(at, "use 100 for no limit", "maximum-capacity of %q is %s, above 100", q.Path, xmlconf.FormatJavaFloat(m.Percent))
				case l == "" && m.Mode == xmlconf.ModePercent && m.Percent < 0 && m.Percent != -1:
					p.Accepted(at, "use 100 (or -1) for no limit", "maximum-capacity of %q is %s, below 0", q.Path, xmlconf.FormatJavaFloat(m.Percent))
				default:
					reportVectorParseError(p, q, m)
				}
			}
		})
	},
}

// missingShareHint names the share that would complete the parent's 100
// when q is the only child without a capacity and its siblings are
// percentages: Hadoop stops at q (CS012) and never sums the children, so
// the sum CS024 would report goes here.
func missingShareHint(q *xmlconf.Queue) string {
	if q.Parent == nil || !q.Parent.IsRoot() && q.Parent.Capacity.Mode == xmlconf.ModePercent && q.Parent.Capacity.Percent == 0 {
		return "" // children of a 0% parent must sum to 0
	}
	if len(q.Parent.Children) == 1 {
		return " (the only child of its parent: 100)"
	}
	var sum float64
	for _, c := range q.Parent.Children {
		switch {
		case c == q:
		case c.Capacity.Mode == xmlconf.ModePercent:
			sum += float64(c.Capacity.Percent)
		default:
			return ""
		}
	}
	sum = math.Round(sum*1e4) / 1e4
	if sum == 100 {
		return " (its siblings already take 100%, so 0)"
	}
	if sum > 100 {
		return fmt.Sprintf(" (its siblings already take %s%%, over 100)", strconv.FormatFloat(sum, 'f', -1, 64))
	}
	return fmt.Sprintf(" (its siblings take %s%%, so %s makes 100)",
		strconv.FormatFloat(sum, 'f', -1, 64), strconv.FormatFloat(math.Round((100-sum)*1e4)/1e4, 'f', -1, 64))
}

// reportVectorParseError reports a bracketed value that Hadoop 3.4's
// capacity-vector parser throws on. AbstractCSQueue.setupQueueConfigs
// parses every capacity and maximum-capacity with QueueCapacityConfigParser
// in both queue modes (parseConfiguredResourceVector,
// parseConfiguredMaximumCapacityVector), and setCapacityVector hands an
// entry whose non-numeric characters are its whole tail ("vcores=abc") to
// Float.parseFloat with what is left: a NumberFormatException, so the
// ResourceManager does not start and refreshQueues fails. The legacy
// absolute parser skips the same entry, so the model reads it as an
// ignored entry (CS027 before 3.4).
func reportVectorParseError(p *Pass, q *xmlconf.Queue, c xmlconf.Capacity) {
	if p.Version.Less(xmlconf.V3_4) || c.Prop == nil || (c.Mode != xmlconf.ModeAbsolute && c.Mode != xmlconf.ModeVector) {
		return
	}
	if r, ok := xmlconf.ReadVector(c.Raw); ok && r.Err != "" {
		p.ReportHint(p.AtProperty(q, c.Prop),
			"give every entry a number, optionally followed by %, w or a unit ([memory=4096,vcores=4]): Hadoop 3.4's capacity-vector parser reads every bracketed value",
			"%s", r.Err)
	}
}
