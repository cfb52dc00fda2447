package validate

import (
	"slices"
	"strings"
	"sync"

	"github.com/capq/capq/xmlconf"
)

// The known-property catalog (capacity-scheduler-rules.md §1). Hadoop
// ignores anything else under yarn.scheduler.capacity., so a typo is
// silent there; CS005 uses these tables to say so, with a suggestion.

// queueSuffixes are the exact per-queue suffixes, with whether Hadoop reads
// them on leaves only.
var queueSuffixes = map[string]bool{
	"queues": false, "capacity": false, "maximum-capacity": false,
	"accessible-node-labels": false, "default-node-label-expression": false,
	"minimum-user-limit-percent": true, "user-limit-factor": true,
	"maximum-applications": true, "maximum-am-resource-percent": true,
	"max-parallel-apps": false, "state": false,
	"acl_submit_applications": false, "acl_administer_queue": false,
	"acl_administer_reservations": false, "acl_list_reservations": false, "acl_submit_reservations": false,
	"acl_application_max_priority": true, "priority": false, "default-application-priority": true,
	"ordering-policy": false, "maximum-allocation": false,
	"maximum-allocation-mb": false, "maximum-allocation-vcores": false,
	"maximum-application-lifetime": false, "default-application-lifetime": false,
	"disable_preemption": false, "intra-queue-preemption.disable_preemption": false,
	"reservable": true, "reservation-agent": true, "reservation-policy": true, "reservation-planner": true,
	"reservation-window": true, "reservation-enforcement-window": true, "reservation-move-on-expiry": true,
	"show-reservations-as-queues": true, "average-capacity": true, "instantaneous-max-capacity": true,
	"allow-zero-capacity-sum": false, "multi-node-sorting.policy": false,
	"auto-create-child-queue.enabled": false, "auto-create-child-queue.max-queues": false,
	"auto-create-child-queue.fail-on-exceeding-parent-capacity": false,
	"auto-create-child-queue.management-policy":                 false,
	"auto-queue-creation-v2.enabled":                            false, "auto-queue-creation-v2.max-queues": false,
	"auto-queue-creation-v2.maximum-queue-depth": false, "auto-queue-creation-v2.queue-auto-removal.enable": false,
	// App backoff (YARN-11809): a queue's own value, else the global one.
	"app-backoff.enabled": false, "app-backoff.interval-ms": false, "app-backoff.missed-threshold": false,
}

// queueTemplatePrefixes hold a whole queue's settings after them (the
// template's queue path is the parent's plus the prefix), so what follows
// must itself be a known suffix: leaf-queue-template.max-capacity is as
// ignored as max-capacity.
var queueTemplatePrefixes = []string{
	"leaf-queue-template.", "auto-queue-creation-v2.template.",
	"auto-queue-creation-v2.leaf-template.", "auto-queue-creation-v2.parent-template.",
}

// orderingPolicyParams are the ordering-policy.<param> keys the built-in
// application ordering policies read (FairOrderingPolicy,
// FifoOrderingPolicyWithExclusivePartitions). A custom policy class gets
// every ordering-policy.* key (getAppOrderingPolicy), so its parameters
// are free; checkQueueKey allows them.
var orderingPolicyParams = map[string]bool{"fair.enable-size-based-weight": true, "exclusive-enforced-partitions": true}

// labelSuffixes are what may follow accessible-node-labels.<label>.
var labelSuffixes = map[string]bool{"capacity": true, "maximum-capacity": true, "maximum-am-resource-percent": true}

