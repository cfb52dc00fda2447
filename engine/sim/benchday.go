package sim

// ContendedDay is issue #19's contended generated day on a cluster of the
// given number of nodes: what `capq gen workload --config cs1000.xml
// --nodes 10000 --task-duration 140m --target-utilization 0.95 --seed 1`
// makes for 10,000 nodes, i.e. the command's defaults (CommandGenOptions,
// bursts included) with those flags. TestScaleTable's contended days and
// BENCHMARKS.md use it; cmd/capq's TestContendedDayIsTheCommand parses
// the documented flags with the command's own and checks they give it. Its offered load is a share of the
// cluster, so the day stays as busy at any size (the busy growth table
// varies nodes this way).
func ContendedDay(nodes int) GenOptions {
	o := CommandGenOptions()
	o.Nodes, o.Seed = nodes, 1
	o.DurationMeanMS = 140 * 60 * 1000
	o.TargetUtilization = 0.95
	return o
}
