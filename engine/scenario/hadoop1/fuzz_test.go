package hadoop1

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse feeds arbitrary bytes to the scenario reader and runs what it
// accepts: no panic, no hang, whatever the steps say.
func FuzzParse(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join(scenarioDir, "*.json"))
	for _, p := range paths[:min(len(paths), 8)] {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"engine":"hadoop1","capacity_scheduler":{"mapred.capacity-scheduler.queue.default.capacity":"100"},` +
		`"cluster":{"trackers":[{"name":"t","map_slots":1}]},"steps":[{"op":"submit_job","job":"j","maps":3,"init_now":true},{"op":"heartbeat","tracker":"t","repeat":3}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if !Detect(data) {
			return
		}
		sc, err := Parse(filepath.Join(scenarioDir, "fuzz.json"), data)
		if err != nil {
			return
		}
		if len(sc.Cluster.Trackers) > 200 || len(sc.Cluster.TrackerGroups) > 4 {
			return
		}
		for _, g := range sc.Cluster.TrackerGroups {
			if g.Count > 200 {
				return
			}
		}
		for _, s := range sc.Steps {
			if s.Repeat > 50 || (s.Maps != nil && *s.Maps > 2000) || s.Reduces > 2000 {
				return // large but legal: slow, not interesting
			}
		}
		out := Run(sc, Options{StepExpectations: true})
		_ = RenderText(sc, out)
	})
}
