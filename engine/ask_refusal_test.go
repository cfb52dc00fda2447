package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestAskRefusalMessagePerVersion: SchedulerUtils.validateResourceRequest's
// message for a request outside [0, maximum allocation], as each release
// words it. 2.7 checks memory, then virtual cores; 2.10 to 3.2 have one
// message per resource type for both cases; 3.3 on, the
// InvalidResourceRequestException templates (TestSchedulerUtils.
// testValidateResourceRequest, reproduced as a scenario, pins those).
func TestAskRefusalMessagePerVersion(t *testing.T) {
	mx := Resource{8192, 4}
	for _, c := range []struct {
		name            string
		typeMsgs, memVc bool
		ask             Resource
		want            string
	}{
		{"2.7 memory", false, true, Resource{9000, 1}, "Invalid resource request, requested memory < 0, or requested memory > max configured, requestedMemory=9000, maxMemory=8192"},
		{"2.7 vcores", false, true, Resource{1024, -1}, "Invalid resource request, requested virtual cores < 0, or requested virtual cores > max configured, requestedVirtualCores=-1, maxVirtualCores=4"},
		{"3.2 vcores", false, false, Resource{1024, 5}, "Invalid resource request, requested resource type=[vcores] < 0 or greater than maximum allowed allocation. Requested resource=<memory:1024, vCores:5>, maximum allowed allocation=<memory:8192, vCores:4>, please note that maximum allowed allocation is calculated by scheduler based on maximum resource of registered NodeManagers, which might be less than configured maximum allocation=<memory:16384, vCores:4>"},
		{"3.2 memory first", false, false, Resource{-1, 5}, "requested resource type=[memory-mb] < 0"},
		{"3.4 less than 0", true, false, Resource{1024, -1}, "requested resource is less than 0! Requested resource type=[vcores]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := &Engine{g: globals{askTypeMsgs: c.typeMsgs, askMemVcoresMsgs: c.memVc, maxAlloc: Resource{16384, 4}}}
			err := e.askRefusal(c.ask, mx)
			if assert.Error(t, err) {
				assert.Contains(t, err.Error(), c.want)
			}
		})
	}
}
