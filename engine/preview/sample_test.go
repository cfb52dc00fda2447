package preview

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/engine/sim"
)

// The step is about 1/720 of the time the last app needs (submission plus
// each phase's longest task), in whole seconds, between 1 s and 1 min.
func TestAutoSampleMS(t *testing.T) {
	app := func(submit int64, tasks ...sim.TaskGroup) sim.App { return sim.App{SubmitMS: submit, Tasks: tasks} }
	cases := []struct {
		name string
		apps []sim.App
		want int64
	}{
		{"empty", nil, 1000},
		{"short trace", []sim.App{app(0, sim.TaskGroup{DurationMS: 60_000})}, 1000},
		{"two hours, phases add", []sim.App{app(0, sim.TaskGroup{Phase: 0, DurationMS: 3_600_000}, sim.TaskGroup{Phase: 0, DurationMS: 60_000}, sim.TaskGroup{Phase: 1, DurationMS: 3_600_000})}, 10_000},
		{"a day", []sim.App{app(86_400_000, sim.TaskGroup{DurationMS: 1000})}, sim.DefaultSampleMS},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, AutoSampleMS(&sim.Workload{Apps: tc.apps}))
		})
	}
}
