package validate

import (
	"fmt"
	"strings"

	"github.com/capq/capq/xmlconf"
)

var ruleLeafOnlyOnParent = &Rule{
	ID: "CS102", Name: "leaf-only-on-parent", Category: CatProperties, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "a property that Hadoop reads on leaf queues only is set on a parent",
		Why: "User limits, application limits, AM share, application priority and reservation settings apply to leaf " +
			"queues; children do not inherit them from a parent. Set on a parent they do nothing. capq stays quiet when the " +
			"parent's value is Hadoop's default or what every leaf below already has (Ambari writes defaults on every queue).",
		Bad:      "root.eng.user-limit-factor=2   (root.eng has children)",
		Good:     "root.eng.dev.user-limit-factor=2",
		Source:   "lint (AbstractLeafQueue#setupQueueConfigs reads them)",
		Versions: "all; ordering-policy counts as leaf-only on the 2.7 profile (ParentQueue reads it from 2.9, YARN-5864)",
	},
	Check: func(p *Pass) {
		eachParent(p.Model, func(q *xmlconf.Queue) {
			eachProp(q, func(suffix string, pr *xmlconf.Property) {
				if suffix == "ordering-policy" && p.Version.Less(xmlconf.V2_10) && !pr.Unset {
					reportParentOrderingBefore29(p, q, pr)
					return
				}
				if !leafOnly(suffix) || suffix == "reservable" {
					return
				}
				if suffix == "maximum-applications" && p.Version.AtLeast(xmlconf.V3_4) {
					return
				}
				if parentValueHarmless(p, q, suffix, pr.Value) {
					return
				}
				p.ReportHint(p.AtProperty(q, pr), "set it on each leaf queue below "+q.Path,
					"%s is read on leaf queues only; %q is a parent, so Hadoop ignores it", suffix, q.Path)
			})
		})
	},
}

// reportParentOrderingBefore29 reports a parent's ordering-policy on the
// 2.7 profile: before YARN-5864 (queue priorities, 2.9.0) ParentQueue
// reads no ordering policy and always orders its children by used
// capacity, so only LeafQueue reads the key (an Ambari HDP 2.5 LLAP setup
// writes root.ordering-policy=priority-utilization).
func reportParentOrderingBefore29(p *Pass, q *xmlconf.Queue, pr *xmlconf.Property) {
	p.ReportHint(p.AtProperty(q, pr), "remove it, or lint with --hadoop-version 2.10 if the cluster runs Hadoop 2.9 or later",
		"ordering-policy is read on leaf queues only before Hadoop 2.9 (parents order their children by utilization); %q is a parent, so Hadoop %s ignores it",
		q.Path, p.Version)
}

// leafOnlyDefaults are Hadoop's defaults for leaf-only settings whose
// default is a constant (CapacitySchedulerConfiguration); the AM share
// defaults to the scheduler-wide value and is handled apart.
var leafOnlyDefaults = map[string]string{
	"minimum-user-limit-percent":   "100",
	"user-limit-factor":            "1",
	"acl_application_max_priority": "*",
	"default-application-priority": "0",
	"reservable":                   "false",
}

// parentValueHarmless reports whether a leaf-only setting on parent q
// changes nothing a reader could expect: its value is Hadoop's default, or
// every leaf below q already has that value (issue 20: Ambari-style files
// repeat the default on every queue).
func parentValueHarmless(p *Pass, q *xmlconf.Queue, suffix, value string) bool {
	def, hasDef := leafOnlyDefaults[suffix]
	if suffix == "maximum-am-resource-percent" {
		def, hasDef = xmlconf.FormatJavaFloat(p.Model.Global.MaxAMResourcePercent.V), true
	}
	if hasDef && sameSetting(value, def) {
		return true
	}
	harmless := true
	eachLeafBelow(q, func(l *xmlconf.Queue) {
		own := def
		ok := hasDef
		if pr := l.Props[suffix]; pr != nil && !pr.Unset {
			own, ok = pr.Value, true
		}
		harmless = harmless && ok && sameSetting(value, own)
	})
	return harmless
}