// globalKeys are the scheduler-wide keys (after the prefix).
var globalKeys = map[string]bool{
	"maximum-applications": true, "maximum-am-resource-percent": true, "global-queue-max-application": true,
	"minimum-user-limit-percent": true, "user-limit-factor": true, "resource-calculator": true,
	"node-locality-delay": true, "rack-locality-additional-delay": true, "rack-locality-full-reset": true,
	"per-node-heartbeat.multiple-assignments-enabled": true, "per-node-heartbeat.maximum-container-assignments": true,
	"per-node-heartbeat.maximum-offswitch-assignments": true, "reservations-continue-look-all-nodes": true,
	"schedule-asynchronously.enable": true, "schedule-asynchronously.maximum-threads": true,
	"schedule-asynchronously.maximum-pending-backlogs": true, "schedule-asynchronously.scheduling-interval-ms": true,
	"lazy-preemption-enabled": true, "application.fail-fast": true, "user-metrics.enable": true,
	"queue-mappings": true, "queue-mappings-override.enable": true, "mapping-rule-format": true,
	"mapping-rule-json": true, "mapping-rule-json-file": true, "workflow-priority-mappings": true,
	"workflow-priority-mappings-override.enable": true, "max-parallel-apps": true, "user.max-parallel-apps": true,
	"multi-node-placement-enabled": true, "multi-node-sorting.policy.names": true, "multi-node-sorting.policy": true,
	"legacy-queue-mode.enabled": true, "auto-queue-creation-v2.queue-expiration-time": true,
	"auto-queue-creation-v2.maximum-queue-depth": true, "queue.auto.refresh.monitoring-interval": true,
	"skip-allocate-on-nodes-with-reserved-containers":                                           true,
	"ordering-policy.priority-utilization.underutilized-preemption.enabled":                     true,
	"ordering-policy.priority-utilization.underutilized-preemption.reserved-container-delay-ms": true,
	"ordering-policy.priority-utilization.underutilized-preemption.allow-move-reservation":      true,
	"app-backoff.enabled": true, "app-backoff.interval-ms": true, "app-backoff.missed-threshold": true,
}

// clusterAllocationKeys are the allocation bounds people put under the
// scheduler's prefix: Hadoop reads them from yarn.scheduler.* only
// (CapacitySchedulerConfiguration.getMinimumAllocation/getMaximumAllocation;
// the prefixed keys were removed in MAPREDUCE-3812), and per queue.
var clusterAllocationKeys = map[string]string{
	"minimum-allocation-mb": "yarn.scheduler.minimum-allocation-mb", "minimum-allocation-vcores": "yarn.scheduler.minimum-allocation-vcores",
	"maximum-allocation-mb": "yarn.scheduler.maximum-allocation-mb", "maximum-allocation-vcores": "yarn.scheduler.maximum-allocation-vcores",
}

// globalFamilies are the global keys with a free middle part: a user
// name (getMaxParallelAppsForUser) or a multi-node policy name
// (getMultiNodePlacementPolicies). Everything else under the prefix is a
// closed set (globalKeys), so a typo there is reported, not matched by a
// family.
var globalFamilies = []struct {
	prefix string
	tails  []string
	since  xmlconf.Version
}{
	{"user.", []string{"max-parallel-apps"}, xmlconf.V3_3},
	{"multi-node-sorting.policy.", []string{"class", "sorting-interval.ms"}, xmlconf.V3_2},
}

// knownQueueSuffix reports whether s is a per-queue suffix Hadoop reads.
func knownQueueSuffix(s string) bool {
	if _, ok := queueSuffixes[s]; ok {
		return true
	}
	if label, setting, ok := xmlconf.SplitLabelKey(s); ok {
		// Hadoop's label ends at the first dot, and label "" reads the
		// queue's own keys (xmlconf.SplitLabelKey): either way nothing
		// else here is read.
		return label != "" && labelSuffixes[setting]
	}
	if strings.HasPrefix(s, xmlconf.LabelKeyInfix) {
		return false
	}
	if rest, ok := strings.CutPrefix(s, "user-settings."); ok {
		return strings.HasSuffix(rest, ".weight") && len(rest) > len(".weight")
	}
	if rest, ok := strings.CutPrefix(s, "ordering-policy."); ok {
		return orderingPolicyParams[rest]
	}
	if pre, rest := templatePrefix(s); pre != "" {
		return knownQueueSuffix(rest)
	}
	return false
}

