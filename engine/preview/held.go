package preview

import (
	"fmt"
	"sort"
	"strings"

	"github.com/capq/capq/engine"
)

// HeldRun is how long one user's apps in one leaf queue waited with
// demand left, by what held them back (engine.WaitReason); see
// sim.HeldResult.
type HeldRun struct {
	Queue, User, Reason string
	AppMS               int64
	Apps                int
}

// WhyRow is one reason apps of a queue (and user) were held back, old
// against new. User is "" for the queue's total.
type WhyRow struct {
	Queue  string `json:"queue"`
	User   string `json:"user,omitempty"`
	Reason string `json:"reason"`
	// Describe is the reason in words ("user limit", "queue at maximum").
	Describe string `json:"describe"`
	OldMS    int64  `json:"old_ms"`
	NewMS    int64  `json:"new_ms"`
	OldApps  int    `json:"old_apps"`
	NewApps  int    `json:"new_apps"`
}

// heldStats folds the held time into each queue (and its ancestors) and
// each user: the total behind the "held" metric, and by reason.
func heldStats(rs *RunStats, held []HeldRun) {
	for _, h := range held {
		for _, p := range ancestry(h.Queue) {
			if s := rs.Queues[p]; s != nil {
				s.addHeld(h)
			}
		}
		u := rs.Users[h.User]
		if u == nil {
			u = &Stats{heldKnown: true}
			rs.Users[h.User] = u
		}
		u.addHeld(h)
	}
}

func (s *Stats) addHeld(h HeldRun) {
	if s.HeldBy == nil {
		s.HeldBy = map[string]int64{}
	}
	s.HeldMS += h.AppMS
	s.HeldBy[h.Reason] += h.AppMS
}

// userStarvation counts a user's starved periods from the stretches in
// which they had an app held back, across their queues: a user waiting on
// the user limit in a queue that is busy (so the queue never starves)
// still shows. Overlapping stretches in two queues count once.
func userStarvation(rs *RunStats, spans []HeldSpan, threshold int64) {
	byUser := map[string][]HeldSpan{}
	for _, sp := range spans {
		byUser[sp.User] = append(byUser[sp.User], sp)
	}
	for u, ss := range byUser {
		s := rs.Users[u]
		if s == nil {
			continue
		}
		sort.Slice(ss, func(i, j int) bool { return ss[i].FromMS < ss[j].FromMS })
		var st Starvation
		from, to := ss[0].FromMS, ss[0].ToMS
		closeSpan := func() {
			d := to - from
			st.MaxMS = max(st.MaxMS, d)
			if d > threshold {
				st.Count++
			}
		}
		for _, sp := range ss[1:] {
			if sp.FromMS <= to {
				to = max(to, sp.ToMS)
				continue
			}
			closeSpan()
			from, to = sp.FromMS, sp.ToMS
		}
		closeSpan()
		s.Starvation = st
		s.HasSeries = true
	}
}

// why lists, per leaf queue and then per user of it, every reason with
// held time in either run, in engine.WaitReasons order; nothing when a
// run did not measure it (a Hadoop 1 simulation).
func (r *Report) why() []WhyRow {
	if r.OldRun == nil || r.NewRun == nil || !r.OldRun.HeldKnown || !r.NewRun.HeldKnown {
		return []WhyRow{}
	}
	type key struct{ queue, user, reason string }
	rows := map[key]*WhyRow{}
	add := func(run *Run, old bool) {
		if run == nil {
			return
		}
		for _, h := range run.Held {
			for _, k := range []key{{h.Queue, "", h.Reason}, {h.Queue, h.User, h.Reason}} {
				w := rows[k]
				if w == nil {
					w = &WhyRow{Queue: k.queue, User: k.user, Reason: k.reason, Describe: engine.WaitReason(k.reason).Describe()}
					rows[k] = w
				}
				if old {
					w.OldMS += h.AppMS
					w.OldApps += h.Apps
				} else {
					w.NewMS += h.AppMS
					w.NewApps += h.Apps
				}
			}
		}
	}
	add(r.OldRun, true)
	add(r.NewRun, false)
	order := map[string]int{}
	for i, w := range engine.WaitReasons {
		order[string(w)] = i
	}
	qorder := map[string]int{}
	for i, e := range r.Queues {
		qorder[e.Name] = i
	}
	out := make([]WhyRow, 0, len(rows))
	for _, w := range rows {
		out = append(out, *w)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Queue != b.Queue {
			if qorder[a.Queue] != qorder[b.Queue] {
				return qorder[a.Queue] < qorder[b.Queue]
			}
			return a.Queue < b.Queue
		}
		if a.User != b.User {
			return a.User < b.User
		}
		return order[a.Reason] < order[b.Reason]
	})
	return out
}

// whyOf is the changed reasons of a queue (user "") or user, never nil
// so the JSON always has a list.
func whyOf(m map[[2]string][]WhyRow, queue, user string) []WhyRow {
	if w := m[[2]string{queue, user}]; w != nil {
		return w
	}
	return []WhyRow{}
}

// changedWhy keeps the reasons whose held time changed, by queue and user.
func changedWhy(rows []WhyRow) map[[2]string][]WhyRow {
	out := map[[2]string][]WhyRow{}
	for _, w := range rows {
		if w.OldMS != w.NewMS {
			k := [2]string{w.Queue, w.User}
			out[k] = append(out[k], w)
		}
	}
	return out
}

// whyText says what held apps back: "held back by queue at maximum 0s →
// 3h10m, user limit 10m → 6m".
func whyText(ws []WhyRow) string {
	if len(ws) == 0 {
		return ""
	}
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = fmt.Sprintf("%s %s → %s", w.Describe, formatDuration(w.OldMS), formatDuration(w.NewMS))
	}
	return "held back by " + strings.Join(parts, ", ")
}

// maxWhyRows bounds the report page's why table; the JSON has every row.
const maxWhyRows = 200

// changedRows keeps the rows whose held time changed, at most n, and
// counts the changed rows left out.
func changedRows(rows []WhyRow, n int) (shown []WhyRow, hidden int) {
	for _, w := range rows {
		if w.OldMS == w.NewMS {
			continue
		}
		if len(shown) == n {
			hidden++
			continue
		}
		shown = append(shown, w)
	}
	return shown, hidden
}
