package hadoop1

import (
	"fmt"
	"slices"
	"sort"
)

// Options are the engine's settings that are not in the config files.
type Options struct {
	Profile Profile
	// JobTrackerUser is the JobTracker's own user (always an administrator).
	JobTrackerUser string
	// UserGroups gives each user's groups, for the ACLs.
	UserGroups map[string][]string
	// Explain records why each job was passed by, for WhyNot (scenarios);
	// a long simulation leaves it off.
	Explain bool
}

// Engine is one JobTracker running the CapacityTaskScheduler.
type Engine struct {
	cfg   Config
	opts  Options
	queue map[string]*Queue
	// order holds queuesForAssigningTasks per type, as left by the last sort.
	order    [2][]*Queue
	trackers []*Tracker
	tracker  map[string]*Tracker
	// slots is the cluster's map and reduce slots (ClusterStatus'
	// getMaxMapTasks/getMaxReduceTasks) and byHost the live trackers of
	// each host in joining order, kept as trackers come and go: every
	// heartbeat read the totals, and every locality check a host's rack,
	// by walking all trackers.
	slots  [2]int
	byHost map[string][]*Tracker
	jobs   []*Job
	job    map[string]*Job
	nextID int
	// why holds, per job and type, why the last lookup passed the job by.
	why map[*Job]*[2]string
}

// New starts the scheduler (CapacityTaskScheduler.start) on a cluster.
func New(cfg Config, trackers []TrackerSpec, opts Options) (*Engine, error) {
	e := &Engine{cfg: cfg, opts: opts, queue: map[string]*Queue{}, tracker: map[string]*Tracker{}, byHost: map[string][]*Tracker{},
		job: map[string]*Job{}, why: map[*Job]*[2]string{}}
	if len(cfg.Queues) == 0 {
		return nil, &StartupError{Messages: []string{"System has no queue configured"}}
	}
	for _, qc := range cfg.Queues {
		e.queue[qc.Name] = newQueue(qc)
	}
	e.initOrder()
	if err := e.AddTrackers(trackers...); err != nil {
		return nil, err
	}
	return e, nil
}

// Config returns the engine's configuration.
func (e *Engine) Config() Config { return e.cfg }

// Profile returns the version profile.
func (e *Engine) Profile() Profile { return e.opts.Profile }

// initOrder is TaskSchedulingMgr.initialize: the queues in the HashMap's
// iteration order, then sorted.
func (e *Engine) initOrder() {
	names := make([]string, 0, len(e.queue))
	for _, qc := range e.cfg.Queues {
		names = append(names, qc.Name)
	}
	for _, t := range taskTypes {
		e.order[t] = e.order[t][:0]
		for _, n := range hashMapOrder(names) {
			e.order[t] = append(e.order[t], e.queue[n])
		}
		sortQueues(e.order[t], t)
	}
}

// Queues returns the queues in configuration order.
func (e *Engine) Queues() []*Queue {
	out := make([]*Queue, 0, len(e.cfg.Queues))
	for _, qc := range e.cfg.Queues {
		out = append(out, e.queue[qc.Name])
	}
	return out
}

// Queue returns the named queue.
func (e *Engine) Queue(name string) (*Queue, bool) { q, ok := e.queue[name]; return q, ok }

// Jobs returns every submitted job in submission order.
func (e *Engine) Jobs() []*Job { return e.jobs }

// Job returns the named job.
func (e *Engine) Job(name string) (*Job, bool) { j, ok := e.job[name]; return j, ok }

// Trackers returns the live trackers in the order they joined.
func (e *Engine) Trackers() []*Tracker { return e.trackers }

// AddTrackers adds TaskTrackers to the cluster.
func (e *Engine) AddTrackers(specs ...TrackerSpec) error {
	for _, s := range specs {
		if s.Name == "" {
			return fmt.Errorf("hadoop1: a tracker needs a name")
		}
		if _, dup := e.tracker[s.Name]; dup {
			return fmt.Errorf("hadoop1: tracker %q added twice", s.Name)
		}
		if s.MapSlots < 0 || s.ReduceSlots < 0 {
			return fmt.Errorf("hadoop1: tracker %q has negative slots", s.Name)
		}
		t := &Tracker{Name: s.Name, Host: s.Host, Rack: s.Rack, MaxSlots: [2]int{s.MapSlots, s.ReduceSlots}}
		if t.Host == "" {
			t.Host = s.Name
		}
		if t.Rack == "" {
			t.Rack = "/default-rack"
		}
		e.trackers = append(e.trackers, t)
		e.tracker[t.Name] = t
		e.slots[Map] += t.MaxSlots[Map]
		e.slots[Reduce] += t.MaxSlots[Reduce]
		e.byHost[t.Host] = append(e.byHost[t.Host], t)
	}
	return nil
}