// templatePrefix splits a template key into its prefix and the suffix the
// templated queue reads ("", s when s is not a template key).
func templatePrefix(s string) (prefix, rest string) {
	for _, pre := range queueTemplatePrefixes {
		if r, ok := strings.CutPrefix(s, pre); ok {
			return pre, r
		}
	}
	return "", s
}

// knownGlobalKey reports whether s (key after the prefix) is a global key.
func knownGlobalKey(s string) bool {
	if globalKeys[s] {
		return true
	}
	_, ok := globalFamilySince(s)
	return ok
}

// globalFamilySince reports whether s is a member of a global family
// (user.<name>.max-parallel-apps, ...) and from which version it is read.
func globalFamilySince(s string) (xmlconf.Version, bool) {
	for _, f := range globalFamilies {
		rest, ok := strings.CutPrefix(s, f.prefix)
		if !ok {
			continue
		}
		for _, t := range f.tails {
			if len(rest) > len(t)+1 && strings.HasSuffix(rest, "."+t) {
				return f.since, true
			}
		}
	}
	return xmlconf.Version{}, false
}

// suggestGlobalFamily suggests a family member for a typo in its fixed
// tail: user.alice.max-parallel-app suggests user.alice.max-parallel-apps.
func suggestGlobalFamily(s string) string {
	for _, f := range globalFamilies {
		rest, ok := strings.CutPrefix(s, f.prefix)
		if !ok {
			continue
		}
		tails := make(nameSet, len(f.tails))
		for _, t := range f.tails {
			tails[t] = normalizeName(t)
		}
		for i := strings.IndexByte(rest, '.'); i > 0; {
			if g := suggest(rest[i+1:], tails); g != "" {
				return f.prefix + rest[:i] + "." + g
			}
			j := strings.IndexByte(rest[i+1:], '.')
			if j < 0 {
				break
			}
			i += j + 1
		}
	}
	return ""
}

// leafOnly reports whether a queue suffix is read by Hadoop on leaf
// queues only (parents ignore it).
func leafOnly(s string) bool {
	if queueSuffixes[s] {
		return true
	}
	_, setting, ok := xmlconf.SplitLabelKey(s)
	return ok && setting == "maximum-am-resource-percent"
}

// suggest returns the known name closest to s, or "" when none is close
// enough to be a likely typo.
func suggest(s string, known nameSet) string {
	ns := normalizeName(s)
	limit := 2
	if len(s) >= 12 {
		limit = 3
	}
	best, bestD := "", limit+1
	for k, nk := range known {
		if nk == ns {
			return k
		}
		d := min(boundedDistance(s, k, limit), boundedDistance(ns, nk, limit))
		if d < bestD || (d == bestD && k < best) {
			best, bestD = k, d
		}
	}
	if bestD <= limit {
		return best
	}
	if k := pastedSuffix(s, known); k != "" {
		return k
	}
	return tokenNeighbour(s, known)
}

// pastedSuffix returns the longest multi-word known name that s ends with
// mid-word, as in minimumaximum-capacity (minimu + maximum-capacity, a
// half-overwritten name). A match after a separator is no suggestion:
// default.minimum-user-limit-percent is a queue path missing root.
func pastedSuffix(s string, known nameSet) string {
	best := ""
	for k := range known {
		i := len(s) - len(k)
		if i < 1 || len(k) <= len(best) || !strings.Contains(k, "-") || !strings.HasSuffix(s, k) {
			continue
		}
		if c := s[i-1]; c != '-' && c != '_' && c != '.' {
			best = k
		}
	}
	return best
}

// boundedDistance is the edit distance of a and b, or limit+1 when it is
// surely larger. Comparing the normalized forms too finds
// minimumaximum-capacity (minmaxcapacity) near maximum-capacity.
func boundedDistance(a, b string, limit int) int {
	// The distance is at least the difference in length: a key further
	// than the limit that way cannot be suggested, and skipping it keeps
	// a file of long unknown keys linear.
	if abs(len(a)-len(b)) > limit {
		return limit + 1
	}
	return xmlconf.EditDistance(trimCommon(a, b))
}

