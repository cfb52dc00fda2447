package sim

import (
	"sort"
)

// initQueues builds the queue table in the model's tree order and reads
// the engine's guarantees and maxima.
func (r *run) initQueues() {
	for _, mq := range r.model.Queues {
		parent := int32(-1)
		if mq.Parent != nil {
			parent = r.qIdx[mq.Parent.Path]
		}
		r.qIdx[mq.Path] = int32(len(r.queues))
		r.queues = append(r.queues, queueStat{path: mq.Path, parent: parent, leaf: mq.IsLeaf(), eq: -1})
	}
	r.readLimits()
	for i := range r.queues {
		q := &r.queues[i]
		q.guarantee0, q.max0 = q.guarantee, q.max
	}
}

// readLimits refreshes guarantees and maxima from the engine (after node
// changes and refreshes), adding queues a refresh created and mapping
// each queue to its engine index.
func (r *run) readLimits() {
	for i := range r.queues {
		r.queues[i].eq = -1
	}
	g, m := r.e.QueueResources()
	for k, path := range r.e.QueuePaths() {
		i, ok := r.qIdx[path]
		if !ok {
			i = r.addQueue(path)
		}
		r.queues[i].guarantee, r.queues[i].max = g[k].MemoryMB, m[k].MemoryMB
		r.queues[i].eq = int32(k)
	}
}

// usedMB is the memory of the queue's running containers, from the
// engine's books (a queue a refresh removed held none: the engine
// refuses to orphan apps).
func (r *run) usedMB(q *queueStat) int64 {
	if q.eq < 0 {
		return 0
	}
	return r.e.QueueAllocated(int(q.eq)).MemoryMB
}

// addQueue appends a queue created by a refresh, with zero history.
func (r *run) addQueue(path string) int32 {
	parent := int32(-1)
	if mq := r.e.Model().Queue(path); mq != nil && mq.Parent != nil {
		if p, ok := r.qIdx[mq.Parent.Path]; ok {
			parent = p
		}
	}
	i := int32(len(r.queues))
	r.qIdx[path] = i
	q := queueStat{path: path, parent: parent, lastT: r.now, eq: -1}
	if mq := r.e.Model().Queue(path); mq != nil {
		q.leaf = mq.IsLeaf()
	}
	r.queues = append(r.queues, q)
	// A refresh adding many queues late in a long run must not allocate
	// past the cap: the run stops instead (loop).
	if n := len(r.samples); r.roomForSamples(0, r.now) {
		r.queues[i].series = QueueSeries{GuaranteedMB: make([]int64, n), MaxMB: make([]int64, n), UsedMB: make([]int64, n), PendingMB: make([]int64, n), Allocated: make([]int64, n)}
	}
	return i
}

// userKey names a user's figures in one leaf. A struct, not path+"|"+name:
// a queue or user name holding "|" made two pairs share one key.
type userKey struct {
	leaf int32
	name string
}

func (r *run) userFor(leaf int32, name string) int32 {
	key := userKey{leaf, name}
	if i, ok := r.uIdx[key]; ok {
		return i
	}
	i := int32(len(r.users))
	r.uIdx[key] = i
	r.users = append(r.users, userStat{leaf: leaf, name: name, lastT: r.now})
	return i
}

// touch marks that the cluster changed now (the run ends at the last
// change, not at the last idle heartbeat).
func (r *run) touch() { r.lastChange = r.now }

// addUsed follows a change of mem MB in a leaf's (and its ancestors')
// and a user's used memory, integrating usage over time for averages.
// The engine has already booked the change, so a queue's usage before it
// is the engine's figure less qmem: mem, or 0 for a container on a
// labelled node, which the engine books in that partition and not in the
// queue's default-partition figures.
func (r *run) addUsed(leaf, user int32, qmem, mem int64) {
	// The table, the clock and the engine in locals: the stores through
	// s made the compiler load all three again on every level, about a
	// fifth of the loop's instructions (every allocation and release
	// walks the leaf's ancestors here).
	qs, now := r.queues, r.now
	for q := leaf; q >= 0; {
		s := &qs[q]
		used := r.usedMB(s)
		s.area += float64(used-qmem) * float64(now-s.lastT)
		s.lastT = now
		s.peak = max(s.peak, used)
		q = s.parent
	}
	if user >= 0 {
		u := &r.users[user]
		u.area += float64(u.used) * float64(now-u.lastT)
		u.lastT = now
		u.used += mem
		u.peak = max(u.peak, u.used)
	}
}