// sameSetting compares two values as Hadoop would read them: numbers by
// value ("1" and "1.0"), anything else by its trimmed text.
func sameSetting(a, b string) bool {
	a, b = xmlconf.JavaTrim(a), xmlconf.JavaTrim(b)
	if a == b {
		return true
	}
	fa, errA := xmlconf.ParseJavaFloat(a)
	fb, errB := xmlconf.ParseJavaFloat(b)
	return errA == nil && errB == nil && fa == fb
}

// eachLeafBelow calls fn for every leaf under q.
func eachLeafBelow(q *xmlconf.Queue, fn func(*xmlconf.Queue)) {
	for _, c := range q.Children {
		if len(c.Children) == 0 {
			fn(c)
			continue
		}
		eachLeafBelow(c, fn)
	}
}

var ruleRootCapacity = &Rule{
	ID: "CS103", Name: "capacity-on-root", Category: CatCapacity, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary:  "root has a capacity or maximum-capacity other than 100",
		Why:      "Hadoop ignores both for root (it is always 100% of the cluster), so the value misleads readers.",
		Bad:      "yarn.scheduler.capacity.root.capacity=80",
		Good:     "(no root.capacity, or 100)",
		Source:   "CapacitySchedulerConfiguration#getNonLabeledQueueCapacity (root returns 100)",
		Versions: "all",
	},
	Check: func(p *Pass) {
		r := p.Model.Root
		if r == nil {
			return
		}
		for _, s := range []string{"capacity", "maximum-capacity"} {
			pr := r.Props[s]
			if pr == nil || pr.Unset {
				continue
			}
			if f, err := xmlconf.ParseJavaFloat(pr.Value); err == nil && f == 100 {
				continue
			}
			p.ReportHint(p.AtProperty(r, pr), "remove it: root is always 100% of the cluster",
				"%s of root is %q; Hadoop ignores it and uses 100", s, pr.Value)
		}
	},
}

var ruleIneffectiveACL = &Rule{
	ID: "CS104", Name: "leaf-acl-ineffective", Category: CatACL, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "a queue ACL restricts nothing because an ancestor (usually root, by default) allows everyone",
		Why: "Queue access is the union of the queue's ACL and all its ancestors'. root's acl_submit_applications and " +
			"acl_administer_queue default to *, so ACLs on lower queues admit nobody extra and keep nobody out until root " +
			"is restricted (e.g. to a space). Administrators may also submit (LeafQueue.submitApplication checks " +
			"SUBMIT_APPLICATIONS or ADMINISTER_QUEUE), so a submit ACL is void too while an administer ACL up the tree is *. " +
			"ACLs are enforced only with yarn.acl.enable=true.",
		Bad:      "root.eng.acl_submit_applications=alice   (root's left at the default *)",
		Good:     "root.acl_submit_applications=\" \" and root.acl_administer_queue=\" \" (spaces); root.eng.acl_submit_applications=alice",
		Source:   "AbstractCSQueue#hasAccess",
		Versions: "all",
	},
	Check: func(p *Pass) {
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			checkACL(p, q, "acl_submit_applications", func(x *xmlconf.Queue) xmlconf.Value[xmlconf.ACL] { return x.SubmitACL })
			checkACL(p, q, "acl_administer_queue", func(x *xmlconf.Queue) xmlconf.Value[xmlconf.ACL] { return x.AdminACL })
		})
	},
}

