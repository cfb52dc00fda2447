package validate

import (
	"math"
	"strconv"
	"strings"

	"github.com/capq/capq/xmlconf"
)

var ruleCapacityAboveMax = &Rule{
	ID: "CS016", Name: "capacity-above-maximum", Category: CatCapacity, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "capacity is greater than maximum-capacity",
		Why: "2.x refuses it on the configured values (`Illegal queue capacity setting, (capacity=<c>) > " +
			"(maximum-capacity=<m>). When label=[<l>]`); 3.1–3.3 compare only absolute values (`Illegal queue capacity " +
			"setting (abs-capacity=<a>) > (abs-maximum-capacity=<b>) for queue=[<q>],label=[<l>]`), so a relative " +
			"inversion can pass when the parent's maximum is larger than its capacity; 3.4 no longer checks at all. " +
			"A guarantee above the ceiling is never meaningful.",
		Bad:      "root.a.capacity=60; root.a.maximum-capacity=40",
		Good:     "root.a.capacity=40; root.a.maximum-capacity=60",
		Source:   "CSQueueUtils#capacitiesSanityCheck",
		Versions: "2.7–3.3 error when Hadoop's check fails; otherwise (and always in 3.4) warning",
	},
	Check: func(p *Pass) {
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			for _, l := range configuredLabels(q) {
				checkCapAboveMax(p, q, l)
			}
		})
	},
}

func checkCapAboveMax(p *Pass, q *xmlconf.Queue, l string) {
	c, m := capacityFor(q, l)
	if c.Mode != xmlconf.ModePercent || c.Percent < 0 || c.Percent > 100 {
		return // out of range: CS011/CS013 fail first
	}
	v := p.Version
	capF, maxF := c.Percent/100, maxFraction(m)
	absC, absM, ok := absFractions(q, l, v)
	at := p.AtProperty(q, c.Prop)
	if m.Prop != nil {
		at = p.AtProperty(q, m.Prop)
	}
	switch {
	case v.Less(xmlconf.V3_1) && capF > maxF:
		p.Report(at, "Illegal queue capacity setting, (capacity=%s) > (maximum-capacity=%s). When label=[%s]",
			xmlconf.FormatJavaFloat(capF), xmlconf.FormatJavaFloat(maxF), l)
	case v.Less(xmlconf.V3_1) && ok && absC > absM:
		p.Report(at, "Illegal queue capacity setting, (abs-capacity=%s) > (abs-maximum-capacity=%s). When label=[%s]",
			xmlconf.FormatJavaFloat(absC), xmlconf.FormatJavaFloat(absM), l)
	case v.AtLeast(xmlconf.V3_1) && v.Less(xmlconf.V3_4) && ok && absC > absM:
		p.Report(at, "Illegal queue capacity setting (abs-capacity=%s) > (abs-maximum-capacity=%s) for queue=[%s],label=[%s]",
			xmlconf.FormatJavaFloat(absC), xmlconf.FormatJavaFloat(absM), q.Path, l)
	case ok && absC > absM, !ok && capF > maxF:
		// The guarantee is above the ceiling in absolute terms (or cannot
		// be computed, e.g. absolute mode without --cluster). A relative
		// inversion under a parent whose maximum exceeds its capacity is
		// fine: 60% of a 10% parent is below 50% of its 100% maximum.
		p.Accepted(at, "lower capacity or raise maximum-capacity",
			"capacity %s of %q is greater than its maximum-capacity %s%s", xmlconf.FormatJavaFloat(c.Percent), q.Path,
			xmlconf.FormatJavaFloat(maxF*100), labelSuffix(l))
	}
}

func labelSuffix(l string) string {
	if l == "" {
		return ""
	}
	return " for label " + strconv.Quote(l)
}

// maxFraction is xmlconf's Capacity.MaxFraction (one home for the fact).
func maxFraction(m xmlconf.Capacity) float32 { return m.MaxFraction() }

// absFractions is xmlconf.PercentAbsolutes: absolute capacities have one
// home, xmlconf/absolute.go (issue 11).
func absFractions(q *xmlconf.Queue, l string, v xmlconf.Version) (absC, absM float32, ok bool) {
	return xmlconf.PercentAbsolutes(q, l, v)
}

