package sim

import (
	"fmt"

	"github.com/capq/capq/xmlconf"
)

// The timing of an SLS trace's AMs (Workload.SLSAMs), as SLS 3.4's AM
// simulators run (the same since 3.0; DAGAMSimulator since 3.3). SLS
// runs every AM as a TaskRunner.Task started at the job's start with the
// AM heartbeat as its period: firstStep submits the app at
// job.start.ms (AMSimulator.firstStep), then middleStep runs every
// heartbeat after it. In simulated time:
//
//   - the AM container is asked at submission (AMSimulator.submitApp);
//   - the AM registers when its container is allocated: the RM's attempt
//     launches it at once, and MockAMLauncher calls
//     AMSimulator.notifyAMContainerLaunched, which registers
//     (registerAM) and sets isAMContainerRunning; the app is RUNNING;
//   - AMSimulator.middleStep does nothing until then; the first step
//     strictly after the allocation asks for the first tasks
//     (sendContainerRequest);
//   - a step's allocate call returns what the RM allocated since the
//     last call; the response waits in responseQueue until the next
//     step's processResponseQueue, which launches the container
//     (NMSimulator.addNewContainer, ending lifetime ms later): a task
//     container allocated at t starts at the second step after t;
//   - NMSimulator.middleStep reports a container whose lifetime has
//     passed at the node's first heartbeat at or after its end, and the
//     RM releases it there (CapacityScheduler.nodeUpdate);
//   - the AM sees the completion the same way as an allocation: pulled
//     at the first step after that heartbeat, processed at the next,
//     where MRAMSimulator.sendContainerRequest asks for the reduces once
//     every map is done;
//   - when the last container's completion is processed,
//     MRAMSimulator/DAGAMSimulator.processResponseQueue calls lastStep:
//     the AM unregisters and NMSimulator.cleanupContainer marks the AM
//     container complete, reported at its node's next heartbeat (at or
//     after that step); the attempt, and the app, finish when the RM
//     sees the AM container complete (RMAppAttemptImpl FINISHING to
//     FINISHED).
//
// SLS's threads make ties a race; capq orders them one way: at one
// millisecond an AM step runs before the node heartbeats (evKind), so a
// step sees only what heartbeats strictly before it allocated or
// reported, and a heartbeat sees what the step asked or cleaned up.
//
// The AM container itself is added with lifetime -1 (AM containers are
// never in NMSimulator's containerQueue): it ends only with its app. The
// AM's TaskRunner task ends after 1,000,000 heartbeats
// (AMSimulator.init), where lastStep would stop an app that never
// finished; capq does not model that end (it leaves such an app
// unfinished, and says why where it knows, dagReplaced).

// slsBeatsFrom: SLS's nodes first beat one interval after their offset.
// NMRunner.startNM draws each node's offset in [0, interval)
// (random.nextInt(heartbeatInterval)) and NMSimulator.init makes it the
// start of its TaskRunner.Task; the task's first run is firstStep, which
// does nothing (the node registered in init), and the first heartbeat is
// middleStep, one interval later. So no node beats before the interval:
// run.beatsFrom holds every heartbeat (nextBeat, the sweep's cursor,
// beatAtOrAfter) at or after it, in the node's own phase.

// slsAMLost is the reason an SLS app fails when its AM container is
// lost (preempted, or its node removed): AMSimulator.submitApp submits
// every app with maxAppAttempts 1, and RMAppImpl.AttemptFailedTransition
// starts no other attempt when the app allows one (whatever the AM's exit
// status: with more attempts a preempted AM would not count). The RM
// kills the app's other containers with the attempt. capq's own workloads
// restart the AM instead (restartAM).
const slsAMLost = "AM container lost (preempted or its node removed); SLS submits every app with maxAppAttempts 1 (AMSimulator.submitApp), so RMAppImpl starts no other attempt and the app fails"

// slsHeartbeatWarning says when an SLS trace's nodes beat at another
// interval than the configuration's
// yarn.resourcemanager.nodemanagers.heartbeat-interval-ms: SLS's
// NMSimulator beats every yarn.sls.nm.heartbeat.interval.ms of
// sls-runner.xml (1000 by default, NMRunner.startNM), whatever the
// ResourceManager's setting, and capq does the same.
func (r *run) slsHeartbeatWarning() string {
	v := r.model.Global.NodeHeartbeatMS
	if !r.w.SLSAMs || !v.Set() || v.V == r.hb {
		return ""
	}
	return fmt.Sprintf("%s = %d is not used: SLS's nodes beat every yarn.sls.nm.heartbeat.interval.ms (%d ms here, 1000 unless sls-runner.xml sets it; NMRunner.startNM), and so do capq's", xmlconf.NodeHeartbeatKey, v.V, r.hb)
}

