package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/capq/capq/xmlconf"
)

var ruleUnknownProperty = &Rule{
	ID: "CS005", Name: "unknown-property", Category: CatProperties, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "a property Hadoop ignores: an unknown suffix (typo), a key this Hadoop line does not read yet, or a queue that is not in the tree",
		Why: "Hadoop reads only the keys it knows, for queues reachable from root.queues, and ignores everything " +
			"else without a log line. `max-capacity`, `maximum_capacity` or a queue left out of its parent's " +
			"`queues` list therefore silently keep Hadoop's defaults. (Even the Hadoop docs write " +
			"`<queue-path>.max-capacity` once; the key is `maximum-capacity`.) The preemption policy's " +
			"`yarn.resourcemanager.monitor.capacity.preemption.*` keys are checked the same way, in yarn-site.xml too, " +
			"and so is a key whose `yarn.scheduler.capacity` prefix is misspelled by a letter or two. A queue missing from " +
			"the tree is one cause however many keys it has: it is reported once, at its first key (where a capq:ignore " +
			"for it goes), with the number of keys Hadoop ignores. A per-label key's label ends at the first dot after " +
			"`accessible-node-labels.` (CapacitySchedulerConfiguration#getConfiguredNodeLabels, #getConfiguredNodeLabelsByQueue): " +
			"`accessible-node-labels.gpu.x.capacity` is label gpu's unread setting `x.capacity` (gpu still becomes one of " +
			"the queue's configured labels, at capacity 0), and an empty label (`accessible-node-labels..capacity`, " +
			"`accessible-node-labels...maximum-am-resource-percent`) is the default partition, which Hadoop reads from " +
			"the queue's own keys. Hadoop finds the label after the first `accessible-node-labels` anywhere in the key " +
			"(key.indexOf), so a queue whose name holds it (`root.accessible-node-labels-team`) never has its label " +
			"settings read: its `accessible-node-labels.gpu.capacity` key is read as label `team`, of that queue before 3.4 " +
			"and of the path before the word, root, in 3.4.",
		Bad:      "yarn.scheduler.capacity.root.a.max-capacity=50\nyarn.scheduler.capacity.root.gone.capacity=10  (gone not in root.queues)",
		Good:     "yarn.scheduler.capacity.root.a.maximum-capacity=50",
		Source:   "lint (CapacitySchedulerConfiguration reads known keys only)",
		Versions: "all; keys newer than the profile (allow-zero-capacity-sum before 3.4, max-parallel-apps before 3.3, ...) count as ignored",
	},
	Check: func(p *Pass) {
		var orphans orphanKeys
		eachKey(p, func(key string, pr *xmlconf.Property) {
			if key == xmlconf.AutoRefreshIntervalDocsKey {
				checkDocsOnlyKey(p, key, xmlconf.AutoRefreshIntervalKey, "QueueConfigurationAutoRefreshPolicy.init", pr)
				return
			}
			if rest, ok := strings.CutPrefix(key, preemptionPrefix); ok {
				checkPreemptionKey(p, rest, pr)
				return
			}
			rest, ok := strings.CutPrefix(key, xmlconf.Prefix)
			if !ok {
				if !checkSiteKeySince(p, key, pr) {
					checkMisspelledPrefix(p, key, pr)
				}
				return
			}
			if rest == "" {
				return
			}
			if rest == "root" || strings.HasPrefix(rest, "root.") {
				checkQueueKey(p, rest, pr, &orphans)
				return
			}
			checkGlobalKey(p, rest, pr, &orphans)
		})
		orphans.report(p)
	},
}

