package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A NaN or infinite capacity (which lint reports) gives a queue the share
// Java's (long) cast gives it, 0 or the saturated maximum, in tree and
// simulate alike; Go's conversion printed -9223372036854775808 MB.
func TestHostileNonFiniteCapacity(t *testing.T) {
	dir := t.TempDir()
	workload := filepath.Join(dir, "w.json")
	require.NoError(t, os.WriteFile(workload, []byte(`{"format":"capq-workload/v1","name":"w",
"cluster":{"nodes":[{"count":4,"prefix":"n","memory_mb":8192,"vcores":8}]},
"apps":[{"id":"app_1","queue":"b","user":"u","submit_ms":0,"am":{"memory_mb":1024,"vcores":1},
"tasks":[{"count":4,"memory_mb":1024,"vcores":1,"duration_ms":1000,"priority":20}]}]}`), 0o644))
	for _, c := range []struct{ name, capacity, treeMem, simGuarantee string }{
		{"NaN", "NaN", "0 MB", " 0M "},
		{"past a double", "1e309", "9007199254740992.0 GB", "9007199254740992.0G"},
	} {
		t.Run(c.name, func(t *testing.T) {
			conf := filepath.Join(dir, c.name+".xml")
			require.NoError(t, os.WriteFile(conf, []byte(`<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a,b</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>`+c.capacity+`</value></property>
<property><name>yarn.scheduler.capacity.root.b.capacity</name><value>50</value></property>
</configuration>`), 0o644))
			tree := hostileRun(t, dir, nil, "", "tree", conf, "--cluster", "memory=100g,vcores=100")
			assert.Equal(t, exitOK, tree.code, tree.stderr)
			assert.Contains(t, tree.stdout, c.treeMem)
			assert.NotContains(t, tree.stdout, "-9223372036854775808")
			sim := hostileRun(t, dir, nil, "", "simulate", "--config", conf, "--workload", workload)
			assert.Equal(t, exitOK, sim.code, sim.stderr)
			assert.Contains(t, sim.stdout, c.simGuarantee)
			assert.NotContains(t, sim.stdout, "-9223372036854775808")
		})
	}
}
