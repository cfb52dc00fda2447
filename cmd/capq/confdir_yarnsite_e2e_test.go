package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// TestConfDirUnreadableYarnSite: a conf dir's yarn-site.xml is optional,
// but one that is there and cannot be read (a dangling link, a directory,
// a file this user may not read) is named as what it is, with exit 2, by
// every command that reads a conf dir, as its capacity-scheduler.xml is
// (TestLintJSONUnreadableInput); skipped, it let a check run without the
// RM-wide settings the ResourceManager would read. A conf dir without a
// yarn-site.xml still reads cleanly.
func TestConfDirUnreadableYarnSite(t *testing.T) {
	dir := t.TempDir()
	repo := func(p ...string) string { return filepath.Join(append([]string{golden.RepoRoot()}, p...)...) }
	cs, err := os.ReadFile(repo("testdata", "seeds-example", "capacity-scheduler.xml"))
	require.NoError(t, err)
	h1cs, err := os.ReadFile(repo("testdata", "hadoop1", "01-flat-basic", "capacity-scheduler.xml"))
	require.NoError(t, err)
	// confDir is a conf dir holding conf as its capacity-scheduler.xml;
	// yarnSite, when given, makes its yarn-site.xml.
	confDir := func(name string, conf []byte, yarnSite func(path string)) string {
		d := filepath.Join(dir, name)
		require.NoError(t, os.Mkdir(d, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(d, "capacity-scheduler.xml"), conf, 0o644))
		if yarnSite != nil {
			yarnSite(filepath.Join(d, "yarn-site.xml"))
		}
		return d
	}
	none := confDir("none", cs, nil)
	dangling := confDir("dangling", cs, func(p string) { require.NoError(t, os.Symlink("nowhere.xml", p)) })
	asDir := confDir("as-dir", cs, func(p string) { require.NoError(t, os.Mkdir(p, 0o755)) })
	noRead := confDir("no-read", cs, func(p string) { require.NoError(t, os.WriteFile(p, []byte("<configuration/>"), 0)) })
	// Beside a yarn-site.xml the dir is a ResourceManager's, read as YARN
	// even when its capacity-scheduler.xml has Hadoop 1 keys.
	h1Dangling := confDir("h1-dangling", h1cs, func(p string) { require.NoError(t, os.Symlink("nowhere.xml", p)) })

	type command struct {
		name string
		args []string
	}
	commands := func(conf string) []command {
		return []command{
			{"lint", []string{"lint", conf}},
			{"lint json", []string{"lint", "--format", "json", conf}},
			{"tree", []string{"tree", conf}},
			{"diff", []string{"diff", none, conf}},
			{"preview", []string{"preview", none, conf, "--workload", "testdata/workloads/seeds-example.json"}},
			{"simulate", []string{"simulate", "--config", conf, "--workload", "testdata/workloads/seeds-example.json"}},
			{"gen workload", []string{"gen", "workload", "--config", conf, "--apps", "10", "-o", filepath.Join(dir, filepath.Base(conf)+".json")}},
		}
	}
	for _, tc := range []struct {
		name, conf, stderr string
		needsNonRoot       bool
	}{
		{"a dangling link", dangling, filepath.Join(dangling, "yarn-site.xml") + `: is a symbolic link to "nowhere.xml", which does not exist`, false},
		{"a directory", asDir, filepath.Join(asDir, "yarn-site.xml") + ": is a directory, not a configuration file", false},
		{"a file without read permission", noRead, filepath.Join(noRead, "yarn-site.xml") + ": permission denied", true},
	} {
		for _, c := range commands(tc.conf) {
			t.Run(tc.name+"/"+c.name, func(t *testing.T) {
				if tc.needsNonRoot && os.Geteuid() == 0 {
					t.Skip("root reads files whatever their permissions")
				}
				r := runBinary(t, "", c.args...)
				assert.Equal(t, exitCannotRun, r.code, r.stderr)
				assert.Contains(t, r.stderr, tc.stderr)
			})
		}
	}
	t.Run("a Hadoop 1 capacity-scheduler.xml beside a dangling link", func(t *testing.T) {
		for _, args := range [][]string{{"lint", h1Dangling}, {"tree", h1Dangling}} {
			r := runBinary(t, "", args...)
			assert.Equal(t, exitCannotRun, r.code, r.stderr)
			assert.Contains(t, r.stderr, filepath.Join(h1Dangling, "yarn-site.xml")+`: is a symbolic link to "nowhere.xml", which does not exist`)
		}
	})
	t.Run("no yarn-site.xml", func(t *testing.T) {
		for _, c := range commands(none) {
			r := runBinary(t, "", c.args...)
			assert.NotEqual(t, exitCannotRun, r.code, "%s: %s", c.name, r.stderr)
			assert.NotContains(t, r.stderr, "yarn-site.xml", c.name)
		}
	})
}

// TestYarnSiteFlagNamesADirectory: --yarn-site DIR reads DIR's
// yarn-site.xml, as a configuration directory's is read. It read DIR's
// capacity-scheduler.xml instead (the resolution of a configuration
// argument), so the ResourceManager's settings beside it went unread
// (here the heartbeat interval) and the scheduler file was read twice. A
// directory without a yarn-site.xml is named as such, exit 2.
func TestYarnSiteFlagNamesADirectory(t *testing.T) {
	dir := t.TempDir()
	conf := filepath.Join(dir, "conf")
	require.NoError(t, os.Mkdir(conf, 0o755))
	writeFile(t, conf, "capacity-scheduler.xml", readString(t, seedsConfig()))
	writeFile(t, conf, "yarn-site.xml", `<configuration><property><name>yarn.resourcemanager.nodemanagers.heartbeat-interval-ms</name><value>250</value></property></configuration>`)
	workload := repoFile("testdata", "workloads", "seeds-example.json")
	r := hostileRun(t, dir, nil, "", "simulate", "--config", seedsConfig(), "--workload", workload, "--yarn-site", "conf")
	assert.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, "heartbeat 250ms", "conf/yarn-site.xml is read")

	r = hostileRun(t, dir, nil, "", "lint", "--yarn-site", "conf", seedsConfig())
	assert.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	assert.NotContains(t, r.stdout, "conf/capacity-scheduler.xml", "the scheduler file is not read as the ResourceManager's")

	require.NoError(t, os.Mkdir(filepath.Join(dir, "empty"), 0o755))
	r = hostileRun(t, dir, nil, "", "lint", "--yarn-site", "empty", seedsConfig())
	assert.Equal(t, exitCannotRun, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stderr, "capq: --yarn-site: empty is a directory without a yarn-site.xml; name the file to read")
}
