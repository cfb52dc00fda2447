package sim

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// Workload is what a simulation runs: the cluster, the applications and
// timed events. Readers (ReadNative, ReadSLS) and the generator build it;
// Run only reads it.
type Workload struct {
	// Name labels the workload in results (usually the file name).
	Name string `json:"name,omitempty"`
	// Cluster is the initial set of node managers.
	Cluster Cluster `json:"cluster"`
	// Apps are the applications in any order; Run submits them by
	// SubmitMS, ties in the order given.
	Apps []App `json:"apps"`
	// Events are timed changes: configuration refreshes, nodes added or
	// lost.
	Events []Event `json:"events,omitempty"`
	// Users declares each user's groups in the group provider's order
	// (the first is the primary group); capq never looks groups up.
	Users map[string][]string `json:"users,omitempty"`
	// AMHeartbeatMS is how long after its container is allocated an AM
	// sends its first requests (SLS: yarn.sls.am.heartbeat.interval.ms);
	// 0 means DefaultAMHeartbeatMS. With SLSAMs it is the period of the
	// AM's steps instead, counted from the app's submission.
	AMHeartbeatMS int64 `json:"am_heartbeat_ms,omitempty"`
	// SLSAMs is set by the readers of SLS, Rumen and SYNTH traces: their
	// AMs keep the timing of SLS's AM simulators (slsams.go): steps every
	// AMHeartbeatMS from submission, containers pulled at one step and
	// launched at the next, completions seen the same way, the AM
	// container released at its node's heartbeat after the last step.
	// Native and generated workloads keep capq's own timing. It is not
	// part of the native format: no conversion writes a trace's workload
	// back out (gen workload writes only what it generates).
	SLSAMs bool `json:"-"`
	// NMHeartbeatMS, when positive, overrides the configuration's
	// yarn.resourcemanager.nodemanagers.heartbeat-interval-ms (SLS traces
	// take yarn.sls.nm.heartbeat.interval.ms from sls-runner.xml).
	NMHeartbeatMS int64 `json:"nm_heartbeat_ms,omitempty"`
	// AMHeartbeatFrom and NMHeartbeatFrom say where the two intervals
	// were set, for Validate's range error: a native workload's field, or
	// sls-runner.xml's key, and its file:line.
	AMHeartbeatFrom, NMHeartbeatFrom SetAt `json:"-"`
	// Warnings are things a reader accepted but dropped the way Hadoop
	// does (for example SLS tasks of a type the MapReduce AM ignores).
	Warnings []string `json:"-"`
	// RejectUnknownQueues is set by readers of formats whose simulator
	// carries on past a job of an unknown queue (SLS's AMRunner logs it
	// and skips the job): such apps are submitted and rejected with
	// Hadoop's message instead of failing the whole run.
	RejectUnknownQueues bool `json:"-"`
	// validated says the workload's last Validate passed (every reader's
	// last step): Run then does not validate it again. A workload built
	// by hand, or whose Validate failed, has it false and Run validates
	// it; a caller that changes a workload after Validate calls Validate
	// again. It is unexported so nothing but Validate sets it.
	validated bool
}

// Cluster lists node groups and the cluster's node labels.
type Cluster struct {
	Nodes []NodeGroup `json:"nodes"`
	// NodeLabels are the cluster's label definitions
	// (addToClusterNodeLabels); a node group's Partition must be one.
	NodeLabels []NodeLabel `json:"node_labels,omitempty"`
	// Pos is where the cluster object was read (file:line), for errors
	// about it; empty when a reader has no position.
	Pos string `json:"-"`
	// Warnings are what the reader of an SLS topology left out (keys SLS
	// ignores); ReadTrace passes them on to the workload's warnings.
	Warnings []string `json:"-"`
}

