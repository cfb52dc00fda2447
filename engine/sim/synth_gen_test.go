package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// synthJobsText prints generated jobs the way SynthRef.java prints SLS's.
func synthJobsText(jobs []synthGenJob) string {
	var b strings.Builder
	for _, j := range jobs {
		fmt.Fprintf(&b, "job %s queue=%s user=%s type=%s submit_ms=%d duration_ms=%d deadline_ms=%d\n",
			j.name, j.wl.Queue, j.def.User, j.def.Type, j.submitSec*1000, j.durationMS, j.deadlineMS)
		for _, t := range j.tasks {
			fmt.Fprintf(&b, "  task %s time=%d memory_mb=%d vcores=%d priority=%d\n", t.typ, t.timeMS, t.memoryMB, t.vcores, t.priority)
		}
	}
	return b.String()
}

func generateSynth(t *testing.T, data []byte) []synthGenJob {
	t.Helper()
	data, pos, err := synthCoerce("syn.json", data)
	require.NoError(t, err)
	var tr synthTrace
	require.NoError(t, json.NewDecoder(bytes.NewReader(data)).Decode(&tr))
	tr.locate("syn.json", pos)
	require.NoError(t, readOldJobKeys(data, &tr))
	require.NoError(t, tr.check())
	var jobs []synthGenJob
	require.NoError(t, tr.generate(newContainerCount(0), func(j *synthGenJob) error {
		jobs = append(jobs, *j)
		return nil
	}))
	return jobs
}

// TestSynthDrawsAsSLS: from SLS's own SYNTH test descriptions, capq draws
// the jobs SLS 3.4 draws, draw for draw: names, submission seconds (in
// PriorityQueue order), durations, reservations and deadlines, every
// container's time, memory and vcores. The expected text is what
// testdata/synth-reference/SynthRef.java printed, running
// SynthTraceJobProducer's and SynthJob's draw sequence on OpenJDK 17's
// java.util.Random and commons-math3 3.6.1.
func TestSynthDrawsAsSLS(t *testing.T) {
	for _, c := range []struct{ dir, f string }{{"sls-suite", "syn"}, {"sls-suite", "syn_generic"}, {"sls-suite", "syn_stream"}, {"synth-reference", "mixed"}} {
		f := c.f
		t.Run(f, func(t *testing.T) {
			jobs := generateSynth(t, readFile(t, "testdata", c.dir, f+".json"))
			want := string(readFile(t, "testdata", "synth-reference", f+".jobs.txt"))
			assert.Equal(t, want, synthJobsText(jobs))
		})
	}
}
