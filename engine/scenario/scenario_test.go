package scenario

import (
	"bytes"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// TestScenarios runs every scenario under testdata/scenarios and fails on
// any unmet expectation; the text report of each is a golden file.
func TestScenarios(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(golden.RepoRoot(), "testdata", "scenarios", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	sort.Strings(files)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			sc, err := Load(f)
			require.NoError(t, err)
			out := Run(sc, Options{Explain: true})
			assert.Empty(t, out.Failures, "unmet expectations")
			var b bytes.Buffer
			require.NoError(t, WriteText(&b, sc, out))
			golden.Assert(t, "scenario/"+name+".txt", b.Bytes())
		})
	}
}
