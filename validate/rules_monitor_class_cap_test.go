package validate

import (
	"strconv"
	"strings"
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
)

// A list of many bad names gives maxPolicyFindings findings and one that
// counts the rest, not one finding per name.
func TestMonitorPolicyFindingsBounded(t *testing.T) {
	names := make([]string, 100)
	for i := range names {
		names[i] = "NoPackage" + strconv.Itoa(i) // distinct: Hadoop's set drops repeats
	}
	m := build(xmlconf.V3_4, map[string]string{pre + "root.queues": "a", pre + "root.a.capacity": "100",
		"yarn.resourcemanager.scheduler.monitor.enable":   "true",
		"yarn.resourcemanager.scheduler.monitor.policies": strings.Join(names, ",")})
	res := Run(m, Options{Version: xmlconf.V3_4, Enable: []string{"CS079"}})
	var errs, warns int
	for _, f := range res.Findings {
		switch f.Severity {
		case xmlconf.SeverityError:
			errs++
		case xmlconf.SeverityWarning:
			warns++
			assert.Contains(t, f.Message, "80 more names in this list are not judged one by one")
		}
	}
	assert.Equal(t, maxPolicyFindings, errs)
	assert.Equal(t, 1, warns)
}
