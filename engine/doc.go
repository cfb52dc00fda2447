// Package engine is capq's bundled Capacity Scheduler: a deterministic,
// single-threaded model of how the YARN ResourceManager's CapacityScheduler
// (Hadoop 3.4 by default; the model's version profile selects 2.7 to 3.3
// where they differ, such as user-limit-factor -1) places containers on
// nodes. It takes the typed model from xmlconf and never
// reads XML or prints.
//
// # API (for a time-driven simulator)
//
//	e, err := engine.New(model, nodes, engine.Options{OnEvent: hook})
//	err = e.SubmitApp(engine.AppSpec{ID: "app_1", Queue: "root.a", User: "u", AM: amRes})
//	err = e.UpdateAsks("app_1", []engine.Ask{{Priority: 1, ResourceName: engine.AnyResource, Resource: r, Count: 10}})
//	as := e.Heartbeat(i)       // node update: several passes (slice reused by the next call)
//	a := e.AssignOnce(i)       // one pass: what Hadoop's unit tests call
//	e.ReleaseContainer(id)     // a container finished (or cancel a reservation)
//	e.CompleteContainers("app_1", n); e.LiveContainers("app_1")
//	ok := e.ReleaseRunning(id) // a running container finished; false if it is gone (no reservation scan)
//	e.SetTag(id, t)            // the caller's tag, back in the release event (Event.Tag); e.Running(id), e.EachRunning(f)
//	e.FinishApp("app_1")       // attempt done: release, leave queue, activate waiting apps
//	e.KillApp("app_1")         // the same, the app ending KILLED (killAllAppsInQueue, a client's kill)
//	e.RemoveAttempt("app_1", keep); e.AddAttempt("app_1") // an AM retry, keeping running containers or not
//	e.AddNodes(specs...); e.RemoveNodes(ids...); i, ok := e.NodeIndex(id)
//	errs := e.Refresh(newModel, check) // check may be nil; the caller may run validate first
//	res := e.Preempt(nowMS)    // one ProportionalCapacityPreemptionPolicy round
//	st := e.Snapshot()         // queues, apps, users, nodes (scenario-format.md)
//	pl, err := e.Submit(spec)  // SubmitApp saying where the app went (placement, auto-created queues)
//	e.SetTime(ms); e.ExpireQueues(ms) // AutoCreatedQueueDeletionPolicy for idle dynamic queues
//	e.AppLifetime(leaf, asked) // seconds an app may live there (0 or less: none)
//	e.Unmodelled()             // what the engine does not model for this configuration
//	iv, ok := e.AsyncIntervalMS(); as = e.AsyncPass() // schedule-asynchronously: one schedule(cs) pass
//	e.MultiNode(); e.NodeOrder(policy, label)          // multi-node placement and its sorted nodes
//
// # Where apps land and how many run
//
// With AppSpec.Placement the mapping rules of the configuration (package
// placement: CSMappingPlacementRule) choose the queue; a full path under a
// parent with auto-creation creates the missing queues (flexible v2 with
// weights, depth, max-queues and templates; legacy managed parents with
// leaf-queue-template) by writing them into a copy of the configuration and
// rebuilding the model, as the RM writes templates into its configuration.
// Dynamic queues survive refreshes (WithDynamic) until the deletion policy
// removes them. max-parallel-apps (3.3+) keeps apps non-runnable and
// promotes them in submission order (CSMaxRunningAppsEnforcer).
//
// Nodes are addressed by index (NodeIndex, NumNodes; removed nodes keep
// their slot). Options.OnEvent receives every allocation, reservation,
// unreservation, release and preemption in order, with the container id
// that ReleaseContainer takes. The AM container is not requested
// automatically unless AppSpec.AMContainer is set: AppSpec.AM counts
// towards the AM limits only; a simulator asks for the AM container like
// any other (priority 0 first).
//
// # Node labels
//
// Nodes belong to partitions (partition.go: the label table, resources,
// label moves). Each queue keeps its capacities and usage per labelled
// partition beside the default partition's own fields
// (partition_queue.go), limits take a partition and a scheduling mode
// (partition_limits.go), and a labelled node's heartbeat runs its own
// partition, then on a non-exclusive one the default partition's requests
// in IGNORE_PARTITION_EXCLUSIVITY mode (partition_alloc.go). Usage is
// booked by the partition of the node. A cluster without labels runs the
// default-partition code with its caches exactly as before.
//
// # Fidelity
//
// Every decision follows the Hadoop class it names in comments:
// ParentQueue (one container per pass from root, child limits), the
// utilization and priority-utilization orderings, AbstractLeafQueue (queue
// and user admission, AM limits and activation, headroom), UsersManager
// (user limit with Java float rounding, cached and invalidated on
// allocation, release, user (de)activation and cluster change),
// RegularContainerAllocator (request priorities, delay scheduling,
// reservations and continue-looking), CapacityScheduler (reserved nodes,
// multiple assignments and the off-switch limit per heartbeat, commit-time
// checks against queue maxima and user limits).
//
// Multi-node placement (multinode.go, sorter.go) offers a pass the nodes
// of a partition in ResourceUsageMultiNodeLookupPolicy's order (or
// LayeredNodeUsageBinPackingPolicy's, sorter_layered.go), re-sorted
// every sorting interval of simulated time (SetTime drives the sorter
// threads). Asynchronous scheduling (async.go) is one scheduling thread:
// heartbeats schedule nothing and AsyncPass is CapacityScheduler.
// schedule(cs), called by the simulator every scheduling-interval-ms.
//
// Preemption is ProportionalCapacityPreemptionPolicy as Hadoop 3.4 runs
// it (preempt*.go): TempQueuePerPartition snapshots, the fixpoint ideal
// assignment with queue priorities and untouchable extras, resToObtain
// with the dead zone and natural termination, the per-round allowance,
// the reserved-container and FIFO selectors, and mark-then-kill after
// max_wait_before_kill. What a configuration enables that the engine
// does not model is listed by Unmodelled, for every front end to show.
//
// Under Hadoop 3.4's non-legacy queue mode (legacy-queue-mode.enabled =
// false) guarantees, maximums and capacities come from
// xmlconf.QueueResources, recomputed whenever the cluster changes: per
// memory and vcores, absolute siblings first, percentages of what they
// leave, weights share the rest (ResourceCalculationDriver), so the tree,
// lint and the engine read one computation.
//
// # Performance
//
// Hot paths use slices and indices, keep per-queue counters (usage,
// pending asks, active users) incrementally, keep children sorted between
// passes and only move queues whose usage changed, and build explanations
// only when Options.Explain is set. BenchmarkAllocation (2 queues, 2 apps,
// 500-5,000 nodes, 10,000-50,000 containers) runs at well over a million
// allocations a second; BenchmarkWideTree shows a pass over 1,000 queues.
// Node labels and multi-node placement keep their per-partition books
// beside the default partition's own fields, and the allocation path
// takes the default partition's case first, without the accessors' extra
// calls, so a cluster without labels pays for them within the noise
// (engine/sim/BENCHMARKS.md).
//
// # Layers
//
// What lives here: the core scheduler and its state. What does not:
// simulated time and workloads (engine/sim), step-by-step scenarios
// (engine/scenario), comparisons and previews (engine/preview), reading
// configurations (xmlconf) and the refresh rules (validate, passed in as a
// RefreshCheck). The core imports xmlconf only; README.md's Development
// section shows the layers and cmd/capq/layers_test.go checks them.
package engine
