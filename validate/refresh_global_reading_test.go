package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestRefreshGlobalSameReadingIsNoChange: a scheduler-wide key both files
// set to texts Hadoop reads alike is no change, and a restart-only one asks
// for no restart (RF013). The monitor policies follow each profile's
// reading: 2.7's ResourceManager.createPolicyMonitors takes them from
// Configuration.getInstances, whose getClasses splits with
// getTrimmedStrings (so "a, b" is "a,b") and keeps every entry (one
// monitor each, in order); from 3.1 SchedulingMonitorManager.
// updateSchedulingMonitors reads getStrings, which trims nothing, into a
// set (so order and repeats do not count, spaces do).
func TestRefreshGlobalSameReadingIsNoChange(t *testing.T) {
	mq := xmlconf.BuiltinMonitorPolicies[4].Class // QueueManagementDynamicEditPolicy, 3.1+
	for _, tc := range []struct {
		name     string
		v        xmlconf.Version
		key      string
		old, new string
		changed  bool
		restart  bool
	}{
		{"boolean TRUE and true", xmlconf.V3_4, "reservations-continue-look-all-nodes", "TRUE", "true", false, false},
		{"boolean true and false", xmlconf.V3_4, "reservations-continue-look-all-nodes", "true", "false", true, false},
		{"int 10000 and ' 10000'", xmlconf.V2_7, "maximum-applications", "10000", " 10000", false, false},
		{"int 5000 and 10000", xmlconf.V3_4, "maximum-applications", "5000", "10000", true, false},
		{"int 10000 and 'ten thousand' (read as its default)", xmlconf.V3_4, "maximum-applications", "10000", "ten thousand", true, false},
		{"float 0.1 and 0.10", xmlconf.V3_3, "maximum-am-resource-percent", "0.1", "0.10", false, false},
		{"restart-only boolean FALSE and false", xmlconf.V3_4, "multi-node-placement-enabled", "FALSE", "false", false, false},
		{"restart-only boolean false and true", xmlconf.V3_4, "multi-node-placement-enabled", "false", "true", true, true},
		{"restart-only calculator with spaces", xmlconf.V3_4, "resource-calculator",
			xmlconf.DominantResourceCalculator, " " + xmlconf.DominantResourceCalculator + "\n", false, false},
		{"2.7 policies 'a, b' and 'a,b': getTrimmedStrings", xmlconf.V2_7, xmlconf.MonitorPoliciesKey,
			pcpp + ", " + pcpp, pcpp + "," + pcpp, false, false},
		{"2.7 policy with spaces around it", xmlconf.V2_7, xmlconf.MonitorPoliciesKey, pcpp, " " + pcpp + " ", false, false},
		{"2.7 a repeated policy is a second monitor", xmlconf.V2_7, xmlconf.MonitorPoliciesKey, pcpp, pcpp + "," + pcpp, true, true},
		{"3.4 policies 'a, b' and 'a,b': getStrings keeps the space", xmlconf.V3_4, xmlconf.MonitorPoliciesKey,
			pcpp + ", " + mq, pcpp + "," + mq, true, true},
		{"3.4 policies in another order are the same set", xmlconf.V3_4, xmlconf.MonitorPoliciesKey,
			pcpp + "," + mq, mq + "," + pcpp, false, false},
		{"3.1 a repeated policy is the same set", xmlconf.V3_1, xmlconf.MonitorPoliciesKey, pcpp, pcpp + "," + pcpp + ",", false, false},
		{"3.4 another policy", xmlconf.V3_4, xmlconf.MonitorPoliciesKey, pcpp, mq, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			oldConf := edit(baseConf(), map[string]string{tc.key: tc.old})
			newConf := edit(baseConf(), map[string]string{tc.key: tc.new})
			for _, dir := range [][2]map[string]string{{oldConf, newConf}, {newConf, oldConf}} {
				r := refresh(tc.v, dir[0], dir[1], nil)
				restart := false
				for _, f := range r.Findings {
					restart = restart || f.Rule == "RF013"
				}
				assert.Equal(t, tc.restart, restart, "RF013: %v", r.Findings)
				if tc.changed {
					assert.Len(t, r.Global, 1)
					assert.Empty(t, r.GlobalNotes)
					continue
				}
				assert.Empty(t, r.Global)
				if assert.Len(t, r.GlobalNotes, 1) {
					assert.Contains(t, r.GlobalNotes[0], "changes nothing")
				}
			}
		})
	}
}