func checkACL(p *Pass, q *xmlconf.Queue, suffix string, get func(*xmlconf.Queue) xmlconf.Value[xmlconf.ACL]) {
	own := get(q)
	if own.Origin != xmlconf.FromQueue || own.V.All {
		return
	}
	for a := q.Parent; a != nil; a = a.Parent {
		if suffix == "acl_submit_applications" && !get(a).V.All && a.AdminACL.V.All {
			reportAdminOpensSubmit(p, q, own, a)
			return
		}
		if !get(a).V.All {
			continue
		}
		how := "is *"
		if get(a).Origin != xmlconf.FromQueue {
			how = "is * by default"
		}
		hint := fmt.Sprintf("restrict %s (e.g. to a single space) so lower ACLs take effect", a.Key(suffix))
		if !p.Model.Global.ACLEnable.V {
			hint += "; note yarn.acl.enable is false, so no queue ACL is enforced at all"
		}
		p.ReportHint(AtValue(p, q, own), hint,
			"%s of %q has no effect: %s of %q %s and access is the union up the tree", suffix, q.Path, suffix, a.Path, how)
		return
	}
}

// reportAdminOpensSubmit is CS104 for a submit ACL made void by an
// ancestor's administer ACL "*": administrators may submit.
func reportAdminOpensSubmit(p *Pass, q *xmlconf.Queue, own xmlconf.Value[xmlconf.ACL], a *xmlconf.Queue) {
	how := "is *"
	if a.AdminACL.Origin != xmlconf.FromQueue {
		how = "is * by default"
	}
	hint := fmt.Sprintf("restrict %s (e.g. to a single space or your operators) so the submit ACL takes effect", a.Key("acl_administer_queue"))
	if !p.Model.Global.ACLEnable.V {
		hint += "; note yarn.acl.enable is false, so no queue ACL is enforced at all"
	}
	p.ReportHint(AtValue(p, q, own), hint,
		"acl_submit_applications of %q has no effect: acl_administer_queue of %q %s and administrators may submit (LeafQueue.submitApplication)",
		q.Path, a.Path, how)
}

var ruleDeadQueue = &Rule{
	ID: "CS105", Name: "dead-queue", Category: CatCapacity, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "a queue can never get a container: absolute capacity 0 and absolute maximum 0",
		Why: "Hadoop accepts capacity 0 with maximum-capacity 0 (or under such a parent); applications submitted there wait forever. " +
			"Not in 3.4's non-legacy queue mode: there a maximum that comes out 0 is replaced by the parent's " +
			"(ResourceCalculationDriver#validateCalculatedResources), so such a queue is not capped at all.",
		Bad:      "root.a.capacity=0; root.a.maximum-capacity=0",
		Good:     "root.a.capacity=0; root.a.maximum-capacity=20   (or state=STOPPED to retire it)",
		Source:   "lint (CSQueueUtils absolute capacities)",
		Versions: "all; not in 3.4's non-legacy queue mode",
	},
	Check: func(p *Pass) {
		if p.Model.NonLegacyMode() {
			// ResourceCalculationDriver.validateCalculatedResources turns a
			// maximum that comes out 0 into the parent's maximum, so no
			// queue is capped at nothing in non-legacy queue mode.
			return
		}
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			c, m, ok := absFractions(q, "", p.Version)
			if !ok || c != 0 || m != 0 || stoppedUpTree(q) {
				return
			}
			if _, pm, _ := absFractions(q.Parent, "", p.Version); pm == 0 {
				return // reported on the ancestor where it starts
			}
			p.ReportHint(p.AtProp(q, "maximum-capacity"), "give it a maximum-capacity above 0, or stop it",
				"%q can never get a container: absolute capacity 0 and absolute maximum capacity 0", q.Path)
		})
	},
}

