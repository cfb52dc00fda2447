package xmlconf

import "strings"

// Prefix is the key prefix of every Capacity Scheduler property.
const Prefix = "yarn.scheduler.capacity."

// Origin says where an effective value came from.
type Origin int

// Origins of effective values, from least to most specific.
const (
	FromDefault  Origin = iota // Hadoop's built-in default
	FromGlobal                 // a yarn.scheduler.capacity.<prop> global key
	FromParent                 // inherited from an ancestor queue
	FromQueue                  // set on the queue itself
	FromComputed               // derived (e.g. max applications from capacity)
)

// String names the origin for output.
func (o Origin) String() string {
	return [...]string{"default", "global", "parent", "queue", "computed"}[o]
}

// MarshalText renders the origin name (for JSON).
func (o Origin) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// Value is an effective setting with its provenance: the parsed value, the
// raw text it came from, where it came from, and the property (nil for
// defaults) so findings can point at it.
//
// Build never fails. When configured text cannot be parsed, Err holds
// Hadoop's message (e.g. `For input string: "10.5"`) and V holds what
// Hadoop would use if it carried on (the default). Whether Hadoop instead
// refuses the file (NumberFormatException for numbers) or silently falls
// back (booleans) is decided by the lint rule that reports it.
type Value[T any] struct {
	V      T
	Raw    string
	Origin Origin
	Prop   *Property
	Err    string
}

// Set reports whether the value was configured (on the queue, an ancestor
// or globally) rather than Hadoop's default.
func (v Value[T]) Set() bool { return v.Origin != FromDefault && v.Origin != FromComputed }

// Pos returns where the value was set, or the zero Pos for defaults.
func (v Value[T]) Pos() Pos {
	if v.Prop == nil {
		return Pos{}
	}
	return v.Prop.ValuePos
}

// CapacityMode is how a capacity is written.
type CapacityMode int

// Capacity modes (capacity-scheduler-rules.md §4).
const (
	ModeUnset    CapacityMode = iota
	ModePercent               // "12.5"
	ModeWeight                // "2.5w" (3.4)
	ModeAbsolute              // "[memory=10240,vcores=12]" (3.1)
	ModeVector                // "[memory=50%,vcores=2w]" (3.4, non-legacy mode)
	ModeInvalid               // could not be parsed; see Capacity.Err
)

// String names the mode.
func (m CapacityMode) String() string {
	return [...]string{"unset", "percentage", "weight", "absolute", "vector", "invalid"}[m]
}

