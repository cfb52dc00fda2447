package sim

import (
	"errors"
	"fmt"
	"time"
)

// ErrBudget is wrapped by the error Run returns when a run used up its
// work budget (Options.MaxEvents) before the workload was done.
var ErrBudget = errors.New("work budget used up")

// The budget counts events, weighted by what one costs: an event (a
// heartbeat above all) costs more on a large cluster, where the event
// queue and the node table outgrow the CPU caches, and setting a node up
// costs a few events. Measured on the hostile workloads of issue 12: about
// 1 µs an event at 10,000 nodes, 15 µs at 1,000,000, 4 µs to set a node
// up; the weights keep DefaultMaxEvents within a few seconds at any size.
//
// A refresh event re-reads a configuration and checks it against the
// running one (lint, the effective diff, the engine's rebuild): about
// 30 µs a queue with 2,000 queues, so it is charged refreshQueueCost
// events for every queue of the two configurations. Reading and parsing
// the file costs by its size whatever it holds (about 40 ns a byte: a
// 20 MB comment took 0.8 s, and 200 refreshes of it ran for nearly three
// minutes while charged for its 6 queues only), so it is charged one
// event for every refreshBytesPerEvent bytes read, includes too.
//
// An application costs more than the events the run counts for it (its
// arrival, AM and task allocations, completions): measured on SYNTH
// descriptions of 300,000 and 1,000,000 one-task jobs, 20 to 30 µs and
// about 7 KB each (the scheduler's records of the app, its attempt and
// user, the result's row). Each is charged appCost events before the run,
// so the default budget holds 200,000 applications (some 5 s and 1.5 GB)
// and a million is refused up front, where it ran for half a minute in
// 7 GB. Only a SYNTH description reaches such counts from a small file;
// the others need a file of about 150 bytes an application.
const (
	nodeSetupCost        = 10
	nodesPerEventUp      = 25_000
	refreshQueueCost     = 15
	refreshBytesPerEvent = 32
	appCost              = 25
)

// RefreshCost is the budget a refresh between configurations of these
// queue counts uses, the new one read from readBytes bytes
// (xmlconf.Model.SourceBytes).
func RefreshCost(oldQueues, newQueues int, readBytes int64) uint64 {
	return uint64(oldQueues+newQueues)*refreshQueueCost + uint64(max(readBytes, 0))/refreshBytesPerEvent
}

// budget is the most weighted events this run may process; 0 means no
// budget.
func (o Options) budget() uint64 { return EventBudget(o.MaxEvents) }

// EventBudget reads a MaxEvents option (0: DefaultMaxEvents, negative:
// none) as the most weighted events a run may process, 0 for no budget.
// The Hadoop 1 simulator shares it.
func EventBudget(maxEvents int64) uint64 {
	switch {
	case maxEvents < 0:
		return 0
	case maxEvents == 0:
		return DefaultMaxEvents
	}
	return uint64(maxEvents)
}

// SetupCost is the budget that setting up n nodes uses.
func SetupCost(n int) uint64 { return uint64(n) * nodeSetupCost }

// EventCost is the weight of one event on a cluster of n nodes.
func EventCost(n int) uint64 { return 1 + uint64(n)/nodesPerEventUp }

// checkBudget refuses before the run a workload whose certain work
// exceeds the budget: setting up its nodes, each app (appCost) and one
// event for each workload event, processed whatever the configuration
// does with them.
func checkBudget(w *Workload, nodes int, opts Options) error {
	max := opts.budget()
	if max == 0 {
		return nil
	}
	setup := SetupCost(nodes)
	events := (uint64(len(w.Apps))*appCost + uint64(len(w.Events))) * EventCost(nodes)
	if setup+events > max {
		return fmt.Errorf("sim: %w: %d nodes, %d applications and %d workload events are more work than the budget of %d simulated events allows (raise it with --max-events, -1 for none)",
			ErrBudget, nodes, len(w.Apps), len(w.Events), max)
	}
	return nil
}

// overBudget charges the run's setup and events so far against the
// budget and, once it is used up, records why the run stops.
func (r *run) overBudget() bool {
	max := r.opts.budget()
	if max == 0 {
		return false
	}
	r.work += EventCost(len(r.nodes))
	if r.work+SetupCost(len(r.nodes)) <= max {
		return false
	}
	what := "heartbeats, arrivals, completions"
	if r.refreshes > 0 {
		what += fmt.Sprintf("; %d configuration refreshes, charged %d events per queue of the two configurations and one per %d bytes read", r.refreshes, refreshQueueCost, refreshBytesPerEvent)
	}
	r.stopErr = fmt.Errorf("sim: %w: stopped after %d simulated events (%s) on %d nodes at simulated time %s with %d of %d applications finished; raise the budget with --max-events (-1 for none) or stop earlier with --until",
		ErrBudget, r.evCount, what, len(r.nodes), time.Duration(r.now)*time.Millisecond, r.done, len(r.apps))
	return true
}

// budgetFor charges k events at once if the budget has room for all of
// them, as k calls of overBudget that all return false would; otherwise
// it charges nothing and reports false (the one-by-one path then stops at
// the exact event).
func (r *run) budgetFor(k int) bool {
	max := r.opts.budget()
	if max == 0 {
		return true
	}
	w := r.work + uint64(k)*EventCost(len(r.nodes))
	if w+SetupCost(len(r.nodes)) > max {
		return false
	}
	r.work = w
	return true
}

// checkApps refuses, before a reader generates them, n applications
// that alone exceed the work budget maxEvents (Options.MaxEvents): Run
// would refuse the workload (checkBudget charges each appCost), so a
// reader that multiplies a few bytes into jobs (SYNTH's num_jobs) stops
// before drawing them.
func checkApps(n int, maxEvents int64) error {
	max := EventBudget(maxEvents)
	if max == 0 || n <= 0 || uint64(n)*appCost <= max {
		return nil
	}
	return fmt.Errorf("%w: %d applications are more work than the budget of %d simulated events allows (each is charged %d, so at most %d; raise it with --max-events, -1 for none)",
		ErrBudget, n, max, appCost, max/appCost)
}
