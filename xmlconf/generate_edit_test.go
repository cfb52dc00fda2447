package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEditGeneratedApplies keeps the diff benchmarks honest when the
// generator changes: every pattern must apply once to the generated
// 10,000-queue file, or the benchmarks would time an easier refresh.
func TestEditGeneratedApplies(t *testing.T) {
	_, err := EditGenerated(GenerateConfig(GenOptions{Queues: 10000, Seed: 1}))
	require.NoError(t, err)
	_, err = EditGenerated([]byte("<configuration/>"))
	assert.ErrorContains(t, err, "found 0 times")
}
