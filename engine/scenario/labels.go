package scenario

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// startLabels reads cluster.node_labels (CommonNodeLabelsManager.
// addToClusterNodeLabels: names unique and valid; exclusive defaults to
// true) and checks the starting nodes' partitions.
func (r *runner) startLabels(nodes []engine.NodeSpec) error {
	r.labels = map[string]bool{}
	if err := r.addLabels(r.sc.Cluster.NodeLabels); err != nil {
		return err
	}
	return r.checkPartitions(nodes)
}

// addLabels adds label definitions; a name defined twice is refused like
// addToClusterNodeLabels refuses an existing label with another
// exclusivity (the same exclusivity is a no-op there and here).
func (r *runner) addLabels(ls []NodeLabel) error {
	for _, l := range ls {
		if err := checkLabelName(l.Name); err != nil {
			return err
		}
		ex := l.Exclusive == nil || *l.Exclusive
		if old, ok := r.labels[l.Name]; ok && old != ex {
			return fmt.Errorf("node label %q is already defined with exclusivity=%v", l.Name, old)
		}
		r.labels[l.Name] = ex
	}
	return nil
}

// checkLabelName is CommonNodeLabelsManager.checkAndThrowLabelName: at most
// 255 characters of letters, digits, '-', '_' and '.', starting with a
// letter or digit.
func checkLabelName(s string) error {
	if s == "" || len(s) > 255 {
		return fmt.Errorf("node label name %q must have 1 to 255 characters", s)
	}
	for i, c := range s {
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !alnum && (i == 0 || c != '-' && c != '_' && c != '.') {
			return fmt.Errorf("node label name %q: only letters, digits, '-', '_' and '.', starting with a letter or digit", s)
		}
	}
	return nil
}

// checkPartitions refuses nodes in an undefined partition (Hadoop's
// replaceLabelsOnNode refuses labels not in the cluster set).
func (r *runner) checkPartitions(nodes []engine.NodeSpec) error {
	for _, n := range nodes {
		if n.Partition == "" {
			continue
		}
		if _, ok := r.labels[n.Partition]; !ok {
			return fmt.Errorf("node %q: partition %q is not in cluster.node_labels", n.ID, n.Partition)
		}
	}
	return nil
}

// codeInvalidLabel is the reason code of an ask Hadoop rejects for its
// label (InvalidLabelResourceRequestException).
const codeInvalidLabel = "INVALID_LABEL"

// checkAskLabels is SchedulerUtils.validateResourceRequest's label part,
// in its order: a label on a request other than ANY, more than one label
// ("&&"), a label the app's queue cannot access (checkQueueLabelExpression:
// its accessible-node-labels must hold it or "*") and a label the cluster
// does not have (checkQueueLabelInLabelManager) are INVALID_LABEL; "" is
// the default partition.
func (r *runner) checkAskLabels(appID string, asks []Ask) (string, error) {
	q := r.appQueue(appID)
	for _, a := range asks {
		var l string
		switch {
		case a.NodeLabelExpression != nil:
			l = *a.NodeLabelExpression
		case a.ResourceName == engine.AnyResource && q != nil:
			// normalizeAndValidateRequest: an ANY request without a
			// label gets the queue's default-node-label-expression.
			l = q.DefaultLabelExpr.V
		}
		if a.ResourceName != engine.AnyResource && strings.TrimSpace(l) != "" {
			return codeInvalidLabel, fmt.Errorf("invalid resource request: node label expression %q on resource name %q (only ANY may carry one)", l, a.ResourceName)
		}
		if strings.Contains(l, "&&") {
			return codeInvalidLabel, fmt.Errorf("invalid resource request: more than one node label in node label expression %q", l)
		}
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if q != nil && !slices.Contains(q.AccessibleLabels.V, l) && !slices.Contains(q.AccessibleLabels.V, "*") {
			return codeInvalidLabel, fmt.Errorf("invalid resource request: queue %s cannot access node label %q (accessible-node-labels %q)", q.Path, l, strings.Join(q.AccessibleLabels.V, ","))
		}
		if _, ok := r.labels[l]; !ok {
			return codeInvalidLabel, fmt.Errorf("invalid label resource request: the cluster has no node label %q", l)
		}
	}
	return "", nil
}

