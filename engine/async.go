package engine

import (
	"slices"

	"github.com/capq/capq/xmlconf"
)

// Asynchronous scheduling (schedule-asynchronously.enable): node
// heartbeats only report (CapacityScheduler.nodeUpdate skips
// allocateContainersToNode), and scheduler threads
// (CapacityScheduler.AsyncScheduleThread) call schedule(cs) in a loop,
// sleeping scheduling-interval-ms between calls.
//
// capq models one thread in simulated time: a pass takes no time, so
// passes fall every interval; its proposals are committed at once (the
// ResourceCommitterService's backlog never builds, so
// maximum-pending-backlogs never holds a pass back). More threads in
// Hadoop run more passes whose proposals race and are re-checked at
// commit; in capq's zero-time model they would only repeat a pass that
// already saw the same state, so maximum-threads > 1 changes nothing and
// Unmodelled says so.
//
// schedule(cs) starts at a random node (random.nextInt) and wraps around;
// capq starts at node (pass number mod live nodes), a rotation that makes
// every node first equally often, as the uniform draw does on average,
// and keeps runs reproducible without a seed. The caller numbers the
// passes: the simulator by the interval of simulated time (now /
// interval), so the passes it skips while nothing can change do not
// shift the rotation; a scenario counts its async_schedule passes.

// defaultAsyncIntervalMS is CapacityScheduler's
// DEFAULT_ASYNC_SCHEDULER_INTERVAL.
const defaultAsyncIntervalMS = 5

// asyncConf is the asynchronous scheduling state.
type asyncConf struct {
	intervalMS int64
	threads    int64
}

// compileAsync reads the settings CapacityScheduler.initScheduler reads
// once (a refresh does not apply them, RF013); nil when off.
func compileAsync(m *xmlconf.Model) *asyncConf {
	if m.Conf == nil || !confBool(m.Conf, xmlconf.Prefix+"schedule-asynchronously.enable") {
		return nil
	}
	a := &asyncConf{intervalMS: defaultAsyncIntervalMS, threads: 1}
	if v, err := xmlconf.HadoopGetLong(m.Conf.GetOr(xmlconf.Prefix+"schedule-asynchronously.scheduling-interval-ms", "")); err == nil {
		a.intervalMS = v
	}
	// 2.7's CapacityScheduler starts one AsyncScheduleThread and reads
	// no maximum-threads (the key came with the global scheduler's
	// thread list, from the 2.9 line on).
	if v, err := xmlconf.HadoopGetInt(m.Conf.GetOr(xmlconf.Prefix+"schedule-asynchronously.maximum-threads", "")); err == nil && m.Version.AtLeast(xmlconf.V2_10) {
		a.threads = max(int64(v), 1)
	}
	return a
}

// AsyncIntervalMS returns the asynchronous scheduling interval and
// whether asynchronous scheduling is on. Thread.sleep of zero or less
// does not wait; capq then runs a pass every millisecond.
func (e *Engine) AsyncIntervalMS() (int64, bool) {
	if e.async == nil {
		return 0, false
	}
	return max(e.async.intervalMS, 1), true
}

// AsyncPass is one CapacityScheduler.schedule(cs): without multi-node
// placement one allocateContainersToNode(node, false) for each live node
// from the start node to the end, then from the first node to the start
// node again (Hadoop's second loop runs while current <= start, so the
// start node is visited twice); with multi-node placement the same walk
// over the partitions, one pass over each partition's nodes. Passes not
// driven by a heartbeat place at most one container each (no
// canAllocateMore loop). It works whether or not asynchronous scheduling
// is configured, like calling schedule(cs) in a test. pass numbers the
// pass: the start is pass mod the number of nodes (or partitions).
func (e *Engine) AsyncPass(pass int64) []Assignment {
	var live []*node
	for _, n := range e.nodes {
		if !n.removed {
			live = append(live, n)
		}
	}
	var seq []*node
	if e.mn != nil {
		seq = partitionHeads(live)
	} else {
		seq = live
	}
	if len(seq) == 0 {
		return nil
	}
	start := int(((pass % int64(len(seq))) + int64(len(seq))) % int64(len(seq)))
	order := append(slices.Clone(seq[start:]), seq[:start+1]...)
	var out []Assignment
	for _, n := range order {
		if e.mn != nil {
			var a Assignment
			out, a = e.assignMulti(n, out)
			out = append(out, a)
			continue
		}
		a, _ := e.assignOnce(n.idx)
		out = append(out, a)
	}
	return out
}

// partitionHeads returns one node per partition, partitions sorted by
// name ("" first), standing for ClusterNodeTracker.getPartitions.
func partitionHeads(live []*node) []*node {
	seen := map[string]*node{}
	var names []string
	for _, n := range live {
		if seen[n.partition] == nil {
			seen[n.partition] = n
			names = append(names, n.partition)
		}
	}
	slices.Sort(names)
	out := make([]*node, len(names))
	for i, p := range names {
		out[i] = seen[p]
	}
	return out
}

// heartbeatSpecial is Heartbeat when asynchronous scheduling or
// multi-node placement is on.
func (e *Engine) heartbeatSpecial(n *node) []Assignment {
	if e.async != nil {
		a := Assignment{Kind: AssignNone, Node: n.id}
		if e.opts.Explain {
			a.Why = []string{"asynchronous scheduling: a node heartbeat does not schedule (CapacityScheduler.nodeUpdate); passes run every scheduling-interval-ms"}
		}
		e.hbBuf = append(e.hbBuf[:0], a)
		return e.hbBuf
	}
	return e.heartbeatMulti(n)
}
