package xmlconf

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConfDir(t *testing.T) {
	dir := t.TempDir()
	_, err := ConfDirSource(dir)
	assert.EqualError(t, err, dir+" is a directory without a capacity-scheduler.xml; name the file to read")
	_, ok := ConfDirYarnSite(dir)
	assert.False(t, ok)

	// Only a yarn-site.xml: the ResourceManager would read the queues
	// from it alone, and the error names it.
	site := filepath.Join(dir, "yarn-site.xml")
	require.NoError(t, os.WriteFile(site, nil, 0o644))
	_, err = ConfDirSource(dir)
	assert.EqualError(t, err, dir+" is a directory without a capacity-scheduler.xml; a ResourceManager started from it reads its queues from yarn-site.xml alone: name "+site+" to check those")
	require.NoError(t, os.Remove(site))

	require.NoError(t, os.WriteFile(filepath.Join(dir, "capacity-scheduler.xml"), nil, 0o644))
	src, err := ConfDirSource(dir)
	require.NoError(t, err)
	assert.Equal(t, Source{Name: filepath.Join(dir, "capacity-scheduler.xml")}, src)

	// There but unreadable: given to the reader, which says why, rather
	// than skipped as if the optional file were absent.
	require.NoError(t, os.Mkdir(filepath.Join(dir, "yarn-site.xml"), 0o755))
	ys, ok := ConfDirYarnSite(dir)
	assert.True(t, ok, "a directory named yarn-site.xml is for the reader to report")
	assert.Equal(t, filepath.Join(dir, "yarn-site.xml"), ys.Name)
	require.NoError(t, os.Remove(filepath.Join(dir, "yarn-site.xml")))
	require.NoError(t, os.Symlink(filepath.Join(dir, "nowhere.xml"), filepath.Join(dir, "yarn-site.xml")))
	_, ok = ConfDirYarnSite(dir)
	assert.True(t, ok, "a dangling yarn-site.xml link is for the reader to report")
	require.NoError(t, os.Remove(filepath.Join(dir, "yarn-site.xml")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "yarn-site.xml"), nil, 0o644))
	ys, ok = ConfDirYarnSite(dir)
	assert.True(t, ok)
	assert.Equal(t, filepath.Join(dir, "yarn-site.xml"), ys.Name)
	_, ok = ConfDirYarnSite(filepath.Join(dir, "yarn-site.xml"))
	assert.False(t, ok, "a file is not a conf dir")

	assert.Equal(t, []string{filepath.Join(dir, "capacity-scheduler.xml"), filepath.Join(dir, "yarn-site.xml")}, ConfDirFiles(dir))
}
