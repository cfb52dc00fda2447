package validate

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestCalculatorClass follows CapacitySchedulerConfiguration
// #getResourceCalculator: Configuration#getClass trims the name and throws
// a RuntimeException of ClassNotFoundException for a class it cannot find,
// ReflectionUtils#newInstance for the abstract ResourceCalculator; Apache
// Hadoop ships only the Default and Dominant calculators.
func TestCalculatorClass(t *testing.T) {
	const (
		drc = xmlconf.DominantResourceCalculator
		dfl = xmlconf.DefaultResourceCalculator
	)
	for _, tc := range []struct {
		name, value string
		sev         xmlconf.Severity // 0: no CS119
		hint        string
	}{
		{"dominant", drc, 0, ""},
		{"default", dfl, 0, ""},
		{"dominant on its own line", "\n  " + drc + "\n", 0, ""},
		{"Hadoop 2.0/2.1 package", "org.apache.hadoop.yarn.server.resourcemanager.resource.DominantResourceCalculator", xmlconf.SeverityError, drc},
		{"no package", "DefaultResourceCalculator", xmlconf.SeverityError, dfl},
		{"typo", "org.apache.hadoop.yarn.util.resource.DominantResourceCalcuator", xmlconf.SeverityError, drc},
		{"vendor class in Hadoop's package", "org.apache.hadoop.yarn.util.resource.DiskBasedResourceCalculator", xmlconf.SeverityError, "vendor build"},
		{"abstract", "org.apache.hadoop.yarn.util.resource.ResourceCalculator", xmlconf.SeverityError, dfl},
		{"blank", "  ", xmlconf.SeverityError, "with its package"},
		{"inner space", "org.apache.hadoop.yarn.util.resource. DominantResourceCalculator", xmlconf.SeverityError, drc},
		{"another package", "com.example.scheduler.GpuCalculator", xmlconf.SeverityWarning, "classpath"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.resource-calculator</name><value>` + tc.value + `</value></property>
</configuration>`
			var got []xmlconf.Finding
			for _, f := range lintXML(t, xml, xmlconf.V3_3) {
				if f.Rule == "CS119" {
					got = append(got, f)
				}
			}
			if tc.sev == 0 {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1)
			assert.Equal(t, tc.sev, got[0].Severity)
			assert.Equal(t, 4, got[0].Line)
			assert.Contains(t, got[0].Hint, tc.hint)
		})
	}
}

// TestCalculatorClassUnsetIsDefault: an empty <value></value> leaves the
// key unset for Configuration, so yarn-default's DefaultResourceCalculator
// applies and there is nothing to load.
func TestCalculatorClassUnsetIsDefault(t *testing.T) {
	xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.resource-calculator</name><value></value></property>
</configuration>`
	for _, f := range lintXML(t, xml, xmlconf.V3_3) {
		assert.NotEqual(t, "CS119", f.Rule, f.Message)
	}
}

// TestHugeValueIsClipped: a rule quoting a 200 KB value (a pull request's
// class name) prints a bounded message, cut on a character boundary.
func TestHugeValueIsClipped(t *testing.T) {
	name := "com.example." + strings.Repeat("é", 100_000)
	xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.resource-calculator</name><value>` + name + `</value></property>
</configuration>`
	var seen bool
	for _, f := range lintXML(t, xml, xmlconf.V3_3) {
		assert.LessOrEqual(t, len(f.Message), xmlconf.MaxFindingText+64, f.Rule)
		assert.LessOrEqual(t, len(f.Hint), xmlconf.MaxFindingText+64, f.Rule)
		assert.True(t, utf8.ValidString(f.Message), f.Rule)
		if f.Rule == "CS119" {
			seen = true
			assert.Contains(t, f.Message, "more bytes cut]")
		}
	}
	assert.True(t, seen, "CS119 reports the class")
}
