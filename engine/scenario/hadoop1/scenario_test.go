package hadoop1

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const scenarioDir = "../../../testdata/hadoop1-scenarios"

// TestScenarios runs every Hadoop 1 scenario with its step-level
// expectations: most reproduce a named TestCapacityScheduler test with its
// asserted values, the rest the seed document's flows.
func TestScenarios(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(scenarioDir, "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			data, err := os.ReadFile(p)
			require.NoError(t, err)
			require.True(t, Detect(data), "not detected as a hadoop1 scenario")
			f, err := Parse(p, data)
			require.NoError(t, err)
			out := Run(f, Options{StepExpectations: true})
			assert.Empty(t, out.Failures, "%s", RenderText(f, out))
		})
	}
}
