package sim

import (
	"fmt"
	"sort"
	"strings"
)

// NodeLabel is one cluster node label definition (NodeLabel: a name and
// its exclusivity). Exclusive nil means true, Hadoop's default
// (NodeLabel.DEFAULT_NODE_LABEL_EXCLUSIVITY).
type NodeLabel struct {
	Name      string `json:"name"`
	Exclusive *bool  `json:"exclusive,omitempty"`
}

// IsExclusive reports the label's exclusivity (true unless set false).
func (l NodeLabel) IsExclusive() bool { return l.Exclusive == nil || *l.Exclusive }

// maxLabelName is CommonNodeLabelsManager.MAX_LABEL_LENGTH.
const maxLabelName = 255

// CheckNodeLabelName is CommonNodeLabelsManager.checkAndThrowLabelName:
// 1 to 255 characters, letters, digits, '-', '_' and '.', starting with
// a letter or a digit.
func CheckNodeLabelName(s string) error {
	if s == "" || len(s) > maxLabelName {
		return fmt.Errorf("node label name %q must have 1 to %d characters", s, maxLabelName)
	}
	for i, c := range s {
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !alnum && (i == 0 || c != '-' && c != '_' && c != '.') {
			return fmt.Errorf("node label name %q: only letters, digits, '-', '_' and '.', starting with a letter or digit", s)
		}
	}
	return nil
}

// labelSet is the cluster's labels by name (exclusivity).
func (c Cluster) labelSet() (map[string]bool, error) {
	set := make(map[string]bool, len(c.NodeLabels))
	for _, l := range c.NodeLabels {
		if err := CheckNodeLabelName(l.Name); err != nil {
			return nil, posErr(c.Pos, "cluster.node_labels: %v", err)
		}
		if old, dup := set[l.Name]; dup && old != l.IsExclusive() {
			return nil, posErr(c.Pos, "cluster.node_labels: node label %q is defined twice with different exclusivity", l.Name)
		}
		set[l.Name] = l.IsExclusive()
	}
	return set, nil
}

// checkLabels refuses what the ResourceManager refuses: a node in a
// label the cluster does not define (replaceLabelsOnNode,
// checkReplaceLabelsOnNode), and a request label that is not a single
// defined label (SchedulerUtils.validateResourceRequest: "&&" is more
// than one label; an undefined one is InvalidLabelResourceRequest).
// Queue access (accessible-node-labels) is the configuration's and is
// checked when the app runs.
func (w *Workload) checkLabels(nodes []NodeSpec) error {
	set, err := w.Cluster.labelSet()
	if err != nil {
		return err
	}
	check := func(n NodeSpec) error {
		if _, ok := set[n.Partition]; n.Partition != "" && !ok {
			return fmt.Errorf("node %q: partition %q is not in cluster.node_labels (%s)", n.ID, n.Partition, labelList(set))
		}
		return nil
	}
	for _, n := range nodes {
		if err := check(n); err != nil {
			return posErr(w.Cluster.Pos, "%v", err)
		}
	}
	for _, ev := range w.Events {
		for _, g := range ev.Nodes {
			if err := check(NodeSpec{ID: firstName(g), Partition: g.Partition}); err != nil {
				return posErr(ev.Pos, "%v", err)
			}
		}
		if len(ev.Partitions) > MaxNodes {
			return posErr(ev.Pos, "update_node_labels moves more than %d nodes", MaxNodes)
		}
		for _, id := range labelKeys(ev.Partitions) {
			if err := check(NodeSpec{ID: id, Partition: strings.TrimSpace(ev.Partitions[id])}); err != nil {
				return posErr(ev.Pos, "%v", err)
			}
		}
	}
	var exprs []*string // one buffer for every app's expressions
	for i := range w.Apps {
		a := &w.Apps[i]
		exprs = append(exprs[:0], a.NodeLabelExpression, a.AMNodeLabelExpression)
		for _, t := range a.Tasks {
			exprs = append(exprs, t.NodeLabelExpression)
		}
		for _, e := range exprs {
			if e == nil || strings.TrimSpace(*e) == "" {
				continue
			}
			l := strings.TrimSpace(*e)
			if strings.Contains(l, "&&") || strings.Contains(l, "||") {
				return posErr(a.Pos, "application %q: node label expression %q has more than one label; YARN takes one", a.ID, l)
			}
			if _, ok := set[l]; !ok {
				return posErr(a.Pos, "application %q: node label expression %q is not in cluster.node_labels (%s)", a.ID, l, labelList(set))
			}
		}
	}
	return nil
}

func firstName(g NodeGroup) string {
	if len(g.Names) > 0 {
		return g.Names[0]
	}
	p := g.Prefix
	if p == "" {
		p = "node"
	}
	return p + "0"
}

func labelList(set map[string]bool) string {
	if len(set) == 0 {
		return "the workload defines none"
	}
	names := make([]string, 0, len(set))
	for l := range set {
		names = append(names, fmt.Sprintf("%q", l))
	}
	sort.Strings(names)
	return "defined: " + strings.Join(names, ", ")
}

