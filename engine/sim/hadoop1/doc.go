// Package hadoop1 runs a workload on a simulated Hadoop 1 cluster: the
// JobTracker's CapacityTaskScheduler (engine/hadoop1) driven in simulated
// time by TaskTracker heartbeats, the initialization poller and task
// completions. It reads the same workloads as the YARN simulator and
// returns the same sim.Result, so a preview can put "what the JobTracker
// did" next to "what YARN will do".
//
// One workload runs on both (Mapping): each NodeManager becomes a
// TaskTracker with the map and reduce slots mapred-site.xml gives every
// tracker (mapred.tasktracker.{map,reduce}.tasks.maximum, Hadoop's default
// 2 and 2), and each slot stands for an equal part of the node's memory —
// the reverse of what migrate documents (a TaskTracker with M map and R
// reduce slots is a NodeManager with the memory of its slots). An app
// becomes a job: its phase-0 (or "map") task groups are maps, later ones
// reduces; the ApplicationMaster container is dropped (the JobTracker has
// none); tasks keep their durations; task memory becomes the job's
// per-task memory, which matters only with memory-based scheduling. A node
// group may give its own map_slots and reduce_slots (FORMAT.md).
//
// Approximations, named in the run's notes: a slot counts as the first
// node's slot memory in the result's MB figures; the workload's timed
// events are not replayed; reduces launched at slow-start hold their slot
// and start their duration when the job's last map ends; TaskTrackers
// report finished tasks at once rather than at their next heartbeat.
package hadoop1
