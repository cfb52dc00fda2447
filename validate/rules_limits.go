package validate

import (
	"fmt"
	"strconv"

	"github.com/capq/capq/xmlconf"
)

var ruleMaxAllocation = &Rule{
	ID: "CS050", Name: "queue-max-allocation-over-cluster", Category: CatLimits, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary:  "a queue's maximum allocation is larger than the cluster's",
		Why:      "`Queue maximum allocation cannot be larger than the cluster setting for queue <path> max allocation per queue: <res> cluster setting: <res>`.",
		Bad:      "yarn.scheduler.maximum-allocation-mb=8192; root.a.maximum-allocation-mb=16384",
		Good:     "root.a.maximum-allocation-mb=4096",
		Source:   "QueueAllocationSettings#setupMaximumAllocation (3.3: AbstractCSQueue#setupMaximumAllocation; before 3.3 CapacitySchedulerConfiguration#getMaximumAllocationPerQueue)",
		Versions: "all (the maximum-allocation resource string from 3.3)",
	},
	Check: func(p *Pass) {
		cluster := p.Model.Global.MaxAllocation.V
		eachQueue(p.Model, func(q *xmlconf.Queue) {
			v := q.MaxAllocation
			if v.Origin != xmlconf.FromQueue || v.Err != "" {
				return
			}
			if !exceeds(v.V, cluster) {
				return
			}
			p.ReportHint(AtValue(p, q, v), "lower the queue's maximum allocation or raise yarn.scheduler.maximum-allocation-*",
				"Queue maximum allocation cannot be larger than the cluster setting for queue %s max allocation per queue: %s cluster setting: %s",
				q.Path, resText(v.V), resText(cluster))
		})
	},
}

// exceeds reports whether any component of a is larger than b's.
func exceeds(a, b xmlconf.Resource) bool {
	if a.MemoryMB > b.MemoryMB || a.VCores > b.VCores {
		return true
	}
	for k, v := range a.Other {
		if bv, ok := b.Other[k]; ok && v > bv {
			return true
		}
	}
	return false
}

var ruleMinMaxAllocation = &Rule{
	ID: "CS051", Name: "allocation-min-max", Category: CatLimits, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary:  "minimum allocation is not positive or exceeds the maximum allocation",
		Why:      "The scheduler refuses to start or refresh: `Invalid resource scheduler memory allocation configuration, ... min and max should be greater than 0, max should be no smaller than min.`",
		Bad:      "yarn.scheduler.minimum-allocation-mb=4096; yarn.scheduler.maximum-allocation-mb=2048",
		Good:     "yarn.scheduler.minimum-allocation-mb=1024; yarn.scheduler.maximum-allocation-mb=8192",
		Source:   "CapacitySchedulerConfigValidator#validateMemoryAllocation / validateVCores (2.x CapacityScheduler#validateConf)",
		Versions: "all",
	},
	Check: func(p *Pass) {
		g := p.Model.Global
		mn, mx := g.CheckedMinAllocation.V, g.MaxAllocation.V
		if mn.MemoryMB <= 0 || mn.MemoryMB > mx.MemoryMB {
			p.Report(allocLoc(p, "yarn.scheduler.minimum-allocation-mb", "yarn.scheduler.maximum-allocation-mb"),
				"Invalid resource scheduler memory allocation configuration, yarn.scheduler.minimum-allocation-mb=%d, yarn.scheduler.maximum-allocation-mb=%d, min and max should be greater than 0, max should be no smaller than min.",
				mn.MemoryMB, mx.MemoryMB)
		}
		if mn.VCores <= 0 || mn.VCores > mx.VCores {
			p.Report(allocLoc(p, "yarn.scheduler.minimum-allocation-vcores", "yarn.scheduler.maximum-allocation-vcores"),
				"Invalid resource scheduler vcores allocation configuration, yarn.scheduler.minimum-allocation-vcores=%d, yarn.scheduler.maximum-allocation-vcores=%d, min and max should be greater than 0, max should be no smaller than min.",
				mn.VCores, mx.VCores)
		}
	},
}