// MarshalText renders the mode name (for JSON).
func (m CapacityMode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// Resource is an amount of each resource type. Memory is in MiB.
type Resource struct {
	MemoryMB int64 `json:"memory_mb"`
	VCores   int64 `json:"vcores"`
	// Other holds further resource types (yarn.io/gpu, …) by name.
	Other map[string]int64 `json:"other,omitempty"`
}

// IsZero reports whether every component is zero.
func (r Resource) IsZero() bool { return r.MemoryMB == 0 && r.VCores == 0 && len(r.Other) == 0 }

// VectorEntry is one resource of a 3.4 capacity vector.
type VectorEntry struct {
	Resource string
	Mode     CapacityMode // ModePercent, ModeWeight or ModeAbsolute
	Value    float64
}

// Capacity is a parsed capacity or maximum-capacity value.
type Capacity struct {
	Mode CapacityMode
	// Percent is the percentage in Java float precision (ModePercent),
	// as Hadoop stores it: 0..100 when valid.
	Percent float32
	// Weight is the weight (ModeWeight).
	Weight float32
	// Absolute is the configured resource (ModeAbsolute).
	Absolute Resource
	// Vector holds the entries of a ModeVector value.
	Vector []VectorEntry
	// Raw is the configured text; Prop the property (nil when unset).
	Raw  string
	Prop *Property
	// Err explains a ModeInvalid value with Hadoop's message.
	Err string
}

// Fraction returns Percent/100 computed in float32 as Hadoop does.
func (c Capacity) Fraction() float32 { return c.Percent / 100 }

// QueueState is a queue's configured or effective state.
type QueueState string

// Queue states.
const (
	StateRunning  QueueState = "RUNNING"
	StateStopped  QueueState = "STOPPED"
	StateDraining QueueState = "DRAINING"
)

// ACL is a parsed Hadoop AccessControlList ("users groups").
type ACL struct {
	// All is the wildcard "*": everyone.
	All    bool
	Users  []string
	Groups []string
	Raw    string
}

// Nobody reports whether the ACL admits no one (" " or empty lists).
func (a ACL) Nobody() bool { return !a.All && len(a.Users) == 0 && len(a.Groups) == 0 }

// LabelSettings are a queue's settings for one node label (partition).
type LabelSettings struct {
	Label       string
	Capacity    Capacity
	MaxCapacity Capacity
	// MaxAMPercent is accessible-node-labels.<l>.maximum-am-resource-percent.
	MaxAMPercent Value[float32]
	// AbsCapacity and AbsMaxCapacity are fractions of the partition.
	AbsCapacity, AbsMaxCapacity float64
}

// AutoCreate holds a parent's auto-created-queue settings.
type AutoCreate struct {
	// Legacy is auto-create-child-queue.enabled (ManagedParentQueue, 3.1+).
	Legacy Value[bool]
	// V2 is auto-queue-creation-v2.enabled (flexible, 3.4).
	V2 Value[bool]
	// MaxQueues is the max-queues setting of whichever mode is on.
	MaxQueues Value[int32]
	// FailOnExceeding is auto-create-child-queue.fail-on-exceeding-parent-capacity.
	FailOnExceeding Value[bool]
	// ManagementPolicy is auto-create-child-queue.management-policy.
	ManagementPolicy Value[string]
	// Template holds leaf-queue-template.* (legacy) or
	// auto-queue-creation-v2.template.* properties, by suffix.
	Template map[string]*Property
}

// Queue is one queue of the hierarchy with its configured and effective
// settings. Leaf-only settings are filled for every queue (so lint can
// report them on parents); Hadoop uses them only on leaves.
type Queue struct {
	// Path is the full path ("root.eng.dev"); Name the last segment.
	Path, Name string
	Parent     *Queue
	Children   []*Queue
	// ChildrenProp is the <path>.queues property (nil for leaves).
	ChildrenProp *Property
	// ChildNames are the names in ChildrenProp as Hadoop reads them
	// (split on ",", empty tokens dropped, each trimmed), duplicates kept.
	ChildNames []string
	// Depth is 0 for root.
	Depth int
	// DynamicParent is set for a queue with no static children that is a
	// parent because auto-creation is enabled on it (legacy
	// ManagedParentQueue from 3.1, flexible auto-queue-creation-v2 in 3.4).
	DynamicParent bool
	// AutoCreated marks a queue the file does not list that the engine
	// carried into a refreshed model because the ResourceManager keeps it
	// (an auto-created queue, engine.WithDynamic).
	AutoCreated bool

	Capacity    Capacity // default partition
	MaxCapacity Capacity // default partition; unset means 100%
	// AbsCapacity and AbsMaxCapacity are fractions of the cluster
	// (CSQueueUtils: capacity × parent's absolute capacity; maximum ×
	// parent's absolute *maximum*). In weight mode they are computed from
	// normalized weights; in absolute mode they need a cluster resource.
	AbsCapacity, AbsMaxCapacity float64
	// NormalizedCapacity is this queue's share of its parent (0..1) in
	// whatever mode it is configured: percent/100, weight/Σweights, or
	// absolute/parent (when a cluster is known).
	NormalizedCapacity, NormalizedMaxCapacity float64
	// NormalizedWeight is QueueCapacities' normalized weight in the default
	// partition: weight / sum of the siblings' weights for a queue in
	// weight mode, else 0, or the one it kept from before a refresh
	// (KeepNormalizedWeights).
	NormalizedWeight float64
	// ConfiguredMin and ConfiguredMax are absolute-mode resources
	// (zero when not absolute).
	ConfiguredMin, ConfiguredMax Resource
	// Effective is the default partition's result of 3.4's non-legacy
	// computation (QueueResources), per resource type; nil in legacy mode
	// or without a cluster resource. Read it through DefaultResources.
	Effective *Effective

	// Labels holds per-label settings for every label with keys on this
	// queue (accessible-node-labels.<l>.*), sorted by label.
	Labels []*LabelSettings
	// AccessibleLabels is accessible-node-labels (root is always "*").
	AccessibleLabels Value[[]string]
	// DefaultLabelExpr is default-node-label-expression.
	DefaultLabelExpr Value[string]

	// ConfiguredState is the state key as written (upper-cased); empty
	// when unset. State is the effective state (from 2.10 inherits the
	// parent's; root, and on 2.7 every unset queue, RUNNING).
	ConfiguredState Value[QueueState]
	State           Value[QueueState]

	MinUserLimitPercent Value[float32]
	UserLimitFactor     Value[float32]
	// MaxApplications is the configured maximum-applications (-1 unset);
	// EffectiveMaxApplications and MaxApplicationsPerUser follow
	// AbstractLeafQueue's formula.
	MaxApplications          Value[int32]
	EffectiveMaxApplications int32
	MaxApplicationsPerUser   int32
	MaxAMResourcePercent     Value[float32]
	MaxParallelApps          Value[int32]
	// UserMaxParallelApps and UserWeights are keyed by user name; nil
	// when nothing is configured.
	UserMaxParallelApps map[string]Value[int32]
	UserWeights         map[string]Value[float32]

	// SubmitACL and AdminACL are the queue's own ACLs (root defaults to
	// "*", others to " "). Effective access is the union up the tree.
	SubmitACL, AdminACL Value[ACL]
	// PriorityACLs are acl_application_max_priority's groups (leaves read
	// them; ParsePriorityACL), none for the default "*".
	PriorityACLs []PriorityACLGroup

	Priority                   Value[int32]
	DefaultApplicationPriority Value[int32]
	// OrderingPolicy is the effective policy name ("fifo", "fair",
	// "fifo-with-partitions", "fifo-for-pending-apps", "utilization",
	// "priority-utilization", or the class name of a policy that is not
	// built in; a built-in app policy's class name is kept as its alias).
	OrderingPolicy Value[string]
	// FairSizeBasedWeight is ordering-policy.fair.enable-size-based-weight.
	FairSizeBasedWeight Value[bool]

	// MaxAllocation is the effective per-container maximum: the queue's
	// keys, else (from 3.3) the parent's, else the cluster's
	// yarn.scheduler.maximum-allocation-* (before 3.3 always the cluster's).
	MaxAllocation Value[Resource]
	// MaxLifetime and DefaultLifetime are application lifetimes in seconds
	// (-1: unset/inherit).
	MaxLifetime, DefaultLifetime Value[int64]
	// DisablePreemption and IntraQueuePreemptionDisabled are inherited.
	DisablePreemption            Value[bool]
	IntraQueuePreemptionDisabled Value[bool]
	Reservable                   Value[bool]
	AllowZeroCapacitySum         Value[bool]
	AutoCreate                   AutoCreate

	// Props holds every property of this queue by suffix (the key without
	// "yarn.scheduler.capacity.<path>.").
	Props map[string]*Property
}

// IsLeaf reports whether Hadoop makes this a leaf queue: no children and
// no auto-creation that would make it a parent.
func (q *Queue) IsLeaf() bool { return len(q.Children) == 0 && !q.DynamicParent }

// IsRoot reports whether the queue is root.
func (q *Queue) IsRoot() bool { return q.Parent == nil }

// Key returns the full property key for suffix on this queue.
func (q *Queue) Key(suffix string) string { return Prefix + q.Path + "." + suffix }

// Global holds scheduler-wide settings, effective with provenance.
type Global struct {
	MaxApplications          Value[int32]
	MaxAMResourcePercent     Value[float32]
	GlobalQueueMaxApps       Value[int32]
	MinUserLimitPercent      Value[float32]
	UserLimitFactor          Value[float32]
	MaxParallelApps          Value[int32]
	UserMaxParallelApps      Value[int32]
	ResourceCalculator       Value[string]
	NodeLocalityDelay        Value[int32]
	RackLocalityAddDelay     Value[int32]
	RackLocalityFullReset    Value[bool]
	MultipleAssignments      Value[bool]
	MaxContainerAssignments  Value[int32]
	MaxOffSwitchAssignments  Value[int32]
	ReservationsContinueLook Value[bool]
	LegacyQueueMode          Value[bool]
	// MinAllocation and MaxAllocation are yarn.scheduler.minimum-/maximum-allocation-*.
	// From 3.x MinAllocation is the minimum the scheduler uses, read from
	// the ResourceManager's configuration only (RMOnlySettings), while
	// CapacityScheduler#validateConf checks CheckedMinAllocation, the
	// scheduler configuration's value (capacity-scheduler.xml over
	// yarn-site.xml). Before 3.x the two are one.
	MinAllocation, MaxAllocation Value[Resource]
	CheckedMinAllocation         Value[Resource]
	// AllocationInts are the getInt reads behind the three allocations
	// above, each key that is set: a Value[Resource] keeps one property,
	// and lint checks each integer where it is written (CS017).
	AllocationInts []Value[int32]
	// ACLEnable is yarn.acl.enable (yarn-site.xml, default false), as the
	// queue ACL checks read it: from the ResourceManager's configuration.
	ACLEnable Value[bool]
	// PriorityACLEnable is yarn.acl.enable as the application priority ACLs
	// read it (AppPriorityACLsManager): from the scheduler's configuration,
	// so capacity-scheduler.xml can turn them on.
	PriorityACLEnable Value[bool]
	// MaxAppPriority is yarn.cluster.max-application-priority (default 0).
	MaxAppPriority Value[int32]
	// MonitorEnabled is yarn.resourcemanager.scheduler.monitor.enable and
	// MonitorPolicies yarn.resourcemanager.scheduler.monitor.policies
	// (yarn-site.xml; unset: ProportionalCapacityPreemptionPolicy alone):
	// the scheduling edit policies the ResourceManager runs (MonitorRuns).
	MonitorEnabled  Value[bool]
	MonitorPolicies Value[string]
	// MonitorPolicyNames are MonitorPolicies' class names split as the
	// profile's ResourceManager splits them (MonitorPolicyNames: getStrings
	// from 3.1, getClasses' getTrimmedStrings before), the one reading
	// lint, the engine and the unmodelled list share.
	MonitorPolicyNames []string
	// QueueExpirySeconds is auto-queue-creation-v2.queue-expiration-time
	// (CapacitySchedulerConfiguration.getAutoExpiredDeletionTime, default
	// 300): how long a flexible auto-created queue may be idle, and how
	// often AutoCreatedQueueDeletionPolicy runs (DeletionIntervalMS).
	QueueExpirySeconds Value[int64]
	// QueueManagementIntervalMS is yarn.resourcemanager.monitor.capacity.
	// queue-management.monitoring-interval (default 1500) and
	// AutoRefreshIntervalMS yarn.scheduler.capacity.queue.auto.refresh.
	// monitoring-interval (default 5000): how often QueueManagementDynamic-
	// EditPolicy and QueueConfigurationAutoRefreshPolicy run. Both policies'
	// init read them from the scheduler's configuration (MonitorIntervals).
	QueueManagementIntervalMS, AutoRefreshIntervalMS Value[int64]
	// AppTimeoutsMonitorMS is yarn.resourcemanager.application-timeouts.monitor.interval-ms
	// (yarn-site.xml, default 3000): how often RMAppLifetimeMonitor checks
	// lifetimes.
	AppTimeoutsMonitorMS Value[int64]
	// NodeHeartbeatMS is yarn.resourcemanager.nodemanagers.heartbeat-interval-ms
	// (yarn-site.xml, YarnConfiguration.DEFAULT_RM_NM_HEARTBEAT_INTERVAL_MS
	// 1000): how often a node manager offers itself to the scheduler.
	NodeHeartbeatMS Value[int64]
	// SchedulingWaitMS is yarn.resourcemanager.work-preserving-recovery.scheduling-wait-ms
	// (yarn-site.xml, default 10000): until the ResourceManager has run
	// this long the configured maximum allocation stands; after it the
	// largest node caps it (ClusterNodeTracker#getMaxAllowedAllocation).
	SchedulingWaitMS Value[int64]
	// AMAllowNonExclusive is yarn.resourcemanager.node-labels.am.allow-non-exclusive-allocation
	// (yarn-site.xml, Hadoop 3.4+, default false): whether an AM container
	// may be placed on a non-exclusive partition for a request of another
	// partition (RegularContainerAllocator#preCheckRequest).
	AMAllowNonExclusive Value[bool]
	// WorkflowOverride is workflow-priority-mappings-override.enable and
	// WorkflowMappings the workflow-priority-mappings entries Hadoop builds
	// (ParseWorkflowMappings; lint CS059 reports the others), both read
	// from 2.10 (YARN-9760). WorkflowTagPrefix is yarn.workflow-id.tag-prefix
	// (the ResourceManager's configuration, default "workflowid:").
	WorkflowOverride  Value[bool]
	WorkflowMappings  []WorkflowMapping
	WorkflowTagPrefix Value[string]
	// TagPlacement is yarn.resourcemanager.application-tag-based-placement.enable
	// and TagPlacementWhitelist its username.whitelist (yarn-site.xml):
	// a whitelisted submitter's app with a userid=<name> tag is placed as
	// <name> (RMAppManager#getUserNameForPlacement).
	TagPlacement          Value[bool]
	TagPlacementWhitelist []string
	// Preemption settings (yarn.resourcemanager.monitor.capacity.preemption.*).
	Preemption Preemption
}

// DominantCalculator reports whether the DominantResourceCalculator is in
// use (else only memory counts).
func (g Global) DominantCalculator() bool {
	return g.ResourceCalculator.V == "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"
}

// MaxParallelAppsForUser is CapacitySchedulerConfiguration#
// getMaxParallelAppsForUser (3.3+, YARN-9930): the user's own
// user.<user>.max-parallel-apps when it is set (own), else the default
// user's user.max-parallel-apps (getInt, Integer.MAX_VALUE when unset).
func (m *Model) MaxParallelAppsForUser(user string) (v Value[int32], own bool) {
	if m.Root != nil {
		if v, ok := m.Root.UserMaxParallelApps[user]; ok {
			return v, true
		}
	}
	return m.Global.UserMaxParallelApps, false
}

// MonitorRuns reports whether the ResourceManager runs the built-in
// scheduling edit policy of that simple class name (SchedulingMonitor-
// Manager: monitors on, and the class among the configured policies,
// ProportionalCapacityPreemptionPolicy when none are). A policy is listed
// by its class with its package, as Class.forName loads it: the bare name
// or another package is another class (lint CS079). Names are trimmed: a
// 3.1+ ResourceManager fails to start on spaces around one (CS079), so a
// run of such a file is of what it was meant to say.
func (g *Global) MonitorRuns(policy string) bool {
	if !g.MonitorEnabled.V {
		return false
	}
	if !g.MonitorPolicies.Set() {
		return policy == "ProportionalCapacityPreemptionPolicy"
	}
	for _, c := range g.MonitorPolicyNames {
		if c = JavaTrim(c); strings.HasSuffix(c, "."+policy) && BuiltinMonitorPolicy(c) != nil {
			return true
		}
	}
	return false
}

// DeletionIntervalMS is AutoCreatedQueueDeletionPolicy's monitoring
// interval as its init computes it: queue-expiration-time × 1000 in a
// Java long, which wraps as an int64 does. The scheduling monitor cannot
// run it at 0 or less (lint CS080).
func (g *Global) DeletionIntervalMS() int64 { return g.QueueExpirySeconds.V * 1000 }

// Preemption holds ProportionalCapacityPreemptionPolicy settings.
type Preemption struct {
	// Enabled is yarn.resourcemanager.scheduler.monitor.enable with the
	// proportional policy among the monitor policies.
	Enabled                    Value[bool]
	ObserveOnly                Value[bool]
	MonitoringIntervalMS       Value[int64]
	MaxWaitBeforeKillMS        Value[int64]
	TotalPreemptionPerRound    Value[float32]
	MaxIgnoredOverCapacity     Value[float32]
	NaturalTerminationFactor   Value[float32]
	IntraQueuePreemptionEnable Value[bool]
	// IntraQueueMinThreshold, IntraQueueMaxAllowable and IntraQueueOrder are
	// intra-queue-preemption.{minimum-threshold,max-allowable-limit,
	// preemption-order-policy} (IntraQueueCandidatesSelector).
	IntraQueueMinThreshold Value[float32]
	IntraQueueMaxAllowable Value[float32]
	IntraQueueOrder        Value[string]
	// SelectOnReservedContainers is select_based_on_reserved_containers
	// (ReservedContainerCandidatesSelector).
	SelectOnReservedContainers Value[bool]
	// BalanceAfterSatisfied and BalanceMaxWaitMS are
	// preemption-to-balance-queue-after-satisfied.{enabled,max-wait-before-kill}.
	BalanceAfterSatisfied Value[bool]
	BalanceMaxWaitMS      Value[int64]
	// CrossQueueConservativeDRF and InQueueConservativeDRF are
	// conservative-drf and intra-queue-preemption.conservative-drf: under
	// DRF, whether a selector stops at the first resource type it no
	// longer needs (CapacitySchedulerPreemptionUtils.tryPreemptContainerAndDeductResToObtain).
	CrossQueueConservativeDRF Value[bool]
	InQueueConservativeDRF    Value[bool]
	// Underutilized, UnderutilizedDelayMS and UnderutilizedMoveReservation
	// are yarn.scheduler.capacity.ordering-policy.priority-utilization.
	// underutilized-preemption.{enabled,reserved-container-delay-ms,
	// allow-move-reservation} (QueuePriorityContainerCandidateSelector).
	Underutilized                Value[bool]
	UnderutilizedDelayMS         Value[int64]
	UnderutilizedMoveReservation Value[bool]
}

// Model is the typed view of a Capacity Scheduler configuration. Build
// always returns one, as complete as the input allows; the problems it met
// are in Findings.
type Model struct {
	Version Version
	Conf    *Conf
	Global  Global
	Root    *Queue
	// Queues lists every queue reachable from root, depth first in the
	// order children are written.
	Queues []*Queue
	byPath map[string]*Queue
	// keyLabels are the labels each path's accessible-node-labels.<l>.*
	// keys configure, as Hadoop reads them (KeyLabels).
	keyLabels map[string][]string
	// Leaves maps a short leaf name to every leaf with that name.
	Leaves map[string][]*Queue
	// Cluster is the cluster resource given with --cluster (zero if none);
	// absolute-mode capacities are resolved against it.
	Cluster Resource
	// Orphans are yarn.scheduler.capacity.root.* properties that belong
	// to no queue of the tree (Hadoop ignores them silently), in key order.
	Orphans []*Property
	// RMOnlyElsewhere are definitions of RMOnlySettings outside the
	// ResourceManager's configuration (in capacity-scheduler.xml), which
	// Hadoop does not read, in position order; empty when Conf.RM is nil.
	RMOnlyElsewhere []*Property
	// Findings are problems met while building (Hadoop would refuse or
	// silently change something). Lint reports them with its own.
	Findings []Finding
	// TooLarge, wrapping ErrTooLarge, says the configuration passes one
	// of capq's size bounds (MaxQueues): the model holds only part of
	// it, and Load returns TooLarge as its error so no command runs on it.
	TooLarge error
	// SourceBytes is how much Load read for the model (every file, its
	// includes too; Document.Bytes), 0 for a model built otherwise.
	SourceBytes int64
}

// Queue returns the queue with the given full path, or nil.
func (m *Model) Queue(path string) *Queue { return m.byPath[path] }