// NodeGroup is a set of identical node managers. Either Names lists them
// or Count generates Count nodes named Prefix0..Prefix<Count-1> spread
// round-robin over Racks racks named RackPrefix0.. (SLS's generateNodes
// naming: "/rack<i % racks>/node<i>").
type NodeGroup struct {
	Count      int      `json:"count,omitempty"`
	Names      []string `json:"names,omitempty"`
	Prefix     string   `json:"prefix,omitempty"`
	Rack       string   `json:"rack,omitempty"`
	Racks      int      `json:"racks,omitempty"`
	RackPrefix string   `json:"rack_prefix,omitempty"`
	MemoryMB   int64    `json:"memory_mb"`
	VCores     int64    `json:"vcores"`
	// MapSlots and ReduceSlots make the nodes TaskTrackers with these
	// slots when the workload runs on Hadoop 1 (engine/sim/hadoop1); unset,
	// mapred-site.xml's mapred.tasktracker.*.tasks.maximum apply. The YARN
	// engine ignores them.
	MapSlots    *int `json:"map_slots,omitempty"`
	ReduceSlots *int `json:"reduce_slots,omitempty"`
	// Partition is the nodes' label ("" = the default partition), one
	// per node as YARN allows.
	Partition string `json:"partition,omitempty"`
}

// App is one application: an AM container that starts first, then its
// task groups phase by phase.
type App struct {
	ID    string `json:"id"`
	Queue string `json:"queue"`
	User  string `json:"user"`
	// Groups are the user's groups (submit ACLs, placement rules); when
	// absent, the workload's users entry for the user.
	Groups []string `json:"groups,omitempty"`
	// LifetimeS is the lifetime the app asks for in seconds (0: none);
	// the queue's default and maximum lifetimes apply.
	LifetimeS int64 `json:"lifetime_s,omitempty"`
	// AppName is the application name (application mapping rules).
	AppName string `json:"app_name,omitempty"`
	// Tags are the application tags (ApplicationSubmissionContext.
	// setApplicationTags); a workflowid:<id> tag selects a workflow
	// priority mapping.
	Tags     []string `json:"tags,omitempty"`
	SubmitMS int64    `json:"submit_ms"`
	// Priority is the application priority (higher first); absent, the
	// app is submitted without one and the ResourceManager gives it the
	// default (the admitting priority ACL group's default_priority, else
	// the leaf's default-application-priority; engine.AppSpec.Priority).
	// SLS, Rumen and SYNTH apps have 0 (slsAppPriority), apps from an RM
	// answer the priority the RM gave them, gen workload's none.
	Priority *int32          `json:"priority,omitempty"`
	AM       engine.Resource `json:"am"`
	// NodeLabelExpression is the submission context's label: the AM's
	// and every task group's that sets none (nil: the queue's
	// default-node-label-expression; "": the default partition).
	NodeLabelExpression *string `json:"node_label_expression,omitempty"`
	// AMNodeLabelExpression is the AM request's own label (nil: as above).
	AMNodeLabelExpression *string     `json:"am_node_label_expression,omitempty"`
	Tasks                 []TaskGroup `json:"tasks"`
	// StreamMS is an SLS stream AM's run time (job.end.ms - job.start.ms,
	// a SYNTH class's duration; 0 for other AMs): with Workload.SLSAMs
	// the AM releases its containers and ends once it has run that long
	// (streamEnd).
	StreamMS int64 `json:"-"`
	// Pos is where the app was read (file:line or job index) for errors.
	Pos string `json:"-"`
}

// TaskGroup is Count containers of one size and duration. Groups of phase
// n are requested once every container of earlier phases has finished
// (MapReduce: maps, then reduces). Hosts and Racks ask for locality;
// without them the request is off-switch ("*").
type TaskGroup struct {
	Count      int      `json:"count"`
	MemoryMB   int64    `json:"memory_mb"`
	VCores     int64    `json:"vcores"`
	DurationMS int64    `json:"duration_ms"`
	Priority   int32    `json:"priority"`
	Phase      int      `json:"phase,omitempty"`
	Hosts      []string `json:"hosts,omitempty"`
	Racks      []string `json:"racks,omitempty"`
	// Type is informational (map, reduce, ...).
	Type string `json:"type,omitempty"`
	// DelayMS asks for the group later rather than at once (SLS's DAG AM,
	// container.request.delay): in the first phase at the AM's first
	// heartbeat (every am_heartbeat_ms from submission) at least DelayMS
	// after the app's submission, in a later phase DelayMS after the
	// phase starts.
	DelayMS int64 `json:"delay_ms,omitempty"`
	// NodeLabelExpression is the group's request label (nil: the app's).
	NodeLabelExpression *string `json:"node_label_expression,omitempty"`
}

