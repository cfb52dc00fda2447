package scenario

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every op in the table runs and prints.
func TestOpsTableComplete(t *testing.T) {
	for name, o := range ops {
		assert.NotNil(t, o.run, name)
		assert.NotNil(t, o.text, name)
	}
}

// An unknown op and a refused step are that step's failures, in the JSON
// failures and in the text report.
func TestStepFailures(t *testing.T) {
	src := `{"id": "f", "cluster": {"nodes": [{"id": "n", "memory_mb": 8192, "vcores": 8}]},
  "config": {"yarn.scheduler.capacity.root.queues": "a", "yarn.scheduler.capacity.root.a.capacity": "100"},
  "steps": [{"op": "warp"}, {"op": "finish_app", "app": "ghost"}, {"op": "heartbeat", "node": "nowhere"}]}`
	sc, err := Parse("f.json", []byte(src))
	require.NoError(t, err)
	out := Run(sc, Options{})
	require.Len(t, out.Failures, 3)
	assert.Equal(t, `step 0 (warp): unknown op "warp"`, out.Failures[0])
	assert.Contains(t, out.Failures[1], "step 1 (finish_app): ")
	assert.Equal(t, `step 2 (heartbeat): unknown node "nowhere"`, out.Failures[2])
	var b bytes.Buffer
	require.NoError(t, WriteText(&b, sc, out))
	assert.Contains(t, b.String(), "[0] warp: refused: unknown op \"warp\"\n      FAIL unknown op \"warp\"\n")
	assert.Contains(t, b.String(), "result: 3 expectation(s) not met\n")
}

// A preempt step's counts: a named app must match, an app left out must
// have none unless unchecked, and a named app is checked even if it is
// also listed as unchecked.
func TestCheckCountsUnchecked(t *testing.T) {
	got := map[string]int{"a": 2, "b": 3}
	assert.Empty(t, checkCounts("marked", map[string]int{"a": 2}, got, []string{"b"}))
	assert.Equal(t, []string{`marked containers of "b": want 0, got 3`},
		checkCounts("marked", map[string]int{"a": 2}, got, nil))
	assert.Equal(t, []string{`marked containers of "a": want 1, got 2`},
		checkCounts("marked", map[string]int{"a": 1}, got, []string{"a", "b"}))
	assert.Empty(t, checkCounts("marked", nil, got, nil))
}
