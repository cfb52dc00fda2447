package sim

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestSynthJobsBudget: num_jobs is held to the run's work budget
// (Options.MaxEvents, each application charged appCost) before a job is
// drawn, at its line, with ErrBudget and the flag to raise: a million
// jobs drew for seconds and ran for half a minute in 7 GB. The bound
// follows the budget, none with no budget (up to num_jobs' own range),
// and Run charges the same for the apps of any workload.
func TestSynthJobsBudget(t *testing.T) {
	const sizes = `"max_memory": {"val": 1}, "max_vcores": {"val": 1}`
	desc := func(jobs string) []byte {
		return []byte(strings.Replace(synthOneTask(`"count": {"val": 1}, "time": {"val": 5}, `+sizes, ""), `"num_jobs": 1,`, "\n\"num_jobs\": "+jobs+",", 1))
	}
	set := xmlconf.DefaultSLSSettings()
	for _, c := range []struct {
		name      string
		jobs      string
		maxEvents int64
		want      string
	}{
		{"a million, default budget", "1000000", 0, "s.json:2: num_jobs 1000000: work budget used up: 1000000 applications are more work than the budget of 5000000 simulated events allows (each is charged 25, so at most 200000; raise it with --max-events, -1 for none)"},
		{"one past a lowered budget", "41", 41*appCost - 1, "num_jobs 41: work budget used up"},
		{"within a lowered budget", "41", 41 * appCost, ""},
		{"as a string, coerced first", `"1000000"`, 0, "num_jobs 1000000: work budget used up"},
		{"past Java's int, refused by its range", "1e12", 0, "out of Java int range"},
		{"past its own range with no budget", "5000000", -1, "num_jobs 5000000 is out of range (1 to 1000000)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			w, err := readSynth("s.json", desc(c.jobs), set, 0, c.maxEvents)
			if c.want == "" {
				require.NoError(t, err)
				assert.Len(t, w.Apps, 41)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.Less(t, time.Since(start), time.Second, "refused before the jobs are drawn")
		})
	}
	_, err := readSynth("s.json", desc("1000000"), set, 0, 0)
	assert.True(t, errors.Is(err, ErrBudget), "%v", err)

	// Run charges the apps of any workload alike (checkBudget).
	w, err := readSynth("s.json", desc("41"), set, 0, -1)
	require.NoError(t, err)
	m := xmlconf.Build(xmlconf.NewConf(), xmlconf.BuildOptions{})
	_, err = Run(m, w, Options{MaxEvents: 41 * appCost})
	require.ErrorIs(t, err, ErrBudget)
	assert.Contains(t, err.Error(), "41 applications")
}