// EventKind is a timed workload event.
type EventKind string

// Event kinds.
const (
	EventRefresh     EventKind = "refresh"
	EventAddNodes    EventKind = "add_nodes"
	EventRemoveNodes EventKind = "remove_nodes"
	// EventUpdateNodeLabels moves nodes to other partitions
	// (replaceLabelsOnNode).
	EventUpdateNodeLabels EventKind = "update_node_labels"
)

// Event is a timed change of the cluster or configuration.
type Event struct {
	AtMS int64     `json:"at_ms"`
	Kind EventKind `json:"kind"`
	// Config names the configuration a refresh loads (resolved by
	// Options.LoadConfig, relative to the workload file).
	Config string `json:"config,omitempty"`
	// Nodes are added (add_nodes).
	Nodes []NodeGroup `json:"nodes,omitempty"`
	// Names are removed (remove_nodes).
	Names []string `json:"names,omitempty"`
	// Partitions maps node names to their new label, "" the default
	// partition (update_node_labels).
	Partitions map[string]string `json:"partitions,omitempty"`
	Pos        string            `json:"-"`
}

// DefaultAMHeartbeatMS is SLS's yarn.sls.am.heartbeat.interval.ms default.
const DefaultAMHeartbeatMS = 1000

// NodeSpec is one expanded node.
type NodeSpec struct {
	ID, Rack         string
	MemoryMB, VCores int64
	// MapSlots and ReduceSlots are the group's Hadoop 1 slots (nil: unset).
	MapSlots, ReduceSlots *int
	// Partition is the node's label ("" = the default partition).
	Partition string
}

// Expand returns the nodes of a group in order.
func (g NodeGroup) Expand() []NodeSpec {
	out := make([]NodeSpec, 0, len(g.Names)+max(g.Count, 0))
	racks := max(g.Racks, 1)
	rackNames := make([]string, racks)
	for i := range rackNames {
		switch {
		case g.Rack != "":
			rackNames[i] = g.Rack
		case g.Racks > 1 || g.RackPrefix != "":
			p := g.RackPrefix
			if p == "" {
				p = "/rack"
			}
			rackNames[i] = p + strconv.Itoa(i)
		default:
			rackNames[i] = "/default-rack"
		}
	}
	for i, n := range g.Names {
		out = append(out, NodeSpec{ID: n, Rack: rackNames[i%racks], MemoryMB: g.MemoryMB, VCores: g.VCores, MapSlots: g.MapSlots, ReduceSlots: g.ReduceSlots, Partition: g.Partition})
	}
	prefix := g.Prefix
	if prefix == "" {
		prefix = "node"
	}
	for i := 0; i < g.Count; i++ {
		out = append(out, NodeSpec{ID: prefix + strconv.Itoa(i), Rack: rackNames[i%racks], MemoryMB: g.MemoryMB, VCores: g.VCores, MapSlots: g.MapSlots, ReduceSlots: g.ReduceSlots, Partition: g.Partition})
	}
	return out
}

// Nodes expands every group of the cluster.
func (c Cluster) Expand() []NodeSpec {
	if len(c.Nodes) == 1 {
		return c.Nodes[0].Expand() // no second copy of a big group
	}
	out := make([]NodeSpec, 0, min(c.count(), MaxNodes))
	for _, g := range c.Nodes {
		out = append(out, g.Expand()...)
	}
	return out
}

// Containers returns the number of task containers of the app.
func (a *App) Containers() int {
	n := 0
	for _, t := range a.Tasks {
		n += t.Count
	}
	return n
}

// posErr formats an input error at a position.
func posErr(pos, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if pos == "" {
		return fmt.Errorf("%s", msg)
	}
	return fmt.Errorf("%s: %s", pos, msg)
}

