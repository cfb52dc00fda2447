package preview

import (
	"fmt"
	"math"
	"sort"
)

// Options tune a comparison.
type Options struct {
	Stats StatsOptions
	// RelTolerance is the relative change below which a metric counts
	// as unchanged (default 0.05: 5%).
	RelTolerance float64
	// DurationFloorMS and MemoryFloorMB are absolute changes below which
	// a duration or memory metric counts as unchanged (defaults 1 s and
	// 1 GB): a 200 ms p95 doubling to 400 ms is noise, not a regression.
	DurationFloorMS int64
	MemoryFloorMB   int64
}

func (o Options) withDefaults() Options {
	if o.RelTolerance <= 0 {
		o.RelTolerance = 0.05
	}
	if o.DurationFloorMS <= 0 {
		o.DurationFloorMS = 1000
	}
	if o.MemoryFloorMB <= 0 {
		o.MemoryFloorMB = 1024
	}
	return o
}

// Verdict classifies one metric's change.
type Verdict string

// Verdicts.
const (
	Same        Verdict = "same"
	Changed     Verdict = "changed" // a neutral metric moved
	Regression  Verdict = "regression"
	Improvement Verdict = "improvement"
	Appeared    Verdict = "new"  // defined only in the new run
	Vanished    Verdict = "gone" // defined only in the old run
	// Intended is a drop in a queue's usage that the change itself asks
	// for: the queue's maximum or guarantee was lowered (see intended.go).
	Intended Verdict = "intended"
)

// Delta is one metric of one queue or user, old against new, in the
// metric's unit (ms, mb or a count).
type Delta struct {
	Metric  string   `json:"metric"`
	Unit    string   `json:"unit"`
	Old     *float64 `json:"old"`
	New     *float64 `json:"new"`
	Verdict Verdict  `json:"verdict"`
	kind    Kind
}

// Kind returns the metric's kind for formatting.
func (d Delta) Kind() Kind { return d.kind }

// Entity is one queue or user with every metric compared.
type Entity struct {
	// Name is the queue path or the user name.
	Name string `json:"name"`
	// Leaf is set for leaf queues (false for users and parents).
	Leaf bool `json:"leaf,omitempty"`
	// InOld and InNew say whether the queue exists in each configuration
	// (users: whether they submitted anything).
	InOld   bool    `json:"in_old"`
	InNew   bool    `json:"in_new"`
	Metrics []Delta `json:"metrics"`
}

// Callout is a regression or improvement worth reading first.
type Callout struct {
	Verdict Verdict `json:"verdict"`
	// Subject is a queue path or user:NAME.
	Subject string   `json:"subject"`
	Metric  string   `json:"metric"`
	Unit    string   `json:"unit"`
	Old     *float64 `json:"old"`
	New     *float64 `json:"new"`
	// Relative is (new-old)/old, or null when old is 0.
	Relative *float64 `json:"relative"`
	kind     Kind
}

// Kind returns the metric's kind for formatting.
func (c Callout) Kind() Kind { return c.kind }

// Comparison is old against new for every queue and user.
type Comparison struct {
	// Callouts are regressions first, then improvements, each from the
	// largest relative change down; only leaf queues and users, since a
	// parent's change is its children's, and no user of a single queue
	// whose change repeats that queue's exactly (a team of one).
	Callouts []Callout `json:"callouts"`
	Queues   []Entity  `json:"queues"`
	Users    []Entity  `json:"users"`
}

// Compare compares the statistics of two runs.
func Compare(old, new *RunStats, o Options) *Comparison {
	o = o.withDefaults()
	c := &Comparison{Callouts: []Callout{}, Queues: []Entity{}, Users: []Entity{}}
	leaf := map[string]bool{}
	for _, rs := range []*RunStats{old, new} {
		for _, l := range rs.Leaves {
			leaf[l] = true
		}
	}
	for _, path := range unionOrder(old.Order, new.Order) {
		so, sn := old.Queues[path], new.Queues[path]
		e := entity(path, so, sn, false, o)
		e.Leaf = leaf[path]
		markIntended(&e)
		c.Queues = append(c.Queues, e)
		if e.Leaf {
			c.Callouts = append(c.Callouts, callouts(path, e)...)
		}
	}
	queueSaid := map[string]bool{}
	for _, co := range c.Callouts {
		queueSaid[co.Subject+" "+calloutKey(co)] = true
	}
	for _, u := range sortedUsers(old, new) {
		e := entity(u, old.Users[u], new.Users[u], true, o)
		c.Users = append(c.Users, e)
		q := soleUserOf(u, old, new)
		if q != "" {
			markIntendedLike(&e, c.queue(q))
		}
		for _, co := range callouts("user:"+u, e) {
			// A team of one user: its queue's callout already says it.
			if q == "" || !queueSaid[q+" "+calloutKey(co)] {
				c.Callouts = append(c.Callouts, co)
			}
		}
	}
	sortCallouts(c.Callouts)
	return c
}

// queue returns the compared queue named path, or nil.
func (c *Comparison) queue(path string) *Entity {
	for i := range c.Queues {
		if c.Queues[i].Name == path {
			return &c.Queues[i]
		}
	}
	return nil
}

