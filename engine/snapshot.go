package engine

import (
	"sort"
	"strconv"
)

// State is a full snapshot of the scheduler in the shape of
// scenario-format.md: every queue, app, user and node by key.
type State struct {
	Cluster ClusterState          `json:"cluster"`
	Queues  map[string]QueueState `json:"queues"`
	Apps    map[string]AppState   `json:"apps"`
	Users   map[string]UserState  `json:"users"`
	Nodes   map[string]NodeState  `json:"nodes"`
}

// ClusterState is the scheduler's view of the cluster: its live nodes
// (CapacityScheduler.getNumClusterNodes, ClusterMetrics' active NMs) and
// its resource (getClusterResource, the sum of those nodes); with node
// labels, the nodes of each partition (ClusterNodeTracker's
// getNodesPerPartition, "" the default partition).
type ClusterState struct {
	NumNodes            int            `json:"num_nodes"`
	MemoryMB            int64          `json:"memory_mb"`
	VCores              int64          `json:"vcores"`
	NumNodesByPartition map[string]int `json:"num_nodes_by_partition,omitempty"`
}

// ResourceJSON is a resource in snapshot output.
type ResourceJSON struct {
	MemoryMB int64 `json:"memory_mb"`
	VCores   int64 `json:"vcores"`
}

// QueueState is one queue in a snapshot.
type QueueState struct {
	Type                    string       `json:"type"`
	State                   string       `json:"state"`
	Capacity                float64      `json:"capacity"`
	MaximumCapacity         float64      `json:"maximum_capacity"`
	AbsoluteCapacity        float64      `json:"absolute_capacity"`
	AbsoluteMaximumCapacity float64      `json:"absolute_maximum_capacity"`
	UsedMB                  int64        `json:"used_mb"`
	AllocatedMB             int64        `json:"allocated_mb"`
	ReservedMB              int64        `json:"reserved_mb"`
	AvailableMB             int64        `json:"available_mb"`
	UsedCapacity            float64      `json:"used_capacity"`
	AbsoluteUsedCapacity    float64      `json:"absolute_used_capacity"`
	MinimumUserLimitPercent float64      `json:"minimum_user_limit_percent"`
	UserLimitFactor         float64      `json:"user_limit_factor"`
	ActiveUsers             int          `json:"active_users"`
	AMLimitMB               int64        `json:"am_limit_mb"`
	UserAMLimitMB           int64        `json:"user_am_limit_mb"`
	MaxAMResourcePercent    float64      `json:"max_am_resource_percent"`
	NumActiveApps           int          `json:"num_active_apps"`
	NumPendingApps          int          `json:"num_pending_apps"`
	NumApplications         int          `json:"num_applications"` // CSQueue.getNumApplications: a leaf's attempts, a parent's apps (those between attempts too)
	ActiveAppIDs            []string     `json:"active_app_ids"`
	PendingAppIDs           []string     `json:"pending_app_ids"`
	MaxApplications         int32        `json:"max_applications"`
	MaxApplicationsPerUser  int32        `json:"max_applications_per_user"`
	PendingConsideringULMB  int64        `json:"pending_considering_user_limit_mb"`
	MaximumAllocation       ResourceJSON `json:"maximum_allocation"`
	ConfiguredMinResource   ResourceJSON `json:"configured_min_resource"`
	EffectiveMinResource    ResourceJSON `json:"effective_min_resource"`
	// ConfiguredMaxResource and EffectiveMaxResource are QueueResourceQuotas'
	// maximums: the configured one (absolute mode; a child with a minimum
	// but no maximum takes its parent's) and the one in force.
	ConfiguredMaxResource      ResourceJSON `json:"configured_max_resource"`
	EffectiveMaxResource       ResourceJSON `json:"effective_max_resource"`
	NodeLocalityDelay          int32        `json:"node_locality_delay"`
	RackLocalityAdditionalDlay int32        `json:"rack_locality_additional_delay"`
	ReservationsContinueLook   bool         `json:"reservations_continue_looking"`
	NumContainers              int          `json:"num_containers"`
	Priority                   int32        `json:"priority"`
	// Auto-creation fields appear when the configuration enables
	// auto-created queues anywhere (scenario-format-extensions.md).
	AutoCreated  *bool    `json:"auto_created,omitempty"`
	Weight       *float64 `json:"weight,omitempty"`
	CapacityMode string   `json:"capacity_mode,omitempty"`
	Children     []string `json:"children,omitempty"`
	// Max-parallel-apps fields appear when any max-parallel-apps is set.
	MaxParallelApps    *int32   `json:"max_parallel_apps,omitempty"`
	NumRunnableApps    *int     `json:"num_runnable_apps,omitempty"`
	NumNonRunnableApps *int     `json:"num_non_runnable_apps,omitempty"`
	NonRunnableAppIDs  []string `json:"non_runnable_app_ids,omitempty"`
	// PreemptionDisabled is CSQueue.getPreemptionDisabled (QueueInfo's
	// preemptionDisabled, `yarn queue -status`); it appears when the
	// scheduling monitor is on (without it every queue's is true).
	PreemptionDisabled *bool `json:"preemption_disabled,omitempty"`
	// OrderingPolicy is a leaf's app ordering policy as Hadoop names it
	// (OrderingPolicy.getInfo, the REST API's orderingPolicyInfo).
	OrderingPolicy string `json:"ordering_policy,omitempty"`
	// Label fields appear once the cluster has node labels
	// (snapshot_partition.go): the AM resource of the default
	// partition, the resolved label settings and every partition's
	// capacities and usage by label ("" = default partition).
	AMUsedMB                   *int64                    `json:"am_used_mb,omitempty"`
	AccessibleNodeLabels       []string                  `json:"accessible_node_labels,omitempty"`
	DefaultNodeLabelExpression *string                   `json:"default_node_label_expression,omitempty"`
	Partitions                 map[string]PartitionState `json:"partitions,omitempty"`
}

