package preview

import (
	"math"
	"slices"
	"strings"
)

// Dist summarises a set of durations (nearest-rank percentiles).
type Dist struct {
	N   int   `json:"n"`
	P50 int64 `json:"p50_ms"`
	P95 int64 `json:"p95_ms"`
	Max int64 `json:"max_ms"`
	// Values are the sorted samples (for the report's histograms).
	Values []int64 `json:"-"`
}

// Starvation counts periods in which a queue or user had demand pending
// and got nothing allocated.
type Starvation struct {
	// Count is the number of periods longer than the threshold.
	Count int `json:"count"`
	// MaxMS is the longest period, whatever the threshold.
	MaxMS int64 `json:"max_ms"`
}

// Stats are the statistics of one queue or user in one run.
type Stats struct {
	GuaranteedMB, MaxMB int64
	UsageAvgMB          float64
	UsagePeakMB         int64
	FirstContainer      Dist
	Wait                Dist
	Completion          Dist
	AppsSubmitted       int
	AppsFinished        int
	AppsRejected        int
	Preempted           int
	Starvation          Starvation
	// HeldMS is the app time held back with demand left (sampled by the
	// simulator); HeldBy splits it by engine.WaitReason.
	HeldMS    int64
	HeldBy    map[string]int64
	heldKnown bool
	// HasSeries is false when no usage series was recorded (users of a
	// simulator that keeps none); usage is then 0.
	HasSeries bool
	// onlyQueue is, for a user, the one queue all their apps went to
	// ("" when several).
	onlyQueue string
	queues    int
}

// StatsOptions tune how statistics are taken.
type StatsOptions struct {
	// StarvationMS is how long demand may go unserved before the period
	// counts as starvation (default 5 minutes).
	StarvationMS int64
	// WindowMS is the common window [0, WindowMS] usage averages are taken
	// over; 0 means the run's own length. Build sets it to the longer of
	// the two runs so both sides are averaged over the same time (a run
	// that ended sooner counts as idle afterwards, which it was: the
	// simulator stops once every application has finished).
	WindowMS int64
}

// window returns the averaging window of a run that lasted end.
func (o StatsOptions) window(end int64) int64 {
	return max(o.WindowMS, end)
}

// DefaultStarvationMS is the starvation threshold when none is given.
const DefaultStarvationMS = 5 * 60 * 1000

func (o StatsOptions) starvation() int64 {
	if o.StarvationMS <= 0 {
		return DefaultStarvationMS
	}
	return o.StarvationMS
}

// RunStats holds the statistics of every queue and user of a run.
type RunStats struct {
	Queues map[string]*Stats
	Users  map[string]*Stats
	// Leaves lists leaf queue paths in tree order.
	Leaves []string
	// Order lists every queue path in tree order.
	Order []string
}

// Compute takes the statistics of every queue (applications of a parent
// are those of its descendants) and every user of r.
func Compute(r *Run, o StatsOptions) *RunStats {
	rs := &RunStats{Queues: map[string]*Stats{}, Users: map[string]*Stats{}}
	for i := range r.Queues {
		q := &r.Queues[i]
		s := &Stats{GuaranteedMB: q.GuaranteedMB, MaxMB: q.MaxMB, Preempted: q.Preempted}
		seriesStats(s, q.Series, r.EndMS, o.starvation(), q.GuaranteedMB)
		s.UsageAvgMB = overWindow(s.UsageAvgMB, r.EndMS, o.window(r.EndMS))
		rs.Queues[q.Path] = s
		rs.Order = append(rs.Order, q.Path)
		if q.Leaf {
			rs.Leaves = append(rs.Leaves, q.Path)
		}
	}
	for i := range r.Users {
		u := &r.Users[i]
		s := &Stats{}
		seriesStats(s, u.Series, r.EndMS, o.starvation(), 0)
		if u.HasUsage && len(u.Series) == 0 {
			s.HasSeries, s.UsageAvgMB, s.UsagePeakMB = true, float64(u.AvgUsedMB), u.PeakUsedMB
		}
		s.UsageAvgMB = overWindow(s.UsageAvgMB, r.EndMS, o.window(r.EndMS))
		rs.Users[u.Name] = s
	}
	appStats(rs, r.Apps)
	if r.HeldKnown {
		for _, s := range rs.Queues {
			s.heldKnown = true
		}
		for _, s := range rs.Users {
			s.heldKnown = true
		}
		heldStats(rs, r.Held)
		userStarvation(rs, r.HeldSpans, o.starvation())
	}
	return rs
}

