package preview

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// A refresh event of an untrusted workload names a configuration inside
// the workload's directory, or nothing is read.
func TestRefreshPathUntrusted(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "w")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	secret := filepath.Join(base, "cs-secret.xml")
	require.NoError(t, os.WriteFile(secret, []byte(`<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>default</value></property></configuration>`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cs.xml"), []byte(`<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>default</value></property></configuration>`), 0o644))
	require.NoError(t, os.Symlink(secret, filepath.Join(dir, "link.xml")))
	cases := []struct {
		name, config string
		untrusted    bool
		wantErr      string
	}{
		{"beside the workload", "cs.xml", true, ""},
		{"absolute", secret, true, "is absolute"},
		{"parent", "../cs-secret.xml", true, "leads outside"},
		{"a link outside", "link.xml", true, "leads outside"},
		{"trusted: absolute", secret, false, ""},
		{"trusted: parent", "../cs-secret.xml", false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			load := xmlconf.LoadOptions{Read: xmlconf.ReadOptions{Untrusted: c.untrusted}}
			m, err := WithRefreshes(sim.Options{}, dir, load).LoadConfig(c.config)
			if c.wantErr == "" {
				require.NoError(t, err)
				assert.NotNil(t, m)
				return
			}
			assert.ErrorIs(t, err, safeio.ErrOutside)
			assert.ErrorContains(t, err, `refresh config "`+c.config+`" `+c.wantErr)
			assert.Nil(t, m)
		})
	}
}

// A refresh event naming a conf dir reads its yarn-site.xml when there is
// one and says why it cannot when it is there but unreadable (here a
// dangling link) rather than refreshing without it.
func TestRefreshConfDirYarnSite(t *testing.T) {
	dir := t.TempDir()
	conf := filepath.Join(dir, "conf")
	require.NoError(t, os.Mkdir(conf, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(conf, "capacity-scheduler.xml"), []byte(`<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>default</value></property></configuration>`), 0o644))
	load := WithRefreshes(sim.Options{}, dir, xmlconf.LoadOptions{}).LoadConfig
	m, err := load("conf")
	require.NoError(t, err, "yarn-site.xml is optional")
	assert.NotNil(t, m)

	require.NoError(t, os.Symlink("nowhere.xml", filepath.Join(conf, "yarn-site.xml")))
	m, err = load("conf")
	assert.ErrorContains(t, err, filepath.Join(conf, "yarn-site.xml")+`: is a symbolic link to "nowhere.xml", which does not exist`)
	assert.Nil(t, m)
}

// CheckRefreshes refuses before the run a refresh event whose
// configuration cannot be read at all, naming the event and the file
// (the conf dir's yarn-site.xml too); one that reads but does not parse
// passes, for the run to report as refreshQueues' refusal.
func TestCheckRefreshes(t *testing.T) {
	dir := t.TempDir()
	good := `<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>default</value></property></configuration>`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cs.xml"), []byte(good), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "broken.xml"), []byte(good[:40]), 0o644))
	conf := filepath.Join(dir, "conf")
	require.NoError(t, os.Mkdir(conf, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(conf, "capacity-scheduler.xml"), []byte(good), 0o644))
	require.NoError(t, os.Symlink("gone.xml", filepath.Join(conf, "yarn-site.xml")))
	w := func(configs ...string) *sim.Workload {
		var w sim.Workload
		for i, c := range configs {
			w.Events = append(w.Events, sim.Event{AtMS: int64(i+1) * 1000, Kind: sim.EventRefresh, Config: c})
		}
		return &w
	}
	for _, c := range []struct {
		name    string
		w       *sim.Workload
		wantErr string
	}{
		{"readable", w("cs.xml", "cs.xml"), ""},
		{"readable, not parsed", w("cs.xml", "broken.xml"), ""},
		{"missing", w("cs.xml", "missing.xml"), "event at 2000 ms: " + filepath.Join(dir, "missing.xml") + ": no such file"},
		{"a conf dir's yarn-site.xml", w("conf"), "event at 1000 ms: " + filepath.Join(conf, "yarn-site.xml") + `: is a symbolic link to "gone.xml"`},
		{"past the size bound", w("cs.xml"), "file is larger than the limit of 10 bytes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			load := xmlconf.LoadOptions{}
			if c.name == "past the size bound" {
				load.Read.MaxBytes = 10
			}
			err := CheckRefreshes(c.w, dir, load)
			if c.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			var re *xmlconf.ReadError
			assert.ErrorAs(t, err, &re, "the hint travels with it")
			var unreadable *sim.RefreshInputError
			assert.ErrorAs(t, err, &unreadable, "said as the run says it")
			assert.ErrorContains(t, err, c.wantErr)
		})
	}
}

// During the run, the loader WithRefreshes gives the simulator tells a
// file it cannot read (a *sim.RefreshInputError, which stops the run: the
// same check as CheckRefreshes) from one that reads but does not load (a
// refused refresh, as refreshQueues refuses it).
func TestWithRefreshesTellsUnreadableFromRefused(t *testing.T) {
	dir := t.TempDir()
	good := `<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>default</value></property></configuration>`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cs.xml"), []byte(good), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "broken.xml"), []byte(good[:40]), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "empty.xml"), nil, 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "empty-conf"), 0o755))
	for _, c := range []struct {
		name, config string
		untrusted    bool
		unreadable   string // "" : loads, or is refused when refused is set
		refused      bool
	}{
		{"readable", "cs.xml", false, "", false},
		{"reads, does not parse", "broken.xml", false, "", true},
		{"empty", "empty.xml", false, "", true},
		{"missing", "missing.xml", false, filepath.Join(dir, "missing.xml") + ": no such file", false},
		{"a conf dir without the file", "empty-conf", false, "empty-conf is a directory without a capacity-scheduler.xml", false},
		{"untrusted, outside", "../x.xml", true, "leads outside", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			load := xmlconf.LoadOptions{Read: xmlconf.ReadOptions{Untrusted: c.untrusted}}
			m, err := WithRefreshes(sim.Options{}, dir, load).LoadConfig(c.config)
			var unreadable *sim.RefreshInputError
			switch {
			case c.unreadable != "":
				require.ErrorAs(t, err, &unreadable)
				assert.ErrorContains(t, err, c.unreadable)
			case c.refused:
				require.Error(t, err)
				assert.False(t, errors.As(err, &unreadable), "a refused refresh, not a failed input: %v", err)
			default:
				require.NoError(t, err)
				assert.NotNil(t, m)
			}
		})
	}
}
