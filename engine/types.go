package engine

import "github.com/capq/capq/xmlconf"

// Locality is where a container was placed relative to its request
// (Hadoop's NodeType).
type Locality uint8

// Localities.
const (
	NodeLocal Locality = iota
	RackLocal
	OffSwitch
)

// String returns Hadoop's NodeType name.
func (l Locality) String() string {
	return [...]string{"NODE_LOCAL", "RACK_LOCAL", "OFF_SWITCH"}[l]
}

// AnyResource is the resource name of an off-switch ("*") request.
const AnyResource = "*"

// NodeSpec describes one node manager.
type NodeSpec struct {
	ID, Host, Rack string
	MemoryMB       int64
	VCores         int64
	// Partition is the node's label ("" = the default partition). A
	// labelled node adds nothing to the default partition's resource; it
	// serves requests for its label and, when the label is not exclusive
	// (DefineLabels), idle resources to default-partition requests.
	Partition string
}

// AppSpec is an application attempt to submit.
type AppSpec struct {
	ID, Queue, User string
	// AM is the AM container's resource; it counts towards the AM limits.
	AM Resource
	// Priority is the application priority (higher first); nil means the
	// client sent none, and the ResourceManager gives the app its default
	// (defaultPriority: the admitting priority ACL group's default_priority,
	// else the leaf's default-application-priority). Either is capped by
	// yarn.cluster.max-application-priority like the RM does.
	Priority *int32
	// Groups are the user's groups (submit ACLs and placement): the first
	// is the primary group.
	Groups []string
	// AppName is the application name (application mapping rules).
	AppName string
	// Tags are the application tags (ApplicationSubmissionContext.
	// setApplicationTags), as submitted: the engine lowercases them as
	// the ResourceManager does. A workflowid:<id> tag selects the app's
	// workflow priority mapping (workflow.go). Callers refuse what
	// CheckTags refuses.
	Tags []string
	// Placement runs the mapping rules, with Queue as the queue asked
	// for ("" = default); without it Queue is taken literally.
	Placement bool
	// AMNodeLabel is the AM's node label expression; nil = the queue's
	// default-node-label-expression, "" = the default partition.
	AMNodeLabel *string
	// AMContainer models the RM's AM container request: once activated
	// the app asks for one container of AM size at AMPriority in the AM's
	// partition, and is RUNNING only once it is allocated.
	AMContainer bool
	// AMRequested says the AM resource is the RM's AM request, which
	// RMAppManager.validateAndCreateResourceRequest validates against the
	// maximum allocation (refusing the submission) and normalizes before
	// the attempt exists, though the caller asks for the container itself
	// (the simulator). AMContainer implies it. Without either, AM is taken
	// as given, as Hadoop's tests hand a mocked attempt its AM resource.
	AMRequested bool
	// Ref is the caller's own handle for the app, echoed in every Event
	// about it (Event.AppRef); the engine does not read it.
	Ref int32
}

// Ask is one YARN ResourceRequest: Count replaces the outstanding number
// of containers for (Priority, ResourceName); 0 cancels it.
type Ask struct {
	Priority     int32
	ResourceName string
	Resource     Resource
	Count        int
	// RelaxLocality defaults to true; set NoRelax to forbid relaxing past
	// this resource name.
	NoRelax bool
	// NodeLabel is the node label expression of an ANY request (others
	// ignore it, as YARN does); nil = the queue's
	// default-node-label-expression, "" = the default partition.
	NodeLabel *string
}

// AssignKind says what a scheduling pass did.
type AssignKind uint8

// Assignment kinds.
const (
	AssignNone AssignKind = iota
	AssignAllocated
	AssignReserved
	AssignReReserved
	AssignFulfilled // a reservation turned into an allocation
	AssignUnreserved
)

// String names the kind.
func (k AssignKind) String() string {
	return [...]string{"none", "allocated", "reserved", "re-reserved", "fulfilled", "unreserved"}[k]
}

// Assignment is the outcome of one scheduling pass on a node.
type Assignment struct {
	Kind        AssignKind
	App, Queue  string
	Node        string
	Resource    Resource
	Priority    int32
	Locality    Locality
	ContainerID int64
	// Unreserved is the reservation released to make room (continue-looking).
	Unreserved int64
	// StarvationMoved marks a re-reservation that changed whether its
	// request may allocate or reserve anew
	// (shouldAllocOrReserveNewContainer's starvation term, the only reader
	// of the re-reservation count): only such a re-reservation can change
	// what another node's pass does.
	StarvationMoved bool
	// Why explains a pass that assigned nothing, or the limits that blocked
	// other apps on the way (only when Options.Explain is set).
	Why []string
}

// EventKind classifies engine events.
type EventKind uint8

// Event kinds.
const (
	EvAllocated EventKind = iota
	EvReserved
	EvUnreserved
	EvReleased
	EvPreempted
	// EvMarked: the preemption policy selected a running container for the
	// first time (MARK_CONTAINER_FOR_PREEMPTION); it is killed
	// (EvPreempted) if still selected after max_wait_before_kill.
	EvMarked
	// EvKillable: with lazy preemption, a marked container still selected
	// after max_wait_before_kill became killable
	// (MARK_CONTAINER_FOR_KILLABLE); it runs until an allocation takes its
	// room (EvPreempted) or it ends.
	EvKillable
)

// String names the event kind.
func (k EventKind) String() string {
	return [...]string{"allocated", "reserved", "unreserved", "released", "preempted", "marked", "killable"}[k]
}

// Event reports one container state change to Options.OnEvent.
type Event struct {
	Kind        EventKind
	ContainerID int64
	App         string
	Queue       string
	Node        string
	Resource    Resource
	Priority    int32
	Locality    Locality
	// AppRef is the app's AppSpec.Ref and NodeIndex the node's NodeIndex:
	// a caller that keeps its own tables finds its entries without
	// looking the names up.
	AppRef    int32
	NodeIndex int
	// Tag is the caller's tag of the container (Engine.SetTag), 0 until
	// set: release events carry it back, so the caller need keep no
	// table of its own by container id.
	Tag int64
}

// RefreshCheck decides whether a refresh from old to new is allowed while
// live runs old (the validate package's rules, passed in so engine does
// not import it; preview.RefreshCheck is the one capq uses). It returns
// the errors that refuse it. live answers validate.LiveState's questions
// (QueueState, QueueApps); that interface is declared once, in validate.
type RefreshCheck func(old, new *xmlconf.Model, live *Engine) []string

// Options tune the engine.
type Options struct {
	// OnEvent, when set, is called for every allocation, reservation,
	// unreservation, release and preemption, in order.
	OnEvent func(Event)
	// Explain records why passes assign nothing (slower; for capq scenario).
	Explain bool
	// WalkEveryLeaf turns off the pass's skipping of queues that would
	// assign nothing: those whose every asking app is refused by its
	// user's limit (userBlocked: leaves, and parents with only such
	// children) and those a parent's room below the minimum allocation
	// refuses (refusal.go), and the recalling of remembered passes
	// (passmemo.go), so a pass visits every queue with pending work like
	// Hadoop's; tests use it to show that the skipping changes no
	// decision.
	WalkEveryLeaf bool
	// GroupsOf is the group provider for a user other than a
	// submission's own (whose groups AppSpec.Groups gives): the user an
	// app's userid tag names under tag-based placement. Nil: no groups.
	GroupsOf func(user string) []string
}
