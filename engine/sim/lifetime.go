package sim

import "math"

// lifetimeMonitorMS is RMAppLifetimeMonitor's check interval
// (yarn.resourcemanager.application-timeouts.monitor.interval-ms;
// serviceInit takes the default 3000 for a value of 0 or less).
func (r *run) lifetimeMonitorMS() int64 {
	if v := r.model.Global.AppTimeoutsMonitorMS.V; v > 0 {
		return v
	}
	return 3000
}

// LifetimeKilled is the diagnostics of an app killed at its lifetime
// (RMAppLifetimeMonitor).
const LifetimeKilled = "Application is killed by ResourceManager as it has exceeded the lifetime period."

// scheduleLifetime arms the lifetime monitor for an accepted app: it is
// killed at the first monitor check after submission + lifetime.
func (r *run) scheduleLifetime(i int32, leaf string) {
	lt := r.e.AppLifetime(leaf, r.apps[i].spec.LifetimeS)
	if lt <= 0 {
		return
	}
	iv := r.lifetimeMonitorMS()
	if lt > (math.MaxInt64-iv-r.now)/1000 {
		return // past any time a run reaches
	}
	at := r.now + lt*1000
	at = (at + iv - 1) / iv * iv
	r.q.push(event{t: at, kind: evLifetime, ref: i})
}

// lifetimeReached kills an app still running at its lifetime.
func (r *run) lifetimeReached(i int32) {
	switch r.apps[i].state {
	case AppFinished, AppRejected, AppFailed, AppKilled:
		return
	}
	r.finishApp(i, AppKilled, LifetimeKilled)
}
