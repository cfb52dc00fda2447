package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestResourceCalculatorTrimmed follows CapacitySchedulerConfiguration
// #getResourceCalculator: Configuration#getClass reads the name with
// getTrimmed, so a class written on its own indented line (or with a
// stray space) is still the DominantResourceCalculator.
func TestResourceCalculatorTrimmed(t *testing.T) {
	for _, tc := range []struct {
		name, value string
		dominant    bool
	}{
		{"as written", DominantResourceCalculator, true},
		{"on its own line", "\n      " + DominantResourceCalculator + "\n    ", true},
		{"trailing space", DominantResourceCalculator + " ", true},
		{"default, padded", " " + DefaultResourceCalculator + "\t", false},
		{"inner space is another name", "org.apache.hadoop.yarn.util.resource. DominantResourceCalculator", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := buildMap(t, map[string]string{
				p + "root.queues":         "a",
				p + "root.a.capacity":     "100",
				p + "resource-calculator": tc.value,
			}, BuildOptions{})
			assert.Equal(t, tc.dominant, m.Global.DominantCalculator())
			assert.Equal(t, tc.value, m.Global.ResourceCalculator.Raw, "the raw value is kept as written")
		})
	}
}
