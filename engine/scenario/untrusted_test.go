package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// An untrusted scenario reads config_file only inside its own directory,
// links resolved; trusted, it reads it where it says.
func TestConfigFileUntrusted(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "sc")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	cs := `<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>default</value></property></configuration>`
	secret := filepath.Join(base, "secret.xml")
	require.NoError(t, os.WriteFile(secret, []byte(cs), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cs.xml"), []byte(cs), 0o644))
	require.NoError(t, os.Symlink(secret, filepath.Join(dir, "link.xml")))
	cases := []struct {
		name, configFile string
		untrusted        bool
		wantErr          string
	}{
		{"beside the scenario", "cs.xml", true, ""},
		{"absolute", secret, true, `config_file "` + secret + `" is absolute: refused for untrusted input`},
		{"parent", "../secret.xml", true, `config_file "../secret.xml" leads outside`},
		{"a link outside", "link.xml", true, `config_file "link.xml" leads outside`},
		{"trusted: absolute", secret, false, ""},
		{"trusted: parent", "../secret.xml", false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, "s.json")
			sc := fmt.Sprintf(`{"id": "x", "config_file": %q, "steps": []}`, c.configFile)
			require.NoError(t, os.WriteFile(path, []byte(sc), 0o644))
			got, err := LoadWith(path, xmlconf.ReadOptions{Untrusted: c.untrusted})
			if c.wantErr == "" {
				require.NoError(t, err)
				assert.Equal(t, "default", got.Config["yarn.scheduler.capacity.root.queues"])
				return
			}
			assert.ErrorIs(t, err, safeio.ErrOutside)
			assert.ErrorContains(t, err, c.wantErr)
		})
	}
}

// What reading config_file refused (an external entity in untrusted mode,
// XML008) is listed with the run's startup warnings, not only left empty.
func TestConfigFileRefusalIsReported(t *testing.T) {
	dir := t.TempDir()
	cs := `<?xml version="1.0"?><!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/hostname">]><configuration>` +
		`<property><name>yarn.scheduler.capacity.root.queues</name><value>default</value></property>` +
		`<property><name>yarn.scheduler.capacity.root.default.maximum-capacity</name><value>&x;</value></property></configuration>`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cs.xml"), []byte(cs), 0o644))
	path := filepath.Join(dir, "s.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"id": "x", "config_file": "cs.xml", "cluster": {"nodes": [{"id": "h1", "memory_mb": 8192, "vcores": 8}]}, "steps": []}`), 0o644))
	sc, err := LoadWith(path, xmlconf.ReadOptions{Untrusted: true})
	require.NoError(t, err)
	out := Run(sc, Options{})
	found := false
	for _, w := range out.Startup.Warnings {
		found = found || (strings.HasPrefix(w, "config_file: ") && strings.Contains(w, "XML008"))
	}
	assert.True(t, found, "%q", out.Startup.Warnings)
}
