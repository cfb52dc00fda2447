package sim

import (
	"cmp"
	"slices"

	"github.com/capq/capq/engine"
)

// amPriority is the AM container's request priority; the engine spares
// containers allocated at it when it preempts.
const amPriority = engine.AMPriority

// submit hands an app to the scheduler and asks for its AM container.
func (r *run) submit(i int32) {
	a := &r.apps[i]
	s := a.spec
	leafPath, ok := resolveLeaf(r.model, s.Queue)
	if ok {
		a.leaf = r.qIdx[leafPath]
	}
	spec := placementSpec(s)
	spec.Ref = i
	if spec.Groups == nil {
		spec.Groups = r.w.Users[s.User]
	}
	// The submission stamps the queue's last use with the engine's clock
	// (lastSubmittedTimestamp), which only multi-node runs keep current.
	r.e.SetTime(r.now)
	r.freeMaxAlloc()
	pl, err := r.e.Submit(spec)
	r.touch()
	if err == nil && pl.Queue != "" {
		r.created(pl.AutoCreated)
		a.leaf = r.qIdx[pl.Queue]
		r.scheduleLifetime(i, pl.Queue)
	}
	if err != nil {
		a.state, a.reason = AppRejected, err.Error()
		if a.leaf >= 0 {
			r.queues[a.leaf].rejected++
			r.queues[a.leaf].submitted++
		}
		r.res.Rejected = append(r.res.Rejected, Rejection{App: s.ID, Queue: s.Queue, User: s.User, AtMS: r.now, Reason: a.reason})
		r.done++
		return
	}
	a.state = AppAccepted
	a.user = r.userFor(a.leaf, s.User)
	r.users[a.user].apps++
	for q := a.leaf; q >= 0; q = r.queues[q].parent {
		r.queues[q].submitted++
	}
	if r.ask(i, []engine.Ask{{Priority: amPriority, ResourceName: engine.AnyResource,
		Resource: engine.Resource{MemoryMB: s.AM.MemoryMB, VCores: s.AM.VCores}, Count: 1, NodeLabel: s.amLabel()}}, 1, s.AM.MemoryMB) {
		r.wakeAll()
	}
}

// ask sends resource requests and books n containers of mem MB as pending.
// An ask the scheduler refuses (a container above the queue's maximum
// allocation: InvalidResourceRequestException) fails the app, as it fails
// the AM in YARN; ask then returns false.
func (r *run) ask(i int32, asks []engine.Ask, n int, mem int64) bool {
	a := &r.apps[i]
	r.freeMaxAlloc()
	if err := r.e.UpdateAsks(a.spec.ID, asks); err != nil {
		r.finishApp(i, AppFailed, err.Error())
		return false
	}
	a.pending += n
	a.pendingMB += mem
	r.outstanding += int64(n)
	r.addPending(a.leaf, mem)
	return true
}

// amReady is the AM's first heartbeat after its container started: it
// asks for phase 0.
func (r *run) amReady(i int32) {
	a := &r.apps[i]
	if a.amReadyAt != r.now || a.state != AppAccepted && a.state != AppRunning {
		return // finished, or the AM this event was for is gone
	}
	a.state = AppRunning
	if a.phases != nil {
		return // a new attempt: its tasks are already asked for
	}
	r.phases(a)
	r.startPhase(i)
}

// phases groups the app's task groups by phase, skipping empty ones, in
// phase order. It sorts the groups rather than indexing by phase number:
// a hostile "phase": 2147483648 once made a slice that large.
//
// Each phase is a slice of the one sorted index array, and the sort is
// generic: per app this was a slice per phase grown by appends and
// sort.SliceStable's closure and reflected swapper, allocations an app
// makes once but a contended day has 100 k apps.
func (r *run) phases(a *appState) {
	tasks := a.spec.Tasks
	idx := make([]int, 0, len(tasks))
	for j, t := range tasks {
		if t.Count > 0 {
			idx = append(idx, j)
		}
	}
	slices.SortStableFunc(idx, func(x, y int) int { return cmp.Compare(tasks[x].Phase, tasks[y].Phase) })
	n := 0
	for k, j := range idx {
		if k == 0 || tasks[j].Phase != tasks[idx[k-1]].Phase {
			n++
		}
	}
	a.phases = nil // stays nil without tasks, as amReady reads it
	if n > 0 {
		a.phases = make([][]int, 0, n)
	}
	start := 0
	for k := range idx {
		if k+1 == len(idx) || tasks[idx[k+1]].Phase != tasks[idx[k]].Phase {
			a.phases = append(a.phases, idx[start:k+1:k+1])
			start = k + 1
		}
	}
	a.phase = -1
}

