package sim

// ContendedDay is issue #19's contended generated day on a cluster of the
// given number of nodes: what
//
//	capq gen workload --config cs1000.xml --nodes 10000 \
//	  --task-memory 2048,4096,8192 --task-duration 70m \
//	  --target-utilization 0.95 --burst-share 0 --seed 1
//
// makes for 10,000 nodes (about 100,000 apps), i.e. the command's defaults
// (CommandGenOptions) with those flags. TestScaleTable's contended days
// and BENCHMARKS.md use it; cmd/capq's TestContendedDayIsTheCommand
// parses the documented flags with the command's own and checks they
// give it. Its offered load is a share of the cluster, so the day is as
// busy at any size (the busy growth table varies nodes this way).
//
// Why these flags (BENCHMARKS.md has the runs): the generated
// configuration admits at most 10,000 live apps (its global
// maximum-applications), and 100,000 apps of the default 1–4 GB tasks
// lasting 140 minutes on average keep more than that alive, so apps are
// rejected (1,109 in the first 6 hours) and the day's use stays near 62%;
// tasks twice as big for half as long ask for the same memory-time in
// half the time. Bursts are
// off because every generated parent is capped at its own capacity: a
// leaf's burst cannot spill outside its parent, so it only queues work
// there while the other parents idle (69% use at a tenth of the size).
func ContendedDay(nodes int) GenOptions {
	o := CommandGenOptions()
	o.Nodes, o.Seed = nodes, 1
	o.TaskMemoryMB = []int64{2048, 4096, 8192}
	o.DurationMeanMS = 70 * 60 * 1000
	o.TargetUtilization, o.BurstShare = 0.95, 0
	return o
}
