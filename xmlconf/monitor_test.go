package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The names as each ResourceManager hands them to the class loader:
// SchedulingMonitorManager.updateSchedulingMonitors (3.1+) takes
// Configuration.getStrings untrimmed, skipping empty entries and
// repeats; ResourceManager.createPolicyMonitors (before) takes
// getTrimmedStrings, keeping an empty entry between commas.
func TestMonitorPolicyNames(t *testing.T) {
	for _, c := range []struct {
		raw  string
		v    Version
		want []string
		name string
	}{
		{"a.B,c.D", V3_4, []string{"a.B", "c.D"}, "plain"},
		{"a.B, c.D\n", V3_4, []string{"a.B", " c.D\n"}, "untrimmed from 3.1"},
		{"a.B,,c.D,a.B,", V3_1, []string{"a.B", "c.D"}, "empty entries and repeats dropped"},
		{"", V3_4, nil, "empty value"},
		{" a.B , c.D ,\n", V2_10, []string{"a.B", "c.D"}, "trimmed before 3.1, trailing comma dropped"},
		{"a.B, ,c.D", V2_7, []string{"a.B", "", "c.D"}, "an empty entry stays before 3.1"},
		{" ", V2_10, nil, "blank value"},
		// getTrimmedStrings trims only \s around commas (and the whole
		// value with String.trim): a control character inside an entry
		// stays, and getClassByName cannot load the name.
		{"a.B,\x01c.D", V2_10, []string{"a.B", "\x01c.D"}, "an entry is not String.trim'd before 3.1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, MonitorPolicyNames(c.raw, c.v))
		})
	}
}

// AutoCreatedQueueDeletionPolicy.init: queue-expiration-time × 1000 in a
// Java long, wrapping past Long.MAX_VALUE as Java does.
func TestDeletionIntervalMS(t *testing.T) {
	for _, c := range []struct {
		raw  string
		want int64
	}{
		{"", 300_000}, // unset: DEFAULT_AUTO_CREATE_CHILD_QUEUE_EXPIRED_TIME
		{"10", 10_000},
		{" 0x10 ", 16_000}, // getLong: trimmed, hex
		{"0", 0},
		{"-1", -1000},
		{"9223372036854776", -9223372036854775616},
	} {
		kv := map[string]string{p + "root.queues": "a"}
		if c.raw != "" {
			kv[p+"auto-queue-creation-v2.queue-expiration-time"] = c.raw
		}
		assert.Equal(t, c.want, buildMap(t, kv, BuildOptions{}).Global.DeletionIntervalMS(), c.raw)
	}
}
