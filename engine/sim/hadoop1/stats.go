package hadoop1

import (
	"sort"

	h1 "github.com/capq/capq/engine/hadoop1"
	"github.com/capq/capq/engine/sim"
)

// stats integrates each queue's and user's slot use over time, in the MB
// the slots stand for, so the result reads like a YARN run's.
type stats struct {
	r        *run
	queues   []string
	qIdx     map[string]int
	used     []int64
	peak     []int64
	peakPend []int64
	memTime  []float64
	alloc    []int64
	allocs   []int64
	users    map[[2]string]*userStat
	last     int64
	series   sim.Series
	qs       []sim.QueueSeries
}

type userStat struct {
	used, peak int64
	memTime    float64
	apps       int
}

func newStats(r *run) *stats {
	s := &stats{r: r, qIdx: map[string]int{}, users: map[[2]string]*userStat{}}
	s.queues = append(s.queues, "root")
	for _, qc := range r.cfg.Queues {
		s.qIdx[qc.Name] = len(s.queues)
		s.queues = append(s.queues, qc.Name)
	}
	n := len(s.queues)
	s.used, s.peak, s.peakPend = make([]int64, n), make([]int64, n), make([]int64, n)
	s.memTime, s.alloc, s.allocs = make([]float64, n), make([]int64, n), make([]int64, n)
	for _, q := range s.queues {
		s.qs = append(s.qs, sim.QueueSeries{Path: path(q)})
	}
	for _, a := range r.w.Apps {
		u := s.user(queueName(a.Queue), a.User)
		u.apps++
	}
	return s
}

// path names a Hadoop 1 queue as the migrated YARN queue is named.
func path(q string) string {
	if q == "root" {
		return "root"
	}
	return "root." + q
}

func (s *stats) user(q, u string) *userStat {
	k := [2]string{q, u}
	if s.users[k] == nil {
		s.users[k] = &userStat{}
	}
	return s.users[k]
}

// advance integrates usage up to t.
func (s *stats) advance(t int64) {
	dt := float64(t - s.last)
	if dt <= 0 {
		return
	}
	for i, u := range s.used {
		s.memTime[i] += float64(u) * dt
	}
	for _, u := range s.users {
		u.memTime += float64(u.used) * dt
	}
	s.last = t
}

func (s *stats) change(a *h1.Attempt, sign int64) {
	mb := int64(a.Slots) * s.r.mp.SlotMB * sign
	i := s.qIdx[a.Job.Queue]
	for _, k := range []int{0, i} {
		s.used[k] += mb
		s.peak[k] = max(s.peak[k], s.used[k])
	}
	u := s.user(a.Job.Queue, a.Job.User)
	u.used += mb
	u.peak = max(u.peak, u.used)
}

func (s *stats) launched(a *h1.Attempt) {
	s.change(a, 1)
	s.alloc[0]++
	s.alloc[s.qIdx[a.Job.Queue]]++
	s.allocs[0]++
	s.allocs[s.qIdx[a.Job.Queue]]++
}

func (s *stats) finished(a *h1.Attempt) { s.change(a, -1) }

// capacityMB returns a queue's guaranteed and maximum MB now: its
// capacity in map and reduce slots, each slot at SlotMB.
func (s *stats) capacityMB(q string) (int64, int64) {
	r := s.r
	var mapSlots, redSlots int
	for _, tt := range r.e.Trackers() {
		mapSlots += tt.MaxSlots[h1.Map]
		redSlots += tt.MaxSlots[h1.Reduce]
	}
	total := int64(mapSlots+redSlots) * r.mp.SlotMB
	if q == "root" {
		return total, total
	}
	for _, qc := range r.cfg.Queues {
		if qc.Name != q {
			continue
		}
		g := int64(int(qc.Capacity*float32(mapSlots)/100)+int(qc.Capacity*float32(redSlots)/100)) * r.mp.SlotMB
		m := total
		if qc.MaxCapacity > 0 {
			m = int64(int(qc.MaxCapacity*float32(mapSlots)/100)+int(qc.MaxCapacity*float32(redSlots)/100)) * r.mp.SlotMB
		}
		return g, m
	}
	return 0, 0
}

func (s *stats) pending() []int64 {
	p := make([]int64, len(s.queues))
	for _, j := range s.r.e.Jobs() {
		if j.State.Done() {
			continue
		}
		mb := (int64(j.Pending(h1.Map))*int64(j.SlotsPerTask[h1.Map]) + int64(j.Pending(h1.Reduce))*int64(j.SlotsPerTask[h1.Reduce])) * s.r.mp.SlotMB
		p[0] += mb
		p[s.qIdx[j.Queue]] += mb
	}
	return p
}