func allocLoc(p *Pass, keys ...string) Loc {
	for _, k := range keys {
		if at := p.AtKey(k); at.Pos.Line > 0 {
			return at
		}
	}
	return p.AtKey(keys[0])
}

var ruleLifetime = &Rule{
	ID: "CS052", Name: "default-lifetime-over-max", Category: CatLimits, Severity: xmlconf.SeverityError,
	Since: xmlconf.V2_10,
	Docs: Docs{
		Summary:  "a queue's default application lifetime exceeds its maximum lifetime",
		Why:      "`Default lifetime <d> can't exceed maximum lifetime <m>`. 3.4 inherits both values from the parent when unset.",
		Bad:      "root.a.maximum-application-lifetime=3600; root.a.default-application-lifetime=7200",
		Good:     "root.a.default-application-lifetime=1800",
		Source:   "QueueAppLifetimeAndLimitSettings (≤3.3 LeafQueue#setupQueueConfigs)",
		Versions: "2.9+ (lifetimes are unknown keys before)",
	},
	Check: func(p *Pass) {
		eachLeaf(p.Model, func(q *xmlconf.Queue) {
			mx, df := q.MaxLifetime, q.DefaultLifetime
			if p.Version.Less(xmlconf.V3_4) {
				mx, df = ownLong(q, "maximum-application-lifetime"), ownLong(q, "default-application-lifetime")
			}
			if mx.Err != "" || df.Err != "" {
				return
			}
			oldStyle := p.Version.Less(xmlconf.V3_2)
			if (oldStyle && df.V > mx.V) || (!oldStyle && mx.V > 0 && df.V > mx.V) {
				sep := " "
				if oldStyle {
					sep = "" // 2.9–3.1 printed "Default lifetime<d>"
				}
				at := AtValue(p, q, df)
				p.ReportHint(at, "lower default-application-lifetime or raise maximum-application-lifetime",
					"Default lifetime%s%d can't exceed maximum lifetime %d", sep, df.V, mx.V)
			}
		})
	},
}

// ownLong reads a queue's own long value (no inheritance), -1 when unset.
func ownLong(q *xmlconf.Queue, suffix string) xmlconf.Value[int64] {
	pr := q.Props[suffix]
	if pr == nil || pr.Unset {
		return xmlconf.Value[int64]{V: -1}
	}
	v, err := xmlconf.HadoopGetLong(pr.Value)
	out := xmlconf.Value[int64]{V: v, Raw: pr.Value, Origin: xmlconf.FromQueue, Prop: pr}
	if err != nil {
		out.V, out.Err = -1, err.Error()
	}
	return out
}

var ruleUserWeight = &Rule{
	ID: "CS053", Name: "user-weight-range", Category: CatLimits, Severity: xmlconf.SeverityError,
	Since: xmlconf.V2_10,
	Docs: Docs{
		Summary:  "a user weight is negative or too large for the queue's minimum-user-limit-percent",
		Why:      "A weight must lie in [0, 100/min(100, MULP)]: `Weight (<w>) for user \"<u>\" must be between 0 and 100 / <ul> (= <x>, the number of concurrent active users in <path>)`.",
		Bad:      "root.a.minimum-user-limit-percent=25; root.a.user-settings.alice.weight=5",
		Good:     "root.a.user-settings.alice.weight=2",
		Source:   "UserWeights#validateForLeafQueue (≤3.3 LeafQueue#setupQueueConfigs)",
		Versions: "2.9+",
	},
	Check: func(p *Pass) {
		eachLeaf(p.Model, func(q *xmlconf.Queue) {
			ul := int32(q.MinUserLimitPercent.V)
			if ul > 100 {
				ul = 100
			}
			if ul <= 0 {
				return // Hadoop would divide by zero; CS054 reports the MULP
			}
			limit := float32(100) / float32(ul)
			for _, u := range sortedUsers(q.UserWeights) {
				w := q.UserWeights[u]
				if w.Err != "" || (w.V >= 0 && w.V <= limit) {
					continue
				}
				p.Report(AtValue(p, q, w), "Weight (%s) for user %q must be between 0 and 100 / %d (= %s, the number of concurrent active users in %s)",
					xmlconf.FormatJavaFloat(w.V), u, ul, xmlconf.FormatJavaFloat(limit), q.Path)
			}
		})
	},
}