// checkMisspelledPrefix reports a key whose first three segments miss
// "yarn.scheduler.capacity" by a letter or two (a real file had
// yarn.scheduler.caparcity.root.default.maximum-capacity): Hadoop reads
// only the exact prefix, so the value is silently dropped. Other keys of
// the file are left alone: a capacity-scheduler.xml may carry settings
// of other components.
func checkMisspelledPrefix(p *Pass, key string, pr *xmlconf.Property) {
	segs := strings.SplitN(key, ".", 4)
	if len(segs) < 4 || segs[3] == "" {
		return
	}
	head := strings.Join(segs[:3], ".")
	want := strings.TrimSuffix(xmlconf.Prefix, ".")
	if d := xmlconf.EditDistance(head, want); d == 0 || d > 2 {
		return
	}
	p.ReportHint(Loc{Pos: pr.NamePos, Property: pr.Name}, `did you mean "`+xmlconf.Prefix+segs[3]+`"?`,
		"unknown property %q; Hadoop ignores it", pr.Name)
}

// checkDocsOnlyKey reports a key the Hadoop documentation gives but no
// code reads: the code wins, and the user's value is ignored.
func checkDocsOnlyKey(p *Pass, key, read, reader string, pr *xmlconf.Property) {
	at := Loc{Pos: pr.NamePos, Property: pr.Name}
	if p.Version.Less(xmlconf.V3_4) {
		// QueueConfigurationAutoRefreshPolicy is YARN-10623 (3.4.0): before,
		// no name of its interval is read, and renaming would not help.
		p.ReportHint(at, "it takes effect from Hadoop 3.4 on, as "+read,
			"unknown property %q; Hadoop %s ignores it (%s, which reads %s, came with 3.4)", key, p.Version, reader, read)
		return
	}
	p.ReportHint(at, "rename it to "+read,
		"unknown property %q; Hadoop ignores it: the CapacityScheduler documentation gives this name, but %s reads %s", key, reader, read)
}

// checkQueueKey classifies rest ("root.a.capacity") against the tree: the
// longest existing queue path, then the suffix.
func checkQueueKey(p *Pass, rest string, pr *xmlconf.Property, orphans *orphanKeys) {
	if strings.Contains(rest, "*") {
		return // 3.4 wildcard template keys (root.*.auto-queue-creation-v2.template.x)
	}
	// The longest dot-bounded prefix that is a queue owns the key; slicing
	// (not Split/Join) keeps this allocation-free for 100,000 keys.
	var q *xmlconf.Queue
	end := len(rest)
	for end > 0 {
		if q = p.Model.Queue(rest[:end]); q != nil {
			break
		}
		end = strings.LastIndexByte(rest[:end], '.')
	}
	if q == nil {
		return // no root at all: CS001 says so
	}
	suffix := ""
	if end < len(rest) {
		suffix = rest[end+1:]
	}
	if suffix == "" {
		return
	}
	if _, ok := labelKeyCrash(p, pr.Name); ok {
		return // accessible-node-labels.<label> with nothing after: CS118
	}
	at := Loc{Pos: pr.NamePos, Queue: q.Path, Property: pr.Name}
	if knownQueueSuffix(suffix) {
		if reportWordInQueueName(p, at, q, rest, suffix) {
			return
		}
		if since := suffixSince(suffix); since.Major != 0 && p.Version.Less(since) {
			p.ReportHint(at, "it takes effect from Hadoop "+since.String()+" on; remove it or lint with --hadoop-version "+since.String(),
				"%s is not read by Hadoop %s (added in %s); it is ignored", suffix, p.Version, since)
		}
		return
	}
	if customOrderingParam(p, q, suffix) {
		return
	}
	if reportScopedKey(p, at, q, suffix) {
		return
	}
	// A queue key further right means the queue part names a queue
	// that is not in the tree, unless the suffix is one of the queue's
	// own structured keys (a label's, a user's, a template's): then the
	// segments after it are not queue names.
	for j := strings.IndexByte(suffix, '.'); j >= 0 && !structuredSuffix(suffix); {
		tail := suffix[j+1:]
		if queueKeyTail(tail) {
			orphan := rest[:end+1+j]
			if tail == "state" && removalState(p, pr.Name) {
				return
			}
			one, many := "add it to the parent's queues list, or delete the property", "add it to the parent's queues list, or delete its properties"
			sib := orphans.sibling(q, orphan)
			if sib != "" {
				one = fmt.Sprintf("did you mean %q? (or add %q to %s.queues)", sib, orphan[len(q.Path)+1:], q.Path)
				many = one
			}
			orphans.add(orphan, "not listed in "+parentPath(orphan)+".queues", at, one, many, sib)
			return
		}
		k := strings.IndexByte(tail, '.')
		if k < 0 {
			break
		}
		j += k + 1
	}
	hint := "Hadoop ignores unknown keys; check the spelling against the Capacity Scheduler docs"
	if yarn, ok := mrv1ACLs[suffix]; ok {
		hint = `this is the MapReduce v1 queue ACL (old Ambari stacks still write it); the Capacity Scheduler reads "` + yarn + `"`
	} else if s := p.sh().suggestion("q:"+suffix, func() string { return suggestForTail(strings.Split(suffix, ".")) }); s != "" {
		hint = `did you mean "` + s + `"?`
	}
	p.ReportHint(at, hint, "unknown property %q for queue %q; Hadoop ignores it", suffix, q.Path)
}

