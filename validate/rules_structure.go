package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

var ruleRootChildren = &Rule{
	ID: "CS001", Name: "root-without-children", Category: CatStructure, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "root has no child queues",
		Why: "The queue tree starts at yarn.scheduler.capacity.root.queues. Without it the ResourceManager fails with " +
			"`Queue configuration missing child queue names for root` — typically because capacity-scheduler.xml is not on " +
			"the classpath at all. In 3.4 root may instead be a flexible auto-creation parent.",
		Bad:      "(no yarn.scheduler.capacity.root.queues)",
		Good:     "yarn.scheduler.capacity.root.queues=default",
		Source:   "CapacitySchedulerQueueManager#parseQueue",
		Versions: "all; 3.4 accepts root with auto-queue-creation-v2.enabled=true",
	},
	Check: func(p *Pass) {
		m := p.Model
		if m.Root != nil && len(m.Root.Children) > 0 {
			return
		}
		if m.Root != nil && p.Version.AtLeast(xmlconf.V3_4) && m.Root.AutoCreate.V2.V {
			return
		}
		at := p.AtKey(xmlconf.Prefix + "root.queues")
		at.Queue = "root"
		p.ReportHint(at, "set yarn.scheduler.capacity.root.queues, e.g. to \"default\"",
			"Queue configuration missing child queue names for root")
	},
}

var ruleReservableParent = &Rule{
	ID: "CS002", Name: "reservable-parent", Category: CatStructure, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary:  "a queue with children is marked reservable",
		Why:      "Only leaf queues can be reservation (plan) queues; Hadoop refuses the whole file.",
		Bad:      "root.queues=a; root.a.queues=x,y; root.a.reservable=true",
		Good:     "root.a.x.reservable=true (on a leaf)",
		Source:   "CapacitySchedulerQueueManager#parseQueue",
		Versions: "all (reservations since 2.6)",
	},
	Check: func(p *Pass) {
		eachParent(p.Model, func(q *xmlconf.Queue) {
			if q.Reservable.V && q.Reservable.Origin == xmlconf.FromQueue {
				name := q.Path
				if p.Version.Less(xmlconf.V3_1) {
					name = q.Name
				}
				p.Report(p.AtProp(q, "reservable"), "Only Leaf Queues can be reservable for %s", name)
			}
		})
	},
}

var ruleDuplicateLeaf = &Rule{
	ID: "CS003", Name: "duplicate-leaf-name", Category: CatStructure, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "two leaf queues share a short name",
		Why: "Up to 3.2 queues are keyed by short name and Hadoop refuses the file (`Two leaf queues were named <name>. " +
			"Leaf queue names must be distinct`), also for a child listed twice in one queues list (parseQueue parses it twice, " +
			"and the second time meets its own first leaf before any sum is checked). From 3.3 (YARN-9879) it is accepted, but the short name becomes ambiguous: " +
			"submitting to it or mapping to it fails.",
		Bad:      "root.queues=eng,ops; root.eng.queues=batch; root.ops.queues=batch",
		Good:     "root.eng.queues=eng-batch; root.ops.queues=ops-batch",
		Source:   "CapacitySchedulerQueueManager#parseQueue",
		Versions: "2.7–3.2 error; 3.3+ warning (ambiguous name)",
	},
	Check: func(p *Pass) {
		names := make([]string, 0, len(p.Model.Leaves))
		for n, qs := range p.Model.Leaves {
			if len(qs) > 1 {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		if p.Version.Less(xmlconf.V3_3) {
			eachParent(p.Model, func(q *xmlconf.Queue) { reportParsedTwice(p, q) })
		}
		for _, n := range names {
			qs := p.Model.Leaves[n]
			first := qs[0].Path
			for _, q := range qs[1:] {
				if p.Version.Less(xmlconf.V3_3) {
					p.ReportHint(p.AtQueue(q), "also at "+first+"; give each leaf a distinct name",
						"Two leaf queues were named %s. Leaf queue names must be distinct", n)
					continue
				}
				p.Accepted(p.AtQueue(q), "use full queue paths in submissions and mappings, or rename one",
					"leaf name %q of %q is also used by %q; submitting or mapping to %q is ambiguous", n, q.Path, first, n)
			}
		}
	},
}

// reportParsedTwice is CS003 for a child listed twice in one queues list
// before 3.3: parseQueue parses the name once per entry, so the second
// entry meets the leaf the first one put in the short-name map (the child
// itself, or the first leaf below it) and throws before setChildQueues
// sums anything.
func reportParsedTwice(p *Pass, q *xmlconf.Queue) {
	seen := map[string]bool{}
	for _, n := range q.ChildNames {
		if !seen[n] {
			seen[n] = true
			continue
		}
		leaf := firstLeaf(p.Model.Queue(q.Path + "." + n))
		if leaf == nil {
			continue
		}
		p.ReportHint(p.AtProperty(q, q.ChildrenProp), fmt.Sprintf("%q is listed more than once in %s; list each child once", n, q.ChildrenProp.Name),
			"Two leaf queues were named %s. Leaf queue names must be distinct", leaf.Name)
	}
}

// firstLeaf is the first leaf parseQueue reaches from q, depth first.
func firstLeaf(q *xmlconf.Queue) *xmlconf.Queue {
	for q != nil && len(q.Children) > 0 {
		q = q.Children[0]
	}
	return q
}

var ruleChildNames = &Rule{
	ID: "CS004", Name: "bad-child-name", Category: CatStructure, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "a child queue name is empty, repeated, or contains a dot or whitespace",
		Why: "Hadoop splits `queues` on commas, drops empty tokens and trims each name, and checks nothing else. " +
			"A whitespace-only entry makes a queue with an empty name; a dot makes an unintended path; a repeated " +
			"name is parsed twice (3.3+ counts its capacity twice in the sum); when that alone breaks the parent's sum, " +
			"this finding is an error carrying Hadoop's sum message and CS024 does not repeat it.",
		Bad:      "root.queues=a, ,b.c,a",
		Good:     "root.queues=a,b,c",
		Source:   "lint (CapacitySchedulerConfiguration#getQueues does not check)",
		Versions: "all",
	},
	Check: func(p *Pass) {
		eachParent(p.Model, func(q *xmlconf.Queue) { checkChildNames(p, q) })
	},
}

func checkChildNames(p *Pass, q *xmlconf.Queue) {
	if q.ChildrenProp == nil {
		return
	}
	at := p.AtProperty(q, q.ChildrenProp)
	seen := map[string]bool{}
	for name := range xmlconf.QueueNames(q.ChildrenProp.Value) {
		switch {
		case name == "":
			p.ReportHint(at, "remove the empty entry", "children of %q include an empty name", q.Path)
		case strings.Contains(name, "."):
			p.ReportHint(at, "queue names cannot contain dots; nest queues with <path>.queues instead",
				"child name %q of %q contains a dot", name, q.Path)
		case strings.IndexFunc(name, isSpace) >= 0:
			p.ReportHint(at, "remove the whitespace", "child name %q of %q contains whitespace", name, q.Path)
		case seen[name]:
			// Before 3.3 the second entry fails parsing first (CS003).
			if sc := restatedSum(p, q); sc != nil && sc.duplicates && p.Version.AtLeast(xmlconf.V3_3) {
				p.Refused(at, sc.consequence("list each child once"), "child %q of %q is listed more than once", name, q.Path)
				break
			}
			p.ReportHint(at, "list each child once", "child %q of %q is listed more than once", name, q.Path)
		}
		seen[name] = true
	}
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }
