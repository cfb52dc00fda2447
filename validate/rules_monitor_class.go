package validate

import (
	"fmt"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// ruleMonitorPolicyClass: with the scheduling monitor on, the
// ResourceManager loads every class yarn-site.xml lists as a monitor
// policy when it starts, and one it cannot load stops it. Like CS056 for
// ordering policies, capq cannot load classes: what cannot be a class,
// and names in Hadoop's own packages that Hadoop does not ship, are
// errors; any other class may be on the user's classpath, so it is a
// warning that capq does not model it.
var ruleMonitorPolicyClass = &Rule{
	ID: "CS079", Name: "monitor-policy-class", Category: CatProperties, Severity: xmlconf.SeverityError,
	StartOnly: true,
	Docs: Docs{
		Summary: "a scheduling monitor policy the ResourceManager cannot load",
		Why: "With yarn.resourcemanager.scheduler.monitor.enable=true the ResourceManager loads each class of " +
			"yarn.resourcemanager.scheduler.monitor.policies with Class.forName when it starts; one it cannot find stops it " +
			"(`Failed to find class of specified policy=<name>`; before 3.1 a RuntimeException of ClassNotFoundException). " +
			"The name needs its package, and from 3.1 the list is split on commas without trimming, so a space or a line " +
			"break around a name is part of the name. Hadoop's own policies: ProportionalCapacityPreemptionPolicy, " +
			"MetricsInvariantChecker and ReservationInvariantsChecker (2.9+), QueueManagementDynamicEditPolicy (3.1+), " +
			"AutoCreatedQueueDeletionPolicy and QueueConfigurationAutoRefreshPolicy (3.4+). Another class may be on the " +
			"ResourceManager's classpath: capq says so and does not model it. refreshQueues does not load the policies again " +
			"(they come from the configuration the ResourceManager started with), so the error refuses a start, not a refresh.",
		Bad:      "yarn.resourcemanager.scheduler.monitor.policies=ProportionalCapacityPreemptionPolicy  (no package)",
		Good:     "yarn.resourcemanager.scheduler.monitor.policies=" + monitorPolicyPCPP,
		Source:   "SchedulingMonitorManager#updateSchedulingMonitors (3.1+), ResourceManager.RMActiveServices#createPolicyMonitors (before)",
		Versions: "all; names are untrimmed from 3.1",
	},
	Check: func(p *Pass) {
		g := &p.Model.Global
		if !g.MonitorEnabled.V || !g.MonitorPolicies.Set() {
			return // the monitor loads nothing, or yarn-default.xml's policy
		}
		at := AtValue(p, nil, g.MonitorPolicies)
		names := xmlconf.MonitorPolicyNames(g.MonitorPolicies.V, p.Version)
		reported := 0
		for i, name := range names {
			if reported == maxPolicyFindings {
				// A hostile list of 200,000 names would print 200,000
				// findings of one property.
				p.Accepted(at, "fix the names reported above first",
					"monitor policies: %d more names in this list are not judged one by one", len(names)-i)
				break
			}
			if checkMonitorPolicy(p, at, name) {
				reported++
			}
		}
	},
}

// maxPolicyFindings bounds CS079's findings for one list.
const maxPolicyFindings = 20

const monitorPolicyPCPP = "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy"

// checkMonitorPolicy judges one name as the class loader gets it and
// reports whether it found something to say.
func checkMonitorPolicy(p *Pass, at Loc, name string) bool {
	failed := fmt.Sprintf("Failed to find class of specified policy=%s", name)
	if p.Version.Less(xmlconf.V3_1) {
		failed = fmt.Sprintf("java.lang.ClassNotFoundException: Class %s not found", name)
	}
	t := xmlconf.JavaTrim(name)
	switch b := xmlconf.BuiltinMonitorPolicy(t); {
	case t == "":
		p.ReportHint(at, "remove the empty entry (commas with nothing but white space between or after them)",
			"monitor policies list an empty class name %q: the ResourceManager does not start (%s)", name, failed)
	case t != name:
		p.ReportHint(at, "separate the class names with commas alone, without spaces or line breaks",
			"monitor policy %q has white space around it, which the ResourceManager does not trim: Class.forName cannot find it and the ResourceManager does not start", name)
	case b != nil && p.Version.Less(b.Since):
		p.ReportHint(at, fmt.Sprintf("remove it, or lint with --hadoop-version %s", b.Since),
			"monitor policy %q ships from Hadoop %s on, not in %s: the ResourceManager does not start (%s)", t, b.Release, p.Version, failed)
	case b != nil && b.Abstract:
		p.ReportHint(at, "list MetricsInvariantChecker or ReservationInvariantsChecker (same package) instead",
			"monitor policy %q is abstract: the ResourceManager cannot instantiate it and does not start", t)
	case b == nil:
		unknownMonitorPolicy(p, at, t, failed)
	default:
		return false // a built-in policy of this version
	}
	return true
}

// unknownMonitorPolicy reports a class Hadoop does not ship: an error when
// it cannot be one (no package) or claims Hadoop's own packages, else a
// warning, as capq cannot see the ResourceManager's classpath.
func unknownMonitorPolicy(p *Pass, at Loc, name, failed string) {
	near := closeMonitorPolicy(name, p.Version)
	hint := func(otherwise string) string {
		if near != "" {
			return `did you mean "` + near + `"?`
		}
		return otherwise
	}
	switch {
	case !javaClassName.MatchString(name):
		p.ReportHint(at, hint("write the class with its package, e.g. "+monitorPolicyPCPP),
			"monitor policy %q is not a class name with its package: the ResourceManager does not start (%s)", name, failed)
	case strings.HasPrefix(name, "org.apache.hadoop."):
		p.ReportHint(at, hint("capq explain CS079 lists Hadoop's policies"),
			"monitor policy %q is not a scheduling edit policy Hadoop %s ships: the ResourceManager does not start (%s)", name, p.Version, failed)
	default:
		p.Accepted(at, hint("make sure the ResourceManager's classpath has it"),
			"monitor policy %q is not one Hadoop ships: the ResourceManager starts only if its classpath has the class, and capq's dry run does not model it", name)
	}
}

// closeMonitorPolicy is the built-in policy of version v that name most
// likely means: the same simple name in another package (or none), or a
// simple name within two edits; "" when none is close.
func closeMonitorPolicy(name string, v xmlconf.Version) string {
	simple := name[strings.LastIndex(name, ".")+1:]
	best, bestD := "", 3
	for _, b := range xmlconf.BuiltinMonitorPolicies {
		if b.Abstract || v.Less(b.Since) {
			continue
		}
		bs := b.Class[strings.LastIndex(b.Class, ".")+1:]
		if d := xmlconf.EditDistance(strings.ToLower(simple), strings.ToLower(bs)); d < bestD {
			best, bestD = b.Class, d
		}
	}
	return best
}