// appQueue is the configuration of the app's queue, nil for an unknown app
// (UpdateAsks then reports it).
func (r *runner) appQueue(appID string) *xmlconf.Queue {
	path, ok := r.eng.AppQueue(appID)
	if !ok {
		return nil
	}
	return r.eng.Model().Queue(path)
}

// defineNodeLabels is addToClusterNodeLabels / removeFromClusterNodeLabels.
// Removing a label still on live nodes moves them to the default
// partition (RMNodeLabelsManager.removeFromClusterNodeLabels).
func (r *runner) defineNodeLabels(s *Step, res *StepResult) {
	err := r.addLabels(s.Add)
	if err == nil {
		err = r.removeLabels(s.Remove)
	}
	if err == nil {
		err = r.eng.DefineLabels(r.labels)
	}
	r.errorResult(res, err)
}

func (r *runner) removeLabels(names []string) error {
	for _, l := range names {
		if _, ok := r.labels[l]; !ok {
			return fmt.Errorf("node label %q is not defined", l)
		}
		if q := queueUsing(r.eng.Model(), l); q != "" {
			return fmt.Errorf("cannot remove node label %q: queue %s is using it (RMNodeLabelsManager.checkRemoveFromClusterNodeLabelsOfQueue)", l, q)
		}
	}
	for _, l := range names {
		moves := map[string]string{}
		for _, id := range r.eng.NodesInPartition(l) {
			moves[id] = ""
		}
		if len(moves) > 0 {
			if err := r.eng.SetNodePartitions(moves); err != nil {
				return err
			}
		}
		delete(r.labels, l)
	}
	return nil
}

// updateNodeLabels is replaceLabelsOnNode: every named node moves to its
// partition ("" = default), which must be defined (checkReplaceLabelsOnNode);
// running containers stay and their usage moves with the node.
func (r *runner) updateNodeLabels(s *Step, res *StepResult) {
	var moves map[string]string
	err := json.Unmarshal(s.Nodes, &moves)
	if err != nil || len(moves) == 0 {
		err = fmt.Errorf("update_node_labels needs nodes: {\"<node id>\": \"<label or empty>\"}")
	}
	if err == nil {
		specs := make([]engine.NodeSpec, 0, len(moves))
		for id, l := range moves {
			specs = append(specs, engine.NodeSpec{ID: id, Partition: l})
		}
		sort.Slice(specs, func(i, j int) bool { return specs[i].ID < specs[j].ID })
		err = r.checkPartitions(specs)
	}
	if err == nil {
		err = r.eng.SetNodePartitions(moves)
	}
	r.errorResult(res, err)
}

// refuseAsks reports an update_asks refused for its labels. An expected
// INVALID_LABEL rejection (expect.accepted false, reason_code) passes.
func (r *runner) refuseAsks(s *Step, res *StepResult, code string, err error) {
	res.Accepted, res.Reason, res.ReasonCode = boolp(false), err.Error(), code
	if code != "" && s.Expect != nil {
		res.Failures = append(res.Failures, checkRefreshExpect(s.Expect, refusal(code, err.Error()), r.eng.Model())...)
		return
	}
	res.Failures = append(res.Failures, err.Error())
}

// queueUsing returns the first queue (tree order) whose accessible labels
// name the label ("*" does not count, as in Hadoop's set lookup).
func queueUsing(m *xmlconf.Model, label string) string {
	for _, q := range m.Queues {
		if slices.Contains(q.AccessibleLabels.V, label) {
			return q.Path
		}
	}
	return ""
}
