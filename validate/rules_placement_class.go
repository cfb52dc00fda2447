package validate

import (
	"strings"

	"github.com/capq/capq/placement"
	"github.com/capq/capq/xmlconf"
)

// rulePlacementRuleClass: CapacityScheduler.updatePlacementRules reads
// yarn.scheduler.queue-placement-rules with getStringCollection (split on
// commas, empty pieces dropped, nothing trimmed); every entry other than
// exactly "user-group" or "app-name" is a class PlacementFactory loads
// with Class.forName, and one it cannot find is an IOException of the
// ClassNotFoundException that stops the start or refuses the refresh.
// Like CS079, capq cannot see the classpath: what cannot be a class is an
// error, another class a warning that the dry run does not model it.
var rulePlacementRuleClass = &Rule{
	ID: "CS114", Name: "placement-rule-class", Category: CatPlacement, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_1,
	Docs: Docs{
		Summary: "a queue placement rule the ResourceManager cannot load",
		Why: "yarn.scheduler.queue-placement-rules is split on commas without trimming. An entry that is not exactly " +
			"`user-group` or `app-name` is a class name: PlacementFactory.getPlacementRule loads it with Class.forName, and " +
			"one it cannot find (a space or line break around a name, a misspelt rule) stops the ResourceManager and " +
			"refuses refreshQueues (`java.io.IOException: java.lang.ClassNotFoundException: <name>`). A class on the " +
			"ResourceManager's classpath may be a custom rule: capq says so and does not model it.",
		Bad:      "yarn.scheduler.queue-placement-rules=user-group, app-name",
		Good:     "yarn.scheduler.queue-placement-rules=user-group,app-name",
		Source:   "CapacityScheduler#updatePlacementRules, PlacementFactory#getPlacementRule",
		Versions: "3.1+",
	},
	Check: func(p *Pass) {
		c := p.Model.Conf
		if c == nil {
			return
		}
		raw, ok, _ := c.Get(placement.KeyPlacement)
		if !ok {
			return
		}
		at := p.AtKey(placement.KeyPlacement)
		reported := 0
		for _, name := range placement.RuleEntries(raw) {
			if reported == maxPolicyFindings {
				p.Accepted(at, "fix the names reported above first", "placement rules: more names in this list are not judged one by one")
				return
			}
			if checkPlacementRuleName(p, at, name) {
				reported++
			}
		}
	},
}

// checkPlacementRuleName judges one entry as updatePlacementRules gets it
// and reports whether it found something to say.
func checkPlacementRuleName(p *Pass, at Loc, name string) bool {
	if placement.BuiltinRuleName(name) {
		return false
	}
	failed := "java.lang.ClassNotFoundException: " + name
	t := xmlconf.JavaTrim(name)
	switch {
	case t == "":
		p.ReportHint(at, "remove the empty entry (commas with nothing but white space between them)",
			"placement rules list an empty name %q: the ResourceManager cannot load it and does not start or refresh (%s)", name, failed)
	case t != name:
		p.ReportHint(at, "separate the rules with commas alone, without spaces or line breaks",
			"placement rule %q has white space around it, which the ResourceManager does not trim: it is loaded as a class, not found, and the ResourceManager does not start or refresh", name)
	case !javaClassName.MatchString(t):
		p.ReportHint(at, placementRuleHint(t),
			"placement rule %q is neither user-group nor app-name nor a class name with its package: the ResourceManager does not start or refresh (%s)", t, failed)
	case placement.ModelledRuleClass(t, p.Version):
		return false
	default:
		p.Accepted(at, "make sure the ResourceManager's classpath has it",
			"placement rule %q is a class capq does not model: the ResourceManager starts only if its classpath has it, and capq's dry run applies only the mapping rules", t)
	}
	return true
}

// placementRuleHint suggests the built-in rule a misspelt name means.
func placementRuleHint(name string) string {
	for _, b := range []string{"user-group", "app-name"} {
		if xmlconf.EditDistance(strings.ToLower(name), b) <= 2 {
			return `did you mean "` + b + `"?`
		}
	}
	return "list user-group, app-name or a placement rule class with its package"
}
