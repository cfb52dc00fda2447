package sim

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// TestRefreshUnreadableUserParallelWarns: CapacityScheduler#reinitialize
// ends with CSMaxRunningAppsEnforcer#updateRunnabilityOnReload, which for
// each application waiting in a queue now below its max-parallel-apps
// reads the user's max-parallel-apps (getMaxParallelAppsForUser:
// Integer.parseInt, untrimmed) and throws NumberFormatException on " 5",
// failing the refresh after the new queues took effect. capq's run reads
// the value as no limit and promotes the waiting application, so it must
// say so (as for CS124 at a submission). Without a waiting application
// the reload reads nothing and the refresh is silent.
func TestRefreshUnreadableUserParallelWarns(t *testing.T) {
	conf := func(queueMax, userMax string) []byte {
		x := `<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.root.a.max-parallel-apps</name><value>` + queueMax + `</value></property>`
		if userMax != "" {
			x += `<property><name>yarn.scheduler.capacity.user.alice.max-parallel-apps</name><value>` + userMax + `</value></property>`
		}
		return []byte(x + `</configuration>`)
	}
	task := []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 60000, Priority: 20}}
	for _, tc := range []struct {
		name    string
		second  int64 // the second application's submission; after the refresh nothing waits
		newConf []byte
		warn    bool
	}{
		{"waiting application, unreadable user value", 1000, conf("5", " 5"), true},
		{"waiting application, readable user value", 1000, conf("5", "5"), false},
		{"nothing waiting at the refresh", 20000, conf("5", " 5"), false},
		// gatherPossiblyRunnableAppLists does not reach a queue still at
		// its max-parallel-apps, so its waiting application is not read.
		{"waiting application in a queue still full", 1000, conf("1", " 5"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &Workload{Name: "reload", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 16384, VCores: 16}}},
				Apps: []App{
					{ID: "first", Queue: "a", User: "alice", SubmitMS: 0, AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
					{ID: "second", Queue: "a", User: "alice", SubmitMS: tc.second, AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
				},
				Events: []Event{{AtMS: 5000, Kind: EventRefresh, Config: "new.xml"}}}
			load := func(string) (*xmlconf.Model, error) { return modelFrom(t, tc.newConf), nil }
			res, err := Run(modelFrom(t, conf("1", "")), w, Options{Seed: 1, Until: 30000, LoadConfig: load})
			require.NoError(t, err)
			require.Len(t, res.Refreshes, 1)
			var got []string
			for _, s := range res.Warnings {
				if strings.Contains(s, "updateRunnabilityOnReload") {
					got = append(got, s)
				}
			}
			if !tc.warn {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1, "warnings: %v", res.Warnings)
			assert.Contains(t, got[0], `at 5s: refreshQueues fails in CSMaxRunningAppsEnforcer#updateRunnabilityOnReload with NumberFormatException (For input string: " 5")`)
			assert.Contains(t, got[0], `user "alice" for waiting application second`)
			assert.Contains(t, got[0], "the run reads that value as no limit")
		})
	}
}
