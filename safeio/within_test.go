package safeio

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWithin(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "sc")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cs.xml"), nil, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(base, "secret.xml"), nil, 0o644))
	require.NoError(t, os.Symlink(filepath.Join(base, "secret.xml"), filepath.Join(dir, "link.xml")))
	require.NoError(t, os.Symlink("cs.xml", filepath.Join(dir, "inner.xml")))
	require.NoError(t, os.Symlink(base, filepath.Join(dir, "up")))
	cases := []struct {
		name, rel string
		ok        bool
	}{
		{"a file beside it", "cs.xml", true},
		{"in a subdirectory", "sub/x.xml", true},
		{"a link that stays inside", "inner.xml", true},
		{"up and back in", "sub/../cs.xml", true},
		{"missing, inside", "missing.xml", true},
		{"absolute", filepath.Join(dir, "cs.xml"), false},
		{"absolute elsewhere", "/etc/passwd", false},
		{"parent", "../secret.xml", false},
		{"missing, outside", "../missing.xml", false},
		{"a link outside", "link.xml", false},
		{"through a linked directory", "up/secret.xml", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path, err := Within(dir, c.rel)
			if c.ok {
				require.NoError(t, err)
				assert.Equal(t, filepath.Join(dir, c.rel), path)
				return
			}
			assert.ErrorIs(t, err, ErrOutside)
			assert.Empty(t, path)
		})
	}
}