// addAllocated books a container allocated against an ask of asked MB
// in its leaf and the leaf's ancestors: one container more, asked MB less
// pending. One walk up the tree where addPending and a count made two
// (the second was 46 M instructions of #19's contended day's first 3
// hours). asked is never negative (checkSize), so peakPend stays.
func (r *run) addAllocated(leaf int32, asked int64) {
	for q := leaf; q >= 0; q = r.queues[q].parent {
		s := &r.queues[q]
		s.pending -= asked
		s.containers++
	}
}

func (r *run) addPending(leaf int32, mem int64) {
	for q := leaf; q >= 0; q = r.queues[q].parent {
		s := &r.queues[q]
		s.pending += mem
		s.peakPend = max(s.peakPend, s.pending)
	}
}

// sampleUntil records the series for every sample time before t. It
// reports false, recording why the run stops, when they would not fit
// MaxSeriesPoints.
func (r *run) sampleUntil(t int64) bool {
	if r.nextSample >= t {
		return true
	}
	n := (t-1-r.nextSample)/r.opts.SampleMS + 1
	if !r.roomForSamples(n, t-1) {
		return false
	}
	r.sampleHeld(n)
	if r.opts.SkipSeries {
		// Why apps waited is still sampled; only the series are not kept.
		r.nextSample += n * r.opts.SampleMS
		return true
	}
	for r.nextSample < t {
		r.samples = append(r.samples, r.nextSample)
		for i := range r.queues {
			q := &r.queues[i]
			s := &q.series
			s.GuaranteedMB = append(s.GuaranteedMB, q.guarantee)
			s.MaxMB = append(s.MaxMB, q.max)
			s.UsedMB = append(s.UsedMB, r.usedMB(q))
			s.PendingMB = append(s.PendingMB, q.pending)
			s.Allocated = append(s.Allocated, q.containers-q.sampled)
			q.sampled = q.containers
		}
		r.nextSample += r.opts.SampleMS
	}
	return true
}

// finish closes the integrals at the end time and builds the Result.
func (r *run) finish() *Result {
	if r.out != nil {
		if err := r.out.Flush(); err != nil && r.outErr == nil {
			r.outErr = err
		}
	}
	end := r.now
	res := &r.res
	res.Summary.SimulatedMS = end
	for i := range r.apps {
		a := &r.apps[i]
		res.Summary.AppsSubmitted++
		switch a.state {
		case AppFinished:
			res.Summary.AppsFinished++
		case AppRejected:
			res.Summary.AppsRejected++
		case AppFailed:
			res.Summary.AppsFailed++
		case AppKilled:
			res.Summary.AppsKilled++
		case AppNotArrived:
			res.Summary.AppsSubmitted--
		default:
			res.Summary.AppsUnfinished++
		}
	}
	res.Warnings = addWarnings(res.Warnings, r.e.Unmodelled())
	res.endModel = r.e.Model()
	res.Queues = r.queueResults(end)
	if r.parts != nil {
		res.Partitions = r.parts.results(r, end)
	}
	res.Users = r.userResults(end)
	res.Apps = r.appResults()
	res.Held = r.heldResults()
	res.HeldSpans = r.heldSpans(end)
	res.Series.TimesMS = r.samples
	if res.Series.TimesMS == nil {
		res.Series.TimesMS = []int64{}
	}
	for i := range r.queues {
		s := r.queues[i].series
		s.Path = r.queues[i].path
		res.Series.Queues = append(res.Series.Queues, s)
	}
	return res
}

