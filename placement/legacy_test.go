package placement

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestRuleActive covers which yarn.scheduler.queue-placement-rules lists
// make the legacy mappings count (CapacityScheduler.updatePlacementRules).
func TestRuleActive(t *testing.T) {
	cases := []struct {
		name, rules, rule string
		v                 xmlconf.Version
		want              bool
	}{
		{"default list is user-group", "", "user-group", xmlconf.V3_4, true},
		{"3.4 app-name alone reads queue-mappings", "app-name", "user-group", xmlconf.V3_4, true},
		{"3.4 CSMappingPlacementRule by class", csMappingRuleClass, "user-group", xmlconf.V3_4, true},
		{"3.4 another class only", "org.example.Rule", "user-group", xmlconf.V3_4, false},
		{"3.3 each name its own rule", "app-name", "user-group", xmlconf.V3_3, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conf := xmlconf.FromMap(map[string]string{KeyPlacement: c.rules}, "t")
			assert.Equal(t, c.want, RuleActive(conf, c.v, c.rule))
		})
	}
}