// RemoveTrackers loses TaskTrackers: their running attempts return to
// pending and their reservations are cancelled.
func (e *Engine) RemoveTrackers(names ...string) error {
	for _, n := range names {
		t, ok := e.tracker[n]
		if !ok {
			return fmt.Errorf("hadoop1: no tracker %q", n)
		}
		for _, a := range t.attempts {
			if j := a.Job; !j.State.Done() {
				j.repend(a.Type, a.Index-1)
				j.running[a.Type]--
			}
			delete(a.Job.live[a.Type], a.Index)
		}
		t.attempts = nil
		for _, tt := range taskTypes {
			e.unreserve(t, tt)
		}
		delete(e.tracker, n)
		e.trackers = slices.DeleteFunc(e.trackers, func(x *Tracker) bool { return x == t })
		e.slots[Map] -= t.MaxSlots[Map]
		e.slots[Reduce] -= t.MaxSlots[Reduce]
		if hs := slices.DeleteFunc(e.byHost[t.Host], func(x *Tracker) bool { return x == t }); len(hs) > 0 {
			e.byHost[t.Host] = hs
		} else {
			delete(e.byHost, t.Host)
		}
	}
	return nil
}

// clusterSlots is ClusterStatus.getMaxMapTasks / getMaxReduceTasks.
func (e *Engine) clusterSlots(t TaskType) int { return e.slots[t] }

// uniqueHosts is getNumberOfUniqueHosts.
func (e *Engine) uniqueHosts() int { return len(e.byHost) }

// rackOf returns a host's rack: its first tracker's, else /default-rack.
func (e *Engine) rackOf(host string) string {
	if ts := e.byHost[host]; len(ts) > 0 {
		return ts[0].Rack
	}
	return "/default-rack"
}

// updateAll is CapacityTaskScheduler.updateAllQueues: capacities from the
// current cluster, and usage recounted from the running jobs.
func (e *Engine) updateAll() {
	slots := [2]int{e.clusterSlots(Map), e.clusterSlots(Reduce)}
	for _, qc := range e.cfg.Queues {
		q := e.queue[qc.Name]
		for _, t := range taskTypes {
			q.slots[t].updateCapacities(q.Conf, slots[t])
			q.slots[t].reset()
		}
		for _, j := range q.running {
			if j.State != Running {
				continue
			}
			for _, t := range taskTypes {
				q.slots[t].add(t, j, j.running[t], j.occupiedSlots(t))
			}
		}
	}
}

// SetPriority changes a job's priority; the queue's lists are re-sorted.
func (e *Engine) SetPriority(name string, p Priority) error {
	j, ok := e.job[name]
	if !ok {
		return fmt.Errorf("hadoop1: no job %q", name)
	}
	j.Priority = p
	if q, ok := e.queue[j.Queue]; ok && !j.State.Done() {
		q.resort()
	}
	return nil
}

// RefreshError is CapacityTaskScheduler.refresh refusing a new
// configuration, in Hadoop's words.
type RefreshError struct{ Message string }

func (e *RefreshError) Error() string { return e.Message }

// Refresh is mradmin -refreshQueues (CapacityTaskScheduler.refresh): new
// values for the existing queues, new queues added; a queue missing from
// the new configuration is refused. supports-priority keeps its value.
func (e *Engine) Refresh(cfg Config) error {
	names := map[string]bool{}
	for _, qc := range cfg.Queues {
		names[qc.Name] = true
	}
	var missing []string
	for n := range e.queue {
		if !names[n] {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return &RefreshError{Message: fmt.Sprintf("Couldn't find queue '%s' during refresh!", missing[0])}
	}
	for _, qc := range cfg.Queues {
		if q, ok := e.queue[qc.Name]; ok {
			qc.SupportsPriority = q.Conf.SupportsPriority
			q.Conf = qc
		} else {
			e.queue[qc.Name] = newQueue(qc)
		}
	}
	kept := cfg.Queues[:0:0]
	for _, qc := range cfg.Queues {
		kept = append(kept, e.queue[qc.Name].Conf)
	}
	cfg.Queues = kept
	e.cfg = cfg
	e.initOrder()
	return nil
}