// AppState is one application in a snapshot.
type AppState struct {
	Queue                   string           `json:"queue"`
	User                    string           `json:"user"`
	State                   string           `json:"state"`
	AllocatedMB             int64            `json:"allocated_mb"`
	ReservedMB              int64            `json:"reserved_mb"`
	HeadroomMB              int64            `json:"headroom_mb"`
	PendingMB               int64            `json:"pending_mb"`
	Outstanding             map[string]int   `json:"outstanding"`
	SchedulingOpportunities map[string]int64 `json:"scheduling_opportunities"`
	LiveContainers          int              `json:"live_containers"`
	Diagnostics             string           `json:"diagnostics"`
	// Runnable appears when any max-parallel-apps is set.
	Runnable *bool `json:"runnable,omitempty"`
	// Priority is the application priority (SchedulerApplicationAttempt
	// getPriority): the one sent or, for an app sent without one, its
	// default (a priority ACL group's default_priority, else the leaf's
	// default-application-priority: checkAndGetPriority), capped at
	// yarn.cluster.max-application-priority, then any workflow mapping or
	// update; it appears when that maximum is above 0 or the app's
	// priority is not 0.
	Priority *int32 `json:"priority,omitempty"`
	// Label fields (cluster with node labels): the app's allocated and
	// AM memory by partition, every known partition a key.
	UsedMBByPartition   map[string]int64 `json:"used_mb_by_partition,omitempty"`
	AMUsedMBByPartition map[string]int64 `json:"am_used_mb_by_partition,omitempty"`
	// ContainersOnNode counts live containers (AM included) by node and
	// PendingMBByPriority the outstanding ANY memory by request priority
	// (cluster with labels, or an app modelling its AM container).
	ContainersOnNode    map[string]int   `json:"containers_on_node,omitempty"`
	PendingMBByPriority map[string]int64 `json:"pending_mb_by_priority,omitempty"`
}

// UserState is one user of a leaf ("<queue>|<user>").
type UserState struct {
	UserLimitMB int64 `json:"user_limit_mb"`
	UsedMB      int64 `json:"used_mb"`
	ActiveApps  int   `json:"active_apps"`
	PendingApps int   `json:"pending_apps"`
	AMUsedMB    int64 `json:"am_used_mb"`
	Active      bool  `json:"active"`
	// UsedMBByPartition is the user's used memory by partition
	// (cluster with node labels).
	UsedMBByPartition map[string]int64 `json:"used_mb_by_partition,omitempty"`
}

