package main

// Minimal load and refresh checks for `capq scenario`. The validate
// package will own these rules (CapacitySchedulerConfigValidator); until
// its refresh API lands, the scenario runner carries the subset its
// scenarios need, each with Hadoop's message and a stable reason code.
// TODO(validate): call validate.Refresh / validate.Lint instead.

import (
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// checkError is one reason Hadoop refuses a configuration.
type checkError struct {
	Code string
	Msg  string
}

// loadErrors returns what would make the RM refuse the configuration at
// start or refresh.
func loadErrors(m *xmlconf.Model) []checkError {
	var errs []checkError
	add := func(code, format string, args ...any) {
		errs = append(errs, checkError{code, fmt.Sprintf(format, args...)})
	}
	if m.Root == nil || len(m.Root.Children) == 0 {
		add("MISSING_ROOT_QUEUES", "Queue configuration missing child queue names for root")
		return errs
	}
	g := m.Global
	mn, mx := g.MinAllocation.V, g.MaxAllocation.V
	if mn.MemoryMB <= 0 || mx.MemoryMB < mn.MemoryMB {
		add("INVALID_ALLOCATION", "Invalid resource scheduler memory allocation configuration, yarn.scheduler.minimum-allocation-mb=%d, yarn.scheduler.maximum-allocation-mb=%d, min and max should be greater than 0, max should be no smaller than min.", mn.MemoryMB, mx.MemoryMB)
	}
	if mn.VCores <= 0 || mx.VCores < mn.VCores {
		add("INVALID_ALLOCATION", "Invalid resource scheduler vcores allocation configuration, yarn.scheduler.minimum-allocation-vcores=%d, yarn.scheduler.maximum-allocation-vcores=%d, min and max should be greater than 0, max should be no smaller than min.", mn.VCores, mx.VCores)
	}
	for _, q := range m.Queues {
		errs = append(errs, queueErrors(m, q)...)
	}
	return errs
}

func queueErrors(m *xmlconf.Model, q *xmlconf.Queue) []checkError {
	var errs []checkError
	add := func(code, format string, args ...any) {
		errs = append(errs, checkError{code, fmt.Sprintf(format, args...)})
	}
	for _, c := range []xmlconf.Capacity{q.Capacity, q.MaxCapacity} {
		if c.Mode == xmlconf.ModeInvalid {
			add("NUMBER_FORMAT", "%s", c.Err)
		}
	}
	if !q.IsRoot() && q.Capacity.Mode == xmlconf.ModePercent && (q.Capacity.Percent < 0 || q.Capacity.Percent > 100) {
		add("ILLEGAL_CAPACITY", "Illegal capacity of %s for queue %s", javaFloat(q.Capacity.Percent), q.Path)
	}
	for _, e := range []string{q.MinUserLimitPercent.Err, q.UserLimitFactor.Err, q.MaxAMResourcePercent.Err, q.MaxApplications.Err, q.Priority.Err} {
		if e != "" {
			add("NUMBER_FORMAT", "%s", e)
		}
	}
	if p := q.Parent; p != nil && p.State.V != xmlconf.StateRunning && q.ConfiguredState.V == xmlconf.StateRunning {
		add("PARENT_STOPPED_CHILD_RUNNING", "The parent queue:%s cannot be STOPPED as the child queue:%s is in RUNNING state.", p.Path, q.Path)
	}
	gmax := m.Global.MaxAllocation.V
	if ma := q.MaxAllocation.V; ma.MemoryMB > gmax.MemoryMB || ma.VCores > gmax.VCores {
		add("QUEUE_MAX_ALLOCATION", "Queue maximum allocation cannot be larger than the cluster setting for queue %s max allocation per queue: %s cluster setting: %s", q.Path, ma, gmax)
	}
	if msg := orderingError(q); msg != "" {
		add("INVALID_ORDERING_POLICY", "%s", msg)
	}
	if q.IsLeaf() {
		ul := math.Min(100, float64(q.MinUserLimitPercent.V))
		for _, u := range sortedKeys(q.UserWeights) {
			w := q.UserWeights[u].V
			if w < 0 || float64(w) > 100/ul {
				add("INVALID_USER_WEIGHT", "Weight (%s) for user \"%s\" must be between 0 and 100 / %s (= %s, the number of concurrent active users in %s)", javaFloat(w), u, javaFloat(float32(ul)), javaFloat(float32(100/ul)), q.Path)
			}
		}
	}
	if !q.IsLeaf() {
		errs = append(errs, sumErrors(m, q)...)
	}
	return errs
}

func orderingError(q *xmlconf.Queue) string {
	p := q.OrderingPolicy.V
	if q.IsLeaf() {
		switch p {
		case "", "fifo", "fair", "fifo-with-partitions", "fifo-for-pending-apps":
			return ""
		}
		if p == "utilization" || p == "priority-utilization" {
			return fmt.Sprintf("Unable to construct ordering policy for: %s, %s", p, p)
		}
		return ""
	}
	switch p {
	case "", "utilization", "priority-utilization":
		return ""
	case "fair", "fifo":
		return fmt.Sprintf("Unable to construct queue ordering policy=%s queue=%s", p, q.Path)
	}
	return ""
}

// sumErrors is ParentQueue.setChildQueues in legacy queue mode.
func sumErrors(m *xmlconf.Model, p *xmlconf.Queue) []checkError {
	var pct, weight, abs bool
	var sum float32
	for _, c := range p.Children {
		switch c.Capacity.Mode {
		case xmlconf.ModeWeight:
			weight = true
		case xmlconf.ModeAbsolute:
			abs, pct = true, false
		case xmlconf.ModePercent:
			if c.Capacity.Percent > 0 {
				pct = true
			}
			sum += c.Capacity.Percent / 100
		case xmlconf.ModeUnset:
			sum += 0
		}
	}
	if !p.IsRoot() && b2i(pct)+b2i(weight)+b2i(abs) > 1 {
		return []checkError{{"MIXED_CAPACITY_MODES", fmt.Sprintf("Parent queue '%s' have children queue used mixed of  weight mode, percentage and absolute mode, it is not allowed, please double check, details:", p.Path)}}
	}
	if weight || abs {
		return nil
	}
	const precision = 0.0005
	parentCap := float32(1)
	if !p.IsRoot() {
		parentCap = p.Capacity.Percent / 100
	}
	allowZero := p.AllowZeroCapacitySum.V
	s := javaFloat(sum)
	if !m.Version.AtLeast(xmlconf.V3_4) {
		if parentCap > 0 && absf(sum-1) > precision || parentCap == 0 && sum > 0 {
			return []checkError{{"CAPACITY_SUM", fmt.Sprintf("Illegal capacity of %s for children of queue %s", s, p.Name)}}
		}
		return nil
	}
	switch {
	case absf(1-sum) > precision && absf(sum) > precision:
		return []checkError{{"CAPACITY_SUM", fmt.Sprintf("Illegal capacity sum of %s for children of queue %s for label=. It should be either 0 or 1.0", s, p.Name)}}
	case absf(sum) <= precision && parentCap != 0 && !allowZero:
		return []checkError{{"CAPACITY_SUM", fmt.Sprintf("Illegal capacity sum of %s for children of queue %s for label=. It is set to 0, but parent percent != 0, and doesn't allow children capacity to set to 0", s, p.Name)}}
	case absf(1-sum) <= precision && parentCap == 0 && !allowZero:
		return []checkError{{"CAPACITY_SUM", fmt.Sprintf("Illegal capacity sum of %s for children of queue %s for label=. queue=%s has zero capacity, but childqueues have positive capacities", s, p.Name, p.Name)}}
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func absf(f float32) float32 {
	if f < 0 {
		return -f
	}
	return f
}

// javaFloat formats a float like Java's Float.toString for ordinary
// magnitudes: "50.0", "33.3", "0.085".
func javaFloat(f float32) string {
	if f == float32(math.Trunc(float64(f))) && math.Abs(float64(f)) < 1e7 {
		return strconv.FormatFloat(float64(f), 'f', 1, 32)
	}
	return strconv.FormatFloat(float64(f), 'g', -1, 32)
}

// refreshErrors adds the transition rules of
// CapacitySchedulerConfigValidator.validateQueueHierarchy and
// AbstractLeafQueue.reinitialize to the load errors of the new model.
func refreshErrors(old, nw *xmlconf.Model, live engine.LiveState) []checkError {
	errs := loadErrors(nw)
	for _, oq := range old.Queues {
		nq := nw.Queue(oq.Path)
		state := live.QueueState(oq.Path)
		newStopped := newStateStopped(nw, oq.Path)
		switch {
		case nq == nil:
			if state != "STOPPED" && !newStopped {
				errs = append(errs, checkError{"QUEUE_DELETE_NOT_STOPPED", fmt.Sprintf("%s cannot be deleted from the capacity scheduler configuration, as the queue is not yet in stopped state. Current State : %s", oq.Path, state)})
			}
		case oq.IsLeaf() && !nq.IsLeaf():
			if state != "STOPPED" && !newStopped {
				errs = append(errs, checkError{"LEAF_TO_PARENT_NOT_STOPPED", fmt.Sprintf("Can not convert the leaf queue: %s to parent queue since it is not yet in stopped state. Current State : %s", oq.Path, state)})
			}
		case oq.IsLeaf() && nq.IsLeaf():
			o, n := oq.MaxAllocation.V, nq.MaxAllocation.V
			if n.MemoryMB < o.MemoryMB || n.VCores < o.VCores {
				errs = append(errs, checkError{"MAX_ALLOCATION_DECREASED", fmt.Sprintf("Trying to reinitialize %s the maximum allocation size can not be decreased! Current setting: %s, trying to set it to: %s", oq.Path, o, n)})
			}
		}
	}
	return errs
}

// newStateStopped reports whether the new file sets the queue's state to
// exactly "STOPPED" (QueueState.valueOf without upper-casing).
func newStateStopped(m *xmlconf.Model, path string) bool {
	v, ok := m.Conf.Raw(xmlconf.Prefix + path + ".state")
	return ok && v == "STOPPED"
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
