package scenario

import (
	"bytes"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScenariosUnderShortcutChecks runs every scenario with the engine's
// shortcuts checked against the work they skip (skipped fair sorts,
// recalled passes, the preemption round's cached totals and askers, the
// fixpoint's kept order; a check panics when a shortcut would answer
// otherwise) and without the checks, and compares the outputs. The runs
// do not explain their passes, since an explained pass is never recalled.
// The scenarios reach paths the busy days of engine/sim do not (moves,
// attempts removed and added, kills, refreshes, labels), so a shortcut
// that one of them leaves stale shows here.
func TestScenariosUnderShortcutChecks(t *testing.T) {
	if testing.Short() {
		t.Skip("every scenario twice more")
	}
	files, err := filepath.Glob(filepath.Join(golden.RepoRoot(), "testdata", "scenarios", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	sort.Strings(files)
	run := func(name string, sc *Scenario, checked bool) string {
		if checked {
			defer engine.SetShortcutChecksForTests(true)()
			defer engine.SetPreemptCacheForTests("check")()
			defer engine.SetFixpointForTests("check")()
		}
		var out *Output
		require.NotPanics(t, func() { out = Run(sc, Options{}) }, name)
		var b bytes.Buffer
		require.NoError(t, WriteText(&b, sc, out))
		return b.String()
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		sc, err := Load(f)
		require.NoError(t, err, name)
		want := run(name, sc, false)
		sc, err = Load(f)
		require.NoError(t, err, name)
		assert.Equal(t, want, run(name, sc, true), "%s: the checks change the output", name)
	}
}
