package sim

import (
	"bufio"
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"strings"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// Run simulates the workload on the configuration: node heartbeats every
// heartbeat interval (yarn.resourcemanager.nodemanagers.heartbeat-interval-ms,
// default 1000, or the workload's NMHeartbeatMS), apps arriving at their
// submit time with their AM container asked first, task containers asked
// phase by phase once the AM runs and released after their durations,
// apps finishing when their last task ends. Time jumps from event to
// event; a node is woken only when something could change on it.
//
// Run returns an error only when it cannot run (bad workload for this
// configuration, engine refusal); rejected apps are results. A workload
// is validated unless its last Validate passed (every reader's last
// step): one built by hand is refused as a reader would refuse it. A
// caller that changes a workload after reading it must call Validate
// again before Run: Run trusts the last Validate.
func Run(model *xmlconf.Model, w *Workload, opts Options) (*Result, error) {
	if model == nil || model.Root == nil {
		return nil, fmt.Errorf("sim: the configuration has no queue tree")
	}
	if err := engine.CheckDeletionPolicy(model); err != nil {
		return nil, fmt.Errorf("sim: %w", err)
	}
	if err := engine.CheckPreemptionInterval(model); err != nil {
		return nil, fmt.Errorf("sim: %w", err)
	}
	if err := engine.CheckMonitorIntervals(model); err != nil {
		return nil, fmt.Errorf("sim: %w", err)
	}
	if !w.validated { // else checkForRun below trusts Validate
		if err := w.checkSizes(); err != nil {
			return nil, err
		}
	}
	if err := checkContainerCap(w, opts.MaxContainers); err != nil {
		return nil, err
	}
	// The budget is checked on the node count before the nodes are
	// expanded: a refused million-node cluster costs no node list.
	if err := checkBudget(w, w.Cluster.count(), opts); err != nil {
		return nil, err
	}
	if err := checkSeries(w, len(model.Queues), opts); err != nil {
		return nil, err
	}
	nodes := w.Cluster.Expand()
	largest, err := w.checkForRun(nodes)
	if err != nil {
		return nil, err
	}
	r := &run{opts: opts, w: w, model: model, appIdx: make(map[string]int32, len(w.Apps)), nodeIdx: make(map[string]int32, len(nodes)),
		qIdx: map[string]int32{}, uIdx: map[userKey]int32{}, hbNode: -1, dynIdx: map[string]int{}}
	if err := r.setup(nodes, largest); err != nil {
		return nil, err
	}
	r.loop()
	if r.stopErr != nil {
		return nil, r.stopErr
	}
	res := r.finish()
	if r.outErr != nil {
		return nil, fmt.Errorf("sim: write events: %w", r.outErr)
	}
	return res, nil
}

func (r *run) setup(specs []NodeSpec, largest engine.Resource) error {
	o := &r.opts
	if o.SampleMS <= 0 {
		o.SampleMS = DefaultSampleMS
	}
	hb, err := heartbeatMS(r.model, r.w)
	if err != nil {
		return err
	}
	r.hb = hb
	if r.w.SLSAMs {
		r.beatsFrom = hb // slsBeatsFrom
	}
	r.amHB = r.w.AMHeartbeatMS
	if r.amHB <= 0 {
		r.amHB = DefaultAMHeartbeatMS
	}
	g := r.model.Global
	r.minMem, r.minVC = g.MinAllocation.V.MemoryMB, g.MinAllocation.V.VCores
	r.drf = g.DominantCalculator()
	if r.drf {
		if err := r.w.checkVCores(largest); err != nil {
			return err
		}
	}
	r.maxAllocWait = g.SchedulingWaitMS.V
	if err := r.checkApps(); err != nil {
		return err
	}
	specs, refused := r.admitNodes(specs)
	e, err := engine.New(r.model, toEngineNodes(specs), engine.Options{OnEvent: r.eventHook(), WalkEveryLeaf: r.opts.walkEveryLeaf,
		// The workload's users are the group provider for a tag's user.
		GroupsOf: func(u string) []string { return r.w.Users[u] }})
	if err != nil {
		return fmt.Errorf("sim: %w", err)
	}
	r.e = e
	r.lazyBeats()
	if set, _ := r.w.Cluster.labelSet(); len(set) > 0 {
		if err := e.DefineLabels(set); err != nil {
			return posErr(r.w.Cluster.Pos, "cluster.node_labels: %v", err)
		}
	}
	r.multi = e.MultiNode()
	if iv, ok := e.AsyncIntervalMS(); ok {
		if iv > MaxHeartbeatMS {
			// Past a day simulated time would overflow before a pass.
			key := xmlconf.Prefix + "schedule-asynchronously.scheduling-interval-ms"
			return fmt.Errorf("sim: %s%s = %d: want at most %d milliseconds", confAt(r.model, key), key, iv, int64(MaxHeartbeatMS))
		}
		r.async = asyncState{on: true, intervalMS: iv, last: -1}
	}
	// The exhaustive reference keeps every beat in the event queue.
	r.sweep.on = !o.exhaustive && !r.async.on
	if r.sweep.on && !r.multi && !o.beatReserved {
		e.CountReReservations()
		r.counting = true
	}
	r.budgeted = o.budget() > 0
	rng := rand.New(rand.NewSource(o.Seed))
	r.parts = newPartStats(r.w, specs)
	if r.parts != nil {
		r.parts.readStart(e)
	}
	r.addNodeState(specs, rng)
	r.initQueues()
	r.initApps()
	for i, ev := range r.w.Events {
		r.q.push(event{t: ev.AtMS, kind: evWorkload, ref: int32(i)})
	}
	if o.Events != nil {
		r.out = bufio.NewWriterSize(o.Events, 1<<16)
	}
	r.res = Result{Workload: r.w.Name, HeartbeatMS: r.hb, SampleMS: o.SampleMS, Seed: o.Seed,
		Cluster:  ClusterInfo{Nodes: len(specs), MemoryMB: e.Cluster().MemoryMB, VCores: e.Cluster().VCores},
		Rejected: []Rejection{}, Preemptions: []Preemption{}, Refreshes: []RefreshResult{}}
	r.res.Warnings = append(rmOnlyWarnings(r.model), addWarnings(nil, e.Unmodelled())...)
	r.res.Warnings = append(r.res.Warnings, labelWarnings(r.model, r.w, specs)...)
	if refused != "" {
		r.res.Warnings = append(r.res.Warnings, refused)
	}
	if w := r.slsHeartbeatWarning(); w != "" {
		r.res.Warnings = append(r.res.Warnings, w)
	}
	r.checkZeroShare("")
	r.res.AsyncIntervalMS, r.res.MultiNode = r.async.intervalMS, r.multi
	r.rng = rng
	return nil
}

// heartbeatMS is the node heartbeat interval: the workload's override,
// else the configuration's typed setting (yarn-site.xml merged in, 1000
// by default).
func heartbeatMS(m *xmlconf.Model, w *Workload) (int64, error) {
	if w.NMHeartbeatMS > 0 {
		return w.NMHeartbeatMS, nil
	}
	v := m.Global.NodeHeartbeatMS
	switch {
	case v.Set() && (v.Err != "" || v.V <= 0 || v.V > MaxHeartbeatMS):
		// Past a day, simulated time would overflow before a heartbeat.
		return 0, fmt.Errorf("sim: %s%s = %q: want a positive number of milliseconds, at most %d", posPrefix(v.Pos()), xmlconf.NodeHeartbeatKey, v.Raw, MaxHeartbeatMS)
	case v.V > 0:
		return v.V, nil
	}
	return DefaultHeartbeatMS, nil // a model not built by xmlconf.Build
}

// confAt is "file:line: " where the configuration sets key, or "".
func confAt(m *xmlconf.Model, key string) string {
	if m == nil || m.Conf == nil {
		return ""
	}
	p, ok := m.Conf.Lookup(key)
	if !ok {
		return ""
	}
	return posPrefix(p.ValuePos)
}

// posPrefix is "file:line: " for a place read from a file, or "".
func posPrefix(p xmlconf.Pos) string {
	if p.File == "" {
		return ""
	}
	return fmt.Sprintf("%s:%d: ", p.File, p.Line)
}

// checkApps resolves every app's queue to a leaf (refusing unknown
// queues unless they are to be rejected at run time) and checks that
// each phase asks one size per request priority, as YARN's one
// ResourceRequest per priority forces.
func (r *run) checkApps() error {
	for i := range r.w.Apps {
		a := &r.w.Apps[i]
		if _, ok := resolveLeaf(r.model, a.Queue); !ok && !r.opts.RejectUnknownQueues && !r.w.RejectUnknownQueues && !placesDynamically(r.model) {
			return posErr(a.Pos, "application %q: unknown queue %q (leaf queues: %s)", a.ID, a.Queue, leafList(r.model))
		}
		sizes := map[[2]int64]engine.Resource{}
		labels := map[[2]int64]*string{}
		for j := range a.Tasks {
			t := &a.Tasks[j]
			k := [2]int64{int64(t.Phase), int64(t.Priority)}
			s, seen := sizes[k]
			if seen && (s.MemoryMB != t.MemoryMB || s.VCores != t.VCores) {
				return posErr(a.Pos, "application %q: phase %d asks two sizes at priority %d (%d MB and %d MB); YARN takes one size per request priority", a.ID, t.Phase, t.Priority, s.MemoryMB, t.MemoryMB)
			}
			if l := a.taskLabel(t); seen && !sameLabel(labels[k], l) {
				return posErr(a.Pos, "application %q: phase %d asks two node labels at priority %d; YARN's one ANY request per priority carries one label", a.ID, t.Phase, t.Priority)
			}
			sizes[k] = engine.Resource{MemoryMB: t.MemoryMB, VCores: t.VCores}
			labels[k] = a.taskLabel(t)
		}
	}
	return nil
}

// resolveLeaf finds the leaf an app names: a full path, or a short name
// held by exactly one leaf (CapacityScheduler's queue lookup).
func resolveLeaf(m *xmlconf.Model, name string) (string, bool) {
	if q := m.Queue(name); q != nil {
		return q.Path, q.IsLeaf()
	}
	if ls := m.Leaves[name]; len(ls) == 1 {
		return ls[0].Path, true
	}
	return "", false
}

func leafList(m *xmlconf.Model) string {
	var names []string
	for _, q := range m.Queues {
		if q.IsLeaf() {
			names = append(names, q.Path)
		}
	}
	if len(names) > 8 {
		names = append(names[:8], fmt.Sprintf("... %d more", len(names)-8))
	}
	return strings.Join(names, ", ")
}

func toEngineNodes(specs []NodeSpec) []engine.NodeSpec {
	out := make([]engine.NodeSpec, len(specs))
	for i, s := range specs {
		out[i] = engine.NodeSpec{ID: s.ID, Host: s.ID, Rack: s.Rack, MemoryMB: s.MemoryMB, VCores: s.VCores, Partition: s.Partition}
	}
	return out
}

// addNodeState registers nodes (already in the engine) with a random
// heartbeat offset each, as SLS's NMRunner does.
func (r *run) addNodeState(specs []NodeSpec, rng *rand.Rand) {
	r.nodes = slices.Grow(r.nodes, len(specs))
	for _, s := range specs {
		idx, _ := r.e.NodeIndex(s.ID)
		for len(r.nodes) <= idx {
			r.nodes = append(r.nodes, nodeState{lastHB: -1})
		}
		r.nodes[idx] = nodeState{id: s.ID, rack: s.Rack, phase: rng.Int63n(r.hb), lastHB: -1}
		r.flags.grow(len(r.nodes))
		r.flags.clear(int32(idx), flagScheduled)
		r.flags.clear(int32(idx), flagReserved)
		r.flags.set(int32(idx), flagAlive)
		r.nodeIdx[s.ID] = int32(idx)
	}
	if r.parts != nil {
		r.parts.addNodes(r, specs)
	}
	r.park.rebuild(r.nodes)
	// Nodes are added at setup or by a workload event, before the
	// heartbeats of that millisecond: the cursor restarts at now, where a
	// new node may beat before the old cursor's slot.
	r.sweep.rebuild(&r.park, r.flags, r.hb, max(r.now, r.beatsFrom))
	r.uniform = true
	for k := range r.nodes {
		if r.flags.has(int32(k), flagAlive) && (r.e.NodeTotal(k) != r.e.NodeTotal(0)) {
			r.uniform = false
		}
	}
	if r.parts != nil && r.parts.labelled {
		// A heartbeat that achieves nothing on a node of one partition
		// says nothing about a node of another (simple's shortcut).
		r.uniform = false
	}
	for _, s := range specs {
		idx, _ := r.e.NodeIndex(s.ID)
		r.schedule(int32(idx))
	}
}

// initApps orders apps by submit time (stable) and queues their arrival.
func (r *run) initApps() {
	r.apps = make([]appState, len(r.w.Apps))
	r.order = make([]int32, len(r.w.Apps))
	for i := range r.w.Apps {
		r.order[i] = int32(i)
	}
	sort.SliceStable(r.order, func(i, j int) bool {
		return r.w.Apps[r.order[i]].SubmitMS < r.w.Apps[r.order[j]].SubmitMS
	})
	for _, i := range r.order {
		a := &r.w.Apps[i]
		r.apps[i] = appState{spec: a, leaf: -1, user: -1, submitMS: a.SubmitMS, firstMS: -1, finishMS: -1, amReadyAt: -1, state: AppNotArrived}
		r.appIdx[a.ID] = i
		r.q.push(event{t: a.SubmitMS, kind: evSubmit, ref: i})
	}
}

// loop runs events in time order until none is left or Until passes.
func (r *run) loop() {
	for r.q.len() > 0 || r.sweep.count > 0 {
		if r.overBudget() {
			return
		}
		ev, rk, ok := r.nextEvent()
		if !ok {
			break
		}
		if r.opts.Until > 0 && ev.t > r.opts.Until {
			r.res.Summary.StoppedAtUntil = true
			break
		}
		if ev.kind == evHeartbeat && rk >= 0 && r.fastOrStandBeat(ev.ref, rk) {
			r.now = ev.t
			r.counted()
			if r.fastRun() {
				return
			}
			continue
		}
		if !r.sampleUntil(ev.t) {
			return
		}
		r.now = ev.t
		if r.multi {
			r.e.SetTime(ev.t) // the multi-node sorters that fell due run first
		}
		r.dispatch(ev, rk)
		if r.outErr != nil {
			return // a full disk: the log is lost, stop now rather than at the end
		}
		if r.stopErr != nil {
			return // a refresh added queues the series cannot hold (addQueue), or its file could not be read
		}
		r.counted()
	}
	end := r.lastChange
	if r.opts.Until > 0 && (r.res.Summary.StoppedAtUntil || r.opts.Until > end) {
		end = r.opts.Until
	}
	r.sampleUntil(end + 1) // past the cap it sets stopErr, which Run returns
	r.now = end
	if r.opts.Progress != nil {
		r.progress()
	}
}

// counted counts an event done, reporting progress now and then.
func (r *run) counted() {
	r.evCount++
	if r.opts.Progress != nil && r.evCount&0xffff == 0 {
		r.progress()
	}
}

// nextEvent takes the next event in (time, kind, order): the sweep's next
// heartbeat, with the node's rank (the sweep's answers read by rank; a
// lookup of it was a cache miss), or the queue's next event, rank -1,
// before which the sweep's cursor moves to that time. With the sweep on
// every heartbeat comes from it.
func (r *run) nextEvent() (event, int, bool) {
	if r.sweep.on {
		if rk, t, ok := r.sweep.next(&r.park, r.hb); ok {
			if top := r.q.peek(); top == nil || t < top.t || (t == top.t && evHeartbeat < top.kind) {
				r.sweep.take(&r.park, r.hb, rk, t)
				return event{t: t, kind: evHeartbeat, ref: r.park.byPhase[rk]}, rk, true
			}
		}
	}
	if r.q.len() == 0 {
		return event{}, -1, false
	}
	ev := r.q.pop()
	if r.sweep.on {
		r.sweep.seek(&r.park, r.hb, ev.t)
	}
	return ev, -1, true
}

func (r *run) progress() {
	h := int64(0)
	if n := len(r.order); n > 0 {
		h = r.w.Apps[r.order[n-1]].SubmitMS
	}
	r.opts.Progress(Progress{NowMS: r.now, HorizonMS: h, AppsDone: r.done, AppsTotal: len(r.apps),
		ContainersAllocated: r.res.Summary.ContainersAllocated})
}

// beatRank is the rank of node i beating: rk, the sweep's, or looked up
// (-1: the beat came from the queue).
func (r *run) beatRank(i int32, rk int) int32 {
	if rk >= 0 {
		return int32(rk)
	}
	return r.park.rank[i]
}

// dispatch handles an event the loop took; rk is a heartbeat's rank when
// the sweep gave it (nextEvent), else -1.
func (r *run) dispatch(ev event, rk int) {
	if ev.kind != evHeartbeat && ev.kind != evPreempt && ev.kind != evDone {
		// Anything but a heartbeat may change what one does; a
		// preemption round and a container's end say themselves
		// (preemptRound, containerDone).
		r.futile.epoch++
	}
	switch ev.kind {
	case evSubmit:
		r.submit(ev.ref)
	case evAMReady:
		r.amReady(ev.ref)
	case evDelayedAsk:
		r.delayedAsk(ev.ref, int(ev.c))
	case evDone:
		r.containerDone(ev.c, ev.ref)
	case evAMSeen:
		r.amSeen(ev.ref)
	case evAMReask:
		r.amReask(ev.ref)
	case evStreamEnd:
		r.streamEnd(ev.ref)
	case evAMFinish:
		r.amFinish(ev.ref)
	case evHeartbeat:
		r.heartbeat(ev.ref, r.beatRank(ev.ref, rk))
	case evAsync:
		r.asyncPass()
	case evWorkload:
		r.workloadEvent(ev.ref)
	case evPreempt:
		r.preemptRound()
	case evExpire:
		r.expireRound()
	case evLifetime:
		r.lifetimeReached(ev.ref)
	}
}

// checkContainerCap refuses a workload asking for more containers (tasks
// and AMs) than max (0: DefaultMaxContainers) before the run allocates
// anything for them: the simulator keeps state per container, so a task
// count at MaxContainers would exhaust memory.
func checkContainerCap(w *Workload, max int) error {
	c := newContainerCount(max)
	for i := range w.Apps {
		if !c.add(1 + w.Apps[i].Containers()) {
			return c.refuse(w.Apps[i].Pos, w.Apps[i].ID)
		}
	}
	return nil
}

// addWarnings appends the warnings not yet listed: the run lists what the
// engine does not model at the start and again at the end, when a refresh
// may have changed the configuration.
func addWarnings(list []string, ws []engine.Warning) []string {
	for _, w := range ws {
		if s := w.String(); !slices.Contains(list, s) {
			list = append(list, s)
		}
	}
	return list
}

// lazyBeats: a node's killable containers are room the futile record, the
// parked nodes and the standing reservations do not see (engine/lazy.go),
// so once lazy preemption is on (at start or from a refresh) the run
// beats every node through the engine, as the ResourceManager does.
func (r *run) lazyBeats() {
	if r.e.LazyPreemption() {
		r.opts.exhaustive, r.opts.beatFutile, r.opts.beatReserved = true, true, true
	}
}

// lazyRefreshed warns when a refresh turns lazy preemption on in a run
// that started without it: the run's event queue was set up for its
// heartbeat shortcuts (the sweep, parked nodes), which cannot be switched
// to beating every node mid-run, so a parked node's killable room waits
// for its next beat through the engine.
func (r *run) lazyRefreshed(was bool) {
	if was || !r.e.LazyPreemption() || r.opts.exhaustive {
		return
	}
	r.opts.beatFutile, r.opts.beatReserved = true, true
	r.res.Warnings = append(r.res.Warnings, fmt.Sprintf("at %s: the refresh turns lazy preemption on; the run keeps the heartbeat shortcuts it started with, so a parked node's killable room is seen only when it next beats through the engine (set yarn.scheduler.capacity.lazy-preemption-enabled in the starting configuration for an exact run)", fmtMS(r.now)))
}