// NodeState is one node in a snapshot.
type NodeState struct {
	AllocatedMB int64  `json:"allocated_mb"`
	ReservedMB  int64  `json:"reserved_mb"`
	ReservedApp string `json:"reserved_app"`
	TotalMB     int64  `json:"total_mb"`
	Rack        string `json:"rack"`
	// Partition is the node's label; absent for the default partition.
	Partition string `json:"partition,omitempty"`
	// NumContainers counts the node's running containers; AvailableMB
	// is its unallocated memory.
	NumContainers int   `json:"num_containers"`
	AvailableMB   int64 `json:"available_mb"`
}

// Snapshot records the full state. It computes derived values (limits,
// headroom) fresh and changes nothing the scheduler decides on.
func (e *Engine) Snapshot() State {
	st := State{Queues: map[string]QueueState{}, Apps: map[string]AppState{}, Users: map[string]UserState{}, Nodes: map[string]NodeState{}}
	for _, q := range e.queues {
		st.Queues[q.path] = e.queueState(q)
		if q.leaf {
			for _, u := range q.users {
				st.Users[q.path+"|"+u.name] = UserState{
					UserLimitMB: e.reportedUserLimit(u).MemoryMB, UsedMB: u.used.MemoryMB,
					ActiveApps: u.activeApps, PendingApps: u.pendingApps, AMUsedMB: u.amUsed.MemoryMB, Active: u.isActive,
					UsedMBByPartition: e.byPartition(func(pi int) int64 { return u.usedIn(pi).MemoryMB }),
				}
			}
		}
	}
	for _, f := range e.failed {
		st.Apps[f.id] = AppState{Queue: f.queue, User: f.user, State: StateFailed, Diagnostics: f.diag,
			Outstanding: map[string]int{}, SchedulingOpportunities: map[string]int64{}}
	}
	for _, a := range e.apps {
		st.Apps[a.id] = e.appState(a)
	}
	for _, n := range e.nodes {
		if n.removed {
			continue
		}
		ns := NodeState{AllocatedMB: n.allocated.MemoryMB, TotalMB: n.total.MemoryMB, Rack: n.rack, Partition: n.partition,
			NumContainers: int(n.numContainers), AvailableMB: n.free().MemoryMB}
		if n.reserved != nil {
			ns.ReservedMB, ns.ReservedApp = n.reserved.res.MemoryMB, n.reserved.a.id
		}
		st.Nodes[n.id] = ns
	}
	st.Cluster = e.clusterState()
	return st
}

// clusterState counts the live nodes, by partition once the cluster has
// labels (every defined partition a key).
func (e *Engine) clusterState() ClusterState {
	c := ClusterState{MemoryMB: e.cluster.MemoryMB, VCores: e.cluster.VCores}
	if e.labelsOn {
		c.NumNodesByPartition = map[string]int{}
		for _, p := range e.parts {
			c.NumNodesByPartition[p.name] = 0
		}
	}
	for _, n := range e.nodes {
		if n.removed {
			continue
		}
		c.NumNodes++
		if c.NumNodesByPartition != nil {
			c.NumNodesByPartition[n.partition]++
		}
	}
	return c
}

func rj(r Resource) ResourceJSON { return ResourceJSON(r) }

// f32 renders a Java float the way it prints (shortest decimal), so
// 0.085f appears as 0.085 rather than 0.08500000089406967.
func f32(v float32) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(float64(v), 'g', -1, 32), 64)
	return f
}

