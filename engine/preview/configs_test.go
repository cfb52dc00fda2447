package preview

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	h1 "github.com/capq/capq/engine/hadoop1"
	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/golden"
	"github.com/capq/capq/migrate"
	"github.com/capq/capq/xmlconf"
)

// TestYARNConfigs: OLD and NEW carry diff's verdict and a unified diff
// named by the sides.
func TestYARNConfigs(t *testing.T) {
	root := golden.RepoRoot()
	side := func(dir string) LoadedConfig {
		name := filepath.Join(root, "testdata", dir, "capacity-scheduler.xml")
		data, err := os.ReadFile(name)
		require.NoError(t, err)
		l, err := xmlconf.Load(xmlconf.LoadOptions{CapacityScheduler: []xmlconf.Source{{Name: dir, Data: data}}})
		require.NoError(t, err)
		return LoadedConfig{Model: l.Model, Name: dir, Data: data}
	}
	c := YARNConfigs(side("seeds-example"), side("seeds-dev-max40-eng-max60"), xmlconf.DefaultVersion)
	assert.Equal(t, "seeds-example", c.OldName)
	assert.Equal(t, "seeds-dev-max40-eng-max60", c.NewName)
	require.NotNil(t, c.Refresh)
	assert.True(t, c.Refresh.Accepted)
	assert.Contains(t, c.Unified, "+++ seeds-dev-max40-eng-max60")
	assert.Nil(t, c.Hadoop1)
	assert.Empty(t, c.RefreshContext)
}

// TestHadoop1Configs: without --group the new side is the flat migration
// and there is no change to judge; with it, the report judges going from
// flat to grouped, named by the --group values.
func TestHadoop1Configs(t *testing.T) {
	m, err := xmlconf.LoadHadoop1Dir(filepath.Join(golden.RepoRoot(), "testdata", "hadoop1", "01-flat-basic"), xmlconf.ReadOptions{})
	require.NoError(t, err)
	prof, err := h1.ParseProfile("1.2.1")
	require.NoError(t, err)
	o := Hadoop1Options{Load: xmlconf.LoadOptions{Build: xmlconf.BuildOptions{Version: xmlconf.DefaultVersion}}, Profile: prof, MapredSite: "mapred-site.xml"}

	flat, err := Hadoop1Configs(m, o)
	require.NoError(t, err)
	require.NotNil(t, flat.Hadoop1)
	assert.Nil(t, flat.Old, "the old side runs on the Hadoop 1 engine")
	assert.Equal(t, "yarn (migrated)", flat.NewName)
	assert.Nil(t, flat.Refresh)
	assert.Empty(t, flat.Unified)

	g, err := migrate.ParseGroup("batch=etl,adhoc")
	require.NoError(t, err)
	o.Migrate.Groups, o.Groups = []migrate.Group{g}, []string{"batch=etl,adhoc"}
	grouped, err := Hadoop1Configs(m, o)
	require.NoError(t, err)
	assert.Equal(t, "yarn (migrated, --group batch=etl,adhoc)", grouped.NewName)
	require.NotNil(t, grouped.Refresh)
	assert.Equal(t, Hadoop1Context, grouped.RefreshContext)
	assert.Contains(t, grouped.Unified, "root.batch")
	assert.NotNil(t, grouped.New.Queue("root.batch.etl"))

	w, err := sim.Generate(grouped.New, sim.GenOptions{Seed: 1, Apps: 10, Nodes: 4})
	require.NoError(t, err)
	oldRun, newRun, notes, err := grouped.Simulate(w, sim.Options{}, sim.Options{})
	require.NoError(t, err)
	require.NotNil(t, oldRun)
	require.NotNil(t, newRun)
	assert.NotEmpty(t, notes, "a Hadoop 1 preview says what differs between the schedulers")
	in := grouped.Input(w.Name, 3, oldRun, newRun, notes)
	assert.Equal(t, grouped.Refresh, in.Refresh)
	assert.Equal(t, int64(3), in.Seed)
}

// TestYARNConfigsCarryReloadCaveat: a user's max-parallel-apps Integer.
// parseInt refuses (CS124) fails refreshQueues when applications wait for
// a max-parallel-apps slot (CSMaxRunningAppsEnforcer#
// updateRunnabilityOnReload): the preview's accepted verdict says so, in
// text and JSON, as `capq diff` does.
func TestYARNConfigsCarryReloadCaveat(t *testing.T) {
	dir := filepath.Join(golden.RepoRoot(), "testdata", "diff", "user-parallel-apps-reload")
	side := func(name string) LoadedConfig {
		data, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		l, err := xmlconf.Load(xmlconf.LoadOptions{CapacityScheduler: []xmlconf.Source{{Name: name, Data: data}}})
		require.NoError(t, err)
		return LoadedConfig{Model: l.Model, Name: name, Data: data}
	}
	c := YARNConfigs(side("old.xml"), side("new.xml"), xmlconf.V3_4)
	require.NotNil(t, c.Refresh)
	assert.True(t, c.Refresh.Accepted)
	v := refreshOf(&Report{Refresh: c.Refresh})
	require.Len(t, v.Caveats, 1)
	assert.Contains(t, v.Caveats[0], "updateRunnabilityOnReload")
	var b strings.Builder
	writeRefresh(&errWriter{w: &b}, v)
	assert.Contains(t, b.String(), "Refresh: accepted by refreshQueues (Hadoop 3.4)\n  but the refresh fails if applications are waiting")
}
