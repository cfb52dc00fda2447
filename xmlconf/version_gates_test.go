package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestBuildReadsKeysFromTheirFirstProfile: a key the profile's Hadoop
// does not read keeps its default, as the ResourceManager would.
// global-queue-max-application is absent from the 2.8 line's
// CapacitySchedulerConfiguration, the underutilized-preemption keys are
// YARN-5864 (2.9.0, 3.0.0-alpha4) and preemption to balance satisfied
// queues is YARN-8379 (3.1.1 and 3.2.0, not 2.10.0 or 2.10.1).
func TestBuildReadsKeysFromTheirFirstProfile(t *testing.T) {
	under := p + "ordering-policy.priority-utilization.underutilized-preemption."
	balance := "yarn.resourcemanager.monitor.capacity.preemption.preemption-to-balance-queue-after-satisfied."
	m := map[string]string{
		p + "root.queues": "a,b", p + "root.a.capacity": "10", p + "root.b.capacity": "90",
		p + "global-queue-max-application": "50",
		under + "enabled":                  "true", under + "reserved-container-delay-ms": "5", under + "allow-move-reservation": "true",
		balance + "enabled": "true", balance + "max-wait-before-kill": "7",
	}
	tests := []struct {
		v                   Version
		maxApps             int32 // root.a's effective maximum-applications
		under, balance      bool
		underDelay, balWait int64
	}{
		{V2_7, 1000, false, false, 60000, 300000}, // 10000 × 10%: no global per-queue maximum
		{V2_10, 50, true, false, 5, 300000},
		{V3_1, 50, true, true, 5, 7},
		{V3_4, 50, true, true, 5, 7},
	}
	for _, tc := range tests {
		t.Run(tc.v.String(), func(t *testing.T) {
			got := buildMap(t, m, BuildOptions{Version: tc.v})
			pr := got.Global.Preemption
			assert.Equal(t, tc.maxApps, got.Queue("root.a").EffectiveMaxApplications)
			assert.Equal(t, tc.under, pr.Underutilized.V)
			assert.Equal(t, tc.under, pr.UnderutilizedMoveReservation.V)
			assert.Equal(t, tc.underDelay, pr.UnderutilizedDelayMS.V)
			assert.Equal(t, tc.balance, pr.BalanceAfterSatisfied.V)
			assert.Equal(t, tc.balWait, pr.BalanceMaxWaitMS.V)
		})
	}
}

// TestGlobalMaxAppsCappedFrom34 pins GlobalMaxAppsCapSince: a
// global-queue-max-application above maximum-applications is the leaf's
// maximum on 3.3 (LeafQueue#setupQueueConfigs) and is capped by it on 3.4
// (YARN-10949's AbstractLeafQueue#updateMaximumApplications); in absolute
// mode the base is scaled by the queue's share.
func TestGlobalMaxAppsCappedFrom34(t *testing.T) {
	m := map[string]string{
		p + "root.queues": "a,b", p + "root.a.capacity": "10", p + "root.b.capacity": "90",
		p + "maximum-applications": "100", p + "global-queue-max-application": "500",
	}
	for _, c := range []struct {
		v    Version
		want int32
	}{{V2_10, 500}, {V3_2, 500}, {V3_3, 500}, {V3_4, 100}} {
		got := buildMap(t, m, BuildOptions{Version: c.v})
		assert.Equal(t, c.want, got.Queue("root.a").EffectiveMaxApplications, "%s", c.v)
	}
	assert.Equal(t, V3_4, GlobalMaxAppsCapSince)
}
