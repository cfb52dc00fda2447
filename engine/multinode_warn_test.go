package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// Multi-node placement and asynchronous scheduling are modelled: only
// what capq models differently warns (TestUnmodelled's rules).
func TestSchedulingUnmodelled(t *testing.T) {
	base := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50"}
	multi := map[string]string{"multi-node-placement-enabled": "true", "multi-node-sorting.policy.names": "rb",
		"multi-node-sorting.policy": "rb", "multi-node-sorting.policy.rb.class": ResourceUsagePolicy}
	with := func(m map[string]string, kv ...string) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			out[k] = v
		}
		for i := 0; i+1 < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out
	}
	tests := []struct {
		name    string
		kv      map[string]string
		version xmlconf.Version
		want    []string
	}{
		{"async is modelled", map[string]string{"schedule-asynchronously.enable": "true", "schedule-asynchronously.scheduling-interval-ms": "10"}, xmlconf.V3_4, nil},
		{"async threads", map[string]string{"schedule-asynchronously.enable": "true", "schedule-asynchronously.maximum-threads": "4"}, xmlconf.V3_4,
			[]string{"yarn.scheduler.capacity.schedule-asynchronously.maximum-threads"}},
		{"one thread", map[string]string{"schedule-asynchronously.enable": "true", "schedule-asynchronously.maximum-threads": "1"}, xmlconf.V3_4, nil},
		{"threads while async is off", map[string]string{"schedule-asynchronously.maximum-threads": "4"}, xmlconf.V3_4, nil},
		{"backlog", map[string]string{"schedule-asynchronously.enable": "true", "schedule-asynchronously.maximum-pending-backlogs": "5"}, xmlconf.V3_4,
			[]string{"yarn.scheduler.capacity.schedule-asynchronously.maximum-pending-backlogs"}},
		// 2.7's CapacityScheduler has one AsyncScheduleThread and no commit
		// backlog: it reads neither key, so there is nothing unmodelled.
		{"2.7 reads no thread count", map[string]string{"schedule-asynchronously.enable": "true", "schedule-asynchronously.maximum-threads": "4"}, xmlconf.V2_7, nil},
		{"2.7 has no backlog", map[string]string{"schedule-asynchronously.enable": "true", "schedule-asynchronously.maximum-pending-backlogs": "5"}, xmlconf.V2_7, nil},
		{"2.10 threads", map[string]string{"schedule-asynchronously.enable": "true", "schedule-asynchronously.maximum-threads": "4"}, xmlconf.V2_10,
			[]string{"yarn.scheduler.capacity.schedule-asynchronously.maximum-threads"}},
		{"resource usage policy is modelled", multi, xmlconf.V3_4, nil},
		{"custom policy class", with(multi, "multi-node-sorting.policy.rb.class", "com.example.BinPacking"), xmlconf.V3_4,
			[]string{"yarn.scheduler.capacity.multi-node-sorting.policy.rb.class"}},
		// getMultiNodePlacementPolicies trims the class with String.trim:
		// spaces and line breaks go, a no-break space stays (the class then
		// fails to load, lint CS057), so it is not the policy capq models.
		{"class trimmed as String.trim does", with(multi, "multi-node-sorting.policy.rb.class", "\n  "+ResourceUsagePolicy+"\t"), xmlconf.V3_4, nil},
		{"a no-break space is not trimmed", with(multi, "multi-node-sorting.policy.rb.class", "\u00a0"+ResourceUsagePolicy), xmlconf.V3_4,
			[]string{"yarn.scheduler.capacity.multi-node-sorting.policy.rb.class"}},
		{"queues without a policy", with(multi, "multi-node-sorting.policy", ""), xmlconf.V3_4,
			[]string{"yarn.scheduler.capacity.multi-node-sorting.policy"}},
		{"a queue naming an unknown policy", with(multi, "root.b.multi-node-sorting.policy", "nosuch"), xmlconf.V3_4,
			[]string{"yarn.scheduler.capacity.root.b.multi-node-sorting.policy"}},
		{"negative sorting interval", with(multi, "multi-node-sorting.policy.rb.sorting-interval.ms", "-5"), xmlconf.V3_4,
			[]string{"yarn.scheduler.capacity.multi-node-sorting.policy.rb.sorting-interval.ms"}},
		{"negative async interval", map[string]string{"schedule-asynchronously.enable": "true", "schedule-asynchronously.scheduling-interval-ms": "-1"}, xmlconf.V3_4,
			[]string{"yarn.scheduler.capacity.schedule-asynchronously.scheduling-interval-ms"}},
		{"multi-node before 3.2", multi, xmlconf.V3_1, []string{"yarn.scheduler.capacity.multi-node-placement-enabled"}},
		{"multi-node in 3.3 is modelled as 3.4", multi, xmlconf.V3_3, []string{"yarn.scheduler.capacity.multi-node-placement-enabled"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			kv := with(base)
			for k, v := range tc.kv {
				kv[k] = v
			}
			var got []string
			for _, w := range Unmodelled(build(t, kv, tc.version)) {
				got = append(got, w.Key)
				assert.Contains(t, w.String(), "not modelled: "+w.Key)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}