// AppLabel is the partition of an app's AM request: the AM's own
// expression, else the submission context's, else the queue's
// default-node-label-expression (RMAppManager.validateAndCreateResourceRequest
// then SchedulerUtils.normalizeNodeLabelExpressionInRequest).
func AppLabel(a *App, queueDefault string) string {
	switch {
	case a.AMNodeLabelExpression != nil:
		return strings.TrimSpace(*a.AMNodeLabelExpression)
	case a.NodeLabelExpression != nil:
		return strings.TrimSpace(*a.NodeLabelExpression)
	}
	return queueDefault
}

// TaskLabel is the partition of a task group's ANY request: its own
// expression, else the submission context's (DefaultAMSProcessor.allocate
// fills an ANY request without one from it), else the queue's default.
func TaskLabel(a *App, t *TaskGroup, queueDefault string) string {
	switch {
	case t.NodeLabelExpression != nil:
		return strings.TrimSpace(*t.NodeLabelExpression)
	case a.NodeLabelExpression != nil:
		return strings.TrimSpace(*a.NodeLabelExpression)
	}
	return queueDefault
}

// ParseNodeLabels reads a label list as YarnClientUtils
// .buildNodeLabelsFromStr does (parseLabelList) and requires every name
// to be one a cluster can define (CheckNodeLabelName).
func ParseNodeLabels(s string) ([]NodeLabel, error) {
	out, err := parseLabelList(s)
	if err != nil {
		return nil, err
	}
	for _, l := range out {
		if err := CheckNodeLabelName(l.Name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// parseLabelList is YarnClientUtils.buildNodeLabelsFromStr: comma-separated
// entries "name" or "name(exclusive=true|false)", blank entries skipped.
// It throws on a "(" without ")" or the reverse, on ")" before "(" when
// neither is the first character, on another property and on an empty
// list; a property is read only when "(" is not the first character
// (leftParenthesisIdx > 0). Names come back trimmed, as the label manager
// normalizes them (CommonNodeLabelsManager.normalizeLabel); they are not
// checked.
func parseLabelList(s string) ([]NodeLabel, error) {
	var out []NodeLabel
	for _, p := range strings.Split(s, ",") {
		if strings.TrimSpace(p) == "" {
			continue
		}
		l, r := strings.Index(p, "("), strings.Index(p, ")")
		if (l < 0) != (r < 0) || l > 0 && r > 0 && l > r {
			return nil, fmt.Errorf("%q: parentheses do not match", p)
		}
		name, ex := p, true
		if l > 0 && r > 0 {
			prop := strings.TrimSpace(p[l+1 : r])
			if k, val, found := strings.Cut(prop, "="); found {
				k, val = strings.TrimSpace(k), strings.TrimSpace(val)
				if k != "exclusive" || (val != "true" && val != "false") {
					return nil, fmt.Errorf("%q: the only property is exclusive=true or exclusive=false", p)
				}
				ex = val == "true"
			} else if prop != "" {
				return nil, fmt.Errorf("%q: the only property is exclusive=true or exclusive=false", p)
			}
		}
		if l >= 0 {
			name = p[:l]
		}
		exclusive := ex
		out = append(out, NodeLabel{Name: strings.TrimSpace(name), Exclusive: &exclusive})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no label in %q", s)
	}
	return out, nil
}

// amLabel is the AM request's label for the engine: the AM's own
// expression, else the submission context's; nil leaves the queue's
// default-node-label-expression to the engine (AppLabel's order).
func (a *App) amLabel() *string {
	switch {
	case a.AMNodeLabelExpression != nil:
		l := strings.TrimSpace(*a.AMNodeLabelExpression)
		return &l
	case a.NodeLabelExpression != nil:
		l := strings.TrimSpace(*a.NodeLabelExpression)
		return &l
	}
	return nil
}

// taskLabel is a task group's ANY request label for the engine: its
// own, else the submission context's (DefaultAMSProcessor.allocate); nil
// leaves the queue's default to the engine (TaskLabel's order).
func (a *App) taskLabel(t *TaskGroup) *string {
	switch {
	case t.NodeLabelExpression != nil:
		l := strings.TrimSpace(*t.NodeLabelExpression)
		return &l
	case a.NodeLabelExpression != nil:
		l := strings.TrimSpace(*a.NodeLabelExpression)
		return &l
	}
	return nil
}

// prioLabel is the label of the app's ANY request at priority p in its
// current phase: the first group's of that priority (checkApps makes
// them agree, as one ResourceRequest per priority carries one label).
func (a *appState) prioLabel(p int32) *string {
	if a.phases != nil && a.phase < len(a.phases) {
		for _, j := range a.phases[a.phase] {
			if t := &a.spec.Tasks[j]; t.Priority == p {
				return a.spec.taskLabel(t)
			}
		}
	}
	for j := range a.spec.Tasks {
		if t := &a.spec.Tasks[j]; t.Priority == p {
			return a.spec.taskLabel(t)
		}
	}
	return nil
}

func sameLabel(a, b *string) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}
