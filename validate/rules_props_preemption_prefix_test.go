package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestPreemptionKeyUnderSchedulerPrefix: a preemption setting written as
// yarn.scheduler.capacity.preemption.X is ignored (no Capacity Scheduler
// key starts so) and CS005's hint names the key
// ProportionalCapacityPreemptionPolicy#init reads
// (CapacitySchedulerConfiguration.PREEMPTION_CONFIG_PREFIX + X); it once
// said only "unknown property".
func TestPreemptionKeyUnderSchedulerPrefix(t *testing.T) {
	for _, c := range []struct {
		key, hint string
		v         xmlconf.Version
	}{
		{"preemption.natural_termination_factor", `did you mean "yarn.resourcemanager.monitor.capacity.preemption.natural_termination_factor"?`, xmlconf.V3_4},
		{"preemption.max_wait_before_kill", `did you mean "yarn.resourcemanager.monitor.capacity.preemption.max_wait_before_kill"?`, xmlconf.V3_4},
		{"preemption.monitoring-interval", `did you mean "yarn.resourcemanager.monitor.capacity.preemption.monitoring_interval"?`, xmlconf.V3_4},
		{"preemption.intra-queue-preemption.enabled", `did you mean "yarn.resourcemanager.monitor.capacity.preemption.intra-queue-preemption.enabled"? (read from Hadoop 2.10 on)`, xmlconf.V2_7},
		{"preemption.enabled", "yarn.resourcemanager.scheduler.monitor.enable is true", xmlconf.V3_4},
	} {
		t.Run(c.key, func(t *testing.T) {
			xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.` + c.key + `</name><value>1</value></property>
</configuration>`
			var hints []string
			for _, f := range lintXML(t, xml, c.v) {
				if f.Rule == "CS005" {
					hints = append(hints, f.Hint)
				}
			}
			if assert.Len(t, hints, 1) {
				assert.Contains(t, hints[0], c.hint)
			}
		})
	}
}
