package validate

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Readers of queue keys whose text Hadoop parses with a plain
// Configuration getter (getInt, getBoolean: trimmed, booleans in any
// case), so that two spellings of one value, or a value written as its
// default, are no change (sameReading). The model holds what each getter
// returns; a key the queue's kind does not read stays listed.

func anyQueue(*xmlconf.Queue) bool   { return true }
func isParent(q *xmlconf.Queue) bool { return !q.IsLeaf() }

// maximumApplications: getMaximumApplicationsPerQueue is getInt with -1
// when unset, and LeafQueue.setupQueueConfigs (3.4 AbstractLeafQueue)
// computes the limit from the scheduler-wide keys for any value below 0,
// so every negative reads as unset. A parent does not read it.
func maximumApplications(q *xmlconf.Queue, _ readCtx) (string, bool) {
	ma := q.MaxApplications
	if !q.IsLeaf() || ma.Err != "" {
		return "", false
	}
	if ma.V < 0 {
		return "-1", true
	}
	return strconv.Itoa(int(ma.V)), true
}

// ownInt reads an int key as the model read it (getInt: its default, or
// the parent's where it inherits, when unset).
func ownInt(get func(*xmlconf.Queue) xmlconf.Value[int32], reads func(*xmlconf.Queue) bool) defaultRead {
	return func(q *xmlconf.Queue, _ readCtx) (string, bool) {
		val := get(q)
		return strconv.Itoa(int(val.V)), reads(q) && val.Err == ""
	}
}

// ownBool reads a boolean key as the model read it: getBoolean, its
// default or (disable_preemption, the intra-queue one) the parent's
// effective value when unset (AbstractCSQueue.
// isQueueHierarchyPreemptionDisabled).
func ownBool(get func(*xmlconf.Queue) xmlconf.Value[bool], reads func(*xmlconf.Queue) bool) defaultRead {
	return func(q *xmlconf.Queue, _ readCtx) (string, bool) {
		val := get(q)
		return strconv.FormatBool(val.V), reads(q) && val.Err == ""
	}
}

// minUserLimitPercent reads a leaf's minimum-user-limit-percent as the
// profile's getter does (xmlconf.MinUserLimitIsInt: getInt before 3.4,
// getFloat from 3.4): "50" and "50.0" read alike on 3.4 only, as getInt
// refuses the second (the model's Err), and "0x32" is 50 where getInt reads.
func minUserLimitPercent(q *xmlconf.Queue, rc readCtx) (string, bool) {
	return leafFloat(func(q *xmlconf.Queue) xmlconf.Value[float32] { return q.MinUserLimitPercent })(q, rc)
}

// childQueues reads a parent's queues as CapacitySchedulerConfiguration.
// getQueues does (getStrings: a StringTokenizer on commas that skips empty
// tokens, then each trimmed; the model's ChildNames), so "a,b" and
// " a , b" name the same children in the same order. A change to or from
// unset is structural and stays listed, and so does a token of spaces
// only, which getQueues keeps as a child named "".
func childQueues(q *xmlconf.Queue, _ readCtx) (string, bool) {
	p := q.ChildrenProp
	if p == nil {
		return "", false
	}
	for _, t := range strings.Split(p.Value, ",") {
		if t != "" && xmlconf.JavaTrim(t) == "" {
			return "", false
		}
	}
	return strings.Join(q.ChildNames, ","), true
}

// accessibleLabels reads accessible-node-labels as getAccessibleNodeLabels
// does: a set of trimmed labels ("*" alone if present), root's always
// "*", and an unset key the parent's set (AbstractCSQueue, 3.4
// QueueNodeLabelsSettings), so "gpu,ssd" and "ssd, gpu", or the parent's
// labels written out, read alike.
func accessibleLabels(q *xmlconf.Queue, _ readCtx) (string, bool) {
	al := q.AccessibleLabels
	return strings.Join(al.V, ","), al.Err == ""
}