// misspeltSibling returns the path of q's child that orphan, a queue
// path missing from the tree, most likely misspells: orphan must be one
// level below q (a deeper one misses a parent first), and its name within
// one edit of a child's for names of three to five characters, two from
// six on (xmlconf.EditDistance gives up past 64), or the same but for case (queue names are case-sensitive in
// Hadoop: "Default" is not "default"). Short names are never suggested:
// "b" is one edit from every other one-letter queue, and nor are
// numbered siblings (numberedApart).
func misspeltSibling(q *xmlconf.Queue, orphan string) string {
	if parentPath(orphan) != q.Path {
		return ""
	}
	name := orphan[len(q.Path)+1:]
	limit := 0
	switch {
	case len(name) >= 6:
		limit = 2
	case len(name) >= 3:
		limit = 1
	}
	best, bestD := "", limit+1
	for _, c := range q.Children {
		if numberedApart(name, c.Name) {
			continue
		}
		d := boundedDistance(name, c.Name, limit)
		if strings.EqualFold(name, c.Name) {
			d = 0
		}
		if d < bestD || (d == bestD && c.Path < best) {
			best, bestD = c.Path, d
		}
	}
	if bestD > limit {
		return ""
	}
	return best
}

// numberedApart reports whether a and b differ only in digits at the
// same places (test2 and test4, q01 and q02): numbered queues, not a
// typo of each other.
func numberedApart(a, b string) bool {
	if len(a) != len(b) || a == b {
		return false
	}
	for i := range len(a) {
		if a[i] != b[i] && !(isDigit(a[i]) && isDigit(b[i])) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// structuredPrefixes start the per-queue keys whose next segments are a
// label, a user, a template's settings or a feature's sub-keys, never a
// queue name: "root.a.accessible-node-labels.x.acl_submit_applications" is
// a key of root.a (xmlconf's builder files it there), not a property of a
// queue "root.a.accessible-node-labels.x" missing from the tree.
var structuredPrefixes = []string{
	"accessible-node-labels.", "user-settings.", "leaf-queue-template.", "auto-create-child-queue.",
	"auto-queue-creation-v2.", "intra-queue-preemption.", "queue-auto-removal.",
}

// queueKeyTail says whether tail, the end of a key past a path that is
// not a queue, is a key of a queue: a known suffix, or one of the
// structured keys, which the path's queue would own whatever comes after
// (a bare accessible-node-labels.<label>, which only 3.4 reads and
// crashes on, CS118; a label or user setting Hadoop does not read). The
// queue missing from the tree is then the cause, and the path before the
// structured prefix, not a path through it, is that queue.
func queueKeyTail(tail string) bool {
	return knownQueueSuffix(tail) || structuredSuffix(tail)
}

func structuredSuffix(suffix string) bool {
	for _, pre := range structuredPrefixes {
		if strings.HasPrefix(suffix, pre) {
			return true
		}
	}
	return false
}

// reportScopedKey reports a queue setting written under a label
// (accessible-node-labels.<label>.<key>) or a user
// (user-settings.<user>.<key>), possibly inside a queue template: Hadoop
// reads only capacity, maximum-capacity and maximum-am-resource-percent per
// label (CapacitySchedulerConfiguration#getLabeledQueueCapacity,
// getLabeledQueueMaximumCapacity, getMaximumAMResourcePercentPerPartition)
// and only weight per user (getUserWeightsForQueue), so an ACL or a user
// limit there is ignored: the queue's own key applies in every partition
// and to every user. A real EMR lab file set
// accessible-node-labels.CORE.acl_submit_applications. It returns false
// when the key is not such a queue setting (a typo of a label key is left
// to the generic report and its suggestion).
func reportScopedKey(p *Pass, at Loc, q *xmlconf.Queue, suffix string) bool {
	pre, inner := templatePrefix(suffix)
	var scope, name, key, reads string
	if rest, ok := strings.CutPrefix(inner, "accessible-node-labels."); ok {
		scope, reads = "label", "capacity, maximum-capacity and maximum-am-resource-percent"
		name, key, ok = strings.Cut(rest, ".")
		if !ok {
			return false
		}
	} else if rest, ok := strings.CutPrefix(inner, "user-settings."); ok {
		scope, reads = "user", "weight"
		name, key, ok = strings.Cut(rest, ".")
		if !ok {
			return false
		}
	} else {
		return false
	}
	owner := fmt.Sprintf("queue %q", q.Path)
	if pre != "" {
		owner = fmt.Sprintf("the %s of queue %q", strings.TrimSuffix(pre, "."), q.Path)
	}
	if scope == "label" && strings.Contains(key, ".") {
		return reportDottedLabel(p, at, q, pre, name, key, suffix, owner)
	}
	if !knownQueueSuffix(key) || strings.Contains(key, ".") {
		return false
	}
	if name == "" {
		reportEmptyScopeName(p, at, q, pre, scope, key, suffix, owner)
		return true
	}
	every := map[string]string{"label": "partition", "user": "user"}[scope]
	p.ReportHint(at, fmt.Sprintf("per %s Hadoop reads only %s; %q is a queue setting that applies to every %s: set %s%s.%s%s instead",
		scope, reads, key, every, xmlconf.Prefix, q.Path, pre, key),
		"%q is not read for %s %q of %s; Hadoop ignores %q", key, scope, name, owner, suffix)
	return true
}

// reportEmptyScopeName reports a label or user key whose name is empty
// ("accessible-node-labels..capacity", a real node-label note's way of
// writing the default partition's share). Hadoop never reads it: for the
// default partition (NO_LABEL, "") CapacitySchedulerConfiguration
// #getNodeLabelPrefix returns the queue's own prefix, so the share is
// <queue>.capacity (getNonLabeledQueueCapacity), and the user weights'
// pattern (getAllUserWeightsForQueue) needs a non-empty user name.
func reportEmptyScopeName(p *Pass, at Loc, q *xmlconf.Queue, pre, scope, key, suffix, owner string) {
	hint := "name the user, or delete the property"
	if scope == "label" {
		hint = fmt.Sprintf("the default partition's %s is the queue's own: set %s%s.%s%s instead", key, xmlconf.Prefix, q.Path, pre, key)
	}
	p.ReportHint(at, hint, "%s name is empty in %q of %s; Hadoop ignores it", scope, suffix, owner)
}

// reportWordInQueueName reports a label key of a queue whose path holds
// "accessible-node-labels": Hadoop takes the label from the first
// occurrence in the key (xmlconf.HadoopLabelOf), so
// root.accessible-node-labels-team.accessible-node-labels.gpu.capacity is
// label "team" (of that queue before 3.4, of root in 3.4:
// xmlconf.LabelKeyOwners), and the queue's gpu settings are never read.
func reportWordInQueueName(p *Pass, at Loc, q *xmlconf.Queue, rest, suffix string) bool {
	label, _, ok := xmlconf.SplitLabelKey(suffix)
	if !ok || label == "" || q.LabelSettings(label) != nil {
		return false
	}
	read, owners, _ := xmlconf.LabelKeyOwners(rest, p.Version)
	reads := fmt.Sprintf("label %q of %q", read, strings.Join(owners, `", "`))
	p.ReportHint(at, "rename the queue so that its name does not hold accessible-node-labels",
		"queue %q's name holds \"accessible-node-labels\": Hadoop takes the label from its first occurrence in the key, reads %q as %s, and never reads the queue's %q settings", q.Path, xmlconf.Prefix+rest, reads, label)
	return true
}

// reportDottedLabel reports a label setting written after a label with a
// dot in it ("accessible-node-labels.gpu.x.capacity",
// "accessible-node-labels...maximum-am-resource-percent"). Hadoop's label
// ends at the first dot (CapacitySchedulerConfiguration
// #getConfiguredNodeLabels, #getConfiguredNodeLabelsByQueue), and its
// getters build accessible-node-labels.<label>.<setting>, so the key is
// never read; yet a non-empty label still becomes one of the queue's
// configured node labels, with capacity 0 unless its own key sets one. No
// node label can hold a dot (NodeLabelUtil#checkAndThrowLabelName allows
// [0-9a-zA-Z][0-9a-zA-Z-_]*). It returns false when the key does not end
// in a label setting (a typo, left to the generic report).
func reportDottedLabel(p *Pass, at Loc, q *xmlconf.Queue, pre, label, key, suffix, owner string) bool {
	setting := key[strings.LastIndexByte(key, '.')+1:]
	if !labelSuffixes[setting] {
		return false
	}
	if label == "" {
		reportEmptyScopeName(p, at, q, pre, "label", setting, suffix, owner)
		return true
	}
	own := xmlconf.Prefix + q.Path + "." + pre + xmlconf.LabelKeyInfix + label + "." + setting
	p.ReportHint(at, "a node label cannot contain a dot: name the label alone ("+own+"), else delete the property",
		"Hadoop reads %q of %s as label %q (a label ends at the first dot) with setting %q, which it does not read; it ignores the key, yet %q becomes one of the queue's configured node labels", suffix, owner, label, key, label)
	return true
}

// mrv1ACLs maps the MapReduce v1 queue ACL names, which real files still
// carry (Ambari's HDP 2.x capacity-scheduler defaults set
// root.default.acl_administer_jobs), to the keys the Capacity Scheduler
// reads: CapacitySchedulerConfiguration#getAcl builds "acl_" + the
// QueueACL name, i.e. acl_submit_applications and acl_administer_queue.
var mrv1ACLs = map[string]string{
	"acl_administer_jobs": "acl_administer_queue",
	"acl_submit_jobs":     "acl_submit_applications",
}

// builtinOrderingPolicies are the ordering-policy names Hadoop maps to
// its own classes; any other value is a class name.
var builtinOrderingPolicies = map[string]bool{
	"fifo": true, "fair": true, "fifo-with-partitions": true, "fifo-for-pending-apps": true,
	"utilization": true, "priority-utilization": true,
}

// customOrderingParam reports whether suffix is an ordering-policy.<param>
// (possibly inside a template) of a queue whose ordering-policy is a
// custom class: getAppOrderingPolicy hands every such key to the class's
// configure, so capq cannot know which it reads.
func customOrderingParam(p *Pass, q *xmlconf.Queue, suffix string) bool {
	i := strings.Index(suffix, "ordering-policy.")
	if i < 0 || p.Model.Conf == nil {
		return false
	}
	if pre := suffix[:i]; pre != "" && !slices.Contains(queueTemplatePrefixes, pre) {
		return false
	}
	pr, ok := p.Model.Conf.Lookup(xmlconf.Prefix + q.Path + "." + suffix[:i] + "ordering-policy")
	if !ok {
		return false
	}
	v := strings.TrimSpace(pr.Value)
	return v != "" && !builtinOrderingPolicies[v]
}

// suggestForTail tries the whole suffix, then its last segments, so that
// "root.gone.max-capacity" still suggests "maximum-capacity".
func suggestForTail(segs []string) string {
	for k := 0; k < len(segs) && k < 3; k++ {
		if s := suggestQueueSuffix(strings.Join(segs[k:], ".")); s != "" {
			return s
		}
	}
	return ""
}

func parentPath(path string) string {
	if i := strings.LastIndexByte(path, '.'); i > 0 {
		return path[:i]
	}
	return path
}

// checkSiteKeySince reports a yarn-site.xml key capq reads (siteKeys)
// that this profile's ResourceManager does not read yet: as ignored as a
// scheduler key newer than the profile. It reports whether key is one.
func checkSiteKeySince(p *Pass, key string, pr *xmlconf.Property) bool {
	for _, s := range siteKeys {
		if s.key != key {
			continue
		}
		if s.since.Major != 0 && p.Version.Less(s.since) {
			p.ReportHint(Loc{Pos: pr.NamePos, Property: pr.Name}, "it takes effect from Hadoop "+s.since.String()+" on",
				"%s is not read by Hadoop %s (added in %s); it is ignored", pr.Name, p.Version, s.since)
		}
		return true
	}
	return false
}

// checkPreemptionKey reports a preemption policy key (rest is after
// preemptionPrefix) that Hadoop does not read, or not on this profile.
func checkPreemptionKey(p *Pass, rest string, pr *xmlconf.Property) {
	at := Loc{Pos: pr.NamePos, Property: pr.Name}
	if since, ok := preemptionKeys[rest]; ok {
		if since.Major != 0 && p.Version.Less(since) {
			p.ReportHint(at, "it takes effect from Hadoop "+since.String()+" on",
				"%s is not read by Hadoop %s (added in %s); it is ignored", pr.Name, p.Version, since)
		}
		return
	}
	hint := "ProportionalCapacityPreemptionPolicy ignores unknown keys; check the spelling against the Capacity Scheduler docs"
	if s := p.sh().suggestion("p:"+rest, func() string { return suggest(rest, preemptionKeyNames) }); s != "" {
		hint = `did you mean "` + preemptionPrefix + s + `"?`
	}
	p.ReportHint(at, hint, "unknown property %q; Hadoop ignores it", pr.Name)
}

// reportMisplacedPreemptionKey reports yarn.scheduler.capacity.preemption.X,
// a preemption setting under the scheduler's prefix (seen in a public
// guide: preemption.natural_termination_factor, preemption.max_wait_before_kill,
// preemption.enabled). ProportionalCapacityPreemptionPolicy#init reads its
// settings under preemptionPrefix (CapacitySchedulerConfiguration
// PREEMPTION_CONFIG_PREFIX) and no Capacity Scheduler key starts with
// "preemption.", so the hint names the key meant; preemption itself is on
// when the scheduling monitor runs the policy (SchedulingMonitorManager).
func reportMisplacedPreemptionKey(p *Pass, rest string, pr *xmlconf.Property, at Loc) bool {
	key, ok := strings.CutPrefix(rest, "preemption.")
	if !ok {
		return false
	}
	switch key {
	case "enable", "enabled":
		p.ReportHint(at, "preemption runs when yarn.resourcemanager.scheduler.monitor.enable is true and "+
			"yarn.resourcemanager.scheduler.monitor.policies lists ProportionalCapacityPreemptionPolicy (yarn-site.xml)",
			"unknown property %q; Hadoop ignores it", pr.Name)
		return true
	}
	if _, known := preemptionKeys[key]; !known {
		key = p.sh().suggestion("p:"+key, func() string { return suggest(key, preemptionKeyNames) })
	}
	if key == "" {
		return false
	}
	hint := `did you mean "` + preemptionPrefix + key + `"?`
	if since := preemptionKeys[key]; since.Major != 0 && p.Version.Less(since) {
		hint += " (read from Hadoop " + since.String() + " on)"
	}
	p.ReportHint(at, hint, "unknown property %q; Hadoop ignores it (ProportionalCapacityPreemptionPolicy reads %q)", pr.Name, preemptionPrefix+key)
	return true
}

// checkGlobalKey reports a global key that is not known: a likely typo of
// a global key, or a queue key whose path does not start with root.
func checkGlobalKey(p *Pass, rest string, pr *xmlconf.Property, orphans *orphanKeys) {
	if _, ok := labelKeyCrash(p, pr.Name); ok {
		return // 3.4: accessible-node-labels.* with no queue before it: CS118
	}
	at := Loc{Pos: pr.NamePos, Property: pr.Name}
	if knownGlobalKey(rest) {
		if since, ok := globalSince(rest); ok && p.Version.Less(since) {
			p.ReportHint(at, "it takes effect from Hadoop "+since.String()+" on",
				"%s is not read by Hadoop %s (added in %s); it is ignored", pr.Name, p.Version, since)
		}
		return
	}
	if k, ok := clusterAllocationKeys[rest]; ok {
		p.ReportHint(at, `did you mean "`+k+`"?`, "unknown property %q; Hadoop ignores it (the scheduler reads %q)", pr.Name, k)
		return
	}
	if reportMisplacedPreemptionKey(p, rest, pr, at) {
		return
	}
	if s := p.sh().suggestion("g:"+rest, func() string {
		if s := suggest(rest, globalKeyNames); s != "" {
			return s
		}
		return suggestGlobalFamily(rest)
	}); s != "" {
		p.ReportHint(at, `did you mean "`+xmlconf.Prefix+s+`"?`+globalTooNew(s, p.Version), "unknown property %q; Hadoop ignores it", pr.Name)
		return
	}
	if structuredSuffix(rest) {
		// A queue's own structured key with no queue before it
		// (accessible-node-labels.gpu.capacity before 3.4): the loop
		// below would take its label or user for a queue path.
		p.ReportHint(at, `queue paths start at root: did you mean "`+xmlconf.Prefix+"root."+rest+`"?`,
			"%q has no queue path before %q (paths start with root); Hadoop ignores it", pr.Name, rest[:strings.IndexByte(rest, '.')])
		return
	}
	segs := strings.Split(rest, ".")
	for j := 1; j < len(segs); j++ {
		if tail := strings.Join(segs[j:], "."); queueKeyTail(tail) {
			path := strings.Join(segs[:j], ".")
			orphans.add(path, "paths start with root", at, `queue paths start at root: did you mean "`+xmlconf.Prefix+"root."+rest+`"?`, "", "")
			return
		}
	}
	p.Report(at, "unknown property %q; Hadoop ignores it", pr.Name)
}

// removalState reports whether key, the state of a queue not in the tree,
// is what lets a refresh remove that queue: from 3.3 validateQueueHierarchy
// (CapacitySchedulerConfigValidator) accepts deleting a queue whose state
// the new file still sets to exactly STOPPED (RF002), so Hadoop reads it.
func removalState(p *Pass, key string) bool {
	if p.Version.Less(xmlconf.V3_3) || p.Model.Conf == nil {
		return false
	}
	v, ok, _ := p.Model.Conf.Get(key)
	return ok && v == string(xmlconf.StateStopped)
}

// globalTooNew adds to a suggestion of the global key s that the profile
// does not read it yet: rack-locality-delay on 2.7 still means
// rack-locality-additional-delay, which 2.7 ignores too.
func globalTooNew(s string, v xmlconf.Version) string {
	if since, ok := globalSince(s); ok && v.Less(since) {
		return " (Hadoop reads it from " + since.String() + " on, not in " + v.String() + ")"
	}
	return ""
}
