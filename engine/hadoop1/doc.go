// Package hadoop1 is capq's Hadoop 1 engine: a deterministic,
// single-threaded model of the JobTracker's CapacityTaskScheduler
// (contrib/capacity-scheduler: CapacityTaskScheduler, CapacitySchedulerQueue,
// JobInitializationPoller, JobQueuesManager, MemoryMatcher) for the 1.x flat
// dialect, with the 0.20.205–1.0, 1.1 and 1.2.1 differences behind Profile.
//
// Hadoop 1 schedules slots, not containers: map and reduce slots are
// separate, queues are ordered by occupied slots over capacity per task
// type, jobs are initialized lazily by a poller with its own limits, a
// high-RAM job takes several slots per task and reserves TaskTrackers, and
// off-switch maps wait for the job's locality wait factor.
//
// It takes the Hadoop 1 model xmlconf builds (Config, FromModel) and shares
// nothing with the YARN engine: slots are not resources, and the two
// schedulers have no common code. It never reads XML or prints.
//
//	e, err := hadoop1.New(cfg, trackers, hadoop1.Options{JobTrackerUser: "mapred"})
//	res := e.Submit(hadoop1.JobSpec{Name: "j1", User: "u1", Queue: "default", Maps: 10})
//	init := e.InitPass(true)       // one JobInitializationPoller pass
//	as := e.Heartbeat("tt1")       // one assignTasks call: maps, then at most one reduce
//	e.CompleteTasks("j1", hadoop1.Map, nil, 2)
//	e.EndJob("j1", hadoop1.Succeeded, true)
//	st := e.Snapshot()             // hadoop1-scenario-format.md state
//	why := e.WhyNot("j2")          // why did this job not get a slot?
//
// Not modelled (hadoop1-engine.md §9): speculative execution, setup and
// cleanup tasks, task failures and retries, blacklisting, disk checks,
// metrics, the 1.1+ JobTracker safe mode. Hadoop 1 has no preemption.
package hadoop1
