package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Reason codes of refused submissions (scenario-format-extensions.md).
const (
	ReasonQueueNotFound     = "QUEUE_NOT_FOUND"
	ReasonAutoCreateDenied  = "AUTO_CREATE_NOT_ALLOWED"
	ReasonAutoCreateDepth   = "AUTO_CREATE_DEPTH_EXCEEDED"
	ReasonAutoCreateLimit   = "AUTO_CREATE_LIMIT_REACHED"
	ReasonPlacementRejected = "PLACEMENT_REJECTED"
	ReasonMaxApplications   = "MAX_APPLICATIONS"
	// ReasonInvalidLabel: a request's (or the AM's) node label the queue
	// cannot access (InvalidLabelResourceRequestException).
	ReasonInvalidLabel       = "INVALID_LABEL"
	defaultMaxDepth          = 2
	keyV2MaxDepth            = "auto-queue-creation-v2.maximum-queue-depth"
	keyV2Expiry              = xmlconf.Prefix + "auto-queue-creation-v2.queue-expiration-time"
	keyV2AutoRemoval         = "auto-queue-creation-v2.queue-auto-removal.enable"
	v2TemplatePrefix         = "auto-queue-creation-v2.template."
	v2LeafTemplatePrefix     = "auto-queue-creation-v2.leaf-template."
	v2ParentTemplatePrefix   = "auto-queue-creation-v2.parent-template."
	legacyTemplatePrefix     = "leaf-queue-template."
	legacyEnabledSuffix      = "auto-create-child-queue.enabled"
	v2EnabledSuffix          = "auto-queue-creation-v2.enabled"
	dynamicUserLimitFactor   = "-1"
	dynamicMaxAMResourceFrac = "1.0"
)

// SubmitError is a refused submission with the engine's reason code.
type SubmitError struct {
	Code string
	Msg  string
}

func (e *SubmitError) Error() string { return e.Msg }