// startPhase asks for the next phase's containers, or finishes the app
// when no phase is left.
func (r *run) startPhase(i int32) {
	a := &r.apps[i]
	a.phase++
	if a.phase >= len(a.phases) {
		r.appDone(i)
		return
	}
	// A new phase's FIFOs reuse the last phase's array (no pointer to
	// them outlives a call).
	a.fifo = a.fifo[:0]
	hosts := map[int32]map[string]int{}
	racks := map[int32]map[string]int{}
	// labels holds each priority's label from its first group, as
	// prioLabel reads it; asking prioLabel per priority would walk the
	// phase once per priority, quadratic in a file's task groups.
	labels := map[int32]*string{}
	var prios []int32
	total, mem, delayed := 0, int64(0), 0
	local := false
	for _, j := range a.phases[a.phase] {
		t := &a.spec.Tasks[j]
		if t.DelayMS > 0 {
			if at := r.delayedAskAt(a, t.DelayMS); at > r.now {
				delayed += t.Count
				r.q.push(event{t: at, kind: evDelayedAsk, ref: i, c: int64(j)})
				continue
			}
		}
		f := a.fifoAt(t.Priority)
		if f == nil {
			f = a.addFIFO(t.Priority, engine.Resource{MemoryMB: t.MemoryMB, VCores: t.VCores})
			prios = append(prios, t.Priority)
			labels[t.Priority] = a.spec.taskLabel(t)
		}
		f.push(t.DurationMS, t.Count)
		total += t.Count
		mem += int64(t.Count) * t.MemoryMB
		// A priority's location maps only when a group names locations:
		// most workloads name none, and two maps a priority were most of
		// what a phase allocated.
		if (len(t.Hosts) > 0 || len(t.Racks) > 0) && hosts[t.Priority] == nil {
			hosts[t.Priority], racks[t.Priority] = map[string]int{}, map[string]int{}
		}
		if r.addLocality(t, hosts[t.Priority], racks[t.Priority]) {
			local = true
		}
	}
	a.phaseLeft = total + delayed
	var asks []engine.Ask
	for _, p := range prios {
		f := a.fifoAt(p)
		f.asked, f.batchAt = f.left(), r.now
		res := engine.Resource{MemoryMB: f.size.MemoryMB, VCores: f.size.VCores}
		for _, name := range sortedKeys(racks[p]) {
			asks = append(asks, engine.Ask{Priority: p, ResourceName: name, Resource: res, Count: racks[p][name]})
		}
		for _, name := range sortedKeys(hosts[p]) {
			asks = append(asks, engine.Ask{Priority: p, ResourceName: name, Resource: res, Count: hosts[p][name]})
		}
		asks = append(asks, engine.Ask{Priority: p, ResourceName: engine.AnyResource, Resource: res, Count: f.left(), NodeLabel: labels[p]})
	}
	if !r.ask(i, asks, total, mem) {
		return
	}
	if local {
		a.localAsks = true
		r.localApps++
	}
	r.wakeAll()
}

// delayedAskAt is when the AM asks for a group of delay d. In the first
// phase DAGAMSimulator.getToBeScheduledContainers asks a container once
// amStartTime + its request delay has passed, amStartTime being the AM's
// first step (its submission), and it asks only at its heartbeats, which
// TaskRunner runs every interval from that step: the first heartbeat at
// or after submission + d. A time already past when the phase starts
// (the AM registers) asks with the phase's first asks. In a later phase
// the delay counts from the phase's start.
func (r *run) delayedAskAt(a *appState, d int64) int64 {
	if a.phase > 0 {
		return r.now + d
	}
	return a.submitMS + (d+r.amHB-1)/r.amHB*r.amHB
}

// delayedAsk asks for task group j once its delay has passed: the
// priority's outstanding count grows by the group's containers (an ask
// sets the count, as a ResourceRequest does). The group asks off-switch
// only: its locality is not modelled.
func (r *run) delayedAsk(i int32, j int) {
	a := &r.apps[i]
	if a.state != AppRunning && a.state != AppAccepted {
		return // finished, failed or rejected meanwhile
	}
	t := &a.spec.Tasks[j]
	f := a.fifoAt(t.Priority)
	if f == nil {
		f = a.addFIFO(t.Priority, engine.Resource{MemoryMB: t.MemoryMB, VCores: t.VCores})
	}
	f.push(t.DurationMS, t.Count)
	count := f.left()
	if r.w.SLSAMs {
		// DAGAMSimulator asks this step's batch alone (dagReplaced).
		r.dagReplaced(i, f, t.Priority)
		count = f.asked + t.Count
	}
	f.asked, f.batchAt = count, r.now
	res := engine.Resource{MemoryMB: f.size.MemoryMB, VCores: f.size.VCores}
	if r.ask(i, []engine.Ask{{Priority: t.Priority, ResourceName: engine.AnyResource, Resource: res, Count: count, NodeLabel: a.spec.taskLabel(t)}}, t.Count, int64(t.Count)*f.size.MemoryMB) {
		r.wakeAll()
	}
}

