package xmlconf

import (
	"strings"
	"testing"
)

// FuzzBuild feeds the model builder arbitrary key=value lines (keys not
// starting with "yarn." get the Capacity Scheduler prefix). Build must
// never panic, every queue must be reachable from root by its path, and
// each property is filed once: under one queue or as an orphan.
func FuzzBuild(f *testing.F) {
	f.Add("root.queues=a,b\nroot.a.capacity=50\nroot.b.capacity=50w\nroot.a.queues=x\nroot.a.x.state=STOPPED")
	f.Add("root.queues= , ,a,a\nroot..capacity=1\nroot.a.accessible-node-labels.gpu.capacity=[memory=1Gi]")
	f.Add("rootauto-create-child-queue.enabled=true\nroot.auto-queue-creation-v2.enabled=true\nroot.queues=${x}\nx=${root.queues}")
	f.Add("root.queues=a\nroot.a.maximum-capacity=[memory=50%,vcores=2w]\nroot.a.user-settings.u.weight=NaN\nroot.a.maximum-allocation=memory-mb=1x")
	f.Fuzz(func(t *testing.T, input string) {
		m := map[string]string{}
		for _, line := range strings.Split(input, "\n") {
			k, v, ok := strings.Cut(line, "=")
			if !ok {
				continue
			}
			if !strings.HasPrefix(k, "yarn.") {
				k = Prefix + k
			}
			m[k] = v
		}
		conf := FromMap(m, "fuzz.xml")
		for _, v := range SupportedVersions {
			model := Build(conf, BuildOptions{Version: v, Cluster: Resource{MemoryMB: 1 << 20, VCores: 100}})
			filed := len(model.Orphans)
			for _, q := range model.Queues {
				if model.Queue(q.Path) != q {
					t.Fatalf("queue %q not found by its path", q.Path)
				}
				filed += len(q.Props)
			}
			if want := countRootKeys(conf); filed != want {
				t.Fatalf("%d root.* properties filed, want %d", filed, want)
			}
		}
	})
}

// countRootKeys counts the set root.* keys after merging (FromMap trims
// keys, so "a" and "a " are one key).
func countRootKeys(c *Conf) int {
	n := 0
	for _, k := range c.Keys() {
		if strings.HasPrefix(k, Prefix+"root") {
			n++
		}
	}
	return n
}
