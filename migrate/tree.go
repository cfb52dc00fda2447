package migrate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// node is one queue of the YARN hierarchy being built. Capacities are
// percentages: Cap and Max relative to the parent (YARN semantics), Abs*
// of the cluster.
type node struct {
	Name     string
	Src      *xmlconf.H1Queue // nil for root and group parents
	Parent   *node
	Children []*node
	Group    bool
	Cap, Max float64
	// AbsCap, AbsMax are YARN's CSQueueUtils values; SrcAbs* what the
	// source scheduler guaranteed and allowed.
	AbsCap, AbsMax       float64
	SrcAbsCap, SrcAbsMax float64
	// CapSrc / MaxSrc say where Cap and Max came from (for comments).
	CapNote, MaxNote string
	// Rescaled and Invalid say why Cap differs from the source.
	Rescaled, Invalid bool
}

// Path is the YARN queue path.
func (n *node) Path() string {
	if n.Parent == nil {
		return "root"
	}
	// Names gathered then joined once: concatenating up the recursion
	// copied the growing prefix at every level, and --group nesting
	// groups 1,600 deep took 14 s (cubic over the whole migration).
	var names []string
	for q := n; q.Parent != nil; q = q.Parent {
		names = append(names, q.Name)
	}
	names = append(names, "root")
	slices.Reverse(names)
	return strings.Join(names, ".")
}

func (n *node) isLeaf() bool { return len(n.Children) == 0 }

// walk visits n and its descendants depth first.
func (n *node) walk(f func(*node)) {
	f(n)
	for _, c := range n.Children {
		c.walk(f)
	}
}

// buildTree mirrors the Hadoop 1 queues as YARN nodes with YARN-legal
// names; renames are findings.
func (mg *migration) buildTree() {
	mg.root = &node{Name: "root", Cap: 100, Max: 100, AbsCap: 100, AbsMax: 100, SrcAbsCap: 100, SrcAbsMax: 100}
	for _, q := range mg.m.Roots {
		mg.root.Children = append(mg.root.Children, mg.nodeFor(q, mg.root))
	}
	mg.uniqueNames(mg.root)
}

func (mg *migration) nodeFor(q *xmlconf.H1Queue, parent *node) *node {
	n := &node{Name: mg.yarnName(q), Src: q, Parent: parent, SrcAbsCap: q.AbsCapacity, SrcAbsMax: q.AbsMaxCapacity}
	n.Cap = xmlconf.F32ToDecimal(q.Capacity.V)
	if n.Cap < 0 || n.Cap != n.Cap || n.Cap > 100 {
		// The JobTracker refused it (an H1 error); 0 keeps YARN valid.
		n.Cap, n.Invalid = 0, true
		n.CapNote = "Hadoop 1 refused this capacity; 0 used"
	}
	for _, c := range q.Children {
		n.Children = append(n.Children, mg.nodeFor(c, n))
	}
	return n
}

// yarnName makes a Hadoop 1 queue name usable as a YARN path segment:
// trimmed, no '.', no blanks, not "root". '$', '{' and '}' go too: in the
// YARN file the name is part of a queue list, a value that
// Configuration#substituteVars expands (a Hadoop 1 queue
// "etl${env.HOME}" would become the RM's home directory), and the braces
// would read as a template placeholder (XML011) across names.
func (mg *migration) yarnName(q *xmlconf.H1Queue) string {
	name := strings.TrimSpace(q.Name)
	var b strings.Builder
	for _, r := range name {
		switch {
		case r == '.' || r <= ' ' || r == ',' || r == ':', r == '$' || r == '{' || r == '}':
			b.WriteByte('_')
		default:
			b.WriteRune(r)
		}
	}
	out := b.String()
	if out == "root" {
		out = "root_"
	}
	if out == "" {
		out = "queue"
	}
	if out != q.Name {
		why := "YARN queue names cannot have blanks around them, contain '.', ',' or ':', or be \"root\""
		if strings.ContainsAny(name, "${}") {
			why += "; '$', '{' and '}' would read as a ${...} variable or a template placeholder"
		}
		mg.finding(RuleRenamed, xmlconf.SeverityWarning, q.Pos, q.FullName, "",
			fmt.Sprintf("queue %q becomes %q: %s", q.Name, out, why),
			"update job submissions (mapreduce.job.queuename) to the new name")
	}
	return out
}

// uniqueNames appends a suffix when two siblings end up with one name.
func (mg *migration) uniqueNames(n *node) {
	seen := map[string]bool{}
	for _, c := range n.Children {
		base, name := c.Name, c.Name
		for i := 2; seen[name]; i++ {
			name = fmt.Sprintf("%s_%d", base, i)
		}
		if name != c.Name {
			mg.finding(RuleRenamed, xmlconf.SeverityWarning, c.Src.Pos, c.Src.FullName, "",
				fmt.Sprintf("queue %q becomes %q: its YARN name collides with a sibling", c.Src.Name, name), "rename one of the queues")
			c.Name = name
		}
		seen[name] = true
		mg.uniqueNames(c)
	}
}

// warnDuplicateLeaves reports leaf names used twice (possible from a 0.21
// tree or --group): YARN 2.x refuses them ("Two leaf queues were named"),
// and jobs naming a queue by its leaf name become ambiguous.
func (mg *migration) warnDuplicateLeaves() {
	byName := map[string][]*node{}
	var order []string
	mg.root.walk(func(n *node) {
		if n.isLeaf() && n.Parent != nil {
			if len(byName[n.Name]) == 0 {
				order = append(order, n.Name)
			}
			byName[n.Name] = append(byName[n.Name], n)
		}
	})
	for _, name := range order {
		ns := byName[name]
		if len(ns) < 2 {
			continue
		}
		var paths []string
		for _, n := range ns {
			paths = append(paths, n.Path())
		}
		if mg.opts.Target.AtLeast(xmlconf.V3_3) {
			mg.finding(RuleQueueNames, xmlconf.SeverityWarning, srcPos(ns[1]), ns[1].Path(), "",
				fmt.Sprintf("leaf name %q is used by %s: submissions and mappings by leaf name become ambiguous", name, strings.Join(paths, " and ")),
				"submit with the full queue path, or rename one of the leaves")
			continue
		}
		// YARN before 3.3 refuses duplicate leaf names ("Two leaf queues
		// were named"): qualify every later one with its parent's name.
		for _, n := range ns[1:] {
			old := n.Path()
			n.Name = uniqueChildName(n.Parent, n.Parent.Name+"_"+n.Name)
			mg.finding(RuleRenamed, xmlconf.SeverityWarning, srcPos(n), old, "",
				fmt.Sprintf("leaf %q becomes %q: YARN %s refuses two leaves named %q", old, n.Path(), mg.opts.Target, name),
				"update job submissions to the new name")
		}
	}
}

func srcPos(n *node) xmlconf.Pos {
	if n.Src == nil {
		return xmlconf.Pos{}
	}
	return n.Src.Pos
}

// uniqueChildName returns name, or name_2, name_3… if a child of parent
// already uses it.
func uniqueChildName(parent *node, name string) string {
	out := name
	for i := 2; findChild(parent, out) != nil; i++ {
		out = fmt.Sprintf("%s_%d", name, i)
	}
	return out
}