// Validate checks what every reader must guarantee: ids, non-negative
// sizes and durations, unique node names, and that every container's
// memory fits on at least one node (a container larger than any node
// would wait forever, or fail once the largest node caps requests). Its
// vcores count only under the DominantResourceCalculator, which the run
// checks (checkVCores): the default calculator fits by memory and gives
// every container one vcore. It returns the first problem with its
// position.
//
// It marks the workload valid or not for Run (validated): Run validates
// only a workload whose last Validate did not pass, or that was never
// validated. A caller that changes a workload after Validate calls it
// again: Run does not see the change.
func (w *Workload) Validate() error {
	err := w.checkSizes()
	if err == nil {
		err = w.validate(w.Cluster.Expand())
	}
	w.validated = err == nil
	return err
}

// checkForRun is what Run needs of Validate: the largest node's size in
// each resource, having validated the workload unless its last Validate
// passed (validated). Every reader validates what it returns, so Run
// validated the command line's workload a second time: about 0.1 s of
// simulate's 0.3 s fixed cost on a generated day (issue #19). It never
// writes the mark: preview runs one workload on two configurations at
// once.
func (w *Workload) checkForRun(nodes []NodeSpec) (engine.Resource, error) {
	if w.validated {
		return w.largestNode(nodes), nil
	}
	return w.validateSized(nodes)
}

// checkSizes bounds what the simulator must hold before anything is
// expanded, so a small hostile file gets a message rather than an
// out-of-memory crash: nodes (with every add_nodes event), apps, task
// groups and heartbeats.
func (w *Workload) checkSizes() error {
	for _, g := range w.Cluster.Nodes {
		if g.Racks < 0 || g.Racks > MaxNodes {
			return posErr(w.Cluster.Pos, "node group racks %d is out of range (0 to %d)", g.Racks, MaxNodes)
		}
	}
	for _, ev := range w.Events {
		for _, g := range ev.Nodes {
			if g.Racks < 0 || g.Racks > MaxNodes {
				return posErr(ev.Pos, "node group racks %d is out of range (0 to %d)", g.Racks, MaxNodes)
			}
		}
	}
	nodes := w.Cluster.count()
	for _, ev := range w.Events {
		nodes += (Cluster{Nodes: ev.Nodes}).count()
		if nodes > MaxNodes {
			break
		}
	}
	if nodes > MaxNodes {
		// The cluster's file:line: a reader that sets it names the file.
		return posErr(w.Cluster.Pos, "the workload has %d nodes or more with its add_nodes events; at most %d are supported", nodes, MaxNodes)
	}
	if err := w.checkNameBytes(); err != nil {
		return err
	}
	if len(w.Apps) > MaxApps {
		return fmt.Errorf("the workload has %d applications; at most %d are supported", len(w.Apps), MaxApps)
	}
	groups := 0
	for i := range w.Apps {
		groups += len(w.Apps[i].Tasks)
	}
	if groups > MaxTaskGroups {
		return fmt.Errorf("the workload has %d task groups; at most %d are supported", groups, MaxTaskGroups)
	}
	for _, hb := range []struct {
		name string
		v    int64
		at   SetAt
	}{{"am_heartbeat_ms", w.AMHeartbeatMS, w.AMHeartbeatFrom}, {"nm_heartbeat_ms", w.NMHeartbeatMS, w.NMHeartbeatFrom}} {
		if hb.v < 0 || hb.v > MaxHeartbeatMS {
			if hb.at.Name != "" {
				hb.name = hb.at.Name
			}
			return posErr(hb.at.Pos, "%s %d is out of range (0 to %d)", hb.name, hb.v, MaxHeartbeatMS)
		}
	}
	return nil
}

// SetAt is where a workload's value was set, for its errors: the name it
// was set under (empty: the native format's field) and file:line.
type SetAt struct {
	Name, Pos string
}

// The sls-runner.xml keys of the heartbeat intervals.
const (
	slsAMHeartbeatKey = "yarn.sls.am.heartbeat.interval.ms"
	slsNMHeartbeatKey = "yarn.sls.nm.heartbeat.interval.ms"
)

// slsSetAt is where an sls-runner.xml setting was set (zero for a
// default, which needs no place).
func slsSetAt(key string, pos xmlconf.Pos) SetAt {
	if pos.File == "" {
		return SetAt{}
	}
	return SetAt{Name: key, Pos: fmt.Sprintf("%s:%d", pos.File, pos.Line)}
}