func entity(name string, so, sn *Stats, user bool, o Options) Entity {
	e := Entity{Name: name, InOld: so != nil, InNew: sn != nil, Metrics: []Delta{}}
	for _, m := range Metrics {
		if user && m.QueueOnly {
			continue
		}
		ov, ook := m.Value(so)
		nv, nok := m.Value(sn)
		d := Delta{Metric: m.Name, Unit: m.Kind.Unit(), Old: ptr(ov, ook), New: ptr(nv, nok), kind: m.Kind}
		d.Verdict = judge(m, ov, ook, nv, nok, o)
		e.Metrics = append(e.Metrics, d)
	}
	return e
}

// judge decides whether a change is big enough to matter and which way.
func judge(m Metric, ov float64, ook bool, nv float64, nok bool, o Options) Verdict {
	switch {
	case !ook && !nok:
		return Same
	case !ook:
		return Appeared
	case !nok:
		return Vanished
	}
	diff := nv - ov
	if diff == 0 || math.Abs(diff) < o.RelTolerance*math.Abs(ov) {
		return Same
	}
	switch m.Kind {
	case KindDuration:
		if math.Abs(diff) < float64(o.DurationFloorMS) {
			return Same
		}
	case KindMemory:
		if math.Abs(diff) < float64(o.MemoryFloorMB) {
			return Same
		}
	}
	switch {
	case m.Better == Neutral:
		return Changed
	case (diff > 0) == (m.Better == Higher):
		return Improvement
	}
	return Regression
}

// calloutMetrics are the headline metrics worth a callout; the p50 and
// max of each distribution are in the tables.
var calloutMetrics = map[string]bool{
	"usage.avg": true, "usage.peak": true, "first_container.p95": true, "wait.p95": true,
	"completion.p95": true, "apps.finished": true, "apps.rejected": true,
	"containers.preempted": true, "starvation": true, "starvation.max": true,
}

func callouts(subject string, e Entity) []Callout {
	var out []Callout
	for _, d := range e.Metrics {
		if d.Verdict != Regression && d.Verdict != Improvement || !calloutMetrics[d.Metric] {
			continue
		}
		if d.Metric == "first_container.p95" && sameAs(e, d, "wait.p95") {
			// The simulator's wait is the wait for the first container:
			// one callout says it.
			continue
		}
		c := Callout{Verdict: d.Verdict, Subject: subject, Metric: d.Metric, Unit: d.Unit, Old: d.Old, New: d.New, kind: d.kind}
		if *d.Old != 0 {
			// Four decimals keep the JSON short and stable.
			c.Relative = ptr(math.Round((*d.New-*d.Old)/math.Abs(*d.Old)*1e4)/1e4, true)
		}
		out = append(out, c)
	}
	return out
}

// soleUserOf returns the queue that user u alone submitted to in both
// runs (every app of the queue is theirs), or "".
func soleUserOf(u string, old, new *RunStats) string {
	o, n := old.Users[u], new.Users[u]
	if o == nil || n == nil || o.queues != 1 || n.queues != 1 || o.onlyQueue != n.onlyQueue {
		return ""
	}
	q := o.onlyQueue
	qo, qn := old.Queues[q], new.Queues[q]
	if qo == nil || qn == nil || qo.AppsSubmitted != o.AppsSubmitted || qn.AppsSubmitted != n.AppsSubmitted {
		return ""
	}
	return q
}

// calloutKey identifies a change by metric and values, not subject.
func calloutKey(c Callout) string {
	return fmt.Sprintf("%s %v %v", c.Metric, deref(c.Old), deref(c.New))
}

func sameAs(e Entity, d Delta, other string) bool {
	for _, o := range e.Metrics {
		if o.Metric == other {
			return eqPtr(o.Old, d.Old) && eqPtr(o.New, d.New)
		}
	}
	return false
}

func eqPtr(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// sortCallouts puts regressions first, then the largest relative change
// (a change from 0 counts as the largest), then by name for stable output.
func sortCallouts(cs []Callout) {
	mag := func(c Callout) float64 {
		if c.Relative == nil {
			return math.Inf(1)
		}
		return math.Abs(*c.Relative)
	}
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if a.Verdict != b.Verdict {
			return a.Verdict == Regression
		}
		if ma, mb := mag(a), mag(b); ma != mb {
			return ma > mb
		}
		if a.Subject != b.Subject {
			return a.Subject < b.Subject
		}
		return a.Metric < b.Metric
	})
}

// unionOrder keeps new's tree order and slots queues only in old right
// after their nearest preceding neighbour from old.
func unionOrder(old, new []string) []string {
	inNew := map[string]bool{}
	for _, p := range new {
		inNew[p] = true
	}
	out := append([]string(nil), new...)
	for i, p := range old {
		if inNew[p] {
			continue
		}
		at := 0
		for j := i - 1; j >= 0; j-- {
			if k := indexOf(out, old[j]); k >= 0 {
				at = k + 1
				break
			}
		}
		out = append(out[:at], append([]string{p}, out[at:]...)...)
		inNew[p] = true
	}
	return out
}

func indexOf(ss []string, s string) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return -1
}

func sortedUsers(old, new *RunStats) []string {
	seen := map[string]bool{}
	var out []string
	for _, rs := range []*RunStats{old, new} {
		for u := range rs.Users {
			if !seen[u] {
				seen[u] = true
				out = append(out, u)
			}
		}
	}
	sort.Strings(out)
	return out
}
