package sim

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/safeio"
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

// held accumulates HeldResult and HeldSpan between samples. Keys and
// (queue, user) spans are numbered as first seen; each app remembers the
// numbers of its last key and span and the keys it was counted under,
// so that a sample of thousands of waiting apps hashes no strings (the
// maps keyed by strings were 2.5% of #19's contended day).
type held struct {
	keyIdx map[heldKey]int32
	keys   []heldKey
	ms     []int64 // app time per key
	apps   []int   // distinct apps per key

	spanIdx  map[[2]string]int32
	spanKeys [][2]string
	open     []bool   // per span: open, since from
	from     []int64  // per span: when it opened
	seen     []uint64 // the sample (stamp) that last saw the span starved
	stamp    uint64
	spans    []HeldSpan
	// perApp is each app's memory (by its index in the run): a slice of
	// its own, as the apps' run state was a cache miss per waiting app
	// and sample.
	perApp []appHeld
	// more are the keys an app was counted under after its first, by its
	// index: rare, so kept apart for appHeld to fill one cache line.
	more map[int32][]int32
}

// appHeld is an app's memory of its last key and span numbers, and the
// first key it was counted under (the others, rare, are held.more). It
// is 64 bytes, so that in the page-aligned perApp slice an app's entry
// is one cache line: read for every waiting app at every sample (at 88
// bytes most entries straddled two).
type appHeld struct {
	queue, user string
	why         engine.WaitReason
	key, span   int32 // -1: none yet
	first       int32 // -1: none yet
}

// count reports whether app ref, whose memory is ah, was not yet counted
// under key k, and counts it.
func (h *held) count(ref int32, ah *appHeld, k int32) bool {
	switch {
	case ah.first == k:
		return false
	case ah.first < 0:
		ah.first = k
		return true
	case slices.Contains(h.more[ref], k):
		return false
	}
	if h.more == nil {
		h.more = map[int32][]int32{}
	}
	h.more[ref] = append(h.more[ref], k)
	return true
}

// sampleHeld classifies every waiting app once for n sample steps (the
// state does not change between samples taken in one call).
func (r *run) sampleHeld(n int64) {
	if n <= 0 {
		return
	}
	h := &r.held
	if h.keyIdx == nil {
		h.keyIdx, h.spanIdx = map[heldKey]int32{}, map[[2]string]int32{}
	}
	h.stamp++
	r.e.Waiting(func(w *engine.Waiter) {
		ah := r.appHeld(w)
		if ah.key < 0 || ah.why != w.Why {
			ah.why, ah.key = w.Why, h.keyOf(heldKey{w.Queue, w.User, string(w.Why)})
		}
		h.ms[ah.key] += n * r.opts.SampleMS
		if h.count(w.Ref, ah, ah.key) {
			h.apps[ah.key]++
		}
		if w.Starved {
			if ah.span < 0 {
				ah.span = h.spanOf([2]string{w.Queue, w.User})
			}
			h.seen[ah.span] = h.stamp
		}
	})
	for k := range h.spanKeys {
		switch starved := h.seen[k] == h.stamp; {
		case h.open[k] && !starved:
			h.spans = append(h.spans, HeldSpan{Queue: h.spanKeys[k][0], User: h.spanKeys[k][1], FromMS: h.from[k], ToMS: r.nextSample})
			h.open[k] = false
		case !h.open[k] && starved:
			h.open[k], h.from[k] = true, r.nextSample
		}
	}
}

// appHeld is the app's held memory, reset if its queue or user is not
// the one it remembers (checkRoom compares the ref with the id).
func (r *run) appHeld(w *engine.Waiter) *appHeld {
	if checkRoom {
		if i, ok := r.appIdx[w.App]; !ok || i != w.Ref {
			panic("sim: a waiting app's ref is not the run's index of its app")
		}
	}
	h := &r.held
	if h.perApp == nil {
		h.perApp = make([]appHeld, len(r.apps))
		for i := range h.perApp {
			h.perApp[i] = appHeld{key: -1, span: -1, first: -1}
		}
	}
	ah := &h.perApp[w.Ref]
	if ah.queue != w.Queue || ah.user != w.User {
		*ah = appHeld{queue: w.Queue, user: w.User, key: -1, span: -1, first: ah.first}
	}
	return ah
}

// keyOf numbers a key, adding it when new.
func (h *held) keyOf(k heldKey) int32 {
	i, ok := h.keyIdx[k]
	if !ok {
		i = int32(len(h.keys))
		h.keyIdx[k] = i
		h.keys = append(h.keys, k)
		h.ms = append(h.ms, 0)
		h.apps = append(h.apps, 0)
	}
	return i
}

// spanOf numbers a (queue, user) span, adding it (closed) when new.
func (h *held) spanOf(k [2]string) int32 {
	i, ok := h.spanIdx[k]
	if !ok {
		i = int32(len(h.spanKeys))
		h.spanIdx[k] = i
		h.spanKeys = append(h.spanKeys, k)
		h.open = append(h.open, false)
		h.from = append(h.from, 0)
		h.seen = append(h.seen, 0)
	}
	return i
}

// heldSpans closes the spans still open at end and sorts them by queue,
// user and start.
func (r *run) heldSpans(end int64) []HeldSpan {
	h := &r.held
	out := append([]HeldSpan{}, h.spans...)
	for k, open := range h.open {
		if open {
			out = append(out, HeldSpan{Queue: h.spanKeys[k][0], User: h.spanKeys[k][1], FromMS: h.from[k], ToMS: max(end, h.from[k])})
		}
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
	h := &r.held
	out := make([]HeldResult, 0, len(h.keys))
	for i, k := range h.keys {
		out = append(out, HeldResult{Queue: k.queue, User: k.user, Reason: k.reason, AppMS: h.ms[i], Apps: h.apps[i]})
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
	safeio.Fprintf(w, "\nwhy apps waited (app time with demand left, by what held it back; sampled every %s):\n", fmtMS(r.SampleMS))
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
	safeio.Fprintln(tw, lq("QUEUE")+"\t"+lu("USER")+"\tHELD\t  REASONS")
	for _, x := range rows {
		sort.SliceStable(x.parts, func(i, j int) bool { return x.parts[i].AppMS > x.parts[j].AppMS })
		reasons := make([]string, len(x.parts))
		for i, p := range x.parts {
			reasons[i] = fmt.Sprintf("%s %s (%d %s)", engine.WaitReason(p.Reason).Describe(), fmtMS(p.AppMS), p.Apps, plural(p.Apps))
		}
		safeio.Fprintf(tw, "%s\t%s\t%s\t  %s\n", lq(x.queue), lu(x.user), fmtMS(x.total), strings.Join(reasons, ", "))
	}
	_ = tw.Flush()
}

func plural(n int) string {
	if n == 1 {
		return "app"
	}
	return "apps"
}
