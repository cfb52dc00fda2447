package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A pull request can add conf/capacity-scheduler.xml (or any input) as a
// symbolic link to a file of the runner, e.g. a core-site.xml holding
// credentials: capq diff printed its values in untrusted mode. An input
// named inside the working directory that a link leads out of it is
// refused, exit 2, naming the path as given and never where it leads.
// See hostile_e2e_test.go for the harness.
func TestHostileLinkOutOfWorkdir(t *testing.T) {
	secret := secretXML(t, "core-site.xml")
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "conf"), 0o755))
	require.NoError(t, os.Symlink(secret, filepath.Join(dir, "conf", "capacity-scheduler.xml")))
	require.NoError(t, os.Symlink(filepath.Dir(secret), filepath.Join(dir, "linkdir")))
	other := filepath.Join(t.TempDir(), "secret.json")
	require.NoError(t, os.WriteFile(other, []byte(`{"`+fileCanary+`": 1}`), 0o600))
	require.NoError(t, os.Symlink(other, filepath.Join(dir, "linked.json")))
	cs := seedsConfig()
	workload := repoFile("testdata", "workloads", "seeds-example.json")
	cases := []struct {
		name string
		args []string
	}{
		{"diff text", []string{"diff", cs, "conf/capacity-scheduler.xml"}},
		{"diff json", []string{"diff", "--format", "json", cs, "conf/capacity-scheduler.xml"}},
		{"lint, a directory whose file is a link", []string{"lint", "conf"}},
		{"tree, through a linked directory", []string{"tree", "linkdir/core-site.xml"}},
		{"yarn-site", []string{"lint", "--yarn-site", "conf/capacity-scheduler.xml", cs}},
		{"scenario", []string{"scenario", "linked.json"}},
		{"workload", []string{"simulate", "--config", cs, "--workload", "linked.json"}},
		{"live state", []string{"diff", "--live-state", "linked.json", cs, cs}},
		{"policy", []string{"lint", "--policy", "linked.json", cs}},
		{"gate", []string{"preview", cs, cs, "--workload", workload, "--gate", "linked.json"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, []string{"CI=1"}, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, "leads outside the working directory")
			assert.NotContains(t, res.stdout+res.stderr, fileCanary)
			assert.NotContains(t, res.stdout+res.stderr, filepath.Dir(secret), "the link's target is printed")
		})
	}
	t.Run("a link inside the working directory reads", func(t *testing.T) {
		inside := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(inside, "cs.xml"), []byte(readString(t, cs)), 0o644))
		require.NoError(t, os.Symlink("cs.xml", filepath.Join(inside, "link.xml")))
		res := hostileRun(t, inside, []string{"CI=1"}, "", "lint", "link.xml")
		assert.Equal(t, exitOK, res.code, res.stderr)
	})
	t.Run("a path named outside the working directory is the runner's choice", func(t *testing.T) {
		res := hostileRun(t, t.TempDir(), []string{"CI=1"}, "", "lint", cs)
		assert.Equal(t, exitOK, res.code, res.stderr)
	})
	t.Run("trusted input may be a link anywhere", func(t *testing.T) {
		res := hostileRun(t, dir, []string{"CI=1"}, "", "diff", "--untrusted=false", cs, "conf/capacity-scheduler.xml")
		assert.NotEqual(t, exitCannotRun, res.code, res.stderr)
		assert.Contains(t, res.stdout, fileCanary, "trusted, the file is read (the test can fail)")
	})
}