// amStepAfter is the AM's first step strictly after t: steps fall every
// amHB from the app's submission (TaskRunner.Task.run, nextRun +=
// repeatInterval), the first middleStep one interval after it.
func (r *run) amStepAfter(a *appState, t int64) int64 {
	if t < a.submitMS {
		return a.submitMS + r.amHB
	}
	return a.submitMS + ((t-a.submitMS)/r.amHB+1)*r.amHB
}

// beatAtOrAfter is node i's first heartbeat at or after t, where
// NMSimulator.middleStep reports what ended or was cleaned up by then.
func (r *run) beatAtOrAfter(i int32, t int64) int64 {
	if i < 0 || int(i) >= len(r.nodes) {
		return t
	}
	ph := r.nodes[i].phase
	t = max(t, r.beatsFrom)
	return t + ((ph-t)%r.hb+r.hb)%r.hb
}

// slsRegistered is the AM container's launch (MockAMLauncher,
// AMSimulator.notifyAMContainerLaunched): the attempt registers at once,
// and the AM first asks at its next step.
func (r *run) slsRegistered(i int32) {
	a := &r.apps[i]
	a.state = AppRunning
	a.amReadyAt = r.amStepAfter(a, r.now)
	r.q.push(event{t: a.amReadyAt, kind: evAMReady, ref: i})
	if a.spec.StreamMS > 0 {
		a.streamEndAt = r.streamEndAt(a)
		r.q.push(event{t: a.streamEndAt, kind: evStreamEnd, ref: i})
	}
}

// streamEndAt is the step where a stream AM stops:
// StreamAMSimulator.processResponseQueue checks its run time (since
// firstStep, the submission) only on a response, so from the second step
// after registration on, and stops at the first step at least StreamMS
// after submission.
func (r *run) streamEndAt(a *appState) int64 {
	due := a.submitMS + (a.spec.StreamMS+r.amHB-1)/r.amHB*r.amHB
	return max(a.amReadyAt+r.amHB, due)
}

// streamEnd is the stream AM's last working step: its allocate call
// releases every stream it launched (StreamAMSimulator.sendContainerRequest
// with isFinished releases assignedStreams), and checkStop ends the task,
// whose lastStep at the next step cleans up the AM container (appDoneAt).
// The containers allocated too late to be launched (slsUnlaunched) are
// not released: they stay allocated until the app ends and the RM kills
// its attempt's containers (amFinish); the outstanding asks stay too, as
// SLS's do (an empty ask list cancels nothing).
func (r *run) streamEnd(i int32) {
	a := &r.apps[i]
	if a.streamEndAt != r.now || a.state != AppRunning {
		return // finished, or the attempt this event was for is gone
	}
	keep := make(map[int64]bool, len(a.unlaunched)+1)
	keep[a.amID] = true
	for _, id := range a.unlaunched {
		keep[id] = true
	}
	r.releasing = true
	for _, id := range r.e.LiveContainers(a.spec.ID) {
		if !keep[id] {
			_ = r.e.ReleaseContainer(id)
		}
	}
	r.releasing = false
	r.touch()
	r.afterEngine()
	r.wakeAll()
	r.appDoneAt(i, r.now+r.amHB)
}

// slsUnlaunched reports whether a container an SLS stream AM is
// allocated now is never launched: one allocated at t is launched by
// processResponseQueue at the second step after t, and at the stream's
// last step (streamEndAt) processResponseQueue stops at its run-time
// check before it launches anything (StreamAMSimulator), so a container
// allocated at or after streamEndAt - 2 steps, or after the stream
// stopped, never runs.
func (r *run) slsUnlaunched(a *appState) bool {
	return a.spec.StreamMS > 0 && a.streamEndAt > 0 && r.now >= a.streamEndAt-2*r.amHB
}

// slsTaskEnd is when the RM releases a task container allocated now on
// node, of duration d: launched at the second AM step after now
// (pulled by one step's allocate, launched by the next step's
// processResponseQueue), reported at the node's heartbeat at or after
// its end.
func (r *run) slsTaskEnd(a *appState, node int32, d int64) int64 {
	launch := r.amStepAfter(a, r.now) + r.amHB
	return r.beatAtOrAfter(node, launch+d)
}

// slsSeen queues the AM's processing of a container the RM released now:
// the next step's allocate pulls the completion, the step after
// processes it (MRAMSimulator.processResponseQueue).
func (r *run) slsSeen(i int32) {
	a := &r.apps[i]
	r.q.push(event{t: r.amStepAfter(a, r.now) + r.amHB, kind: evAMSeen, ref: i})
}

