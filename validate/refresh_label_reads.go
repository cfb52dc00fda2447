package validate

import (
	"strconv"

	"github.com/capq/capq/xmlconf"
)

// readerOf returns the reader of a queue's own key by its suffix: a key of
// defaultReads, an ACL key of an auto-creation template, a user's weight
// (user-settings.<user>.weight), or a labelled one
// (accessible-node-labels.<label>.<key>); nil when the diff compares the
// key as written.
func readerOf(suffix string) defaultRead {
	if r := defaultReads[suffix]; r != nil {
		return r
	}
	if r := templateACLReader(suffix); r != nil {
		return r
	}
	if r := userWeightReader(suffix); r != nil {
		return r
	}
	// Label "" (NO_LABEL) reads the queue's own keys, never this one.
	label, setting, ok := xmlconf.SplitLabelKey(suffix)
	if !ok || label == "" {
		return nil
	}
	switch setting {
	case "capacity":
		return labelPercent(label, false)
	case "maximum-capacity":
		return labelPercent(label, true)
	case "maximum-am-resource-percent":
		return labelAMPercent(label)
	}
	return nil
}

// labelPercent reads a queue's labelled capacity (isMax: maximum-capacity)
// as CapacitySchedulerConfiguration.internalGetLabeledQueueCapacity does
// on every reinitialize, in both queue modes (CSQueueUtils.
// loadCapacitiesByLabelsFromConf): getFloat with 0 (getLabeledQueueCapacity)
// or 100 (getLabeledQueueMaximumCapacity) when unset, range-checked to
// [0, 100] with no special -1 (CS013), and from 3.4 100 for root whatever
// it says. The reading is sound only while the label stays among the
// queue's configured node labels on both sides: getConfiguredNodeLabels
// takes them from the queue's accessible-node-labels.<label>.* keys, so a
// label's only key is a change whatever its value. An absolute or vector
// value of a queue other than root is read again as a resource
// (getMinimumResourceRequirement with the label, QueueCapacityConfigParser)
// and compares as absoluteReading says; "100" matches no resource,
// so in absolute mode it reads none, as unset does. In 3.4's non-legacy
// mode the parser's vector counts too: a maximum reads as
// nonLegacyMaximum says, and an unset capacity is an empty vector no
// calculator visits, not 0%, nor is a text getFloat reads but the parser
// does not ("1e1").
func labelPercent(label string, isMax bool) defaultRead {
	return func(q *xmlconf.Queue, rc readCtx) (string, bool) {
		ls := q.LabelSettings(label)
		if ls == nil {
			return "", false
		}
		c, unset := ls.Capacity, float32(0)
		if isMax {
			c, unset = ls.MaxCapacity, 100
		}
		nonLegacy := rc.m.NonLegacyMode()
		switch {
		case !q.IsRoot() && (c.Mode == xmlconf.ModeAbsolute || c.Mode == xmlconf.ModeVector):
			return absoluteReading(c, rc)
		case c.Err != "" || c.Mode != xmlconf.ModeUnset && c.Mode != xmlconf.ModePercent:
			return "", false
		case q.IsRoot() && rc.v.AtLeast(xmlconf.V3_4):
			return "100", true
		case c.Mode == xmlconf.ModePercent && (c.Percent < 0 || c.Percent > 100):
			return "", false
		case nonLegacy && isMax:
			return nonLegacyMaximum(c)
		case c.Mode == xmlconf.ModeUnset:
			return formatReading32(unset), !nonLegacy
		case nonLegacy && c.EmptyVector():
			return "", false
		}
		return formatReading32(c.Percent), true
	}
}

// labelAMPercent reads a leaf's accessible-node-labels.<label>.
// maximum-am-resource-percent as getMaximumAMResourcePercentPerPartition
// (YARN-3216, 2.8; the 2.7 line loads no per-label AM share): getFloat
// with the queue's own maximum-am-resource-percent when unset. A parent
// does not read it, and the label's configured-ness rides on the key as
// for labelPercent.
func labelAMPercent(label string) defaultRead {
	return func(q *xmlconf.Queue, rc readCtx) (string, bool) {
		ls := q.LabelSettings(label)
		if ls == nil || !q.IsLeaf() || rc.v.Less(xmlconf.V2_10) {
			return "", false
		}
		val := ls.MaxAMPercent
		if val.Prop == nil {
			val = q.MaxAMResourcePercent
		}
		return formatReading32(val.V), val.Err == ""
	}
}

func formatReading32(f float32) string { return strconv.FormatFloat(float64(f), 'g', -1, 32) }
