package engine

import (
	"fmt"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// templateKinds are the auto-creation template prefixes, the first
// profile that reads each and whether the queues they make are parents.
var templateKinds = []struct {
	prefix string
	since  xmlconf.Version
	parent bool
}{
	{legacyTemplatePrefix, xmlconf.V3_1, false},
	{v2TemplatePrefix, xmlconf.V3_4, false},
	{v2LeafTemplatePrefix, xmlconf.V3_4, false},
	{v2ParentTemplatePrefix, xmlconf.V3_4, true},
}

// templateUnmodelled are the queue settings queueUnmodelled and
// appBackoffUnmodelled warn about on a configured queue, as an
// auto-creation template may give them to the queues it makes: on reports
// whether the templated value v turns the feature on for a queue the
// template makes (a parent for parent-template); get reads another key
// of the same template.
var templateUnmodelled = []struct {
	suffix, feature, effect string
	on                      func(v string, get func(suffix string) string, parent bool, ver xmlconf.Version) bool
}{
	{"reservable", "the reservation system (ReservationQueue)", "no reservation queues are created",
		func(v string, _ func(string) string, parent bool, _ xmlconf.Version) bool {
			b, _ := xmlconf.HadoopGetBool(v, false)
			return b && !parent
		}},
	{"ordering-policy", "an ordering policy class that is not built in", "the queue orders as its default (FIFO for apps, utilization for children)",
		func(v string, _ func(string) string, parent bool, _ xmlconf.Version) bool {
			a := xmlconf.AppPolicyAlias(v)
			if parent {
				return a != "" && a != "utilization" && a != "priority-utilization"
			}
			return a != "" && !builtInAppPolicy[a]
		}},
	{"ordering-policy.exclusive-enforced-partitions", "separate FIFO orders for apps whose AM asks for an exclusive-enforced partition (FifoOrderingPolicyWithExclusivePartitions)",
		"the leaf orders all its apps in one FIFO order",
		func(v string, get func(string) string, parent bool, _ xmlconf.Version) bool {
			return !parent && strings.TrimSpace(v) != "" && xmlconf.AppPolicyAlias(get("ordering-policy")) == "fifo-with-partitions"
		}},
	{"default-node-label-expression", "a node label expression of more than one label (&&, ||)",
		"Hadoop refuses such requests; capq refuses them too (INVALID_LABEL) but cannot say what a later Hadoop would do",
		func(v string, _ func(string) string, _ bool, _ xmlconf.Version) bool {
			return strings.Contains(v, "&&") || strings.Contains(v, "||")
		}},
	{"app-backoff.enabled", "app backoff (an app that misses app-backoff.missed-threshold scheduling opportunities in a row is skipped for app-backoff.interval-ms)",
		"apps are never backed off: every pass offers each app its turn",
		func(v string, _ func(string) string, parent bool, ver xmlconf.Version) bool {
			b, _ := xmlconf.HadoopGetBool(v, false)
			return b && !parent && !ver.Less(xmlconf.V3_4)
		}},
}

// templatedUnmodelled warns about auto-creation templates (the queue's
// own, or a wildcard one such as root.*.auto-queue-creation-v2.template.*)
// that set what capq warns about on a configured queue. A created queue
// reads its template's keys as its own (ManagedParentQueue.addChildQueue's
// reinitializeFromTemplate, with setLeafQueueConfigs copying the keys under
// the leaf's name, for leaf-queue-template;
// AutoCreatedQueueTemplate#setTemplateEntriesForChild for the v2 ones), but
// it is made during the run, after the warnings were listed, so without
// this the setting would be ignored in silence. One warning per templated
// setting, with the first key (sorted) that turns it on and how many do.
func templatedUnmodelled(m *xmlconf.Model) []Warning {
	if m.Conf == nil || !autoConfigured(m) {
		return nil
	}
	var out []Warning
	var keys []int            // template keys behind each warning
	found := map[string]int{} // what is warned about → index in out
	add := func(key, what, feature, effect string) {
		if j, ok := found[what]; ok {
			keys[j]++
			return
		}
		p, _ := m.Conf.Lookup(key)
		found[what] = len(out)
		keys = append(keys, 1)
		// Queues stays 0: the queues are yet to be made, and Queues
		// counts configured ones.
		out = append(out, Warning{Key: key, Pos: propPos(p),
			Feature: feature + ", for the queues this auto-creation template makes", Effect: effect})
	}
	for _, key := range m.Conf.Keys() {
		rest, ok := strings.CutPrefix(key, xmlconf.Prefix)
		if !ok {
			continue
		}
		for _, k := range templateKinds {
			i := strings.Index(rest, "."+k.prefix)
			if i < 0 || m.Version.Less(k.since) {
				continue
			}
			base := xmlconf.Prefix + rest[:i+1+len(k.prefix)]
			get := func(s string) string { return m.Conf.GetOr(base+s, "") }
			suffix := rest[i+1+len(k.prefix):]
			if f, e, ok := templatedCapacityGap(m, suffix, m.Conf.GetOr(key, "")); ok {
				add(key, "capacity:"+f, f, e)
			}
			for _, u := range templateUnmodelled {
				if suffix != u.suffix || !u.on(m.Conf.GetOr(key, ""), get, k.parent, m.Version) {
					continue
				}
				add(key, suffix, u.feature, u.effect)
			}
		}
	}
	for j, n := range keys {
		if n > 1 {
			out[j].Feature += fmt.Sprintf(" (%d template keys set it)", n)
		}
	}
	return out
}

// templatedCapacityGap is what queueUnmodelled (a labelled capacity
// vector) and mixedCapacityUnmodelled (3.4 non-legacy gaps) say of a
// capacity a template gives.
func templatedCapacityGap(m *xmlconf.Model, suffix, v string) (feature, effect string, ok bool) {
	// A labelled key is read only as accessible-node-labels.<l>.<setting>
	// with the label up to the first dot (xmlconf.SplitLabelKey).
	l, setting, label := xmlconf.SplitLabelKey(suffix)
	label = label && l != ""
	var isMax bool
	switch {
	case suffix == "capacity", label && setting == "capacity":
	case suffix == "maximum-capacity", label && setting == "maximum-capacity":
		isMax = true
	default:
		return "", "", false
	}
	c := xmlconf.ParseCapacity(v, isMax, m.Version)
	if label && c.Mode == xmlconf.ModeVector {
		return labelVectorFeature, labelVectorEffect, true
	}
	if !m.NonLegacyMode() {
		return "", "", false
	}
	if otherResourceTypes(c) || (isMax && hasMode(c, xmlconf.ModeWeight)) || (label && (c.Mode == xmlconf.ModeWeight || c.Mode == xmlconf.ModeAbsolute)) {
		return mixedCapacityFeature, mixedCapacityEffect, true
	}
	return "", "", false
}