// overWindow turns an average over [0, end] into one over [0, window],
// the run being idle after its end.
func overWindow(avg float64, end, window int64) float64 {
	if window <= end || window <= 0 {
		return avg
	}
	return math.Round(avg * float64(end) / float64(window))
}

// appStats folds each application into its queue, every ancestor and its
// user.
func appStats(rs *RunStats, apps []AppRun) {
	type acc struct{ first, wait, done []int64 }
	accs := map[*Stats]*acc{}
	add := func(s *Stats, a *AppRun) {
		c := accs[s]
		if c == nil {
			c = &acc{}
			accs[s] = c
		}
		s.AppsSubmitted++
		if a.Rejected {
			s.AppsRejected++
			return
		}
		if rs.Users[a.User] == s {
			s.Preempted += a.Preempted
		}
		if a.FirstMS >= 0 {
			c.first = append(c.first, a.FirstMS-a.SubmitMS)
			w := a.WaitMS
			if w < 0 {
				w = a.FirstMS - a.SubmitMS
			}
			c.wait = append(c.wait, w)
		}
		if a.FinishMS >= 0 {
			s.AppsFinished++
			c.done = append(c.done, a.FinishMS-a.SubmitMS)
		}
	}
	// Apps share few queues: resolve each queue's ancestry once.
	chains := map[string][]*Stats{}
	for i := range apps {
		a := &apps[i]
		chain, ok := chains[a.Queue]
		if !ok {
			for _, p := range ancestry(a.Queue) {
				if s := rs.Queues[p]; s != nil {
					chain = append(chain, s)
				}
			}
			chains[a.Queue] = chain
		}
		for _, s := range chain {
			add(s, a)
		}
		u := rs.Users[a.User]
		if u == nil {
			u = &Stats{}
			rs.Users[a.User] = u
		}
		if u.queues == 0 || (u.queues == 1 && u.onlyQueue != a.Queue) {
			u.queues++
			u.onlyQueue = a.Queue
		}
		add(u, a)
	}
	for s, c := range accs {
		s.FirstContainer = newDist(c.first)
		s.Wait = newDist(c.wait)
		s.Completion = newDist(c.done)
	}
}

// ancestry returns "root", "root.a", "root.a.b" for "root.a.b".
func ancestry(path string) []string {
	var out []string
	for i := 0; i <= len(path); i++ {
		if i == len(path) || path[i] == '.' {
			out = append(out, path[:i])
		}
	}
	if len(out) == 0 || !strings.HasPrefix(path, "root") {
		return []string{path}
	}
	return out
}

// newDist sorts vs and takes nearest-rank percentiles.
func newDist(vs []int64) Dist {
	if len(vs) == 0 {
		return Dist{}
	}
	slices.Sort(vs)
	return Dist{N: len(vs), P50: rank(vs, 50), P95: rank(vs, 95), Max: vs[len(vs)-1], Values: vs}
}

// rank is the nearest-rank percentile: the smallest value with at least
// p% of the samples at or below it.
func rank(sorted []int64, p int) int64 {
	k := (p*len(sorted) + 99) / 100
	if k < 1 {
		k = 1
	}
	return sorted[k-1]
}

// seriesStats takes the time-weighted average, the peak and starvation
// periods of a step series over [0, end].
func seriesStats(s *Stats, series []Sample, end, threshold, guarantee int64) {
	s.HasSeries = len(series) > 0
	var area float64
	starveFrom := int64(-1)
	closeStarve := func(t int64) {
		if starveFrom < 0 {
			return
		}
		d := t - starveFrom
		if d > s.Starvation.MaxMS {
			s.Starvation.MaxMS = d
		}
		if d > threshold {
			s.Starvation.Count++
		}
		starveFrom = -1
	}
	for i, p := range series {
		next := end
		if i+1 < len(series) {
			next = series[i+1].T
		}
		if next > end {
			next = end
		}
		if p.UsedMB > s.UsagePeakMB {
			s.UsagePeakMB = p.UsedMB
		}
		if next > p.T {
			area += float64(p.UsedMB) * float64(next-p.T)
		}
		g := p.GuaranteedMB
		if g == 0 {
			g = guarantee
		}
		owed := p.PendingMB > 0 && (p.UsedMB < g || p.UsedMB == 0)
		switch {
		case !owed || p.Allocated > 0:
			closeStarve(p.T)
			if owed {
				// Allocated at T but still owed: a new wait starts now.
				starveFrom = p.T
			}
		case starveFrom < 0:
			starveFrom = p.T
		}
	}
	closeStarve(end)
	if end > 0 {
		// Whole MB keep the JSON stable and readable.
		s.UsageAvgMB = math.Round(area / float64(end))
	}
}
