package migrate

import (
	"fmt"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// applyGroups puts top-level queues under new parents. The parent's
// capacity is the sum of its members' absolute capacities; members are
// rescaled to sum to 100 inside it, so each keeps its absolute guarantee
// (to rounding at 2 decimals). Errors are problems with the flags.
func (mg *migration) applyGroups(groups []Group) error {
	for _, g := range groups {
		if err := mg.applyGroup(g); err != nil {
			return err
		}
	}
	return nil
}

func (mg *migration) applyGroup(g Group) error {
	root := mg.root
	if bad := strings.IndexFunc(g.Parent, func(r rune) bool { return r == '.' || r <= ' ' || r == ',' || r == ':' }); bad >= 0 || g.Parent == "root" {
		return fmt.Errorf("group parent %q: a YARN queue name cannot contain '.', ',', ':' or blanks, or be \"root\"", g.Parent)
	}
	if findChild(root, g.Parent) != nil {
		return fmt.Errorf("group parent %q: a top-level queue already has that name", g.Parent)
	}
	members := make([]*node, 0, len(g.Members))
	seen := map[string]bool{}
	for _, name := range g.Members {
		c := findChild(root, name)
		if c == nil {
			return fmt.Errorf("group %q: %q is not a top-level queue (have: %s)", g.Parent, name, childNames(root))
		}
		if seen[name] {
			return fmt.Errorf("group %q: %q listed twice", g.Parent, name)
		}
		seen[name] = true
		members = append(members, c)
	}
	p := &node{Name: g.Parent, Parent: root, Group: true}
	var kept []*node
	inserted := false
	for _, c := range root.Children {
		if !seen[c.Name] {
			kept = append(kept, c)
			continue
		}
		if !inserted {
			kept = append(kept, p)
			inserted = true
		}
	}
	root.Children = kept
	p.Children = members
	if h := height(p); h > maxGroupHeight {
		return fmt.Errorf("group %q: nests queues %d levels deep, more than %d: each level lengthens every property name below it, so the file grows with the square of the depth", g.Parent, h, maxGroupHeight)
	}
	mg.fillGroup(p)
	return nil
}

// maxGroupHeight bounds how deep --group may nest queues, as the 0.21
// mapred-queues.xml reader bounds its elements (64 deep): Hadoop sets no
// limit, but no real hierarchy is that deep.
const maxGroupHeight = 64

// height is the number of levels below n (0 for a leaf).
func height(n *node) int {
	h := 0
	for _, c := range n.Children {
		h = max(h, 1+height(c))
	}
	return h
}

// fillGroup sets a group parent's capacity and its members' relative
// capacities from their absolute guarantees.
func (mg *migration) fillGroup(p *node) {
	abs := make([]float64, len(p.Children))
	var names []string
	for i, c := range p.Children {
		c.Parent = p
		abs[i] = c.AbsCap
		p.AbsCap += c.AbsCap
		p.SrcAbsCap += c.SrcAbsCap
		p.SrcAbsMax += c.SrcAbsMax
		names = append(names, c.Name)
	}
	p.AbsCap = round2(p.AbsCap)
	p.Cap = p.AbsCap
	if p.SrcAbsMax > 100 {
		p.SrcAbsMax = 100
	}
	p.CapNote = "sum of the absolute capacities of " + strings.Join(names, ", ")
	if p.AbsCap > 0 {
		rel := Rescale(abs, 100)
		for i, c := range p.Children {
			c.Cap = rel[i]
			c.CapNote = fmt.Sprintf("absolute %s%% of the cluster kept inside %q (%s%%)", num(abs[i]), p.Name, num(p.AbsCap))
		}
	} else {
		for _, c := range p.Children {
			c.Cap = 0
		}
	}
	mg.finding(RuleGroup, xmlconf.SeverityInfo, xmlconf.Pos{}, p.Path(), "",
		fmt.Sprintf("new parent %q holds %s with capacity %s (the sum of their absolute capacities); their maximum-capacity is converted to keep each absolute ceiling",
			p.Path(), strings.Join(names, ", "), num(p.Cap)), "")
}

func findChild(n *node, name string) *node {
	for _, c := range n.Children {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func childNames(n *node) string {
	var out []string
	for _, c := range n.Children {
		out = append(out, c.Name)
	}
	return strings.Join(out, ", ")
}