func sortedUsers(m map[string]xmlconf.Value[float32]) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sortStrings(keys)
	return keys
}

var ruleUserLimits = &Rule{
	ID: "CS054", Name: "user-limit-range", Category: CatLimits, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "minimum-user-limit-percent outside (0, 100], user-limit-factor ≤ 0 (other than -1 from 3.4), or negative maximum-applications",
		Why: "Hadoop does not range-check these. MULP 0 or 150, ULF 0 (nobody can use the queue) or -2, " +
			"maximum-applications -5 are accepted and produce queues that admit nobody or behave unlike their intent. " +
			"A user-limit-factor of -1 means \"no per-user limit\" only from 3.4 (YARN-10531: UsersManager#computeUserLimit " +
			"and AbstractLeafQueue#getUserAMResourceLimitPerPartition test for exactly -1; a sub-task of flexible auto queue " +
			"creation, YARN-10496, that no 3.3.x changelog lists). Before, it is an ordinary factor: " +
			"the limit's cap is queue capacity × -1 (Resources.multiplyAndRoundDown), Resources.min picks it, and the user " +
			"limit is that negative resource rounded up to the minimum allocation. Java's division truncates, so the limit " +
			"is 0 while the queue's capacity is under two minimum allocations and below zero above that. canAssignToUser " +
			"refuses a user whose usage is above the limit: every user when it is below zero, every user after a first " +
			"container when it is 0. Submissions fail too: the per-user application maximum, maximum-applications × " +
			"minimum-user-limit-percent/100 × -1 (truncated), is at most 0, so LeafQueue#submitApplication refuses every new application. " +
			"Values are shown as the profile reads them: minimum-user-limit-percent is an int before 3.4 (getUserLimit is getInt, " +
			"so -0x10 is -16) and a float from 3.4.",
		Bad:      "root.a.minimum-user-limit-percent=0\nroot.a.user-limit-factor=0",
		Good:     "root.a.minimum-user-limit-percent=25\nroot.a.user-limit-factor=2 (or, from 3.4, -1 for no limit)",
		Source:   "lint (AbstractLeafQueue reads them unchecked)",
		Versions: "all; -1 is accepted as \"no limit\" from 3.4",
	},
	Check: func(p *Pass) {
		eachQueue(p.Model, func(q *xmlconf.Queue) {
			if v := q.MinUserLimitPercent; v.Origin == xmlconf.FromQueue && v.Err == "" && !(v.V > 0 && v.V <= 100) {
				p.ReportHint(AtValue(p, q, v), "use a percentage in (0, 100]",
					"minimum-user-limit-percent of %q is %s, outside (0, 100]", q.Path, userLimitText(p.Version, v.V))
			}
			if v := q.UserLimitFactor; v.Origin == xmlconf.FromQueue && v.Err == "" && v.V <= 0 {
				userLimitFactor(p, q, v)
			}
			if v := q.MaxApplications; v.Origin == xmlconf.FromQueue && v.Err == "" && v.V < 0 && v.V != -1 {
				p.ReportHint(AtValue(p, q, v), "use 0 or more (or -1 for the default)",
					"maximum-applications of %q is %d, negative", q.Path, v.V)
			}
		})
	},
}