func submitErr(code, format string, args ...any) error {
	return &SubmitError{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// ReasonCode returns the reason code of a SubmitApp error ("" when the
// error carries none).
func ReasonCode(err error) string {
	if se, ok := err.(*SubmitError); ok {
		return se.Code
	}
	return ""
}

// createQueues creates the missing queues of a full path, as
// CapacitySchedulerQueueManager.createQueue does: under a legacy managed
// parent one AutoCreatedLeafQueue; under a flexible (v2) parent the
// missing parents and the leaf, within maximum-queue-depth and
// max-queues, with weights in legacy queue mode. It returns the paths
// created, in order, and the leaf's full path.
func (e *Engine) createQueues(path string) ([]string, string, error) {
	parts := strings.Split(path, ".")
	if parts[0] != "root" && !hasEmpty(parts) && e.model.Version.AtLeast(xmlconf.V3_4) {
		full, err := e.expandShortParent(path, parts)
		if err != nil {
			return nil, "", err
		}
		if e.byPath[full] != nil {
			// What Hadoop does here is not modelled: its
			// addDynamicChildQueue looks the short path up as a full
			// one and does not find the queue. capq submits to it.
			return nil, full, nil
		}
		path, parts = full, strings.Split(full, ".")
	}
	if parts[0] != "root" || hasEmpty(parts) {
		return nil, "", submitErr(ReasonQueueNotFound, "queue path %s is not a full path", path)
	}
	created, err := e.createMissing(path, parts)
	return created, path, err
}

// createMissing creates the missing queues of a full path.
func (e *Engine) createMissing(path string, parts []string) ([]string, error) {
	i := len(parts) - 1
	for i > 0 && e.byPath[strings.Join(parts[:i], ".")] == nil {
		i--
	}
	existing := e.byPath[strings.Join(parts[:i], ".")]
	missing := parts[i:]
	for _, name := range missing {
		// The name goes into a comma-separated queues list: a comma, or
		// whitespace the list reader trims, would make other queues.
		if strings.ContainsAny(name, ",") || strings.TrimSpace(name) != name {
			return nil, submitErr(ReasonAutoCreateDenied, "Could not auto create queue %s: illegal queue name %q", path, name)
		}
	}
	mq := e.model.Queue(existing.path)
	switch {
	case existing.leaf && !mq.DynamicParent:
		return nil, submitErr(ReasonAutoCreateDenied, "Could not auto create hierarchy of %s. Queue %s is not a ParentQueue.", path, existing.path)
	case mq.AutoCreate.Legacy.V && e.model.Version.AtLeast(xmlconf.V3_1):
		if len(missing) > 1 {
			return nil, submitErr(ReasonAutoCreateDenied, "Could not auto create queue %s: a managed parent %s creates leaf queues directly under it only", path, existing.path)
		}
		return e.createLegacyLeaf(existing, mq, missing[0])
	case !mq.AutoCreate.V2.V || e.model.Version.Less(xmlconf.V3_4):
		return nil, submitErr(ReasonAutoCreateDenied, "Auto creation of queue %s is not enabled under parent %s", path, existing.path)
	}
	return e.createFlexible(existing, missing)
}

// expandShortParent reads a path that does not start at root as
// CapacitySchedulerQueueManager.determineMissingParents does (3.4): its
// parent is looked up with CSQueueStore.get, which knows full paths and
// unambiguous short names only, so the path hangs below the queue its
// first segment names. A one-segment parent that several queues share
// refuses the creation; a first segment no single queue has leaves the
// path without an existing parent.
func (e *Engine) expandShortParent(path string, parts []string) (string, error) {
	if len(parts) == 2 && e.ambiguous(parts[0]) {
		return "", submitErr(ReasonAutoCreateDenied, "Could not auto-create queue %s due to ParentQueue %s being ambiguous.", path, parts[0])
	}
	q := e.byShortName(parts[0])
	if q == nil {
		return "", submitErr(ReasonQueueNotFound, "Could not auto-create queue %s parent queue does not exist.", path)
	}
	return q.path + "." + strings.Join(parts[1:], "."), nil
}

func hasEmpty(parts []string) bool {
	for _, p := range parts {
		if p == "" {
			return true
		}
	}
	return false
}

// createFlexible is createAutoQueue (v2). The depth limit is counted from
// the first static ancestor; every created level counts.
func (e *Engine) createFlexible(existing *queue, missing []string) ([]string, error) {
	static := existing
	for static.dynamic && static.parent != nil {
		static = static.parent
	}
	levels := len(missing)
	for p := existing; p != static; p = p.parent {
		levels++
	}
	depth := e.maxDepth(static.path)
	full := existing.path + "." + strings.Join(missing, ".")
	if levels > depth {
		return nil, submitErr(ReasonAutoCreateDepth, "Could not auto create queue %s. The distance of the LeafQueue from the first static ParentQueue is %d, which is above the limit.", full, levels)
	}
	if err := e.checkWeights(existing, existing.path+"."+missing[0]); err != nil {
		return nil, err
	}
	if max := e.model.Queue(existing.path).AutoCreate.MaxQueues.V; int32(e.dynamicChildren(existing)) >= max {
		return nil, submitErr(ReasonAutoCreateLimit, "Cannot auto create queue %s. Max Child Queue limit exceeded which is configured as: %d and number of child queues is: %d", full, max, e.dynamicChildren(existing))
	}
	c := e.workConf()
	parent := existing.path
	var created []string
	for n, name := range missing {
		p := parent + "." + name
		leaf := n == len(missing)-1
		e.addChild(c, parent, name)
		e.configureFlexible(c, p, leaf)
		created = append(created, p)
		parent = p
	}
	if err := e.rebuild(c, created); err != nil {
		return nil, err
	}
	return created, nil
}

// checkWeights refuses dynamic children next to percentage or absolute
// siblings in legacy queue mode (the 3.4 default), as
// ParentQueue.addDynamicChildQueue does.
func (e *Engine) checkWeights(parent *queue, full string) error {
	legacyMode, _ := xmlconf.HadoopGetBool(e.model.Conf.GetOr(xmlconf.Prefix+"legacy-queue-mode.enabled", ""), true)
	if !legacyMode {
		return nil
	}
	for _, c := range parent.children {
		if c.capMode != xmlconf.ModeWeight.String() && c.capMode != xmlconf.ModeUnset.String() {
			return submitErr(ReasonAutoCreateDenied, "Trying to create new queue=%s but not all the queues under parent=%s are using weight-based capacity. Failed to created queue", full, parent.path)
		}
	}
	return nil
}

func (e *Engine) dynamicChildren(q *queue) int {
	n := 0
	for _, c := range q.children {
		if c.dynamic {
			n++
		}
	}
	return n
}

// maxDepth is <static>.auto-queue-creation-v2.maximum-queue-depth, else
// the global key, else 2.
func (e *Engine) maxDepth(static string) int {
	return maxDepthIn(e.model.Conf, static)
}

// maxDepthIn is CapacitySchedulerConfiguration.
// getMaximumAutoCreatedQueueDepth of path in c.
func maxDepthIn(c *xmlconf.Conf, path string) int {
	if c == nil {
		return defaultMaxDepth
	}
	for _, k := range []string{xmlconf.Prefix + path + "." + keyV2MaxDepth, xmlconf.Prefix + keyV2MaxDepth} {
		if v, ok, _ := c.Get(k); ok {
			// Configuration.getInt: trimmed, hex allowed ("0x2").
			if n, err := xmlconf.HadoopGetInt(v); err == nil {
				return int(n)
			}
		}
	}
	return defaultMaxDepth
}

// workConf returns the configuration the dynamic queues are written into.
func (e *Engine) workConf() *xmlconf.Conf {
	if e.model.Conf == nil {
		return xmlconf.FromMap(nil, "engine")
	}
	return e.model.Conf.Clone()
}

// addChild appends a child name to parent's queues list.
func (e *Engine) addChild(c *xmlconf.Conf, parent, name string) {
	key := xmlconf.Prefix + parent + ".queues"
	cur, _, _ := c.Get(key)
	if strings.TrimSpace(cur) == "" {
		c.Set(key, name)
		return
	}
	c.Set(key, cur+","+name)
}

// applyV2Template writes a new queue's settings: weight 1,
// user-limit-factor -1 and maximum-am-resource-percent 1 for leaves, then
// the parent's template (auto-queue-creation-v2.template.*, then
// leaf-template.* or parent-template.*), including wildcard templates of
// the parent's ancestors (AutoCreatedQueueTemplate).
func (e *Engine) applyV2Template(c *xmlconf.Conf, parent, path string, leaf bool) {
	pre := xmlconf.Prefix + path + "."
	c.Set(pre+"capacity", "1w")
	if leaf {
		c.Set(pre+"user-limit-factor", dynamicUserLimitFactor)
		c.Set(pre+"maximum-am-resource-percent", dynamicMaxAMResourceFrac)
	}
	kind := v2ParentTemplatePrefix
	if leaf {
		kind = v2LeafTemplatePrefix
	}
	for _, src := range templateSources(parent, maxDepthIn(c, parent)) {
		for _, prefix := range []string{v2TemplatePrefix, kind} {
			full := xmlconf.Prefix + src + "." + prefix
			for _, k := range c.Keys() {
				if rest, ok := strings.CutPrefix(k, full); ok && rest != "" {
					v, _, _ := c.Get(k)
					c.Set(pre+rest, v)
				}
			}
		}
	}
}

// templateSources lists the parent path and its wildcard forms, most
// generic first (root.*.* before root.a.*), so specific templates win.
// Root is never wildcarded, and no more trailing levels than the parent's
// maximum-queue-depth are (QueuePath.getWildcardedQueuePaths via
// AutoCreatedQueueTemplate.setTemplateConfigEntries: with a depth of 1,
// root.a.b reads root.a.* but not root.*.*).
func templateSources(parent string, depth int) []string {
	parts := strings.Split(parent, ".")
	var out []string
	for n := min(len(parts)-1, depth); n >= 1; n-- {
		w := append(append([]string{}, parts[:len(parts)-n]...), repeat("*", n)...)
		out = append(out, strings.Join(w, "."))
	}
	return append(out, parent)
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// createLegacyLeaf creates an AutoCreatedLeafQueue under a managed parent
// (ManagedParentQueue.addChildQueue) with leaf-queue-template.* settings.
// GuaranteedOrZeroCapacityOverTimePolicy gives it the template capacity
// while the parent's guarantee has room, else 0.
func (e *Engine) createLegacyLeaf(parent *queue, mq *xmlconf.Queue, name string) ([]string, error) {
	full := parent.path + "." + name
	if max := mq.AutoCreate.MaxQueues.V; int32(e.dynamicChildren(parent)) >= max {
		return nil, submitErr(ReasonAutoCreateLimit, "Cannot auto create queue %s. Max Child Queue limit exceeded which is configured as: %d and number of child queues is: %d", full, max, e.dynamicChildren(parent))
	}
	c := e.workConf()
	e.addChild(c, parent.path, name)
	pre := xmlconf.Prefix + full + "."
	capPct := applyLegacyTemplate(c, parent.path, full)
	if pct, ok := e.absoluteTemplate(c, parent, xmlconf.Prefix+parent.path+"."+legacyTemplatePrefix, pre); ok {
		capPct = e.absoluteTemplateShare(pct)
	}
	used := 0.0
	for _, ch := range parent.children {
		if ch.dynamic {
			used += float64(ch.capacity) * 100
		}
	}
	if mq.AutoCreate.FailOnExceeding.V && exceedsParent(parent, capPct) {
		return nil, submitErr(ReasonAutoCreateLimit, "Cannot auto create leaf queue %s. Child queues capacities have reached parent queue : %s's guaranteed capacity", full, parent.path)
	}
	if e.cluster.IsZero() {
		// AbstractLeafQueue.updateMaximumApplications: without a cluster
		// resource the absolute capacity is not ready for use and the
		// queue takes the base maximum.
		setLegacyMaxApps(c, full, 1, 100, e.g.maxSystemApps)
	} else {
		setLegacyMaxApps(c, full, float64(parent.absCap), capPct, e.g.maxSystemApps)
	}
	if used+capPct > 100+1e-3 {
		c.Set(pre+"capacity", "0")
	} else {
		c.Set(pre+"capacity", strconv.FormatFloat(capPct, 'g', -1, 64))
	}
	if err := e.rebuild(c, []string{full}); err != nil {
		return nil, err
	}
	if q := e.byPath[full]; q != nil {
		q.legacyAuto = true
		if e.setLegacyTemplate(q) {
			e.clusterChanged()
		}
		// The rebuild ran updateMaxApps before the mark: a leaf of a
		// labelled template takes its largest share over the labels now
		// (AbstractLeafQueue.refreshAfterResourceCalculation on creation).
		if e.labelsOn {
			e.updateMaxApps(q)
		}
	}
	return []string{full}, nil
}

// setLegacyTemplate records the absolute leaf-queue-template of q's
// managed parent on q (queue.legacyAbsoluteQuotas) and reports whether
// the template is absolute.
func (e *Engine) setLegacyTemplate(q *queue) bool {
	q.legacyAbs, q.legacyAbsMin, q.legacyAbsMax = false, Resource{}, Resource{}
	if q.parent == nil {
		return false
	}
	pre := xmlconf.Prefix + q.parent.path + "." + legacyTemplatePrefix
	raw, _, _ := e.model.Conf.Get(pre + "capacity")
	tmin, ok := xmlconf.ParseLegacyAbsolute(raw)
	if !ok {
		return false
	}
	q.legacyAbs, q.legacyAbsMin = true, fromModelRes(tmin)
	if rawMax, _, _ := e.model.Conf.Get(pre + "maximum-capacity"); rawMax != "" {
		if m, ok := xmlconf.ParseLegacyAbsolute(rawMax); ok {
			q.legacyAbsMax = fromModelRes(m)
		}
	}
	return true
}

// applyLegacyTemplate writes a managed parent's leaf-queue-template.*
// settings under an AutoCreatedLeafQueue's path
// (ManagedParentQueue.setLeafQueueConfigs) and returns the template
// capacity in percent (0 when unset or unreadable).
func applyLegacyTemplate(c *xmlconf.Conf, parent, full string) float64 {
	pre := xmlconf.Prefix + full + "."
	capKey := xmlconf.Prefix + parent + "." + legacyTemplatePrefix
	for _, k := range c.Keys() {
		if rest, ok := strings.CutPrefix(k, capKey); ok && rest != "" {
			v, _, _ := c.Get(k)
			c.Set(pre+rest, v)
		}
	}
	return templatePercent(c, pre+"capacity")
}

func templatePercent(c *xmlconf.Conf, key string) float64 {
	tmpl, _, _ := c.Get(key)
	capPct, err := strconv.ParseFloat(strings.TrimSpace(tmpl), 64)
	if err != nil {
		return 0
	}
	return capPct
}

// absoluteTemplate turns an absolute leaf-queue-template into percentages
// of the managed parent, as ManagedParentQueue.updateQueueCapacities does
// for a parent in absolute mode: the capacity is the template minimum
// divided by the parent's configured minimum, the maximum the smaller of
// the template maximum (else the parent's) and the parent's configured
// maximum divided by the latter, both with the resource calculator. It
// rewrites the leaf's capacity and maximum-capacity under pre (copied from
// the template) and returns the capacity in percent; ok is false when the
// template capacity is not absolute.
func (e *Engine) absoluteTemplate(c *xmlconf.Conf, parent *queue, tmplPre, pre string) (float64, bool) {
	raw, _, _ := c.Get(tmplPre + "capacity")
	tmin, ok := xmlconf.ParseLegacyAbsolute(raw)
	if !ok {
		return 0, false
	}
	rc := &e.g.rc
	capPct := float64(rc.divide(fromModelRes(tmin), parent.configuredMin)) * 100
	pmax := parent.configuredMax
	cmax := pmax
	if rawMax, _, _ := c.Get(tmplPre + "maximum-capacity"); rawMax != "" {
		if m, ok := xmlconf.ParseLegacyAbsolute(rawMax); ok {
			cmax = rc.min(fromModelRes(m), pmax)
		}
	}
	if !pmax.IsZero() {
		c.Set(pre+"maximum-capacity", strconv.FormatFloat(float64(rc.divide(cmax, pmax))*100, 'g', -1, 64))
	}
	c.Set(pre+"capacity", strconv.FormatFloat(capPct, 'g', -1, 64))
	return capPct, true
}

// legacyTemplatePct is the managed parent's template capacity in percent,
// converted from an absolute template as absoluteTemplate does.
func (e *Engine) legacyTemplatePct(parent *queue) float64 {
	tmplPre := xmlconf.Prefix + parent.path + "." + legacyTemplatePrefix
	if raw, _, _ := e.model.Conf.Get(tmplPre + "capacity"); raw != "" {
		if tmin, ok := xmlconf.ParseLegacyAbsolute(raw); ok {
			return e.absoluteTemplateShare(float64(e.g.rc.divide(fromModelRes(tmin), parent.configuredMin)) * 100)
		}
	}
	return templatePercent(e.model.Conf, tmplPre+"capacity")
}

// absoluteTemplateShare is an absolute template's capacity in percent of
// the managed parent while the cluster has resources, else 0: the template
// derives from the parent's effective minimum, zero before any node
// registers, and GuaranteedOrZeroCapacityOverTimePolicy leaves a leaf
// created then inactive at capacity 0; computeQueueManagementChanges
// recomputes the template from the cluster resource once nodes join
// (YARN-11682, TestAbsoluteResourceWithAutoQueue#
// testAutoCreatedLeafQueueRecoversCapacityAfterNodeRegisters).
func (e *Engine) absoluteTemplateShare(pct float64) float64 {
	if e.cluster.IsZero() {
		return 0
	}
	return pct
}

// setLegacyMaxApps gives an AutoCreatedLeafQueue the leaf template's
// maximum-applications unless the template sets one (ManagedParentQueue's
// template config): from the template capacity, so a queue the policy
// gives no guarantee still accepts applications.
func setLegacyMaxApps(c *xmlconf.Conf, full string, parentAbs, capPct float64, maxSystemApps int32) {
	key := xmlconf.Prefix + full + ".maximum-applications"
	if _, ok, _ := c.Get(key); !ok {
		c.Set(key, strconv.Itoa(int(float64(maxSystemApps)*parentAbs*capPct/100)))
	}
}

// exceedsParent is ManagedParentQueue.addChildQueue's test with
// fail-on-exceeding-parent-capacity: the template's absolute capacity
// (GuaranteedOrZeroCapacityOverTimePolicy.updateTemplateAbsoluteCapacities)
// plus the children's (sumOfChildAbsCapacities) above the parent's
// absolute capacity, in Hadoop's float arithmetic.
func exceedsParent(parent *queue, capPct float64) bool {
	var sum float32
	for _, ch := range parent.children {
		sum += ch.absCap
	}
	return parent.absCap*(float32(capPct)/100)+sum > parent.absCap
}

// rebuild re-reads the configuration with the new queues and marks them
// dynamic; live queues keep their usage (setModel reuses them by path).
//
// Queues created on submission are bounded like configured ones: a tree
// past xmlconf.MaxQueues, or queues × labels past MaxLabelPairs, refuses
// the creation and changes nothing (the engine holds every queue's state
// in every partition).
func (e *Engine) rebuild(c *xmlconf.Conf, created []string) error {
	// Against the cluster resource of now, as the scheduler's queues are
	// (re)initialized: capacities derived from absolute settings follow
	// the nodes that joined since the start.
	m := xmlconf.Build(c, xmlconf.BuildOptions{Version: e.model.Version, Cluster: toModelRes(e.cluster)})
	// The live queues keep their normalized weights, as on a refresh.
	m.KeepNormalizedWeights(e.model)
	for _, p := range created {
		// A capacity the new queue's setup cannot parse (a template's
		// "50%") throws there, before the queue joins its parent
		// (TestCapacitySchedulerNewQueueAutoCreation#
		// testAutoCreateQueueFailsWithPercentSuffixInLeafTemplateCapacity:
		// NumberFormatException).
		if mq := m.Queue(p); mq != nil && mq.Capacity.Mode == xmlconf.ModeInvalid {
			return submitErr(ReasonAutoCreateDenied, "Could not auto create queue %s: capacity %q: %s", p, mq.Capacity.Raw, mq.Capacity.Err)
		}
	}
	if len(created) > 0 {
		if m.TooLarge != nil {
			return submitErr(ReasonAutoCreateLimit, "Cannot auto create queue %s: %v", created[len(created)-1], m.TooLarge)
		}
		if err := xmlconf.CheckLabelPairs(len(m.Queues), len(e.parts)-1); err != nil {
			return submitErr(ReasonAutoCreateLimit, "Cannot auto create queue %s: %v", created[len(created)-1], err)
		}
	}
	e.dynamicPaths = append(e.dynamicPaths, created...)
	drf := e.g.rc.drf
	e.setModel(m)
	e.g.rc.drf = drf
	for _, p := range created {
		if q := e.byPath[p]; q != nil {
			q.dynamic = true
			q.aclUnregistered = true
			q.lastUsedMS = e.nowMS
		}
	}
	e.clusterChanged()
	return nil
}

func parentPath(p string) string {
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		return p[:i]
	}
	return ""
}

// rebalanceLegacy is GuaranteedOrZeroCapacityOverTimePolicy's step when
// an AutoCreatedLeafQueue becomes idle: the idle queue's guarantee goes
// to 0 and queues with applications but no guarantee get the template
// capacity, oldest first, while the parent's guarantee has room. Queues
// that hold a guarantee and still have applications keep it.
//
// Only QueueManagementDynamicEditPolicy rebalances, so nothing does
// unless the ResourceManager runs it (the scheduling monitor and its
// policies, yarn-site.xml); capq rebalances on each change rather than
// every queue-management.monitoring-interval (1.5 s by default). A parent
// with fail-on-exceeding-parent-capacity is never rebalanced:
// computeQueueManagementChanges skips it.
func (e *Engine) rebalanceLegacy(parent *queue) {
	if !e.model.Global.MonitorRuns("QueueManagementDynamicEditPolicy") {
		return
	}
	if mq := e.model.Queue(parent.path); mq != nil && mq.AutoCreate.FailOnExceeding.V {
		return
	}
	e.rebalanceLegacyParent(parent)
}

// rebalanceManagedParents runs the management policy of every legacy
// managed parent after the cluster resource changes:
// QueueManagementDynamicEditPolicy runs on its interval whatever changed,
// so leaves created before the nodes registered get their guarantee.
func (e *Engine) rebalanceManagedParents() {
	var parents []string
	for _, q := range e.queues {
		if mq := e.model.Queue(q.path); mq != nil && mq.AutoCreate.Legacy.V {
			parents = append(parents, q.path)
		}
	}
	// Looked up again: a rebalance re-reads the queue tree.
	for _, p := range parents {
		if q := e.byPath[p]; q != nil {
			e.rebalanceLegacy(q)
		}
	}
}

func (e *Engine) rebalanceLegacyParent(parent *queue) {
	capPct := e.legacyTemplatePct(parent)
	if capPct <= 0 {
		return
	}
	var kids []*queue
	used := 0.0
	for _, p := range e.dynamicPaths {
		if q := e.byPath[p]; q != nil && q.parent == parent && q.legacyAuto {
			kids = append(kids, q)
			if q.apps > 0 && q.capacity > 0 {
				used += float64(q.capacity) * 100
			}
		}
	}
	want := map[*queue]float64{}
	for _, q := range kids {
		switch {
		case q.apps > 0 && q.capacity > 0:
			want[q] = float64(q.capacity) * 100
		case q.apps > 0 && used+capPct <= 100+1e-3:
			want[q] = capPct
			used += capPct
		default:
			want[q] = 0
		}
	}
	var c *xmlconf.Conf
	for _, q := range kids {
		if math.Abs(float64(q.capacity)*100-want[q]) > 1e-3 {
			if c == nil {
				c = e.workConf()
			}
			c.Set(xmlconf.Prefix+q.path+".capacity", strconv.FormatFloat(want[q], 'g', -1, 64))
		}
	}
	if c != nil {
		_ = e.rebuild(c, nil) // no queue created: nothing to refuse
	}
}
