package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// A warned setting given through an auto-creation template warns, once
// per setting, only where a queue auto-creates and the profile reads the
// template.
func TestTemplatedUnmodelled(t *testing.T) {
	legacy := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50", "root.a.auto-create-child-queue.enabled": "true"}
	v2 := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50", "root.a.auto-queue-creation-v2.enabled": "true"}
	with := func(base map[string]string, kv map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range base {
			out[k] = v
		}
		for k, v := range kv {
			out[k] = v
		}
		return out
	}
	tests := []struct {
		name  string
		kv    map[string]string
		v     xmlconf.Version
		want  []string
		count int
	}{
		// A created leaf reads its template's default priority (its
		// xmlconf.Queue is built with the template's keys).
		{"a template's default priority is modelled", with(legacy, map[string]string{"root.a.leaf-queue-template.default-application-priority": "2"}), xmlconf.V3_4, nil, 0},
		{"a v2 template's default priority is modelled", with(v2, map[string]string{"root.a.auto-queue-creation-v2.template.default-application-priority": "2"}), xmlconf.V3_4, nil, 0},
		{"no auto-creation: the template is not read", with(map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50"},
			map[string]string{"root.a.leaf-queue-template.reservable": "true"}), xmlconf.V3_4, nil, 0},
		{"3.0 line reads no template", with(legacy, map[string]string{"root.a.leaf-queue-template.reservable": "true"}), xmlconf.V2_10, nil, 0},
		{"v2 templates before 3.4", with(v2, map[string]string{"root.a.auto-queue-creation-v2.template.reservable": "true"}), xmlconf.V3_3, nil, 0},
		{"wildcard v2 template, counted once per setting", with(v2, map[string]string{"root.*.auto-queue-creation-v2.leaf-template.reservable": "true",
			"root.a.auto-queue-creation-v2.template.reservable": "true"}), xmlconf.V3_4,
			[]string{"yarn.scheduler.capacity.root.*.auto-queue-creation-v2.leaf-template.reservable"}, 2},
		{"parent template: leaf-only settings are not read", with(v2, map[string]string{"root.a.auto-queue-creation-v2.parent-template.reservable": "true"}), xmlconf.V3_4, nil, 0},
		{"parent template: a custom queue ordering class", with(v2, map[string]string{"root.a.auto-queue-creation-v2.parent-template.ordering-policy": "com.example.Policy"}), xmlconf.V3_4,
			[]string{"yarn.scheduler.capacity.root.a.auto-queue-creation-v2.parent-template.ordering-policy"}, 1},
		{"built-in policy class is no warning", with(legacy, map[string]string{"root.a.leaf-queue-template.ordering-policy": "org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy.FairOrderingPolicy"}), xmlconf.V3_4, nil, 0},
		{"exclusive partitions need their policy", with(legacy, map[string]string{"root.a.leaf-queue-template.ordering-policy.exclusive-enforced-partitions": "x"}), xmlconf.V3_4, nil, 0},
		{"exclusive partitions", with(legacy, map[string]string{"root.a.leaf-queue-template.ordering-policy": "fifo-with-partitions",
			"root.a.leaf-queue-template.ordering-policy.exclusive-enforced-partitions": "x"}), xmlconf.V3_4,
			[]string{"yarn.scheduler.capacity.root.a.leaf-queue-template.ordering-policy.exclusive-enforced-partitions"}, 1},
		{"templated label capacity vector", with(v2, map[string]string{"root.a.auto-queue-creation-v2.leaf-template.accessible-node-labels.gpu.capacity": "[memory=50%,vcores=2w]"}), xmlconf.V3_4,
			[]string{"yarn.scheduler.capacity.root.a.auto-queue-creation-v2.leaf-template.accessible-node-labels.gpu.capacity"}, 1},
		// getConfiguredNodeLabels ends the label at the first dot: the
		// vector below is label gpu's setting "x.capacity", never read.
		{"templated dotted label vector is not read", with(v2, map[string]string{"root.a.auto-queue-creation-v2.leaf-template.accessible-node-labels.gpu.x.capacity": "[memory=50%,vcores=2w]"}), xmlconf.V3_4, nil, 0},
		{"templated label percentage is modelled", with(v2, map[string]string{"root.a.auto-queue-creation-v2.leaf-template.accessible-node-labels.gpu.capacity": "50"}), xmlconf.V3_4, nil, 0},
		{"templated other resource type, non-legacy", with(v2, map[string]string{"legacy-queue-mode.enabled": "false",
			"root.a.auto-queue-creation-v2.template.capacity": "[memory=50%,vcores=1w,yarn.io/gpu=1w]"}), xmlconf.V3_4,
			[]string{"yarn.scheduler.capacity.root.a.auto-queue-creation-v2.template.capacity"}, 1},
		{"templated weight maximum, non-legacy", with(v2, map[string]string{"legacy-queue-mode.enabled": "false",
			"root.a.auto-queue-creation-v2.template.maximum-capacity": "[memory=50%,vcores=2w]"}), xmlconf.V3_4,
			[]string{"yarn.scheduler.capacity.root.a.auto-queue-creation-v2.template.maximum-capacity"}, 1},
		{"templated absolute capacity, legacy mode, is modelled", with(v2, map[string]string{
			"root.a.auto-queue-creation-v2.template.capacity": "[memory=1024,vcores=1,yarn.io/gpu=1]"}), xmlconf.V3_4, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := templatedUnmodelled(build(t, tt.kv, tt.v))
			var keys []string
			for _, w := range ws {
				keys = append(keys, w.Key)
				assert.Zero(t, w.Queues, "the queues are yet to be made")
				assert.Equal(t, tt.count > 1, strings.Contains(w.Feature, fmt.Sprintf("(%d template keys set it)", tt.count)), w.Feature)
			}
			assert.Equal(t, tt.want, keys)
		})
	}
}