func (r *run) queueResults(end int64) []QueueResult {
	waits := make([][]int64, len(r.queues))
	for i := range r.queues {
		for q := int32(i); q >= 0; q = r.queues[q].parent {
			waits[q] = append(waits[q], r.queues[i].waits...)
		}
	}
	out := make([]QueueResult, len(r.queues))
	for i := range r.queues {
		q := &r.queues[i]
		area := q.area + float64(r.usedMB(q))*float64(end-q.lastT)
		qr := QueueResult{Path: q.path, Leaf: q.leaf, GuaranteedMB: q.guarantee0, MaxMB: q.max0,
			PeakUsedMB: q.peak, PeakPendingMB: q.peakPend, AppsSubmitted: q.submitted, AppsFinished: q.finished,
			AppsRejected: q.rejected, Containers: q.containers, Preempted: q.preempted}
		if end > 0 {
			qr.AvgUsedMB = int64(area / float64(end))
		}
		if qr.GuaranteedMB > 0 {
			qr.AvgUsedOfGuarantee = round3(float64(qr.AvgUsedMB) / float64(qr.GuaranteedMB))
		}
		qr.WaitP50MS, qr.WaitP95MS, qr.WaitMaxMS = percentiles(waits[i])
		out[i] = qr
	}
	return out
}

// percentiles returns the nearest-rank 50th and 95th percentiles and the
// maximum (0 for no values).
// Percentiles returns the nearest-rank p50, p95 and maximum of v (0 when
// empty), as every queue's waits in a Result; the Hadoop 1 simulator
// computes its waits with it too.
func Percentiles(v []int64) (p50, p95, top int64) { return percentiles(v) }

func percentiles(v []int64) (p50, p95, top int64) {
	if len(v) == 0 {
		return 0, 0, 0
	}
	s := append([]int64(nil), v...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	rank := func(p int) int64 {
		k := (p*len(s) + 99) / 100
		return s[max(k, 1)-1]
	}
	return rank(50), rank(95), s[len(s)-1]
}

func round3(f float64) float64 { return float64(int64(f*1000+0.5)) / 1000 }

func (r *run) userResults(end int64) []UserResult {
	out := make([]UserResult, 0, len(r.users))
	byLeaf := r.userAreasByLeaf(end)
	for i := range r.users {
		u := &r.users[i]
		q := &r.queues[u.leaf]
		area := u.area + float64(u.used)*float64(end-u.lastT)
		qarea := q.area + float64(r.usedMB(q))*float64(end-q.lastT)
		if byLeaf != nil {
			qarea = byLeaf[u.leaf]
		}
		ur := UserResult{Queue: q.path, User: u.name, Apps: u.apps, PeakUsedMB: u.peak}
		if end > 0 {
			ur.AvgUsedMB = int64(area / float64(end))
		}
		if qarea > 0 {
			ur.Share = round3(area / qarea)
		}
		out = append(out, ur)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Queue != out[j].Queue {
			return out[i].Queue < out[j].Queue
		}
		return out[i].User < out[j].User
	})
	return out
}

func (r *run) appResults() []AppResult {
	out := make([]AppResult, 0, len(r.apps))
	for _, i := range r.order {
		a := &r.apps[i]
		q := a.spec.Queue
		if a.leaf >= 0 {
			q = r.queues[a.leaf].path
		}
		ar := AppResult{ID: a.spec.ID, Queue: q, User: a.spec.User, State: a.state, SubmitMS: a.submitMS,
			FirstContainerMS: a.firstMS, FinishMS: a.finishMS, WaitMS: -1, Containers: a.containers,
			Preempted: a.preempted, Reason: a.reason}
		if a.firstMS >= 0 {
			ar.WaitMS = a.firstMS - a.submitMS
			ar.Attempts = 1 + a.restarts
		}
		out = append(out, ar)
	}
	return out
}

// userAreasByLeaf sums the users' memory-time per leaf when the cluster
// has labelled nodes: the queue's own figures are the default
// partition's (the engine's books, like Hadoop's QueueMetrics), a user's
// cover every partition, so a user's share is taken of its queue's users
// in all partitions. nil without labels (the two are the same then).
func (r *run) userAreasByLeaf(end int64) map[int32]float64 {
	if r.parts == nil || !r.parts.labelled {
		return nil
	}
	out := map[int32]float64{}
	for i := range r.users {
		u := &r.users[i]
		out[u.leaf] += u.area + float64(u.used)*float64(end-u.lastT)
	}
	return out
}
