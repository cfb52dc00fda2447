package sim

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/capq/capq/engine"
)

// HeldResult is how long the apps of one user in one leaf queue waited
// with demand left, by what held them back (engine.WaitReason). It is
// sampled: every SampleMS the scheduler's state is classified for each
// waiting application (engine.Engine.Waiting), so a wait shorter than a
// sample step may be missed and each figure is a multiple of SampleMS.
// AppMS adds the apps up: two apps held for a minute count two minutes.
type HeldResult struct {
	Queue  string `json:"queue"`
	User   string `json:"user"`
	Reason string `json:"reason"`
	AppMS  int64  `json:"app_ms"`
	// Apps counts the distinct applications held for this reason.
	Apps int `json:"apps"`
}

// HeldSpan is a stretch of time, sample to sample, in which a user of a
// leaf queue had an app held back while below its user limit (its own
// limit at work is not starvation; see engine.Engine.Waiting): the
// per-user starvation a queue's figures hide when the queue is busy.
type HeldSpan struct {
	Queue  string `json:"queue"`
	User   string `json:"user"`
	FromMS int64  `json:"from_ms"`
	ToMS   int64  `json:"to_ms"`
}

type heldKey struct{ queue, user, reason string }

// held accumulates HeldResult and HeldSpan between samples.
type held struct {
	ms    map[heldKey]int64
	apps  map[heldKey]map[string]bool
	open  map[[2]string]int64 // span start by (queue, user)
	spans []HeldSpan
}

// sampleHeld classifies every waiting app once for n sample steps (the
// state does not change between samples taken in one call).
func (r *run) sampleHeld(n int64) {
	if n <= 0 {
		return
	}
	if r.held.ms == nil {
		r.held.ms, r.held.apps, r.held.open = map[heldKey]int64{}, map[heldKey]map[string]bool{}, map[[2]string]int64{}
	}
	now := map[[2]string]bool{}
	r.e.Waiting(func(app, queue, user string, why engine.WaitReason, starved bool) {
		if starved {
			now[[2]string{queue, user}] = true
		}
		k := heldKey{queue, user, string(why)}
		r.held.ms[k] += n * r.opts.SampleMS
		if r.held.apps[k] == nil {
			r.held.apps[k] = map[string]bool{}
		}
		r.held.apps[k][app] = true
	})
	for k, from := range r.held.open {
		if !now[k] {
			r.held.spans = append(r.held.spans, HeldSpan{Queue: k[0], User: k[1], FromMS: from, ToMS: r.nextSample})
			delete(r.held.open, k)
		}
	}
	for k := range now {
		if _, ok := r.held.open[k]; !ok {
			r.held.open[k] = r.nextSample
		}
	}
}

// heldSpans closes the spans still open at end and sorts them by queue,
// user and start.
func (r *run) heldSpans(end int64) []HeldSpan {
	out := append([]HeldSpan{}, r.held.spans...)
	for k, from := range r.held.open {
		out = append(out, HeldSpan{Queue: k[0], User: k[1], FromMS: from, ToMS: max(end, from)})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Queue != b.Queue {
			return a.Queue < b.Queue
		}
		if a.User != b.User {
			return a.User < b.User
		}
		return a.FromMS < b.FromMS
	})
	return out
}

// heldResults lists the held time sorted by queue, user and the reasons'
// order (engine.WaitReasons).
func (r *run) heldResults() []HeldResult {
	order := map[string]int{}
	for i, w := range engine.WaitReasons {
		order[string(w)] = i
	}
	out := make([]HeldResult, 0, len(r.held.ms))
	for k, ms := range r.held.ms {
		out = append(out, HeldResult{Queue: k.queue, User: k.user, Reason: k.reason, AppMS: ms, Apps: len(r.held.apps[k])})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Queue != b.Queue {
			return a.Queue < b.Queue
		}
		if a.User != b.User {
			return a.User < b.User
		}
		return order[a.Reason] < order[b.Reason]
	})
	return out
}

// heldTable writes why apps waited: per queue and user, the app time
// held back by each reason, longest first.
func heldTable(w io.Writer, r *Result) {
	if len(r.Held) == 0 {
		return
	}
	fmt.Fprintf(w, "\nwhy apps waited (app time with demand left, by what held it back; sampled every %s):\n", fmtMS(r.SampleMS))
	type row struct {
		queue, user string
		total       int64
		parts       []HeldResult
	}
	var rows []*row
	for _, h := range r.Held {
		if len(rows) == 0 || rows[len(rows)-1].queue != h.Queue || rows[len(rows)-1].user != h.User {
			rows = append(rows, &row{queue: h.Queue, user: h.User})
		}
		last := rows[len(rows)-1]
		last.total += h.AppMS
		last.parts = append(last.parts, h)
	}
	tw := newTable(w)
	qs, us := []string{"QUEUE"}, []string{"USER"}
	for _, x := range rows {
		qs, us = append(qs, x.queue), append(us, x.user)
	}
	lq, lu := leftAligner(qs), leftAligner(us)
	fmt.Fprintln(tw, lq("QUEUE")+"\t"+lu("USER")+"\tHELD\t  REASONS")
	for _, x := range rows {
		sort.SliceStable(x.parts, func(i, j int) bool { return x.parts[i].AppMS > x.parts[j].AppMS })
		reasons := make([]string, len(x.parts))
		for i, p := range x.parts {
			reasons[i] = fmt.Sprintf("%s %s (%d %s)", engine.WaitReason(p.Reason).Describe(), fmtMS(p.AppMS), p.Apps, plural(p.Apps))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t  %s\n", lq(x.queue), lu(x.user), fmtMS(x.total), strings.Join(reasons, ", "))
	}
	_ = tw.Flush()
}

func plural(n int) string {
	if n == 1 {
		return "app"
	}
	return "apps"
}