// checkNameBytes bounds the node and rack names that node groups'
// counts generate (prefix + number): a 50 MB prefix on 100 nodes asked
// for 5 GB of names and crashed capq out of memory.
func (w *Workload) checkNameBytes() error {
	total := w.Cluster.nameBytes()
	for _, ev := range w.Events {
		total += (Cluster{Nodes: ev.Nodes}).nameBytes()
	}
	if total > MaxNameBytes {
		return fmt.Errorf("the node groups' prefix and rack_prefix would generate more than %d bytes of node and rack names", MaxNameBytes)
	}
	return nil
}

// nameBytes is about how many bytes of names the groups' counts and
// racks generate (a number adds at most 7 digits), saturating past
// MaxNameBytes; checkSizes has bounded counts and racks by MaxNodes
// first, so the products cannot overflow.
func (c Cluster) nameBytes() int64 {
	const digits = 7
	var total int64
	for _, g := range c.Nodes {
		total += int64(len(g.Prefix)+digits)*int64(max(g.Count, 0)) + int64(len(g.RackPrefix)+digits)*int64(max(g.Racks, 0))
		if total > MaxNameBytes {
			return MaxNameBytes + 1
		}
	}
	return total
}

// checkNodeSize refuses a node size that is negative or so large that
// the cluster's total could overflow (MaxNodeMB, MaxNodeVCores).
func checkNodeSize(n NodeSpec) error {
	if n.MemoryMB < 0 || n.VCores < 0 {
		return fmt.Errorf("node %q has a negative size (%d MB, %d vcores)", n.ID, n.MemoryMB, n.VCores)
	}
	if n.MemoryMB > MaxNodeMB || n.VCores > MaxNodeVCores {
		return fmt.Errorf("node %q is too large (%d MB, %d vcores): at most %d MB and %d vcores", n.ID, n.MemoryMB, n.VCores, int64(MaxNodeMB), int64(MaxNodeVCores))
	}
	return nil
}

// validate is Validate with the cluster already expanded.
func (w *Workload) validate(nodes []NodeSpec) error {
	_, err := w.validateSized(nodes)
	return err
}

// validateSized is validate, also returning the largest node's size in
// each resource (over the cluster and every add_nodes event).
func (w *Workload) validateSized(nodes []NodeSpec) (engine.Resource, error) {
	if err := w.validateNodes(nodes); err != nil {
		return engine.Resource{}, err
	}
	big := w.largestNode(nodes)
	ids := make(map[string]bool, len(w.Apps))
	total := 0
	for i := range w.Apps {
		if err := w.Apps[i].validate(ids, big); err != nil {
			return big, err
		}
		total += w.Apps[i].Containers()
		if total > MaxContainers {
			return big, posErr(w.Apps[i].Pos, "the workload asks for more than %d containers", MaxContainers)
		}
	}
	return big, nil
}

// validateNodes is validateSized's check of the nodes: the cluster's,
// every event's, and their labels.
func (w *Workload) validateNodes(nodes []NodeSpec) error {
	seen := map[string]bool{}
	for _, n := range nodes {
		if err := checkNodeSize(n); err != nil {
			return posErr(w.Cluster.Pos, "%v", err)
		}
		if (n.MapSlots != nil && (*n.MapSlots < 0 || *n.MapSlots > 1<<16)) || (n.ReduceSlots != nil && (*n.ReduceSlots < 0 || *n.ReduceSlots > 1<<16)) {
			return posErr(w.Cluster.Pos, "node %q: map_slots and reduce_slots must be 0..%d", n.ID, 1<<16)
		}
		if seen[n.ID] {
			return posErr(w.Cluster.Pos, "node %q is listed twice", n.ID)
		}
		seen[n.ID] = true
	}
	for _, ev := range w.Events {
		if (Cluster{Nodes: ev.Nodes}).count() > MaxNodes {
			return posErr(ev.Pos, "the event adds more than %d nodes", MaxNodes)
		}
		for _, g := range ev.Nodes {
			for _, n := range g.Expand() {
				if err := checkNodeSize(n); err != nil {
					return posErr(ev.Pos, "%v", err)
				}
			}
		}
		if ev.AtMS < 0 || ev.AtMS > MaxTimeMS {
			return posErr(ev.Pos, "event time %d ms is out of range (0 to %d)", ev.AtMS, MaxTimeMS)
		}
	}
	if len(nodes) == 0 {
		return fmt.Errorf("the workload has no nodes; give a cluster (or --sls-nodes for SLS traces)")
	}
	return w.checkLabels(nodes)
}