func (e *Engine) queueState(q *queue) QueueState {
	s := QueueState{
		Type: "parent", State: e.liveState(q),
		Capacity: f32(q.capacity), MaximumCapacity: f32(q.maxCapacity),
		AbsoluteCapacity: f32(q.absCap), AbsoluteMaximumCapacity: f32(q.absMaxCap),
		UsedMB: q.used.MemoryMB, AllocatedMB: q.used.MemoryMB - q.reserved.MemoryMB, ReservedMB: q.reserved.MemoryMB,
		UsedCapacity: f32(e.usedCapacity(q)), AbsoluteUsedCapacity: f32(e.absUsedCapacity(q)),
		MaximumAllocation: rj(q.maxAlloc), ConfiguredMinResource: rj(q.configuredMin), EffectiveMinResource: rj(q.guarantee),
		ConfiguredMaxResource: rj(q.configuredMaxResource()), EffectiveMaxResource: rj(q.maxRes),
		NodeLocalityDelay: e.g.nodeLocalityDelay, RackLocalityAdditionalDlay: e.g.rackAddDelay,
		ReservationsContinueLook: e.g.continueLooking, NumContainers: q.numContainers, Priority: q.priority,
		NumApplications: q.apps, ActiveAppIDs: []string{}, PendingAppIDs: []string{},
	}
	e.dynamicState(q, &s)
	e.parallelState(q, &s)
	e.partitionStates(q, &s)
	if e.g.monitorOn {
		d := q.disablePreemption
		s.PreemptionDisabled = &d
	}
	if q.guarantee.MemoryMB > q.used.MemoryMB {
		s.AvailableMB = q.guarantee.MemoryMB - q.used.MemoryMB
	}
	if !q.leaf {
		return s
	}
	s.Type = "leaf"
	s.MinimumUserLimitPercent, s.UserLimitFactor = f32(q.mulp), f32(q.ulf)
	s.MaxAMResourcePercent = f32(q.amPercent)
	s.OrderingPolicy = orderingPolicyInfo(q)
	s.ActiveUsers = q.ul.activeUsers
	am := e.amLimit(q)
	s.AMLimitMB = am.MemoryMB
	s.UserAMLimitMB = e.userAMLimit(q, 1).MemoryMB
	s.NumActiveApps, s.NumPendingApps = len(q.active), len(q.waiting)
	e.currentOrder(q)
	for _, a := range q.active {
		s.ActiveAppIDs = append(s.ActiveAppIDs, a.id)
	}
	for _, a := range q.waiting {
		s.PendingAppIDs = append(s.PendingAppIDs, a.id)
	}
	s.MaxApplications, s.MaxApplicationsPerUser = q.maxApps, q.maxAppsUser
	s.PendingConsideringULMB = e.pendingConsideringUserLimit(q).MemoryMB
	return s
}

// liveState is the queue's state, DRAINING while a STOPPED queue still
// has apps (QueueStateHelper).
func (e *Engine) liveState(q *queue) string {
	if q.state == "STOPPED" && q.apps > 0 {
		return "DRAINING"
	}
	return q.state
}

// pendingConsideringUserLimit is getTotalPendingResourcesConsideringUserLimit.
func (e *Engine) pendingConsideringUserLimit(q *queue) Resource {
	head := map[*user]Resource{}
	var total Resource
	for _, a := range q.active {
		h, ok := head[a.u]
		if !ok {
			h = subNonNeg(e.userLimit(a.u), a.u.used)
		}
		p := a.pendingResource()
		m := componentwiseMin(h, p)
		total = total.Add(m)
		head[a.u] = h.Sub(m)
	}
	return total
}

// pendingResourceIn is the app's outstanding ANY resource for partition
// pi (the default partition's is kept in pendRes; shortcutChecks adds it
// up again).
func (a *app) pendingResourceIn(pi int) Resource {
	if pi == 0 && !shortcutChecks {
		return a.pendRes
	}
	var r Resource
	for _, k := range a.keys {
		if k.pi == pi {
			r = r.Add(k.times(k.any))
		}
	}
	if pi == 0 && r != a.pendRes {
		panic("engine: an app's kept pending resource is not its requests'")
	}
	return r
}

// times is the key's capability times n.
func (k *schedKey) times(n int) Resource {
	return Resource{k.capability.MemoryMB * int64(n), k.capability.VCores * int64(n)}
}

func (a *app) pendingResource() Resource {
	var r Resource
	for _, k := range a.keys {
		r = r.Add(Resource{k.capability.MemoryMB * int64(k.any), k.capability.VCores * int64(k.any)})
	}
	return r
}

