package xmlconf

import (
	"fmt"
	"sort"
	"strings"
)

// slsKnownKeys are SLS 3.4's own settings (SLSConfiguration) besides the
// yarn.sls.am.type.<type> classes: the ones the simulator reads, and the
// ones that only run SLS itself (threads, metrics, the scheduler wrapper,
// DNS caching), which change nothing a dry run computes.
var slsKnownKeys = map[string]bool{
	"yarn.sls.nm.memory.mb": true, "yarn.sls.nm.vcores": true,
	"yarn.sls.nm.heartbeat.interval.ms": true, "yarn.sls.am.heartbeat.interval.ms": true,
	"yarn.sls.am.container.memory": true, "yarn.sls.am.container.vcores": true,
	"yarn.sls.container.memory.mb": true, "yarn.sls.container.vcores": true,
	"yarn.sls.nm.resource.utilization.ratio": true,
	"yarn.sls.runner.pool.size":              true, "yarn.sls.scheduler.class": true,
	"yarn.sls.metrics.switch": true, "yarn.sls.metrics.web.address.port": true,
	"yarn.sls.metrics.output": true, "yarn.sls.metrics.timer.window.size": true,
	"yarn.sls.metrics.record.interval.ms": true, "yarn.sls.dns.caching.enabled": true,
}

// slsUtilizationKey is NMSimulator's utilization share
// (SLSConfiguration.NM_RESOURCE_UTILIZATION_RATIO, default -1: off).
const slsUtilizationKey = "yarn.sls.nm.resource.utilization.ratio"

// slsNotes are the notes on the yarn.sls.* keys of an sls-runner.xml that
// capq does not use, in key order: the NM utilization NMSimulator reports
// when the ratio is in (0, 1] (NMSimulator.middleStep), the NM size of
// another resource type (NMRunner.getNodeManagerResourceFromConf reads
// yarn.sls.nm.<type> for each type resource-types.xml declares), and keys
// SLS does not know, which it ignores as capq does. A ratio that is not a
// float stops SLS (Configuration.getFloat throws), so it is an error.
func slsNotes(conf map[string]string, get func(key string) (string, Pos, bool)) ([]string, error) {
	keys := make([]string, 0, len(conf))
	for k := range conf {
		if strings.HasPrefix(k, "yarn.sls.") {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out []string
	for _, k := range keys {
		v, pos, _ := get(k)
		at := posPrefix(pos)
		switch {
		case k == slsUtilizationKey:
			r, err := ParseJavaFloat(v)
			if err != nil {
				return nil, fmt.Errorf("%s%s: %q is not a number (Configuration.getFloat: %v)", at, k, v, err)
			}
			if r > 0 && r <= 1 {
				out = append(out, fmt.Sprintf("%s%s %s: NMSimulator reports every node and its containers as using that share of the node; capq does not model utilization reports (the CapacityScheduler's guaranteed allocation does not read them)", at, k, FormatJavaFloat(r)))
			}
		case slsKnownKeys[k]:
		case strings.HasPrefix(k, "yarn.sls.am.type.") && k != "yarn.sls.am.type.":
		case strings.HasPrefix(k, "yarn.sls.nm."):
			out = append(out, fmt.Sprintf("%s%s: SLS reads yarn.sls.nm.<type> only as the node size of a resource type resource-types.xml declares (NMRunner.getNodeManagerResourceFromConf), which capq does not schedule (memory and vcores only); otherwise SLS ignores it", at, k))
		default:
			out = append(out, fmt.Sprintf("%s%s: not a setting of SLS 3.4 (SLSConfiguration); SLS ignores it, and so does capq", at, k))
		}
	}
	return out, nil
}
