package placement

import (
	"fmt"
	"strings"
	"testing"

	"github.com/capq/capq/xmlconf"
)

// BenchmarkPlace: one submission through 50 legacy mappings (the last a
// u:%user catch-all under a v2 parent) on a 1,000-leaf tree, as the
// simulator places every app.
func BenchmarkPlace(b *testing.B) {
	props := map[string]string{xmlconf.Prefix + "root.queues": "users,teams"}
	var teams, maps []string
	for i := 0; i < 1000; i++ {
		teams = append(teams, fmt.Sprintf("t%d", i))
	}
	props[xmlconf.Prefix+"root.teams.queues"] = strings.Join(teams, ",")
	props[xmlconf.Prefix+"root.users.auto-queue-creation-v2.enabled"] = "true"
	for i := 0; i < 49; i++ {
		maps = append(maps, fmt.Sprintf("g:grp%d:t%d", i, i))
	}
	maps = append(maps, "u:%user:root.users.%user")
	props[xmlconf.Prefix+"queue-mappings"] = strings.Join(maps, ",")
	m := xmlconf.Build(xmlconf.FromMap(props, "bench"), xmlconf.BuildOptions{})
	s, _ := Load(m.Conf, m.Version, LoadOptions{})
	qs := ModelQueues(m)
	req := Request{User: "alice", Groups: []string{"eng", "other"}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if out := s.Place(qs, req); out.Queue != "root.users.alice" {
			b.Fatal(out)
		}
	}
}
