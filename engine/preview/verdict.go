package preview

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// TeamVerdict is the report's first answer: what the change does to one
// leaf queue (a team) and to the users who submitted to it, in absolute
// terms ("p95 wait 18ms → 36m2s (5 of 5 apps slower)").
type TeamVerdict struct {
	Queue string `json:"queue"`
	// Name is the queue's short name when unique among leaves, else its path.
	Name string `json:"name"`
	// Outcome is "worse", "better", "mixed", "intended" (only the change's
	// own effects, such as a lowered ceiling) or "changed" (configuration
	// only), "added" or "removed".
	Outcome string        `json:"outcome"`
	Text    string        `json:"text"`
	Items   []VerdictItem `json:"items"`
	// Users are the users of the queue (and of no other) whose own results
	// changed, at most maxTeamUsers, worse first; MoreUsers counts the rest.
	Users     []UserVerdict `json:"users"`
	MoreUsers int           `json:"more_users,omitempty"`
	// Why is what held the queue's apps back, where it changed; WhyText
	// says it in words ("held back by queue at maximum 0s → 3h10m").
	Why     []WhyRow `json:"why"`
	WhyText string   `json:"why_text,omitempty"`
}

// UserVerdict is one user's line under their team.
type UserVerdict struct {
	User    string        `json:"user"`
	Outcome string        `json:"outcome"`
	Text    string        `json:"text"`
	Items   []VerdictItem `json:"items"`
	Why     []WhyRow      `json:"why"`
}

// VerdictItem is one phrase of a verdict line.
type VerdictItem struct {
	Metric  string   `json:"metric"`
	Unit    string   `json:"unit"`
	Old     *float64 `json:"old"`
	New     *float64 `json:"new"`
	Verdict Verdict  `json:"verdict"`
	// Note qualifies the change: "5 of 5 apps slower", "+12%", "intended".
	Note string `json:"note,omitempty"`
	Text string `json:"text"`
}

// verdictMetrics are the phrases of a verdict line, in order, with the
// words a planner uses for them.
var verdictMetrics = []struct{ metric, label string }{
	{"max", "ceiling"},
	{"guarantee", "guarantee"},
	{"usage.peak", "peak use"},
	{"usage.avg", "average use"},
	{"wait.p95", "p95 wait"},
	{"completion.p95", "p95 completion"},
	{"apps.finished", "apps finished"},
	{"apps.rejected", "apps rejected"},
	{"containers.preempted", "containers preempted"},
	{"starvation", "starved periods"},
	{"starvation.max", "longest starvation"},
}

// teams builds the verdict: one entry per leaf queue whose configuration
// or results changed, in tree order, users grouped under their queue.
func (r *Report) teams() []TeamVerdict {
	names := shortNames(r.Queues)
	why := changedWhy(r.why())
	ix := r.index()
	out := []TeamVerdict{}
	for i := range r.Queues {
		e := &r.Queues[i]
		if !e.Leaf {
			continue
		}
		tv := TeamVerdict{Queue: e.Name, Name: names[e.Name], Items: append(r.items(e, "queue", ix), r.partitionItems(e.Name)...), Why: whyOf(why, e.Name, "")}
		tv.WhyText = whyText(tv.Why)
		switch {
		case !e.InNew:
			tv.Outcome = "removed"
		case !e.InOld:
			tv.Outcome = "added"
		default:
			tv.Outcome = outcome(tv.Items)
		}
		tv.Users = r.userVerdicts(e.Name, tv.Items, why, ix)
		if len(tv.Users) > maxTeamUsers {
			tv.Users, tv.MoreUsers = tv.Users[:maxTeamUsers], len(tv.Users)-maxTeamUsers
		}
		if len(tv.Items) == 0 && len(tv.Users) == 0 && tv.Outcome != "added" && tv.Outcome != "removed" {
			continue
		}
		tv.Text = tv.Name + ": " + joinItems(tv.Items)
		if len(tv.Items) == 0 {
			tv.Text = tv.Name + ": " + tv.Outcome
		}
		out = append(out, tv)
	}
	return out
}

// maxTeamUsers bounds the user lines under a team: the verdict is read at
// a glance; the Users table has everyone.
const maxTeamUsers = 10

// userVerdicts are the lines of a queue's users whose own results changed;
// a queue's only user whose line repeats the queue's is left out.
func (r *Report) userVerdicts(queue string, teamItems []VerdictItem, why map[[2]string][]WhyRow, ix *verdictIndex) []UserVerdict {
	out := []UserVerdict{}
	users := ix.users[queue]
	for _, u := range users {
		ue := &r.Users[ix.userAt[u]]
		items := r.items(ue, u, ix)
		if len(items) == 0 || len(users) == 1 && sameItems(items, teamItems) {
			continue
		}
		uv := UserVerdict{User: u, Outcome: outcome(items), Items: items, Why: whyOf(why, queue, u)}
		uv.Text = u + ": " + joinItems(items)
		if w := whyText(uv.Why); w != "" {
			uv.Text += "; " + w
		}
		out = append(out, uv)
	}
	// Worse first, then better, keeping the report's user order.
	sort.SliceStable(out, func(i, j int) bool { return outcomeRank[out[i].Outcome] < outcomeRank[out[j].Outcome] })
	return out
}

