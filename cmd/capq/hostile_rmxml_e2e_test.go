package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A ResourceManager answer in XML of elements nested 9 million deep (63 MB,
// under --max-file-size): encoding/xml kept a record of every open element
// it skipped, 1.5 GB and 6 s of CPU before failing. Nesting is bounded now;
// the run fails fast, exit 2, naming the file. See hostile_e2e_test.go for
// the harness.
func TestHostileRMAnswerXMLNesting(t *testing.T) {
	dir := t.TempDir()
	const n = 9_000_000
	write := func(name, root, elem string) {
		var b strings.Builder
		b.Grow(len(root)*2 + 5 + n*(2*len(elem)+5))
		b.WriteString("<" + root + ">")
		b.WriteString(strings.Repeat("<"+elem+">", n))
		b.WriteString(strings.Repeat("</"+elem+">", n))
		b.WriteString("</" + root + ">")
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644))
	}
	write("scheduler.xml", "scheduler", "a")
	write("apps.xml", "apps", "a")
	write("nodes.xml", "nodes", "a")
	cs := seedsConfig()
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"live state", []string{"diff", "--live-state", "scheduler.xml", cs, cs}, "--live-state scheduler.xml: live state: not the scheduler REST XML: line 1: elements are nested deeper than 10000 levels"},
		{"rm apps", []string{"gen", "workload", "--config", cs, "--from-rm-apps", "apps.xml"}, "apps.xml: not the XML of GET /ws/v1/cluster/apps: line 1: elements are nested deeper than 10000 levels"},
		{"rm nodes", []string{"gen", "workload", "--config", cs, "--from-rm-apps", repoFile("testdata", "rm-apps", "apps.json"), "--rm-nodes", "nodes.xml"}, "nodes.xml: not the XML of GET /ws/v1/cluster/nodes: line 1: elements are nested deeper than 10000 levels"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, c.want)
			// The file itself is 63 MB; its nesting must cost little more.
			assert.Less(t, res.maxRSSKiB, int64(512<<10), "peak memory %d KiB", res.maxRSSKiB)
		})
	}
}