// userLimitText shows a minimum-user-limit-percent as the profile reads
// it: an int before 3.4 (getUserLimit is getInt, so "-0x10" is -16, not
// -16.0; xmlconf.MinUserLimitIsInt), a Java float from 3.4.
func userLimitText(v xmlconf.Version, f float32) string {
	if xmlconf.MinUserLimitIsInt(v) {
		return strconv.FormatInt(int64(f), 10)
	}
	return xmlconf.FormatJavaFloat(f)
}

// userLimitFactor reports a queue's user-limit-factor v ≤ 0: -1 is "no
// per-user limit" from 3.4 only; before, and for any other value ≤ 0, the
// factor caps every user at queue capacity × v.
func userLimitFactor(p *Pass, q *xmlconf.Queue, v xmlconf.Value[float32]) {
	noLimit := p.Version.AtLeast(xmlconf.V3_4)
	switch {
	case v.V == -1 && noLimit:
		return
	case v.V == -1:
		p.ReportHint(AtValue(p, q, v),
			"-1 means no per-user limit only from Hadoop 3.4; here set a factor of at least maximum-capacity / capacity to let one user fill the queue",
			"user-limit-factor of %q is -1.0, which Hadoop %s reads as a factor, not as \"no limit\": the per-user application maximum becomes at most 0, so every submission to the queue is refused, and the user limit becomes the queue's capacity × -1, 0 or below",
			q.Path, p.Version)
	case noLimit:
		p.ReportHint(AtValue(p, q, v), "use a positive factor, or -1 for no per-user limit",
			"user-limit-factor of %q is %s; only positive values and -1 make sense", q.Path, xmlconf.FormatJavaFloat(v.V))
	default:
		p.ReportHint(AtValue(p, q, v), "use a positive factor (-1 means no per-user limit only from Hadoop 3.4)",
			"user-limit-factor of %q is %s; only positive values make sense", q.Path, xmlconf.FormatJavaFloat(v.V))
	}
}

var ruleAMPercent = &Rule{
	ID: "CS101", Name: "am-percent-as-percent", Category: CatLimits, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "maximum-am-resource-percent looks like a percentage (10) rather than a fraction (0.1)",
		Why: "Despite its name the value is a fraction of the queue: 10 means 1000%, so ApplicationMasters can take the " +
			"whole queue and deadlock it. Hadoop accepts any value. 0 stops every application from starting.",
		Bad:      "yarn.scheduler.capacity.maximum-am-resource-percent=10",
		Good:     "yarn.scheduler.capacity.maximum-am-resource-percent=0.1",
		Source:   "lint (CapacitySchedulerConfiguration#getMaximumApplicationMasterResourcePerQueuePercent)",
		Versions: "all",
	},
	Check: func(p *Pass) {
		check := func(q *xmlconf.Queue, v xmlconf.Value[float32], what string) {
			if v.Err != "" || (v.V > 0 && v.V <= 1) {
				return
			}
			at := AtValue(p, q, v)
			hint := "write a fraction between 0 and 1, e.g. 0.1 for 10%"
			if v.V > 1 && v.V <= 100 {
				hint = fmt.Sprintf("did you mean %s?", xmlconf.FormatJavaFloat(v.V/100))
			}
			p.ReportHint(at, hint, "%s is %s, outside (0, 1]; it is a fraction, not a percent", what, xmlconf.FormatJavaFloat(v.V))
		}
		if g := p.Model.Global.MaxAMResourcePercent; g.Set() {
			check(nil, g, "yarn.scheduler.capacity.maximum-am-resource-percent")
		}
		eachQueue(p.Model, func(q *xmlconf.Queue) {
			if v := q.MaxAMResourcePercent; v.Origin == xmlconf.FromQueue {
				check(q, v, fmt.Sprintf("maximum-am-resource-percent of %q", q.Path))
			}
			for _, ls := range q.Labels {
				if ls.MaxAMPercent.Origin == xmlconf.FromQueue {
					check(q, ls.MaxAMPercent, fmt.Sprintf("maximum-am-resource-percent of %q for label %q", q.Path, ls.Label))
				}
			}
		})
	},
}