var outcomeRank = map[string]int{"worse": 0, "mixed": 1, "better": 2}

// items are the changed metrics of e worth a phrase.
func (r *Report) items(e *Entity, who string, ix *verdictIndex) []VerdictItem {
	var out []VerdictItem
	for _, vm := range verdictMetrics {
		d := e.delta(vm.metric)
		if d == nil || d.Old == nil || d.New == nil {
			continue
		}
		switch d.Verdict {
		case Regression, Improvement, Intended:
		case Changed:
			if vm.metric != "max" && vm.metric != "guarantee" {
				continue
			}
		default:
			continue
		}
		it := VerdictItem{Metric: d.Metric, Unit: d.Unit, Old: d.Old, New: d.New, Verdict: d.Verdict}
		it.Note = note(e, d, who, ix)
		it.Text = fmt.Sprintf("%s %s", vm.label, fromTo(d.kind, *d.Old, *d.New))
		if it.Note != "" {
			it.Text += " (" + it.Note + ")"
		}
		out = append(out, it)
	}
	return out
}

// note qualifies a change: how many apps it touched for waits, whether
// it is the change's intent, or a ratio where one reads naturally.
func note(e *Entity, d *Delta, who string, ix *verdictIndex) string {
	switch {
	case d.Verdict == Intended:
		return "intended"
	case d.Metric == "max" || d.Metric == "guarantee":
		return ""
	case who == "queue" && (d.Metric == "wait.p95" || d.Metric == "completion.p95"):
		if n, of, word := ix.appsMoved(e.Name, d.Metric); of > 0 && n > 0 {
			return fmt.Sprintf("%d of %d %s %s", n, of, plural(of, "app", "apps"), word)
		}
	}
	return naturalRatio(d.kind, *d.Old, *d.New)
}

// naturalRatio is "+12%" for changes between -90% and +200% of a value
// that is not tiny; a 18 ms wait becoming 36 minutes has no useful ratio.
func naturalRatio(k Kind, o, n float64) string {
	if o == 0 || k == KindCount || (k == KindDuration && o < 1000) {
		return ""
	}
	rel := (n - o) / math.Abs(o)
	if rel < -0.9 || rel > 2 {
		return ""
	}
	return fmt.Sprintf("%+.0f%%", rel*100)
}

// appsMoved counts the apps of a queue that exist in both runs and
// whose wait (or completion) changed by more than the duration floor, in
// the direction most of them moved.
func (ix *verdictIndex) appsMoved(queue, metric string) (n, of int, word string) {
	var slower, faster int
	for _, p := range ix.pairs[queue] {
		ov, ook := appTime(p[0], metric)
		nv, nok := appTime(p[1], metric)
		if !ook || !nok {
			continue
		}
		of++
		switch d := nv - ov; {
		case d > ix.floorMS:
			slower++
		case d < -ix.floorMS:
			faster++
		}
	}
	if slower >= faster {
		return slower, of, "slower"
	}
	return faster, of, "faster"
}

// appTime is an app's wait or completion time, if it has one.
func appTime(a *AppRun, metric string) (int64, bool) {
	if a.Rejected || a.FirstMS < 0 {
		return 0, false
	}
	if strings.HasPrefix(metric, "completion") {
		return a.FinishMS - a.SubmitMS, a.FinishMS >= 0
	}
	if a.WaitMS >= 0 {
		return a.WaitMS, true
	}
	return a.FirstMS - a.SubmitMS, true
}

// fromTo renders "old → new" in the metric's unit: memory in whole GB
// when both are whole ("1000 → 240 GB").
func fromTo(k Kind, o, n float64) string {
	if k == KindMemory && math.Mod(o, 1024) == 0 && math.Mod(n, 1024) == 0 {
		return fmt.Sprintf("%.0f → %.0f GB", o/1024, n/1024)
	}
	return FormatValue(k, o, true) + " → " + FormatValue(k, n, true)
}

// outcome sums up a team's items.
func outcome(items []VerdictItem) string {
	var worse, better, intended bool
	for _, it := range items {
		switch it.Verdict {
		case Regression:
			worse = true
		case Improvement:
			better = true
		case Intended:
			intended = true
		}
	}
	switch {
	case worse && better:
		return "mixed"
	case worse:
		return "worse"
	case better:
		return "better"
	case intended:
		return "intended"
	}
	return "changed"
}

func joinItems(items []VerdictItem) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = it.Text
	}
	return strings.Join(parts, "; ")
}
