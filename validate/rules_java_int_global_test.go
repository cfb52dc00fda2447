package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// cs017Messages lints one queue a (a leaf) with extra properties and
// returns CS017's and CS054's messages, hints appended.
func cs017Messages(t *testing.T, v xmlconf.Version, props map[string]string, rules ...string) []string {
	t.Helper()
	xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
`
	for k, val := range props {
		xml += `<property><name>yarn.scheduler.capacity.` + k + `</name><value>` + val + `</value></property>
`
	}
	var got []string
	for _, f := range lintXML(t, xml+`</configuration>`, v) {
		for _, r := range rules {
			if f.Rule == r {
				got = append(got, f.Rule+": "+f.Message+" | "+f.Hint)
			}
		}
	}
	return got
}

// TestJavaIntFormsGlobal: Configuration#getInt/#getLong read hex through
// getHexDigits and Integer.parseInt(hex, 16), which takes any Unicode
// digit (Character.digit: "0x１０" is 16, checked on JDK 17), for the
// scheduler-wide keys as for a queue's
// (CapacitySchedulerConfiguration#getMaximumSystemApplications,
// #getNodeLocalityDelay, #getRackLocalityAdditionalDelay,
// #getMaxAssignPerHeartbeat), on the profiles that read each key.
func TestJavaIntFormsGlobal(t *testing.T) {
	for _, tc := range []struct {
		name, key, value string
		v                xmlconf.Version
		want             string // "" when CS017 must stay quiet
	}{
		{"maximum-applications hex, 2.7", "maximum-applications", "0x10", xmlconf.V2_7, `is written "0x10", a hexadecimal form only Hadoop's getInt/getLong accept | write 16`},
		{"maximum-applications hex, 3.4", "maximum-applications", " 0X10 ", xmlconf.V3_4, `is written "0X10", a hexadecimal form only Hadoop's getInt/getLong accept | write 16`},
		{"node-locality-delay hex", "node-locality-delay", "0x20", xmlconf.V3_3, "hexadecimal form only Hadoop's getInt/getLong accept | write 32"},
		{"rack-locality-additional-delay negative hex", "rack-locality-additional-delay", "-0x1", xmlconf.V2_10, "hexadecimal form only Hadoop's getInt/getLong accept | write -1"},
		{"rack-locality-additional-delay unread on 2.7", "rack-locality-additional-delay", "-0x1", xmlconf.V2_7, ""},
		{"per-heartbeat maximum hex with fullwidth digits", "per-node-heartbeat.maximum-container-assignments", "0x１０", xmlconf.V3_4,
			`is written "0x１０", a hexadecimal form only Hadoop's getInt/getLong accept, with non-ASCII digits, which Java's integer parsing reads as 16 | write 16`},
		{"getInt hex out of int is CS058's", "maximum-applications", "0x80000000", xmlconf.V3_4, ""},
		{"plain decimal", "maximum-applications", "16", xmlconf.V3_4, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := cs017Messages(t, tc.v, map[string]string{tc.key: tc.value}, "CS017")
			if tc.want == "" {
				assert.Empty(t, got)
				return
			}
			if assert.Len(t, got, 1) {
				assert.Contains(t, got[0], tc.want)
			}
		})
	}
}

// TestJavaIntFormsQueueHexDigits: a queue's own getInt key written
// "0x１０" is hex and non-ASCII digits in one finding, and 2.7–3.3's
// getInt minimum-user-limit-percent (CapacitySchedulerConfiguration
// #getUserLimit) reads non-ASCII digits as any getInt does.
func TestJavaIntFormsQueueHexDigits(t *testing.T) {
	for _, tc := range []struct {
		key, value string
		v          xmlconf.Version
		want       string
	}{
		{"root.a.maximum-applications", "0x１０", xmlconf.V3_4, "a hexadecimal form only Hadoop's getInt/getLong accept, with non-ASCII digits, which Java's integer parsing reads as 16 | write 16"},
		{"root.a.minimum-user-limit-percent", "５０", xmlconf.V2_7, `is written "５０" with non-ASCII digits, which Java's integer parsing reads as 50 | write 50`},
		{"root.a.minimum-user-limit-percent", "５０", xmlconf.V3_3, `is written "５０" with non-ASCII digits, which Java's integer parsing reads as 50 | write 50`},
	} {
		t.Run(tc.key+"@"+tc.v.String(), func(t *testing.T) {
			got := cs017Messages(t, tc.v, map[string]string{tc.key: tc.value}, "CS017")
			if assert.Len(t, got, 1) {
				assert.Contains(t, got[0], tc.want)
			}
		})
	}
}

// TestUserLimitShownAsRead: CS054 shows minimum-user-limit-percent in the
// type the profile reads it with: getInt before 3.4 (getUserLimit, so
// "-0x10" is -16), getFloat from 3.4.
func TestUserLimitShownAsRead(t *testing.T) {
	for _, tc := range []struct {
		value string
		v     xmlconf.Version
		want  string
	}{
		{"-0x10", xmlconf.V2_7, `minimum-user-limit-percent of "root.a" is -16, outside (0, 100]`},
		{"0", xmlconf.V3_3, `minimum-user-limit-percent of "root.a" is 0, outside (0, 100]`},
		{"-5", xmlconf.V3_4, `minimum-user-limit-percent of "root.a" is -5.0, outside (0, 100]`},
	} {
		t.Run(tc.value+"@"+tc.v.String(), func(t *testing.T) {
			got := cs017Messages(t, tc.v, map[string]string{"root.a.minimum-user-limit-percent": tc.value}, "CS054")
			if assert.Len(t, got, 1) {
				assert.Contains(t, got[0], tc.want)
			}
		})
	}
}

