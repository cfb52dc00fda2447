package preview

import "github.com/capq/capq/engine/sim"

// AutoSampleMS picks the series step from the workload's length: about
// 720 samples over the time its last app needs at least (its submission
// plus each phase's longest task), between 1 s and 1 min, so a short
// trace still shows its use and a day stays small.
func AutoSampleMS(w *sim.Workload) int64 {
	var end int64
	for _, a := range w.Apps {
		phases := map[int]int64{}
		for _, t := range a.Tasks {
			phases[t.Phase] = max(phases[t.Phase], t.DurationMS)
		}
		t := a.SubmitMS
		for _, d := range phases {
			t += d
		}
		end = max(end, t)
	}
	step := end / 720 / 1000 * 1000
	return min(max(step, 1000), sim.DefaultSampleMS)
}