// addLocality counts a group's host and rack asks: each container asks
// every host listed and the racks given (or its hosts' racks, as
// AMRMClient resolves them).
func (r *run) addLocality(t *TaskGroup, hosts, racks map[string]int) bool {
	if len(t.Hosts) == 0 && len(t.Racks) == 0 {
		return false
	}
	for _, h := range t.Hosts {
		hosts[h] += t.Count
	}
	if len(t.Racks) > 0 {
		for _, rk := range t.Racks {
			racks[rk] += t.Count
		}
	} else {
		for _, h := range t.Hosts {
			if n, ok := r.nodeIdx[h]; ok {
				racks[r.nodes[n].rack] += t.Count
			}
		}
	}
	return true
}

// allocated books a container the engine placed: the AM starts the app;
// a task takes the next duration at its priority.
func (r *run) allocated(ev *engine.Event, node int32) {
	i := r.appOf(ev)
	if i < 0 {
		return
	}
	a := &r.apps[i]
	mem := ev.Resource.MemoryMB
	// Pending is booked as asked; the engine may have rounded the ask up
	// to the minimum allocation, so used is booked as allocated. A task
	// reads its FIFO once and not the app's spec (a cache line of its
	// own, cold by now).
	var f *durFIFO
	if ev.Priority != amPriority {
		f = a.fifoAt(ev.Priority)
	}
	asked := int64(0)
	if f != nil {
		asked = f.size.MemoryMB
	} else {
		asked = a.spec.AM.MemoryMB
	}
	a.pending--
	a.pendingMB -= asked
	r.outstanding--
	r.addAllocated(a.leaf, asked)
	a.containers++
	r.res.Summary.ContainersAllocated++
	if ev.Priority == amPriority {
		a.amID = ev.ContainerID
		r.res.Summary.AMContainers++
		if a.firstMS < 0 {
			a.firstMS = r.now
			r.queues[a.leaf].waits = append(r.queues[a.leaf].waits, r.now-a.submitMS)
		}
		if r.w.SLSAMs {
			r.slsRegistered(i)
		} else {
			// RMAppImpl stays ACCEPTED until the attempt registers
			// (ATTEMPT_REGISTERED), one AM heartbeat after its container starts.
			a.amReadyAt = r.now + r.amHB
			r.q.push(event{t: r.now + r.amHB, kind: evAMReady, ref: i})
		}
	} else {
		d, _ := f.pop()
		f.asked--
		// The engine keeps the duration for the release event: a kill
		// asks for the task again with its own (reaskTask, slsKilled).
		r.e.SetTag(ev.ContainerID, d)
		end := r.doneAt(node, r.now+d)
		if r.w.SLSAMs {
			end = r.slsTaskEnd(a, node, d)
		}
		if r.w.SLSAMs && r.slsUnlaunched(a) {
			a.unlaunched = append(a.unlaunched, ev.ContainerID)
		} else {
			r.q.push(event{t: end, kind: evDone, ref: i, c: ev.ContainerID})
		}
		if a.pending == 0 && a.localAsks {
			a.localAsks = false
			r.localApps--
		}
	}
	r.use(a, node, mem, ev.Resource.VCores, 1)
}

// containerDone completes app i's task container id after its duration.
//
// The futile record stands when the container was killed or preempted
// earlier: ReleaseRunning then only looks the id up, as Hadoop's
// AbstractYarnScheduler.completedContainer returns at once when the
// RMContainer no longer exists, so no pass can go otherwise. On #19's contended day (292 k containers preempted) such
// ends had begun 12.5 k of the 395 k epochs whose first walk found
// nothing in the first 8 hours, each costing a walk. Otherwise the
// release changed usage and room, and a new epoch starts; nothing
// between the release and the bump reads the record (its readers are
// the heartbeat and fastRun), so it is as if before it.
// TestEndsOfGoneContainersKeepTheEventLog compares it with a new epoch at
// every end (Options.everyEndEpoch).
func (r *run) containerDone(id int64, i int32) {
	if r.opts.everyEndEpoch {
		r.futile.epoch++
	}
	var seen uint64
	var stamp engine.PassStamp
	if checkRoom {
		seen, stamp = r.engineEvs, r.e.PassStamp()
	}
	r.releasing = true
	ok := r.e.ReleaseRunning(id)
	r.releasing = false
	if !ok {
		if checkRoom && (r.engineEvs != seen || r.e.PassStamp() != stamp) {
			panic("sim: releasing a container that was gone changed the engine")
		}
		r.res.goneEnds++
		return
	}
	r.futile.epoch++
	r.touch()
	if r.w.SLSAMs {
		r.slsSeen(i) // the AM sees it two steps later
	} else {
		a := &r.apps[i]
		a.phaseLeft--
		if a.phaseLeft == 0 {
			r.startPhase(i)
		}
	}
	r.afterEngine()
	r.wakeAll()
}

