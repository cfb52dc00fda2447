package tree

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Partitions returns the node labels a configuration names, sorted:
// every label with accessible-node-labels.<l>.* keys and every label in
// an accessible-node-labels list ("*" and the blank "no labels" aside).
func Partitions(m *xmlconf.Model) []string {
	set := map[string]bool{}
	for _, q := range m.Queues {
		for _, ls := range q.Labels {
			set[ls.Label] = true
		}
		if q.AccessibleLabels.Origin == xmlconf.FromParent {
			continue // the parent's list, already counted
		}
		// Already trimmed as getAccessibleNodeLabels does (String.trim):
		// trimming again with Unicode rules would rename a label.
		for _, l := range q.AccessibleLabels.V {
			if l != "" && l != "*" {
				set[l] = true
			}
		}
	}
	out := make([]string, 0, len(set))
	for l := range set {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

// CheckPartition refuses a --partition the configuration never names:
// every queue would show 0%, which is a typo far more often than intent.
func CheckPartition(m *xmlconf.Model, label string) error {
	if label == "" || slices.Contains(Partitions(m), label) {
		return nil
	}
	known := Partitions(m)
	if len(known) == 0 {
		return fmt.Errorf("--partition %q: the configuration names no node label (no accessible-node-labels settings)", label)
	}
	return fmt.Errorf("--partition %q: the configuration names no such node label; it names %s", label, strings.Join(quoteAll(known), ", "))
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}
