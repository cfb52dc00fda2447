package sim

import (
	"errors"
	"fmt"
)

// workloadEvent applies a timed refresh or node change.
func (r *run) workloadEvent(i int32) {
	ev := &r.w.Events[i]
	r.touch()
	switch ev.Kind {
	case EventRefresh:
		r.refresh(ev)
	case EventAddNodes:
		var specs []NodeSpec
		for _, g := range ev.Nodes {
			specs = append(specs, g.Expand()...)
		}
		specs, refused := r.admitNodes(specs)
		if refused != "" {
			r.res.Warnings = append(r.res.Warnings, fmt.Sprintf("at %s: %s", fmtMS(r.now), refused))
		}
		if err := r.e.AddNodes(toEngineNodes(specs)...); err != nil {
			r.res.Refreshes = append(r.res.Refreshes, RefreshResult{AtMS: r.now, Config: "add_nodes", Errors: []string{err.Error()}})
			return
		}
		r.addNodeState(specs, r.rng)
	case EventRemoveNodes:
		for _, id := range ev.Names {
			if err := r.e.RemoveNodes(id); err != nil {
				continue // unknown or already removed: nothing to lose
			}
			if n := r.nodeOf(id); n >= 0 {
				r.flags.clear(n, flagAlive)
				// A removed node is never parked: probe wakes the next
				// parked node alone, and a dead one would wake nothing.
				if rk := r.park.rank[n]; r.park.has(rk) {
					r.park.clear(rk)
				}
			}
		}
		r.afterEngine()
	case EventUpdateNodeLabels:
		r.updateNodeLabels(ev)
	}
	r.sweep.allStale() // totals, partitions, nodes gone
	r.checkZeroShare(fmt.Sprintf("at %s: ", fmtMS(r.now)))
	r.readLimits()
	r.wakeAll()
}

func (r *run) refresh(ev *Event) {
	rr := RefreshResult{AtMS: r.now, Config: ev.Config}
	if r.opts.LoadConfig == nil {
		rr.Errors = []string{"refresh events need a configuration loader"}
		r.res.Refreshes = append(r.res.Refreshes, rr)
		return
	}
	m, err := r.opts.LoadConfig(ev.Config)
	var unreadable *RefreshInputError
	if errors.As(err, &unreadable) {
		r.stopErr = &RefreshInputError{AtMS: ev.AtMS, Err: unreadable.Err}
		return
	}
	if err != nil {
		rr.Errors = []string{fmt.Sprintf("cannot load %s: %v", ev.Config, err)}
		r.res.Refreshes = append(r.res.Refreshes, rr)
		return
	}
	// Charged on top of the event itself; the loop's next budget check
	// stops a run whose refreshes outgrow it.
	r.work += RefreshCost(len(r.model.Queues), len(m.Queues), m.SourceBytes)
	r.refreshes++
	was := r.e.LazyPreemption()
	if errs := r.e.Refresh(m, r.opts.RefreshCheck); len(errs) > 0 {
		rr.Errors = errs
	} else {
		rr.Accepted = true
		r.model = m
		r.lazyRefreshed(was)
		if f := r.e.ReloadFailure(); f != "" {
			// CS124 on reload: Hadoop's refresh throws after the new queues
			// took effect; the run goes on as at a submission (no limit).
			r.res.Warnings = append(r.res.Warnings, fmt.Sprintf("at %s: %s; the run reads that value as no limit", fmtMS(r.now), f))
		}
	}
	r.res.Refreshes = append(r.res.Refreshes, rr)
}