func (e *Engine) appState(a *app) AppState {
	s := AppState{
		Queue: a.q.path, User: a.u.name, State: a.state,
		AllocatedMB: a.allocated.MemoryMB, ReservedMB: a.reserved.MemoryMB,
		PendingMB: a.pendingResource().MemoryMB, LiveContainers: a.nLive, Diagnostics: a.diag,
		Outstanding: map[string]int{}, SchedulingOpportunities: map[string]int64{},
	}
	for _, k := range a.keys {
		p := strconv.Itoa(int(k.priority))
		s.Outstanding[p] = k.any
		s.SchedulingOpportunities[p] = k.missed
	}
	if e.g.maxAppPriority > 0 || a.priority != 0 {
		p := a.priority
		s.Priority = &p
	}
	if (a.state == StateRunning || a.state == StateAccepted) && !a.noAttempt {
		cur := e.currentLimit(a.q, e.handedLimit(a.q))
		s.HeadroomMB = e.appHeadroom(a, cur).MemoryMB
	}
	if e.parallelOn {
		r := a.runnable
		s.Runnable = &r
	}
	if e.labelsOn || a.amContainer {
		s.ContainersOnNode = map[string]int{}
		a.eachLive(func(c *container) { s.ContainersOnNode[c.node.id]++ })
		s.PendingMBByPriority = map[string]int64{}
		for _, k := range a.keys {
			s.PendingMBByPriority[strconv.Itoa(int(k.priority))] = k.capability.MemoryMB * int64(k.any)
		}
	}
	s.UsedMBByPartition = e.byPartition(func(pi int) int64 { return a.allocatedIn(pi).MemoryMB })
	s.AMUsedMBByPartition = e.byPartition(func(pi int) int64 {
		if a.activated && a.amPart == pi {
			return a.am.MemoryMB
		}
		return 0
	})
	return s
}

// QueuePaths returns every queue path in tree order.
func (e *Engine) QueuePaths() []string {
	out := make([]string, len(e.queues))
	for i, q := range e.queues {
		out[i] = q.path
	}
	return out
}

// Children returns the child names of a queue in configuration order.
func (e *Engine) Children(path string) []string {
	q := e.byPath[path]
	if q == nil {
		return nil
	}
	out := make([]string, len(q.children))
	for i, c := range q.children {
		out[i] = c.name
	}
	return out
}

// AppIDs returns every app id ever submitted, sorted.
func (e *Engine) AppIDs() []string {
	ids := make([]string, 0, len(e.apps))
	for _, a := range e.apps {
		ids = append(ids, a.id)
	}
	sort.Strings(ids)
	return ids
}

// AppQueue returns the full path of an app's queue.
func (e *Engine) AppQueue(id string) (string, bool) {
	a := e.appByID[id]
	if a == nil {
		return "", false
	}
	return a.q.path, true
}

// AppStatus returns an app's state (ACCEPTED while waiting for the AM
// limits, RUNNING once activated, FINISHED) and its diagnostics (why it
// waits or was skipped last).
func (e *Engine) AppStatus(id string) (state, diagnostics string, ok bool) {
	a := e.appByID[id]
	if a == nil {
		return "", "", false
	}
	return a.state, a.diag, true
}

// orderingPolicyInfo is OrderingPolicy.getInfo of the leaf's policy:
// the class's simple name, FairOrderingPolicy's with " with
// sizeBasedWeight" when ordering-policy.fair.enable-size-based-weight is
// on. A policy class that is not built in keeps its configured name.
func orderingPolicyInfo(q *queue) string {
	switch q.appPolicy {
	case "fifo":
		return "FifoOrderingPolicy"
	case "fair":
		if q.fairSizeWeight {
			return "FairOrderingPolicy with sizeBasedWeight"
		}
		return "FairOrderingPolicy"
	case "fifo-with-partitions":
		return "FifoOrderingPolicyWithExclusivePartitions"
	case "fifo-for-pending-apps":
		return "FifoOrderingPolicyForPendingApps"
	}
	return q.appPolicy
}