var ruleLowCapacity = &Rule{
	ID: "CS106", Name: "capacity-below-one-percent", Category: CatCapacity, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "a queue's capacity is below 1%",
		Why: "Hadoop accepts any capacity from 0, but the HDP/Cloudera Capacity Scheduler guides require every queue to " +
			"have at least 1% (\"you cannot set a capacity to a value of 0\"): a queue below that has no meaningful " +
			"guarantee and starves whenever the cluster is busy. A STOPPED queue (retired on purpose) and a dead queue " +
			"(CS105 says more) are not reported.",
		Bad:      "root.queues=a,b; root.a.capacity=99.5; root.b.capacity=0.5",
		Good:     "root.a.capacity=99; root.b.capacity=1",
		Source:   "lint (HDP Capacity Scheduler guide)",
		Versions: "all (Hadoop never rejects it)",
	},
	Check: func(p *Pass) {
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			c := q.Capacity
			if c.Mode != xmlconf.ModePercent || !(c.Percent >= 0 && c.Percent < 1) || allSiblingsZero(q) {
				return
			}
			if stoppedUpTree(q) || deadQueue(p, q) {
				return // retired on purpose, or CS105's finding says more (issue 20: one finding per cause)
			}
			p.ReportHint(p.AtProperty(q, c.Prop), "give every queue at least 1%, or stop queues that should get nothing",
				"capacity of %q is %s, below 1%%", q.Path, xmlconf.FormatJavaFloat(c.Percent))
		})
	},
}

// stoppedUpTree reports whether q or an ancestor is STOPPED: a queue below
// a stopped parent takes no applications (from 2.10 it inherits the state,
// AbstractCSQueue#initializeQueueState; on 2.7 ParentQueue#
// submitApplication refuses them).
func stoppedUpTree(q *xmlconf.Queue) bool {
	for ; q != nil; q = q.Parent {
		if q.State.V == xmlconf.StateStopped {
			return true
		}
	}
	return false
}

// deadQueue reports whether q can never get a container (absolute
// capacity and maximum 0), which CS105 reports on q or an ancestor.
func deadQueue(p *Pass, q *xmlconf.Queue) bool {
	if p.Model.NonLegacyMode() {
		return false // see CS105
	}
	c, m, ok := absFractions(q, "", p.Version)
	return ok && c == 0 && m == 0
}

// allSiblingsZero reports whether q and all its siblings have capacity 0
// (CS024 warns about that once, on the parent).
func allSiblingsZero(q *xmlconf.Queue) bool {
	for _, s := range q.Parent.Children {
		if s.Capacity.Mode == xmlconf.ModePercent && s.Capacity.Percent != 0 {
			return false
		}
		if s.Capacity.Mode != xmlconf.ModePercent && s.Capacity.Mode != xmlconf.ModeUnset {
			return false
		}
	}
	return true
}

var ruleMaxOfParentMax = &Rule{
	ID: "CS107", Name: "maximum-capacity-of-parent-maximum", Category: CatCapacity, Severity: xmlconf.SeverityInfo,
	Docs: Docs{
		Summary: "maximum-capacity is a share of the parent's absolute MAXIMUM, not of the parent's capacity",
		Why: "Hadoop computes absolute maximum = maximum-capacity × parent's absolute maximum capacity " +
			"(CSQueueUtils.computeAbsoluteMaximumCapacity). The HDP/Cloudera docs and Hadoop: The Definitive Guide-style " +
			"examples say \"40% of the parent's capacity\": development max 40 under engineering 60 (max 100) is 40% of the " +
			"cluster — 400 GB of 1 TB — not 240 GB. This note appears where the two readings differ.",
		Bad:      "root.engineering.capacity=60; root.engineering.development.maximum-capacity=40   (expecting 24% of the cluster)",
		Good:     "root.engineering.maximum-capacity=60; root.engineering.development.maximum-capacity=40   (24% of the cluster)",
		Source:   "CSQueueUtils#computeAbsoluteMaximumCapacity",
		Versions: "all",
	},
	Check: func(p *Pass) {
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			real, guide, ok := xmlconf.MaxCapacityReadings(q)
			if !ok {
				return
			}
			m := q.MaxCapacity
			pc, pm := float32(q.Parent.AbsCapacity), float32(q.Parent.AbsMaxCapacity)
			p.ReportHint(p.AtProperty(q, m.Prop), cluster(p.Model, real, guide),
				"maximum-capacity %s of %q is %s%% of the cluster (%s%% of parent %q's absolute maximum %s%%), not %s%% (of its capacity %s%%)",
				pct(m.Fraction()), q.Path, pct(real), pct(m.Fraction()),
				q.Parent.Path, pct(pm), pct(guide), pct(pc))
		})
	},
}