// defaultLabelExpression reads default-node-label-expression as
// getDefaultNodeLabelExpression does (trimmed), or unset the parent's
// where the queue inherits it (the model's DefaultLabelExpr). An empty
// reading stays listed: Hadoop tells an unset expression (null) from an
// empty one.
func defaultLabelExpression(q *xmlconf.Queue, _ readCtx) (string, bool) {
	e := q.DefaultLabelExpr
	return e.V, e.V != "" && e.Err == ""
}

// appLifetime reads maximum- or default-application-lifetime as
// getMaximumLifetimePerQueue and getDefaultLifetimePerQueue do (getLong,
// UNDEFINED -1 when unset). From 3.4 QueueAppLifetimeAndLimitSettings
// (getInheritedMaxAppLifetime, setupInheritedDefaultAppLifetime) reads
// any negative value of a queue other than root as not set at that level,
// so "-5" reads as unset there; root keeps the value it reads, and so does
// every queue before 3.4 (LeafQueue#setupQueueConfigs stores it, CS052's
// ownLong). A value written out as the parent's is not read alike: the
// inherited default depends on the queue's own maximum and on whether an
// ancestor sets one (defaultAppLifetimeWasSpecifiedInConfig).
func appLifetime(suffix string) defaultRead {
	return func(q *xmlconf.Queue, rc readCtx) (string, bool) {
		v := ownLong(q, suffix)
		if v.Err != "" || strings.Contains(v.Raw, "${") {
			return "", false // getLong expands a variable; ownLong reads the text
		}
		if v.V < 0 && rc.v.AtLeast(xmlconf.V3_4) && !q.IsRoot() {
			v.V = -1
		}
		return strconv.FormatInt(v.V, 10), true
	}
}

// fairSizeBasedWeight reads ordering-policy.fair.enable-size-based-weight
// as FairOrderingPolicy.configure does: Boolean.parseBoolean, false when
// unset (the model's FairSizeBasedWeight, rawBoolAt). A text that is not
// true or false as written reads false but stays listed for lint.
func fairSizeBasedWeight(q *xmlconf.Queue, rc readCtx) (string, bool) {
	return ownBool(func(q *xmlconf.Queue) xmlconf.Value[bool] { return q.FairSizeBasedWeight }, anyQueue)(q, rc)
}

// wordUser is the user-name part of the 2.x lines' weight key pattern
// (getAllUserWeightsForQueue: "\w+\.weight"; 3.4's USER_WEIGHT_PATTERN is
// "\S+\.weight"): a name both match is read by every profile.
var wordUser = regexp.MustCompile(`^\w+$`)

// userWeightReader reads user-settings.<user>.weight as
// getAllUserWeightsForQueue and 3.4's UserWeights.createByConfig do: new
// Float(value) (Float.parseFloat trims), and a user no queue names gets
// DEFAULT_USER_WEIGHT 1.0 (UserWeights.getByUser), so "2" and "2.0", or
// "1" and unset, read alike. An unset weight that an ancestor sets is no
// reading: 3.4 inherits it (getUserWeightsFromHierarchy), which this
// reader does not assume for every profile. nil for a key that is not a
// user's weight.
func userWeightReader(suffix string) defaultRead {
	rest, ok := strings.CutPrefix(suffix, "user-settings.")
	user, ok2 := strings.CutSuffix(rest, ".weight")
	if !ok || !ok2 || user == "" {
		return nil
	}
	return func(q *xmlconf.Queue, _ readCtx) (string, bool) {
		w, set := q.UserWeights[user]
		switch {
		case !wordUser.MatchString(user):
			return "", false
		case !set:
			return "1", true
		case w.Err != "" || w.Origin != xmlconf.FromQueue || strings.Contains(w.Raw, "${"):
			return "", false // inherited, unparsable, or a variable the model expanded
		}
		return formatReading32(w.V), true
	}
}
