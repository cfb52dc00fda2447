// Package engine is capq's bundled Capacity Scheduler: a deterministic,
// single-threaded model of how the YARN ResourceManager's CapacityScheduler
// (Hadoop 3.4 by default) places containers on nodes. It takes the typed
// model from xmlconf and never reads XML or prints.
//
// The API mirrors the RM's event flow so a time-driven simulator can sit on
// top of it:
//
//	e, err := engine.New(model, nodes, engine.Options{})
//	e.SubmitApp(engine.AppSpec{ID: "app_1", Queue: "root.a", User: "u"})
//	e.UpdateAsks("app_1", []engine.Ask{{Priority: 1, ResourceName: "*", Resource: r, Count: 10}})
//	as := e.Heartbeat(nodeIndex)   // node update: several containers
//	a := e.AssignOnce(nodeIndex)   // one scheduling pass (Hadoop's unit tests)
//	e.ReleaseContainer(id); e.CompleteContainers("app_1", n); e.FinishApp("app_1")
//	e.AddNodes(...); e.RemoveNodes(...); e.Refresh(newModel, check)
//	st := e.Snapshot()
//
// Every decision follows the Hadoop class it names in comments
// (ParentQueue, AbstractLeafQueue, UsersManager, RegularContainerAllocator,
// PriorityUtilizationQueueOrderingPolicy, CapacityScheduler). Hot paths use
// slices and indices, keep per-queue counters incrementally and cache the
// user limit the way UsersManager does, so a pass costs O(depth × children)
// plus the apps it actually looks at.
package engine