// memText renders MiB as GB (1024-based, as YARN counts) when large.
func memText(mib float64) string {
	if mib >= 1024 {
		return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.1f", mib/1024), "0"), ".") + " GB"
	}
	return fmt.Sprintf("%.0f MB", mib)
}

func pct(f float32) string {
	s := fmt.Sprintf("%.2f", f*100)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

func cluster(m *xmlconf.Model, real, docs float32) string {
	h := "Hadoop: absolute maximum = maximum-capacity × parent's absolute maximum (CSQueueUtils.computeAbsoluteMaximumCapacity)"
	if mem := m.Cluster.MemoryMB; mem > 0 {
		h += fmt.Sprintf("; on this cluster %s of %s, not %s", memText(float64(real)*float64(mem)), memText(float64(mem)), memText(float64(docs)*float64(mem)))
	}
	return h
}

var ruleRestartNeeded = &Rule{
	ID: "CS110", Name: "needs-restart", Category: CatRefresh, Severity: xmlconf.SeverityInfo,
	Docs: Docs{
		Summary: "a setting that yarn rmadmin -refreshQueues does not apply; it needs a ResourceManager restart",
		Why: "The resource calculator, asynchronous scheduling, multi-node placement and the configuration store are read " +
			"when the scheduler starts; capq notes them when they differ from Hadoop's default. A refresh accepts the file but keeps the old values; with a mutable store " +
			"(yarn.scheduler.configuration.store.class other than file) refreshQueues is refused outright: " +
			"`Scheduler configuration is mutable. refreshQueues is not allowed in this scenario.`",
		Bad:      "yarn.scheduler.capacity.resource-calculator=...DominantResourceCalculator  (changed, then refreshQueues)",
		Good:     "change it, then restart the ResourceManager",
		Source:   "CapacityScheduler#initScheduler vs #reinitialize; AdminService#refreshQueues",
		Versions: "all",
	},
	Check: func(p *Pass) {
		if p.Model.Conf == nil {
			return
		}
		for _, rest := range sortedRestartKeys {
			key := xmlconf.Prefix + rest
			if pr, ok := p.Model.Conf.Lookup(key); ok && needsRestart(key, pr.Value) {
				p.Report(Loc{Pos: pr.NamePos, Property: key}, "%s is read only when the ResourceManager starts; refreshQueues does not apply a change to it", key)
			}
		}
		key := "yarn.scheduler.configuration.store.class"
		if v, ok, _ := p.Model.Conf.Get(key); ok && strings.TrimSpace(v) != "file" {
			p.ReportHint(p.AtKey(key), "Hadoop refuses the refresh: Scheduler configuration is mutable. refreshQueues is not allowed in this scenario.",
				"%s is %q: queues are changed through the scheduler-conf REST API, and refreshQueues is refused", key, v)
		}
	},
}

// restartKeys are the start-only settings and Hadoop's default for each:
// a value equal to the default (as in Hadoop's shipped file) changes
// nothing, so it is not worth a note.
var restartKeys = map[string]string{
	"resource-calculator":            "org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator",
	"schedule-asynchronously.enable": "false",
	"multi-node-placement-enabled":   "false",
}

var sortedRestartKeys = []string{"multi-node-placement-enabled", "resource-calculator", "schedule-asynchronously.enable"}

// needsRestart reports whether key is a start-only setting whose value
// differs from Hadoop's default.
func needsRestart(key, value string) bool {
	rest, ok := strings.CutPrefix(key, xmlconf.Prefix)
	if !ok {
		return false
	}
	def, ok := restartKeys[rest]
	return ok && !strings.EqualFold(strings.TrimSpace(value), def)
}
