package preview

import (
	"fmt"
	"sync"

	"github.com/hashicorp/go-multierror"

	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/xmlconf"
)

// Pair is the two configurations to simulate on one workload.
type Pair struct {
	Old, New *xmlconf.Model
	Workload *sim.Workload
	// OldOpts and NewOpts are the simulation options of each side (the
	// same seed; separate Progress callbacks).
	OldOpts, NewOpts sim.Options
}

// Simulate runs both simulations at once, one goroutine each: they share
// only the workload, which sim.Run reads and never writes. On a machine
// with two cores a preview takes about as long as one simulation.
// A side without a RefreshCheck gets RefreshCheck, so a refresh event
// in the workload is judged by capq diff's rules.
func Simulate(p Pair) (old, new *sim.Result, err error) {
	RejectUnknownOnNew(&p)
	for _, o := range []*sim.Options{&p.OldOpts, &p.NewOpts} {
		if o.RefreshCheck == nil {
			o.RefreshCheck = RefreshCheck
		}
	}
	var wg sync.WaitGroup
	var oldErr, newErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		old, oldErr = sim.Run(p.Old, p.Workload, p.OldOpts)
	}()
	go func() {
		defer wg.Done()
		new, newErr = sim.Run(p.New, p.Workload, p.NewOpts)
	}()
	wg.Wait()
	var errs *multierror.Error
	if oldErr != nil {
		errs = multierror.Append(errs, fmt.Errorf("old configuration: %w", oldErr))
	}
	if newErr != nil {
		errs = multierror.Append(errs, fmt.Errorf("new configuration: %w", newErr))
	}
	if e := errs.ErrorOrNil(); e != nil {
		errs.ErrorFormat = func(es []error) string {
			s := es[0].Error()
			for _, e := range es[1:] {
				s += "\n" + e.Error()
			}
			return s
		}
		return nil, nil, errs
	}
	return old, new, nil
}

// AlignLeaves renames leaf queues of old to their path in new when a leaf
// moved (same unique short name, another parent), so a migration that
// groups queues compares each team with itself instead of reporting one
// queue removed and another added. It returns the renames made.
func AlignLeaves(old, new *Run) map[string]string {
	newByName := uniqueLeaves(new)
	oldByName := uniqueLeaves(old)
	renames := map[string]string{}
	for name, op := range oldByName {
		if np, ok := newByName[name]; ok && np != op && findQueue(new, op) == nil {
			renames[op] = np
		}
	}
	if len(renames) == 0 {
		return renames
	}
	for i := range old.Queues {
		if np, ok := renames[old.Queues[i].Path]; ok {
			old.Queues[i].Path = np
		}
	}
	for i := range old.Apps {
		if np, ok := renames[old.Apps[i].Queue]; ok {
			old.Apps[i].Queue = np
		}
	}
	return renames
}

func uniqueLeaves(r *Run) map[string]string {
	count := map[string]int{}
	path := map[string]string{}
	for _, q := range r.Queues {
		if !q.Leaf {
			continue
		}
		name := q.Path[lastDot(q.Path)+1:]
		count[name]++
		path[name] = q.Path
	}
	for name, n := range count {
		if n > 1 {
			delete(path, name)
		}
	}
	return path
}

func lastDot(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			return i
		}
	}
	return -1
}