// finishApp ends an app: the engine releases its AM and anything left.
func (r *run) finishApp(i int32, state, reason string) {
	a := &r.apps[i]
	if a.localAsks {
		a.localAsks = false
		r.localApps--
	}
	r.releasing = true
	if state == AppKilled {
		// The lifetime monitor kills the app (RMAppLifetimeMonitor sends
		// RMAppEventType.KILL), so the engine ends it KILLED too.
		_ = r.e.KillApp(a.spec.ID)
	} else {
		_ = r.e.FinishApp(a.spec.ID)
	}
	r.releasing = false
	r.outstanding -= int64(a.pending)
	r.addPending(a.leaf, -a.pendingMB)
	a.pending, a.pendingMB = 0, 0
	a.state, a.reason, a.finishMS = state, reason, r.now
	if state == AppFinished {
		for q := a.leaf; q >= 0; q = r.queues[q].parent {
			r.queues[q].finished++
		}
	}
	r.done++
	r.touch()
	r.wakeAll()
}

// released books a container the engine released. One the simulator did
// not ask to release was killed (node lost): its task is asked again, as
// SLS's AMs re-request failed containers; a lost AM fails the app. The
// event carries what the run needs of the container (the engine's
// records are the only ones by container id), its duration in Tag.
func (r *run) released(ev *engine.Event, preempted bool) {
	i := r.appOf(ev)
	if i < 0 {
		return
	}
	a := &r.apps[i]
	mem := ev.Resource.MemoryMB
	r.use(a, r.eventNode(ev), -mem, -ev.Resource.VCores, -1)
	if preempted {
		a.preempted++
		r.res.Summary.Preempted++
		for q := a.leaf; q >= 0; q = r.queues[q].parent {
			r.queues[q].preempted++
		}
		r.res.Preemptions = append(r.res.Preemptions, Preemption{AtMS: r.now, ContainerID: ev.ContainerID,
			App: a.spec.ID, Queue: ev.Queue, Node: ev.Node, MemoryMB: mem})
	}
	if r.releasing && !preempted {
		return
	}
	r.pendingKills = append(r.pendingKills, kill{dur: ev.Tag, app: i, prio: ev.Priority})
}

// afterEngine handles containers killed during an engine call, once the
// engine has returned (it must not be re-entered from its callback).
// Nearly every call finds no kill (3.9 M calls in #19's contended day's
// first 8 hours, 25 k with kills): the test is inlined at the callers
// and the rest, with its slice swap and write barrier, kept out of line.
func (r *run) afterEngine() {
	if len(r.pendingKills) > 0 {
		r.handleKills()
	}
}

// handleKills is afterEngine's work when the engine killed containers.
func (r *run) handleKills() {
	kills := r.pendingKills
	r.pendingKills = nil
	for _, l := range kills {
		a := &r.apps[l.app]
		if a.state != AppRunning && a.state != AppAccepted {
			continue // finished or failed meanwhile
		}
		if l.prio == amPriority {
			if r.w.SLSAMs {
				r.finishApp(l.app, AppFailed, slsAMLost)
				continue
			}
			r.restartAM(l.app)
			continue
		}
		if r.w.SLSAMs {
			r.slsKilled(l)
			continue
		}
		r.reaskTask(l.app, l.prio, l.dur)
	}
}

// reaskTask asks again for a killed task container of that priority and
// duration.
func (r *run) reaskTask(i, prio int32, dur int64) {
	a := &r.apps[i]
	f := a.fifoAt(prio)
	if f == nil {
		return
	}
	f.push(dur, 1)
	f.asked, f.batchAt = f.left(), r.now
	r.ask(i, []engine.Ask{{Priority: prio, ResourceName: engine.AnyResource,
		Resource: engine.Resource{MemoryMB: f.size.MemoryMB, VCores: f.size.VCores}, Count: f.left(), NodeLabel: a.prioLabel(prio)}}, 1, f.size.MemoryMB)
}

// restartAM starts a new attempt when the AM container was lost
// (preempted, or its node removed): the app asks for an AM again; its
// running tasks carry on and its outstanding asks stay (work-preserving,
// so a preempted AM costs its re-allocation, not the app's work).
func (r *run) restartAM(i int32) {
	a := &r.apps[i]
	a.state = AppAccepted
	a.amReadyAt = -1
	a.restarts++
	s := a.spec
	r.ask(i, []engine.Ask{{Priority: amPriority, ResourceName: engine.AnyResource,
		Resource: engine.Resource{MemoryMB: s.AM.MemoryMB, VCores: s.AM.VCores}, Count: 1, NodeLabel: s.amLabel()}}, 1, s.AM.MemoryMB)
}
