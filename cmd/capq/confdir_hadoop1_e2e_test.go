package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// TestConfDirUnreadableHadoop1File: a JobTracker conf dir's file that is
// there but cannot be read (a dangling link, a directory, a FIFO without
// --allow-special-files, a file this user may not read) is named as what
// it is, with exit 2, by the commands that read a Hadoop 1 conf dir
// (lint, tree, simulate --hadoop1), as a ResourceManager's yarn-site.xml is
// (TestConfDirUnreadableYarnSite). Skipped as absent, it let lint check
// the queues without their capacities or ACLs, and simulate --hadoop1 run
// a JobTracker that was not the one configured, exit 0. A conf dir
// without its optional files (capacity-scheduler.xml,
// mapred-queue-acls.xml) still reads without a word about them.
func TestConfDirUnreadableHadoop1File(t *testing.T) {
	dir := t.TempDir()
	sample := func(name, file string) []byte {
		data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata", "hadoop1", name, file))
		require.NoError(t, err)
		return data
	}
	// jtDir is a conf dir holding files of a sample; the file named
	// broken is made by breakFile instead.
	jtDir := func(name, sampleName, broken string, breakFile func(p string), files ...string) string {
		d := filepath.Join(dir, strings.ReplaceAll(name, " ", "-"))
		require.NoError(t, os.MkdirAll(d, 0o755))
		for _, f := range files {
			require.NoError(t, os.WriteFile(filepath.Join(d, f), sample(sampleName, f), 0o644))
		}
		if breakFile != nil {
			breakFile(filepath.Join(d, broken))
		}
		return d
	}
	const workload = "testdata/preview/hadoop1-acls/workload.json"
	// The commands that read a Hadoop 1 conf dir (tree, to refuse it);
	// simulate --hadoop1 reads mapred-site.xml, capacity-scheduler.xml and
	// mapred-queue-acls.xml only (it models 1.x, without mapred-queues.xml).
	type command struct {
		name string
		args []string
	}
	commands := func(conf, broken string) []command {
		cmds := []command{{"lint", []string{"lint", conf}}, {"lint json", []string{"lint", "--format", "json", conf}}, {"tree", []string{"tree", conf}}}
		if broken != "mapred-queues.xml" {
			cmds = append(cmds, command{"simulate", []string{"simulate", "--hadoop1", conf, "--workload", workload}})
		}
		return cmds
	}
	flat := []string{"mapred-site.xml", "capacity-scheduler.xml", "mapred-queue-acls.xml"}
	others := func(all []string, broken string) []string {
		var out []string
		for _, f := range all {
			if f != broken {
				out = append(out, f)
			}
		}
		return out
	}
	for _, how := range []struct {
		name, reason string
		breakFile    func(p string)
		needsNonRoot bool
	}{
		{"a dangling link", `: is a symbolic link to "nowhere.xml", which does not exist`, func(p string) { require.NoError(t, os.Symlink("nowhere.xml", p)) }, false},
		{"a directory", ": is a directory, not a configuration file", func(p string) { require.NoError(t, os.Mkdir(p, 0o755)) }, false},
		{"a FIFO", ": is not a regular file (a FIFO, socket or device)", func(p string) { require.NoError(t, syscall.Mkfifo(p, 0o644)) }, false},
		{"a file without read permission", ": permission denied", func(p string) { require.NoError(t, os.WriteFile(p, []byte("<configuration/>"), 0)) }, true},
	} {
		for _, f := range []struct {
			broken, sample string
			files          []string
		}{
			{"mapred-site.xml", "01-flat-basic", flat},
			{"capacity-scheduler.xml", "01-flat-basic", flat},
			{"mapred-queue-acls.xml", "01-flat-basic", flat},
			{"mapred-queues.xml", "05-hierarchical-0.21", []string{"mapred-site.xml", "capacity-scheduler.xml", "mapred-queues.xml"}},
		} {
			name := how.name + "/" + f.broken
			conf := jtDir(strings.TrimSuffix(name, ".xml"), f.sample, f.broken, how.breakFile, others(f.files, f.broken)...)
			for _, c := range commands(conf, f.broken) {
				t.Run(name+"/"+c.name, func(t *testing.T) {
					if how.needsNonRoot && os.Geteuid() == 0 {
						t.Skip("root reads files whatever their permissions")
					}
					r := runBinary(t, "", c.args...)
					assert.Equal(t, exitCannotRun, r.code, r.stderr)
					assert.Contains(t, r.stderr, filepath.Join(conf, f.broken)+how.reason)
				})
			}
		}
	}
	t.Run("optional files that do not exist", func(t *testing.T) {
		noACLs := jtDir("no-acls", "01-flat-basic", "", nil, "mapred-site.xml", "capacity-scheduler.xml")
		noCS := jtDir("no-cs", "01-flat-basic", "", nil, "mapred-site.xml", "mapred-queue-acls.xml")
		for _, c := range []struct {
			conf, absent string
		}{{noACLs, "mapred-queue-acls.xml"}, {noCS, "capacity-scheduler.xml"}} {
			for _, cmd := range commands(c.conf, "") {
				r := runBinary(t, "", cmd.args...)
				assert.NotContains(t, r.stderr, filepath.Join(c.conf, c.absent), cmd.name)
				assert.NotContains(t, r.stderr, "mapred-queues.xml", cmd.name)
			}
		}
		for _, args := range [][]string{{"lint", noACLs}, {"simulate", "--hadoop1", noACLs, "--workload", workload}} {
			r := runBinary(t, "", args...)
			assert.Equal(t, 0, r.code, "%v: %s", args, r.stderr)
		}
		r := runBinary(t, "", "lint", noCS)
		assert.Equal(t, 1, r.code, "without capacity-scheduler.xml no queue has a capacity: findings, not a read error: %s", r.stderr)
	})
	// A ResourceManager's conf dir often holds MapReduce 2's mapred-site.xml,
	// which the RM does not read: a YARN capacity-scheduler.xml beside a
	// broken one is still linted as YARN, without a word about it.
	t.Run("a YARN conf dir with a dangling mapred-site.xml", func(t *testing.T) {
		yarn := filepath.Join(dir, "yarn-dangling-mapred-site")
		require.NoError(t, os.Mkdir(yarn, 0o755))
		cs, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata", "seeds-example", "capacity-scheduler.xml"))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(yarn, "capacity-scheduler.xml"), cs, 0o644))
		require.NoError(t, os.Symlink("nowhere.xml", filepath.Join(yarn, "mapred-site.xml")))
		for _, args := range [][]string{{"lint", yarn}, {"tree", yarn}} {
			r := runBinary(t, "", args...)
			assert.Equal(t, 0, r.code, "%v: %s", args, r.stderr)
			assert.NotContains(t, r.stderr, "mapred-site.xml", "%v", args)
		}
	})
	// Its yarn-site.xml says so too: beside one, a capacity-scheduler.xml
	// without properties and a broken mapred-site.xml were reported as a
	// broken JobTracker set (exit 2, "is a Hadoop 1 queue configuration")
	// on the file's name alone. The dir is read as YARN: lint reports the
	// empty configuration (CS001, exit 1), tree shows it, neither mentions
	// mapred-site.xml. A yarn-site.xml that cannot be read is the YARN
	// read's to name, exit 2. A JobTracker's dir (no yarn-site.xml) still
	// reports its broken files (above).
	for _, how := range []struct {
		name      string
		breakFile func(p string)
	}{
		{"a dangling link", func(p string) { require.NoError(t, os.Symlink("nowhere.xml", p)) }},
		{"a directory", func(p string) { require.NoError(t, os.Mkdir(p, 0o755)) }},
		{"a FIFO", func(p string) { require.NoError(t, syscall.Mkfifo(p, 0o644)) }},
	} {
		t.Run("a yarn-site.xml, an empty capacity-scheduler.xml and "+how.name+" for mapred-site.xml", func(t *testing.T) {
			rm := filepath.Join(dir, "rm-empty-cs-"+strings.ReplaceAll(how.name, " ", "-"))
			require.NoError(t, os.Mkdir(rm, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(rm, "yarn-site.xml"), []byte("<configuration><property><name>yarn.acl.enable</name><value>true</value></property></configuration>\n"), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(rm, "capacity-scheduler.xml"), []byte("<configuration/>\n"), 0o644))
			how.breakFile(filepath.Join(rm, "mapred-site.xml"))
			for _, c := range []struct {
				args []string
				code int
				out  string
			}{
				{[]string{"lint", rm}, 1, "CS001"},
				{[]string{"lint", "--format", "json", rm}, 1, "CS001"},
				{[]string{"tree", rm}, 0, "root"},
			} {
				r := runBinary(t, "", c.args...)
				assert.Equal(t, c.code, r.code, "%v: %s", c.args, r.stderr)
				assert.Contains(t, r.stdout, c.out, "%v", c.args)
				assert.NotContains(t, r.stdout+r.stderr, "mapred-site.xml", "%v", c.args)
				assert.NotContains(t, r.stderr, "Hadoop 1", "%v", c.args)
			}

			require.NoError(t, os.Remove(filepath.Join(rm, "yarn-site.xml")))
			require.NoError(t, os.Symlink("nowhere.xml", filepath.Join(rm, "yarn-site.xml")))
			for _, args := range [][]string{{"lint", rm}, {"tree", rm}} {
				r := runBinary(t, "", args...)
				assert.Equal(t, exitCannotRun, r.code, "%v: %s", args, r.stderr)
				assert.Contains(t, r.stderr, filepath.Join(rm, "yarn-site.xml")+`: is a symbolic link to "nowhere.xml", which does not exist`, "%v", args)
				assert.NotContains(t, r.stderr, "mapred-site.xml", "%v", args)
			}
		})
	}
}

// TestConfDirQueuesXMLWithoutSite: `capq lint DIR` on a 0.21 conf dir that
// holds mapred-queues.xml and capacity-scheduler.xml but no
// mapred-site.xml (testdata/hadoop1/21-queues-xml-without-site, from a
// public repository) exits 0 with the two files counted. It exited 1 on
// an H1011 against "mapred-site.xml", a file not there, and counted three.
func TestConfDirQueuesXMLWithoutSite(t *testing.T) {
	r := runBinary(t, "", "lint", "testdata/hadoop1/21-queues-xml-without-site")
	assert.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	assert.NotContains(t, r.stdout, "H1011")
	assert.Contains(t, r.stdout, "2 files: 0 errors, 0 warnings, 2 infos")
}
