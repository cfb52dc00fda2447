package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVersionNames: every name parses back to its profile, oldest first.
func TestVersionNames(t *testing.T) {
	names := VersionNames()
	require.Len(t, names, len(SupportedVersions))
	assert.Equal(t, "2.7", names[0])
	for i, n := range names {
		v, err := ParseVersion(n)
		require.NoError(t, err)
		assert.Equal(t, SupportedVersions[i], v)
	}
}
