package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// ruleCalculatorClass: the ResourceManager loads the resource calculator
// when the scheduler starts, and a class it cannot load stops it. As for
// CS079's monitor policies, capq cannot load classes: what cannot be a
// class, and names in Hadoop's own packages that Hadoop does not ship, are
// errors; any other class may be on the ResourceManager's classpath, so it
// is a warning that capq does not model it.
var ruleCalculatorClass = &Rule{
	ID: "CS119", Name: "resource-calculator-class", Category: CatProperties, Severity: xmlconf.SeverityError,
	StartOnly: true,
	Docs: Docs{
		Summary: "the resource calculator is a class the ResourceManager cannot load",
		Why: "CapacitySchedulerConfiguration#getResourceCalculator loads yarn.scheduler.capacity.resource-calculator with " +
			"Configuration#getClass (the name trimmed) and ReflectionUtils#newInstance when the scheduler starts; a class it " +
			"cannot find stops the ResourceManager (`java.lang.ClassNotFoundException: Class <name> not found`), and so does " +
			"the abstract ResourceCalculator. Apache Hadoop ships two calculators, DefaultResourceCalculator and " +
			"DominantResourceCalculator, both in org.apache.hadoop.yarn.util.resource (Hadoop 2.0 and 2.1 had them in " +
			"org.apache.hadoop.yarn.server.resourcemanager.resource, a name old installers still write). Vendor builds add " +
			"their own (MapR's DiskBasedResourceCalculator): capq checks Apache Hadoop. Another package's class may be on the " +
			"ResourceManager's classpath: capq says so and runs it as the DefaultResourceCalculator. refreshQueues keeps the " +
			"calculator the scheduler started with, so the error refuses a start, not a refresh.",
		Bad:      "yarn.scheduler.capacity.resource-calculator=org.apache.hadoop.yarn.server.resourcemanager.resource.DominantResourceCalculator",
		Good:     "yarn.scheduler.capacity.resource-calculator=" + xmlconf.DominantResourceCalculator,
		Source:   "CapacitySchedulerConfiguration#getResourceCalculator (from CapacityScheduler#initScheduler only); Configuration#getClass",
		Versions: "all",
	},
	Check: checkCalculatorClass,
}

// calculatorPackage is where Hadoop's calculators live (2.2 on).
const calculatorPackage = "org.apache.hadoop.yarn.util.resource."

// shippedCalculators are the ResourceCalculator classes Apache Hadoop ships.
var shippedCalculators = []string{xmlconf.DefaultResourceCalculator, xmlconf.DominantResourceCalculator}

func checkCalculatorClass(p *Pass) {
	v := p.Model.Global.ResourceCalculator
	if v.Prop == nil {
		return // yarn-default's DefaultResourceCalculator
	}
	cls := v.V // trimmed, as getTrimmed does
	for _, s := range shippedCalculators {
		if cls == s {
			return
		}
	}
	at := AtValue(p, nil, v)
	near := closeCalculator(cls)
	hint := func(otherwise string) string {
		if near != "" {
			return `did you mean "` + near + `"?`
		}
		return otherwise
	}
	failed := "java.lang.ClassNotFoundException: Class " + cls + " not found"
	switch {
	case cls == calculatorPackage+"ResourceCalculator":
		p.ReportHint(at, "name "+xmlconf.DefaultResourceCalculator+" or "+xmlconf.DominantResourceCalculator,
			"resource calculator %q is abstract: the ResourceManager cannot instantiate it and does not start", cls)
	case !javaClassName.MatchString(cls):
		p.ReportHint(at, hint("write the class with its package, e.g. "+xmlconf.DominantResourceCalculator),
			"resource calculator %q is not a class name with its package: the ResourceManager does not start (%s)", cls, failed)
	case strings.HasPrefix(cls, "org.apache.hadoop."):
		p.ReportHint(at, hint("Apache Hadoop ships "+xmlconf.DefaultResourceCalculator+" and "+xmlconf.DominantResourceCalculator+" (a vendor build may add its own)"),
			"resource calculator %q is not one Hadoop %s ships: the ResourceManager does not start (%s)", cls, p.Version, failed)
	default:
		p.Accepted(at, hint("make sure the ResourceManager's classpath has it"),
			"resource calculator %q is not one Hadoop ships: the ResourceManager starts only if its classpath has the class, and capq runs it as the DefaultResourceCalculator", cls)
	}
}

// closeCalculator is the shipped calculator cls most likely means: the
// same simple name in another package (the 2.0/2.1 one, or none), or a
// simple name within two edits; "" when none is close.
func closeCalculator(cls string) string {
	simple := strings.ToLower(cls[strings.LastIndex(cls, ".")+1:])
	best, bestD := "", 3
	for _, s := range shippedCalculators {
		d := xmlconf.EditDistance(simple, strings.ToLower(strings.TrimPrefix(s, calculatorPackage)))
		if d < bestD {
			best, bestD = s, d
		}
	}
	return best
}
