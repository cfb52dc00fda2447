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
func (r *Report) bars(path string, o, n *QueueRun) []queueBar {
	var out []queueBar
	for _, side := range []struct {
		name  string
		q     *QueueRun
		stats *RunStats
		run   *Run
	}{{"old", o, r.oldStats, r.OldRun}, {"new", n, r.newStats, r.NewRun}} {
		if side.q == nil {
			continue
		}
		cluster := clusterMB(side.run)
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

// clusterMB is the run's root maximum: the cluster's memory.
func clusterMB(r *Run) int64 {
	if r == nil {
		return 0
	}
	for _, q := range r.Queues {
		if q.Path == "root" {
			return q.MaxMB
		}
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