// slsKilled queues the re-ask of a task container the RM killed now
// (preempted, or its node removed): its completion (exit status not
// SUCCESS) reaches the AM as a finished one does, pulled by the next
// step's allocate and processed at the step after, where
// MRAMSimulator.processResponseQueue moves it to pendingFailedMaps (or
// Reduces) and the same step's sendContainerRequest asks for it again
// (StreamAMSimulator: pendingStreams). capq's own AMs ask at once.
func (r *run) slsKilled(l kill) {
	a := &r.apps[l.app]
	due := r.amStepAfter(a, r.now) + r.amHB
	a.reasks = append(a.reasks, reask{due: due, dur: l.dur, prio: l.prio})
	r.q.push(event{t: due, kind: evAMReask, ref: l.app})
}

// amReask is the AM step that asks again for the killed containers it
// processes now (slsKilled).
func (r *run) amReask(i int32) {
	a := &r.apps[i]
	n := 0
	for n < len(a.reasks) && a.reasks[n].due <= r.now {
		n++
	}
	due := a.reasks[:n]
	a.reasks = a.reasks[n:]
	if a.state != AppRunning && a.state != AppAccepted {
		return // finished or failed meanwhile
	}
	if a.spec.StreamMS > 0 && a.streamEndAt > 0 && r.now >= a.streamEndAt {
		return // a stopped stream AM asks nothing (isFinished), then ends
	}
	asked := false
	for _, k := range due {
		if a.state != AppRunning && a.state != AppAccepted {
			break // an ask the scheduler refused failed the app
		}
		r.reaskTask(i, k.prio, k.dur)
		asked = true
	}
	if asked {
		r.wakeAll()
	}
}

// amSeen is the AM step that processes a completed task: the phase's
// count drops, and once it is done the same step asks for the next
// phase (MRAMSimulator.sendContainerRequest) or, after the last, ends
// the app (lastStep).
func (r *run) amSeen(i int32) {
	a := &r.apps[i]
	if a.state != AppRunning && a.state != AppAccepted {
		return // finished or failed meanwhile
	}
	a.phaseLeft--
	if a.phaseLeft == 0 {
		r.startPhase(i)
	}
}

// appDone ends an app whose last task is done. An SLS AM's lastStep
// cleans up its AM container (NMSimulator.cleanupContainer), which the
// RM releases at that node's next heartbeat, where the attempt and the
// app finish; other apps finish at once.
func (r *run) appDone(i int32) {
	if !r.w.SLSAMs {
		r.finishApp(i, AppFinished, "")
		return
	}
	r.appDoneAt(i, r.now)
}

// appDoneAt runs an SLS AM's lastStep at step t: its AM container is
// released at its node's heartbeat at or after t.
func (r *run) appDoneAt(i int32, t int64) {
	node := int32(-1)
	if ev, ok := r.e.Running(r.apps[i].amID); ok {
		node = r.eventNode(&ev)
	}
	r.q.push(event{t: r.beatAtOrAfter(node, t), kind: evAMFinish, ref: i})
}

// amFinish finishes an SLS app once its AM container is reported done.
func (r *run) amFinish(i int32) {
	a := &r.apps[i]
	if a.state != AppRunning && a.state != AppAccepted {
		return
	}
	r.finishApp(i, AppFinished, "")
}

// dagReplaced books the containers a DAG AM's new batch drops: its ask
// carries that batch alone (DAGAMSimulator.sendContainerRequest packages
// getToBeScheduledContainers' list only), and a ResourceRequest's count
// replaces the one before, so containers asked earlier and not yet
// allocated are never allocated, and the app never finishes: they leave
// the pending books, and a warning names the app.
func (r *run) dagReplaced(i int32, f *durFIFO, prio int32) {
	a := &r.apps[i]
	if f.batchAt == r.now || f.asked <= 0 {
		return // the step's first batch, or nothing waits
	}
	n := f.asked
	a.pending -= n
	a.pendingMB -= int64(n) * f.size.MemoryMB
	r.outstanding -= int64(n)
	r.addPending(a.leaf, -int64(n)*f.size.MemoryMB)
	f.asked = 0
	r.res.Warnings = append(r.res.Warnings, fmt.Sprintf("app %q: at %d ms its DAG AM asks a new batch at priority %d while %d container(s) of its earlier asks are not allocated; DAGAMSimulator asks each batch alone and the new count replaces the old, so those are never allocated and the app never finishes (SLS would stop its AM only 1,000,000 AM heartbeats after its submission)", a.spec.ID, r.now, prio, n))
}
