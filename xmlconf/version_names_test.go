package xmlconf

import (
	"errors"
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

// TestParseVersionWithoutProfile: a line capq has no profile for is
// refused, never mapped to another profile. A line newer than the newest
// profile says so; for 3.5 it names what capq knows it changes (YARN-7327
// turns asynchronous scheduling on by default, CHANGELOG.3.5.0.md).
func TestParseVersionWithoutProfile(t *testing.T) {
	tests := []struct {
		in    string
		newer bool
		want  string
	}{
		{"3.5", true, `hadoop version "3.5": capq's newest profile is 3.4 (Hadoop 3.5 changes the Capacity Scheduler in ways capq does not model yet, among them asynchronous scheduling on by default (YARN-7327)); use 3.4 to check against 3.4's rules`},
		{"3.5.0", true, `hadoop version "3.5.0": capq's newest profile is 3.4 (Hadoop 3.5 changes`},
		{"3.6", true, `hadoop version "3.6": capq's newest profile is 3.4 (what Hadoop 3.6 changes in the Capacity Scheduler is not modelled); use 3.4 to check against 3.4's rules`},
		{"4.0", true, `capq's newest profile is 3.4 (what Hadoop 4.0 changes`},
		{"2.8", false, `hadoop version "2.8" has no profile; supported: 2.7, 2.10, 3.1, 3.2, 3.3, 3.4`},
		{"3.0", false, `hadoop version "3.0" has no profile`},
		{"1.2", false, `hadoop version "1.2" has no profile`},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			_, err := ParseVersion(tc.in)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			var newer *NewerVersionError
			var none *NoProfileError
			assert.Equal(t, tc.newer, errors.As(err, &newer))
			assert.Equal(t, !tc.newer, errors.As(err, &none))
		})
	}
}