// largestNode is the largest node's size in each resource over nodes
// (the cluster's) and every add_nodes event.
func (w *Workload) largestNode(nodes []NodeSpec) engine.Resource {
	var big engine.Resource
	grow := func(n NodeSpec) {
		big.MemoryMB = max(big.MemoryMB, n.MemoryMB)
		big.VCores = max(big.VCores, n.VCores)
	}
	for _, n := range nodes {
		grow(n)
	}
	for _, ev := range w.Events {
		for _, g := range ev.Nodes {
			for _, n := range g.Expand() {
				grow(n)
			}
		}
	}
	return big
}

// Bounds that keep hostile inputs from exhausting memory or overflowing
// simulated time. Each is far above real clusters and traces (the largest
// YARN clusters have tens of thousands of nodes; a busy day, a few hundred
// thousand apps) and low enough that a workload at every bound is held in
// well under 2 GB.
const (
	MaxNodes = 1_000_000
	// MaxNodeMB (a pebibyte) and MaxNodeVCores bound one node, so that
	// MaxNodes of them add up without overflow.
	MaxNodeMB     = 1 << 30
	MaxNodeVCores = 1 << 30
	// MaxContainers bounds one task group's count and the sum of a
	// workload's counts; Options.MaxContainers is the (lower) run cap.
	MaxContainers = 1_000_000_000
	// MaxApps and MaxTaskGroups bound what a reader holds in memory (an
	// SLS job.count multiplies one line into many apps).
	MaxApps       = 2_000_000
	MaxTaskGroups = 4_000_000
	// MaxNameBytes bounds the node and rack names generated from node
	// groups' prefix and rack_prefix (a million nodes named
	// "node123456" take 10 MB).
	MaxNameBytes = 64 << 20
	// MaxPhase is the largest task phase number.
	MaxPhase = 1_000_000
	// MaxAppPriorities bounds the request priorities of one app. The
	// engine keeps a request per priority for the app's life, and every
	// pass over the app walks them (AppSchedulingInfo drops a satisfied
	// one; capq keeps it for its counters), so 100,000 priorities of one
	// container each made a pass cost 100,000 steps and a run hang.
	// MapReduce asks at 5 priorities, Tez at a few per vertex.
	MaxAppPriorities = 1_000
	// MaxTimeMS is about 30 years: later times are input errors.
	MaxTimeMS = int64(1) << 40
	// MaxHeartbeatMS bounds am_heartbeat_ms and nm_heartbeat_ms (a day).
	MaxHeartbeatMS = 24 * 3600 * 1000
)

// count is the number of nodes the cluster expands to, without expanding.
func (c Cluster) count() int {
	n := 0
	for _, g := range c.Nodes {
		if g.Count < 0 || g.Count > MaxNodes {
			return MaxNodes + 1
		}
		n += len(g.Names) + g.Count
	}
	return n
}

