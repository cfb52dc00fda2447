package preview

import "fmt"

// queueBar is one side's bar of a queue in the report's tree, like the
// YARN scheduler page's: the maximum as an outline, the guarantee filled,
// the peak used as a tick, each as a percentage of the cluster.
type queueBar struct {
	Side                     string
	GuarPct, MaxPct, PeakPct float64
	Title                    string
}

// bars returns the old and new bars of a queue (one when it exists in
// one configuration only).
// oldCluster and newCluster are each run's memory (its root's maximum).
func (r *Report) bars(path string, o, n *QueueRun, oldCluster, newCluster int64) []queueBar {
	var out []queueBar
	for _, side := range []struct {
		name    string
		q       *QueueRun
		stats   *RunStats
		cluster int64
	}{{"old", o, r.oldStats, oldCluster}, {"new", n, r.newStats, newCluster}} {
		if side.q == nil {
			continue
		}
		cluster := side.cluster
		var peak int64
		if side.stats != nil && side.stats.Queues[path] != nil {
			peak = side.stats.Queues[path].UsagePeakMB
		}
		b := queueBar{Side: side.name, GuarPct: pctOf(side.q.GuaranteedMB, cluster), MaxPct: pctOf(side.q.MaxMB, cluster), PeakPct: pctOf(peak, cluster)}
		b.Title = fmt.Sprintf("%s: guaranteed %s, maximum %s, peak used %s", side.name,
			FormatValue(KindMemory, float64(side.q.GuaranteedMB), true), FormatValue(KindMemory, float64(side.q.MaxMB), true), FormatValue(KindMemory, float64(peak), true))
		out = append(out, b)
	}
	return out
}

// clusterMB is the memory of a run's cluster: its root's maximum.
func clusterMB(queues map[string]*QueueRun) int64 {
	if q := queues["root"]; q != nil {
		return q.MaxMB
	}
	return 0
}

// pctOf is v as a percentage of whole, within [0, 100], one decimal.
func pctOf(v, whole int64) float64 {
	if whole <= 0 || v <= 0 {
		return 0
	}
	p := float64(v) / float64(whole) * 100
	return float64(int64(min(p, 100)*10+0.5)) / 10
}