// tokenNeighbour suggests the one known name whose words (split at - _ .,
// max/min folded) are those of s with exactly one inner word added or
// dropped: rack-locality-delay for rack-locality-additional-delay is too
// far for an edit distance but plainly meant. Two such names are no
// suggestion. A first or last word does not count: default.<suffix> is a
// queue path missing root, and preemption.enabled is not
// lazy-preemption-enabled.
func tokenNeighbour(s string, known nameSet) string {
	ts := nameTokens(s)
	found := ""
	for k := range known {
		tk := knownNameTokens(k)
		short, long := ts, tk
		if len(short) > len(long) {
			short, long = long, short
		}
		if len(short) < 2 || len(long) != len(short)+1 || !dropsOneToken(long, short) {
			continue
		}
		if found != "" {
			return ""
		}
		found = k
	}
	return found
}

// knownTokens caches nameTokens of the known names: a file of tens of
// thousands of unknown keys would otherwise split every known name again
// for each of them.
var knownTokens sync.Map

func knownNameTokens(k string) []string {
	if t, ok := knownTokens.Load(k); ok {
		return t.([]string)
	}
	t := nameTokens(k)
	knownTokens.Store(k, t)
	return t
}

// nameTokens splits a key into its words, folded as normalizeName does.
func nameTokens(s string) []string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == '-' || r == '_' || r == '.' })
	for i, t := range f {
		f[i] = nameFolds.Replace(t)
	}
	return f
}

// dropsOneToken reports whether short is long without one of its inner
// words.
func dropsOneToken(long, short []string) bool {
	for i := 1; i < len(long)-1; i++ {
		if slices.Equal(long[:i], short[:i]) && slices.Equal(long[i+1:], short[i:]) {
			return true
		}
	}
	return false
}

// trimCommon drops the prefix and suffix a and b share, which leaves
// their edit distance unchanged: EditDistance gives up on strings over 64
// bytes, and global keys such as
// ordering-policy.priority-utilization.underutilized-preemption.enabled
// are longer.
func trimCommon(a, b string) (string, string) {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	a, b = a[i:], b[i:]
	j := 0
	for j < len(a) && j < len(b) && a[len(a)-1-j] == b[len(b)-1-j] {
		j++
	}
	return a[:len(a)-j], b[:len(b)-j]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// suggestQueueSuffix suggests a per-queue suffix for a typo.
func suggestQueueSuffix(s string) string {
	if label, setting, ok := xmlconf.SplitLabelKey(s); ok && label != "" {
		if g := suggest(setting, labelSuffixNames); g != "" {
			return xmlconf.LabelKeyInfix + label + "." + g
		}
	}
	if rest, ok := strings.CutPrefix(s, "ordering-policy."); ok {
		if g := suggest(rest, orderingPolicyParamNames); g != "" {
			return "ordering-policy." + g
		}
	}
	if pre, rest := templatePrefix(s); pre != "" {
		if g := suggestQueueSuffix(rest); g != "" {
			return pre + g
		}
	}
	return suggest(s, queueSuffixNames)
}

// nameSet maps names to their normalizeName, computed once per table:
// a file of unknown keys asks for thousands of suggestions.
type nameSet map[string]string

func namesOf[V any](m map[string]V) nameSet {
	out := make(nameSet, len(m))
	for k := range m {
		out[k] = normalizeName(k)
	}
	return out
}

var (
	globalKeyNames   = namesOf(globalKeys)
	queueSuffixNames = namesOf(queueSuffixes)
	labelSuffixNames = namesOf(labelSuffixes)

	orderingPolicyParamNames = namesOf(orderingPolicyParams)
)

// normalizeName folds the spellings people mix up: case, - _ and ., and
// max/maximum, min/minimum.
func normalizeName(s string) string {
	return nameFolds.Replace(strings.ToLower(s))
}

// nameFolds is built once: building a Replacer costs far more than using
// it, and a file of unknown keys asks for thousands of suggestions.
var nameFolds = strings.NewReplacer("-", "", "_", "", ".", "", "maximum", "max", "minimum", "min")
