package validate

import (
	"math"
	"strconv"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// effectiveField is a value Hadoop derives for a queue (inherited from the
// parent, a global key, a default or computed) and the own properties
// whose change would explain a difference.
type effectiveField struct {
	name     string
	suffixes []string
	leafOnly bool
	get      func(q *xmlconf.Queue) string
}

func f32(f float32) string { return xmlconf.FormatJavaFloat(f) }

var effectiveFields = []effectiveField{
	{"state", []string{"state"}, false, func(q *xmlconf.Queue) string { return string(q.State.V) }},
	{"maximum-allocation", []string{"maximum-allocation", "maximum-allocation-mb", "maximum-allocation-vcores"}, false,
		func(q *xmlconf.Queue) string { return q.MaxAllocation.V.String() }},
	{"accessible-node-labels", []string{"accessible-node-labels"}, false,
		func(q *xmlconf.Queue) string { return strings.Join(q.AccessibleLabels.V, ",") }},
	{"default-node-label-expression", []string{"default-node-label-expression"}, false,
		func(q *xmlconf.Queue) string { return q.DefaultLabelExpr.V }},
	{"ordering-policy", []string{"ordering-policy"}, false, func(q *xmlconf.Queue) string { return q.OrderingPolicy.V }},
	{"max-parallel-apps", []string{"max-parallel-apps"}, false,
		func(q *xmlconf.Queue) string { return strconv.Itoa(int(q.MaxParallelApps.V)) }},
	{"maximum-application-lifetime", []string{"maximum-application-lifetime"}, false,
		func(q *xmlconf.Queue) string { return strconv.FormatInt(q.MaxLifetime.V, 10) }},
	{"default-application-lifetime", []string{"default-application-lifetime"}, false,
		func(q *xmlconf.Queue) string { return strconv.FormatInt(q.DefaultLifetime.V, 10) }},
	{"disable_preemption", []string{"disable_preemption"}, false,
		func(q *xmlconf.Queue) string { return strconv.FormatBool(q.DisablePreemption.V) }},
	{"intra-queue-preemption.disable_preemption", []string{"intra-queue-preemption.disable_preemption"}, false,
		func(q *xmlconf.Queue) string { return strconv.FormatBool(q.IntraQueuePreemptionDisabled.V) }},
	{"minimum-user-limit-percent", []string{"minimum-user-limit-percent"}, true,
		func(q *xmlconf.Queue) string { return f32(q.MinUserLimitPercent.V) }},
	{"user-limit-factor", []string{"user-limit-factor"}, true, func(q *xmlconf.Queue) string { return f32(q.UserLimitFactor.V) }},
	{"maximum-am-resource-percent", []string{"maximum-am-resource-percent"}, true,
		func(q *xmlconf.Queue) string { return f32(q.MaxAMResourcePercent.V) }},
	{"maximum-applications", []string{"maximum-applications"}, true,
		func(q *xmlconf.Queue) string { return strconv.Itoa(int(q.EffectiveMaxApplications)) }},
	{"maximum-applications-per-user", nil, true,
		func(q *xmlconf.Queue) string { return strconv.Itoa(int(q.MaxApplicationsPerUser)) }},
}

// effectiveDiff lists effective values that differ while none of the
// queue's own properties behind them changed.
func effectiveDiff(oq, nq *xmlconf.Queue, props []PropChange) []PropChange {
	changed := map[string]bool{}
	for _, p := range props {
		changed[p.Name] = true
	}
	var out []PropChange
	bothLeaves := oq.IsLeaf() && nq.IsLeaf()
	for _, f := range effectiveFields {
		if f.leafOnly && !bothLeaves {
			continue
		}
		explained := false
		for _, s := range f.suffixes {
			if changed[nq.Key(s)] {
				explained = true
			}
		}
		ov, nv := f.get(oq), f.get(nq)
		if explained || ov == nv {
			continue
		}
		out = append(out, PropChange{Name: f.name, Old: &ov, New: &nv})
	}
	return out
}

// floatChange returns a percentage of the cluster before and after.
func floatChange(oq, nq *xmlconf.Queue, get func(*xmlconf.Queue) float64) FloatChange {
	var fc FloatChange
	if oq != nil {
		v := percent(get(oq))
		fc.Old = &v
	}
	if nq != nil {
		v := percent(get(nq))
		fc.New = &v
	}
	return fc
}

func sameFloat(fc FloatChange) bool {
	return fc.Old != nil && fc.New != nil && *fc.Old == *fc.New
}

// percent renders a float32-derived fraction as a percentage without
// float32 noise (0.6f is 0.60000002384 in float64; Java prints 0.6).
func percent(f float64) float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	short, err := strconv.ParseFloat(strconv.FormatFloat(f, 'g', -1, 32), 64)
	if err != nil {
		return 0
	}
	// Four decimals of a percentage hide float32 products (0.6f*0.7f is
	// 0.42000002) without hiding any difference Hadoop's 0.0005 tolerance sees.
	return math.Round(short*100*1e4) / 1e4
}

// absResources gives guaranteed and maximum resources with a cluster
// size, truncated as Hadoop's (long)(resource * absoluteCapacity).
func (c *refreshCheck) absResources(oq, nq *xmlconf.Queue) *AbsoluteResources {
	if c.old.Cluster.IsZero() && c.new.Cluster.IsZero() {
		return nil
	}
	ar := &AbsoluteResources{}
	if oq != nil {
		ar.Capacity.Old, ar.Maximum.Old = shareOf(c.old.Cluster, oq.AbsCapacity), shareOf(c.old.Cluster, oq.AbsMaxCapacity)
	}
	if nq != nil {
		ar.Capacity.New, ar.Maximum.New = shareOf(c.new.Cluster, nq.AbsCapacity), shareOf(c.new.Cluster, nq.AbsMaxCapacity)
	}
	return ar
}

func shareOf(cluster xmlconf.Resource, abs float64) *xmlconf.Resource {
	r := cluster.Share(abs)
	return &r
}