// TestPriorityDigits: AppPriorityACLConfigurationParser#getPriorityAcl
// and WorkflowPriorityMappingsManager#getWorkflowMappingFromString read
// their priorities with Integer.parseInt, so "１０" is 10; both are read
// from 2.10 (CS005 names them on 2.7), the ACL by leaves only.
func TestPriorityDigits(t *testing.T) {
	const acl = "root.a.acl_application_max_priority"
	const wf = "workflow-priority-mappings"
	for _, tc := range []struct {
		name  string
		props map[string]string
		v     xmlconf.Version
		want  []string
	}{
		{"ACL max and default", map[string]string{acl: "[user=u１ max_priority=１０ default_priority=２]"}, xmlconf.V3_4, []string{
			`has default_priority "２", written with non-ASCII digits, which Integer.parseInt reads as 2 | write default_priority=2`,
			`has max_priority "１０", written with non-ASCII digits, which Integer.parseInt reads as 10 | write max_priority=10`}},
		{"ACL on 2.10", map[string]string{acl: "[user=alice max_priority=３]"}, xmlconf.V2_10, []string{`has max_priority "３"`}},
		{"ACL unread on 2.7", map[string]string{acl: "[user=alice max_priority=３]"}, xmlconf.V2_7, nil},
		{"ACL with a fullwidth user only", map[string]string{acl: "[user=u１ max_priority=3]"}, xmlconf.V3_4, nil},
		{"workflow mapping", map[string]string{wf: "wf:root.a:１"}, xmlconf.V3_4, []string{
			`maps workflow "wf" to priority "１", written with non-ASCII digits, which Integer.parseInt reads as 1 | write the priority as 1`}},
		{"workflow mapping unread on 2.7", map[string]string{wf: "wf:root.a:１"}, xmlconf.V2_7, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := cs017Messages(t, tc.v, tc.props, "CS017")
			if assert.Len(t, got, len(tc.want), "%q", got) {
				for i := range tc.want {
					assert.Contains(t, got[i], tc.want[i])
				}
			}
		})
	}
}

// TestJavaIntFormsAllocation: the scheduler-wide allocation bounds are
// read with Configuration#getInt (CapacityScheduler#validateConf on the
// scheduler's configuration; the ResourceManager's minimum from
// yarn-site.xml, 3.1+), so hex and non-ASCII digits are read there as
// anywhere: CS017 at each definition Hadoop reads, yarn-site.xml's too.
func TestJavaIntFormsAllocation(t *testing.T) {
	const cs = `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.minimum-allocation-vcores</name><value>１</value></property>
<property><name>yarn.scheduler.maximum-allocation-mb</name><value>0x2000</value></property>
<property><name>yarn.scheduler.maximum-allocation-vcores</name><value>８</value></property>
</configuration>`
	const site = `<configuration>
<property><name>yarn.scheduler.minimum-allocation-mb</name><value>0x400</value></property>
</configuration>`
	l, err := xmlconf.Load(xmlconf.LoadOptions{
		YarnSite:          []xmlconf.Source{{Name: "yarn-site.xml", Data: []byte(site)}},
		CapacityScheduler: []xmlconf.Source{{Name: "capacity-scheduler.xml", Data: []byte(cs)}},
		Build:             xmlconf.BuildOptions{Version: xmlconf.V3_4},
	})
	assert.NoError(t, err)
	var got []string
	for _, f := range Lint(l.Model, Options{Version: xmlconf.V3_4, File: "capacity-scheduler.xml"}) {
		if f.Rule == "CS017" {
			got = append(got, f.Property+" | "+f.Hint)
		}
	}
	assert.ElementsMatch(t, []string{
		"yarn.scheduler.minimum-allocation-mb | write 1024",
		"yarn.scheduler.minimum-allocation-vcores | write 1",
		"yarn.scheduler.maximum-allocation-mb | write 8192",
		"yarn.scheduler.maximum-allocation-vcores | write 8",
	}, got)
}

// TestJavaBoolForms: Configuration#getBoolean (StringUtils.equalsIgnoreCase)
// and Boolean.parseBoolean use String.equalsIgnoreCase, which folds the
// long s "ſ" to "s": "falſe" is false (xmlconf.HadoopGetBool), a CS017
// warning; an ASCII spelling in any case is not.
func TestJavaBoolForms(t *testing.T) {
	for _, tc := range []struct {
		key, value, want string
	}{
		{"root.a.disable_preemption", "falſe", `is written "falſe", which only Java's equalsIgnoreCase reads as false`},
		{"root.a.disable_preemption", " FALſE ", `is written "FALſE", which only Java's equalsIgnoreCase reads as false`},
		{"root.a.disable_preemption", "FALSE", ""},
		{"root.a.reservable", "TrUe", ""},
	} {
		t.Run(tc.value, func(t *testing.T) {
			got := cs017Messages(t, xmlconf.V3_4, map[string]string{tc.key: tc.value}, "CS017")
			if tc.want == "" {
				assert.Empty(t, got)
				return
			}
			if assert.Len(t, got, 1) {
				assert.Contains(t, got[0], tc.want)
				assert.Contains(t, got[0], "| write false")
			}
		})
	}
}