func (a *App) validate(ids map[string]bool, big engine.Resource) error {
	switch {
	case a.ID == "":
		return posErr(a.Pos, "application without id")
	case ids[a.ID]:
		return posErr(a.Pos, "application id %q is used twice", a.ID)
	case strings.TrimSpace(a.Queue) == "":
		return posErr(a.Pos, "application %q has no queue", a.ID)
	case a.User == "":
		return posErr(a.Pos, "application %q has no user", a.ID)
	case a.SubmitMS < 0 || a.SubmitMS > MaxTimeMS:
		return posErr(a.Pos, "application %q: submit time %d ms is out of range (0 to %d)", a.ID, a.SubmitMS, MaxTimeMS)
	case len(a.Tasks) == 0:
		return posErr(a.Pos, "application %q has no tasks", a.ID)
	}
	ids[a.ID] = true
	// The client refuses such tags before it submits anything.
	if err := engine.CheckTags(a.Tags); err != nil {
		return posErr(a.Pos, "application %q: tags: %v", a.ID, err)
	}
	if err := checkSize(a.Pos, a.ID, amPart, a.AM, big); err != nil {
		return err
	}
	for j, t := range a.Tasks {
		what := appPart(j)
		switch {
		case t.Count < 0 || t.Count > MaxContainers:
			return posErr(a.Pos, "application %q %s: count %d is out of range (0 to %d)", a.ID, what, t.Count, MaxContainers)
		case t.DurationMS <= 0 || t.DurationMS > MaxTimeMS:
			return posErr(a.Pos, "application %q %s: duration must be positive (at most %d ms), got %d ms", a.ID, what, MaxTimeMS, t.DurationMS)
		case t.DelayMS < 0 || t.DelayMS > MaxTimeMS:
			return posErr(a.Pos, "application %q %s: delay_ms %d is out of range (0 to %d)", a.ID, what, t.DelayMS, MaxTimeMS)
		case t.Phase < 0 || t.Phase > MaxPhase:
			return posErr(a.Pos, "application %q %s: phase %d is out of range (0 to %d)", a.ID, what, t.Phase, MaxPhase)
		case t.Priority <= 0:
			return posErr(a.Pos, "application %q %s: priority must be positive (0 is the AM's), got %d", a.ID, what, t.Priority)
		}
		if err := checkSize(a.Pos, a.ID, what, engine.Resource{MemoryMB: t.MemoryMB, VCores: t.VCores}, big); err != nil {
			return err
		}
	}
	return a.checkPriorities()
}

// checkPriorities refuses an app asking at more than MaxAppPriorities
// distinct priorities; only an app with that many task groups can.
func (a *App) checkPriorities() error {
	if len(a.Tasks) <= MaxAppPriorities {
		return nil
	}
	seen := map[int32]bool{}
	for _, t := range a.Tasks {
		seen[t.Priority] = true
	}
	if len(seen) > MaxAppPriorities {
		return posErr(a.Pos, "application %q asks at %d distinct priorities; at most %d are supported", a.ID, len(seen), MaxAppPriorities)
	}
	return nil
}

// appPart names what of an application a message is about: its AM
// (amPart) or a task group by index. It is formatted only when there is
// an error: a Sprintf per task group was a fifth of the objects a
// contended day allocated before its first event.
type appPart int

const amPart appPart = -1

func (p appPart) String() string {
	if p == amPart {
		return "AM"
	}
	return "task group " + strconv.Itoa(int(p))
}

// checkVCores refuses, under the DominantResourceCalculator, a container
// with more vcores than any node has: it would wait forever, or fail once
// the largest node caps requests.
func (w *Workload) checkVCores(big engine.Resource) error {
	for i := range w.Apps {
		a := &w.Apps[i]
		if err := checkNodeVCores(a.Pos, a.ID, amPart, a.AM, big); err != nil {
			return err
		}
		for j, t := range a.Tasks {
			if err := checkNodeVCores(a.Pos, a.ID, appPart(j), engine.Resource{MemoryMB: t.MemoryMB, VCores: t.VCores}, big); err != nil {
				return err
			}
		}
	}
	return nil
}

func checkNodeVCores(pos, id string, what appPart, r, big engine.Resource) error {
	if r.VCores > big.VCores {
		return biggerThanNodes(pos, id, what, r, big)
	}
	return nil
}

func biggerThanNodes(pos, id string, what appPart, r, big engine.Resource) error {
	return posErr(pos, "application %q %s: container of %d MB, %d vcores is bigger than any node (largest %d MB, %d vcores)",
		id, what, r.MemoryMB, r.VCores, big.MemoryMB, big.VCores)
}

func checkSize(pos, id string, what appPart, r, big engine.Resource) error {
	if r.MemoryMB < 0 || r.VCores < 0 {
		return posErr(pos, "application %q %s: negative size (%d MB, %d vcores)", id, what, r.MemoryMB, r.VCores)
	}
	if r.MemoryMB == 0 && r.VCores == 0 {
		return posErr(pos, "application %q %s: size is zero", id, what)
	}
	if r.MemoryMB > big.MemoryMB {
		return biggerThanNodes(pos, id, what, r, big)
	}
	return nil
}