func (s *stats) sample() {
	if n := len(s.series.TimesMS); n > 0 && s.series.TimesMS[n-1] == s.r.now {
		return
	}
	s.series.TimesMS = append(s.series.TimesMS, s.r.now)
	pend := s.pending()
	for i, q := range s.queues {
		g, m := s.capacityMB(q)
		qs := &s.qs[i]
		qs.GuaranteedMB = append(qs.GuaranteedMB, g)
		qs.MaxMB = append(qs.MaxMB, m)
		qs.UsedMB = append(qs.UsedMB, s.used[i])
		qs.PendingMB = append(qs.PendingMB, pend[i])
		qs.Allocated = append(qs.Allocated, s.alloc[i])
		s.alloc[i] = 0
		s.peakPend[i] = max(s.peakPend[i], pend[i])
	}
}

// finish assembles the sim.Result.
func (r *run) finish() *sim.Result {
	res := r.res0()
	s := r.stats
	res.Workload, res.HeartbeatMS, res.SampleMS = r.w.Name, r.mp.HeartbeatMS, r.opts.SampleMS
	res.Rejected = nonNilRej(res.Rejected)
	res.Preemptions, res.Refreshes = []sim.Preemption{}, []sim.RefreshResult{}
	nodes := r.w.Cluster.Expand()
	for _, n := range nodes {
		res.Cluster.MemoryMB += n.MemoryMB
		res.Cluster.VCores += n.VCores
	}
	res.Cluster.Nodes = len(nodes)
	waits := map[string][]int64{}
	qApps := map[string][3]int{}
	for _, j := range r.jobs {
		a := j.app
		q := queueName(a.Queue)
		ar := sim.AppResult{ID: a.ID, Queue: path(q), User: a.User, State: j.state, SubmitMS: a.SubmitMS,
			FirstContainerMS: j.first, FinishMS: j.finish, WaitMS: -1, Containers: j.tasks, Attempts: 1, Reason: j.reason}
		if !j.submitted {
			ar.SubmitMS = a.SubmitMS
		}
		if j.first >= 0 {
			ar.WaitMS = j.first - a.SubmitMS
			waits[q] = append(waits[q], ar.WaitMS)
			waits["root"] = append(waits["root"], ar.WaitMS)
		}
		c := qApps[q]
		if j.submitted {
			c[0]++
			res.Summary.AppsSubmitted++
		}
		switch j.state {
		case sim.AppFinished:
			c[1]++
			res.Summary.AppsFinished++
		case sim.AppRejected:
			c[2]++
			res.Summary.AppsRejected++
		case sim.AppAccepted, sim.AppRunning:
			res.Summary.AppsUnfinished++
		}
		qApps[q] = c
		res.Summary.ContainersAllocated += j.tasks
		res.Apps = append(res.Apps, ar)
	}
	total := float64(max(r.now, 1))
	for i, q := range s.queues {
		g, m := s.capacityMB(q)
		qr := sim.QueueResult{Path: path(q), Leaf: q != "root", GuaranteedMB: g, MaxMB: m, PeakUsedMB: s.peak[i],
			AvgUsedMB: int64(s.memTime[i] / total), PeakPendingMB: s.peakPend[i], Containers: s.allocs[i]}
		qr.WaitP50MS, qr.WaitP95MS, qr.WaitMaxMS = sim.Percentiles(waits[q])
		if q == "root" {
			qr.AppsSubmitted, qr.AppsFinished, qr.AppsRejected = res.Summary.AppsSubmitted, res.Summary.AppsFinished, res.Summary.AppsRejected
		} else {
			c := qApps[q]
			qr.AppsSubmitted, qr.AppsFinished, qr.AppsRejected = c[0], c[1], c[2]
		}
		if g > 0 {
			qr.AvgUsedOfGuarantee = float64(qr.AvgUsedMB) / float64(g)
		}
		res.Queues = append(res.Queues, qr)
	}
	keys := make([][2]string, 0, len(s.users))
	for k := range s.users {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool {
		if keys[a][0] != keys[b][0] {
			return keys[a][0] < keys[b][0]
		}
		return keys[a][1] < keys[b][1]
	})
	for _, k := range keys {
		u := s.users[k]
		ur := sim.UserResult{Queue: path(k[0]), User: k[1], Apps: u.apps, PeakUsedMB: u.peak, AvgUsedMB: int64(u.memTime / total)}
		if qi, ok := s.qIdx[k[0]]; ok && s.memTime[qi] > 0 {
			ur.Share = u.memTime / s.memTime[qi]
		}
		res.Users = append(res.Users, ur)
	}
	res.Series = sim.Series{TimesMS: s.series.TimesMS, Queues: s.qs}
	res.Summary.SimulatedMS, res.Summary.Heartbeats, res.Summary.StoppedAtUntil = r.now, r.beats, r.stopped
	return res
}

func nonNilRej(v []sim.Rejection) []sim.Rejection {
	if v == nil {
		return []sim.Rejection{}
	}
	return v
}