var ruleJavaNumber = &Rule{
	ID: "CS017", Name: "java-only-number", Category: CatCapacity, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "a number is NaN or written in a Java-only form (50f, 1e2, hex, non-ASCII digits), or a boolean spelt with a non-ASCII letter Java folds (falſe)",
		Why: "Float.parseFloat accepts NaN, Infinity, exponents, hex floats and f/d suffixes. NaN passes every range " +
			"and sum comparison, so a NaN capacity is accepted and breaks scheduling; the other forms work in Hadoop " +
			"but not in most tools that read the file. getInt/getLong read 0x hex (getHexDigits, then Integer.parseInt(hex, 16)), " +
			"for the scheduler-wide keys (maximum-applications, node-locality-delay, yarn.scheduler.minimum-allocation-mb and " +
			"the other allocation bounds, which CapacityScheduler#validateConf reads with getInt, ...) as for a queue's, and " +
			"Integer.parseInt/Long.parseLong (behind getInt, getLong, the raw max-parallel-apps reads and the priorities of " +
			"acl_application_max_priority groups and workflow-priority-mappings entries) take any Unicode decimal digit " +
			"(Character.digit), so a fullwidth \"１０\" from a paste or an input method is read as 10, and \"0x１０\" as 16. " +
			"Configuration#getBoolean and Boolean.parseBoolean compare with String.equalsIgnoreCase, which folds the long s " +
			"\"ſ\" to \"s\": \"falſe\" is read as false.",
		Bad:      "root.a.capacity=50f\nroot.b.capacity=NaN\nroot.b.maximum-applications=１０\nyarn.scheduler.capacity.node-locality-delay=0x28",
		Good:     "root.a.capacity=50\nroot.b.capacity=50\nroot.b.maximum-applications=10",
		Source:   "lint (java.lang.Float#parseFloat, java.lang.Integer#parseInt, Character#digit, Configuration#getInt/getHexDigits, Configuration#getBoolean, String#equalsIgnoreCase)",
		Versions: "all",
	},
	Check: func(p *Pass) {
		seen := map[*xmlconf.Property]bool{} // reported here, so not again by checkJavaIntForms
		eachQueue(p.Model, func(q *xmlconf.Queue) {
			eachProp(q, func(suffix string, pr *xmlconf.Property) {
				switch {
				case suffix == "minimum-user-limit-percent" && xmlconf.MinUserLimitIsInt(p.Version):
					// getUserLimit is getInt there; the model keeps a
					// float, which checkJavaIntForms does not visit.
					seen[pr] = checkQueueInt(p, q, pr, 32)
				case floatSuffix(suffix):
					checkJavaNumber(p, q, pr)
				case intSuffixes[suffix] != 0:
					seen[pr] = checkQueueInt(p, q, pr, intSuffixes[suffix])
				}
			})
		})
		checkJavaIntForms(p, seen)
		checkJavaBoolForms(p, seen)
		checkPriorityDigits(p)
		if p.Model.Conf == nil {
			return
		}
		for _, k := range []string{"maximum-am-resource-percent", "minimum-user-limit-percent", "user-limit-factor"} {
			if pr, ok := p.Model.Conf.Lookup(xmlconf.Prefix + k); ok {
				checkJavaNumber(p, nil, pr)
			}
		}
	},
}

// intSuffixes are per-queue keys read with getInt (32) or getLong (64),
// which accept hexadecimal ("0x10") as Java code would not expect.
// max-parallel-apps is not one: Integer.parseInt refuses hex there (CS058,
// xmlconf/rawnum.go).
var intSuffixes = map[string]int{
	"maximum-applications": 32, "priority": 32, "default-application-priority": 32,
	"maximum-allocation-mb": 32, "maximum-allocation-vcores": 32,
	"maximum-application-lifetime": 64, "default-application-lifetime": 64,
}

// checkQueueInt reports a queue's own value that Hadoop's getInt (bits
// 32) or getLong (64) reads in a Java-only form (hex, non-ASCII digits);
// one out of the key's range ("0x80000000" for getInt) Hadoop refuses,
// and CS058 says so: a hint to write its value in decimal would name a
// number Hadoop refuses too.
func checkQueueInt(p *Pass, q *xmlconf.Queue, pr *xmlconf.Property, bits int) bool {
	if !javaOnlyIntForm(pr.Value) || !readInProfile(p, pr) {
		return false
	}
	v, err := xmlconf.HadoopGetLong(pr.Value)
	if bits == 32 {
		var v32 int32
		v32, err = xmlconf.HadoopGetInt(pr.Value)
		v = int64(v32)
	}
	if err != nil {
		return false // CS058 reports it
	}
	reportJavaInt(p, q, pr, pr.Value, v)
	return true
}

// floatSuffix reports whether Hadoop reads the suffix with getFloat (or as
// a capacity whose percentage/weight part is a Java float).
func floatSuffix(s string) bool {
	switch s {
	case "capacity", "maximum-capacity", "minimum-user-limit-percent", "user-limit-factor", "maximum-am-resource-percent":
		return true
	}
	if label, setting, ok := xmlconf.SplitLabelKey(s); ok {
		return label != "" && labelSuffixes[setting]
	}
	return strings.HasPrefix(s, "user-settings.") && strings.HasSuffix(s, ".weight")
}

func checkJavaNumber(p *Pass, q *xmlconf.Queue, pr *xmlconf.Property) {
	raw := pr.Value
	if strings.HasPrefix(raw, "[") {
		return
	}
	num := raw
	if strings.HasSuffix(raw, "w") && p.Version.AtLeast(xmlconf.V3_4) {
		num = raw[:strings.IndexByte(raw, 'w')]
	}
	f, err := xmlconf.ParseJavaFloat(num)
	if err != nil || xmlconf.IsPlainDecimal(num) {
		return
	}
	at := p.AtProperty(q, pr)
	if math.IsNaN(float64(f)) {
		p.ReportHint(at, "write a number", "%s is NaN, which passes every Hadoop range and sum check", pr.Name)
		return
	}
	if math.IsInf(float64(f), 0) {
		return // range rules report it
	}
	p.ReportHint(at, "write "+strconv.FormatFloat(float64(f), 'f', -1, 32),
		"%s is written %q, a Java-only number form%s", pr.Name, xmlconf.JavaTrim(num), vectorConsequence(p, q, pr))
}

// vectorConsequence says what a Java-only capacity costs in non-legacy
// queue mode: QueueCapacityConfigParser.uniformParser types a number only
// by a suffix of "" or "w", so "50f" or "1e2" gives an empty capacity
// vector, which ResourceCalculationDriver leaves out (a capacity gets no
// resources, a maximum caps nothing).
func vectorConsequence(p *Pass, q *xmlconf.Queue, pr *xmlconf.Property) string {
	if q == nil || !p.Model.NonLegacyMode() {
		return ""
	}
	switch {
	case strings.HasSuffix(pr.Name, ".maximum-capacity"):
		return "; in non-legacy queue mode Hadoop's capacity parser gives it no type, so it caps nothing"
	case strings.HasSuffix(pr.Name, ".capacity"):
		return "; in non-legacy queue mode Hadoop's capacity parser gives it no type, so the queue gets no resources"
	}
	return ""
}
