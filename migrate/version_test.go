package migrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

func TestResolveVersion(t *testing.T) {
	for _, c := range []struct {
		name        string
		forced      xmlconf.H1Dialect
		wantTarget  xmlconf.Version
		wantDialect xmlconf.H1Dialect
		wantErr     any
	}{
		{name: "3.3", wantTarget: xmlconf.V3_3},
		{name: "2.7", forced: xmlconf.H1Dialect021, wantTarget: xmlconf.V2_7, wantDialect: xmlconf.H1Dialect021},
		{name: "1.2.1", wantDialect: xmlconf.H1Dialect1x},
		{name: "0.20.2", wantDialect: xmlconf.H1Dialect020},
		{name: "0.22", forced: xmlconf.H1Dialect021, wantDialect: xmlconf.H1Dialect021},
		{name: "0.21", forced: xmlconf.H1Dialect1x, wantDialect: xmlconf.H1Dialect1x, wantErr: &DialectConflictError{}},
		{name: "4.0", wantErr: &VersionError{}},
		{name: "", wantErr: &VersionError{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			target, d, err := ResolveVersion(c.name, c.forced)
			if c.wantErr != nil {
				require.Error(t, err)
				assert.IsType(t, c.wantErr, err)
			} else {
				require.NoError(t, err)
			}
			assert.Equal(t, c.wantTarget, target)
			assert.Equal(t, c.wantDialect, d)
		})
	}
}

func TestVersionChoicesResolve(t *testing.T) {
	for _, v := range VersionChoices() {
		_, _, err := ResolveVersion(v, xmlconf.H1DialectUnknown)
		assert.NoError(t, err, v)
	}
}
