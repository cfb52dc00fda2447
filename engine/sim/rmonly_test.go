package sim

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// A scheduling monitor turned on in capacity-scheduler.xml is off in
// Hadoop (CapacityScheduler#serviceInit hands SchedulingMonitorManager
// the ResourceManager's own configuration): seeds-preemption with the
// switch moved there and no yarn-site.xml preempts nothing, and the run
// says why; with the switch in yarn-site.xml it preempts and says nothing.
func TestMonitorInCapacitySchedulerXMLDoesNotPreempt(t *testing.T) {
	const on = `<property><name>yarn.resourcemanager.scheduler.monitor.enable</name><value>true</value></property>`
	cs := readConfig(t, "workloads/seeds-preemption") // the switch spliced in from yarn-site.xml
	require.Contains(t, string(cs), on)
	w := loadWorkload(t, "seeds-example.json")
	for _, c := range []struct {
		name      string
		opts      xmlconf.LoadOptions
		preempted bool
	}{
		{"in capacity-scheduler.xml, no yarn-site.xml", xmlconf.LoadOptions{CapacityScheduler: []xmlconf.Source{{Name: "capacity-scheduler.xml", Data: cs}}}, false},
		{"in yarn-site.xml", xmlconf.LoadOptions{
			YarnSite:          []xmlconf.Source{{Name: "yarn-site.xml", Data: []byte("<configuration>" + on + "</configuration>")}},
			CapacityScheduler: []xmlconf.Source{{Name: "capacity-scheduler.xml", Data: bytes.Replace(cs, []byte(on), nil, 1)}}}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, err := xmlconf.Load(c.opts)
			require.NoError(t, err)
			res, err := Run(l.Model, w, Options{Seed: 1})
			require.NoError(t, err)
			assert.Equal(t, c.preempted, res.Summary.Preempted > 0)
			warned := false
			for _, s := range res.Warnings {
				warned = warned || strings.Contains(s, "yarn.resourcemanager.scheduler.monitor.enable has no effect in capacity-scheduler.xml") &&
					strings.HasSuffix(s, "the run takes Hadoop's default: the scheduling monitor is off, so nothing is preempted")
			}
			assert.Equal(t, !c.preempted, warned, "%q", res.Warnings)
		})
	}
}

// A setting capacity-scheduler.xml still partly feeds (RMOnlySetting.
// Partial) is warned about with what reads it there: the minimum
// allocation's validation (3.x) and the application priority ACLs. The
// warning used to give the ACL wording for every such setting.
func TestPartlyReadRMOnlySettingWarnings(t *testing.T) {
	for _, c := range []struct{ key, value, says string }{
		{xmlconf.MinAllocationMBKey, "2048", "validateConf still checks it"},
		{xmlconf.ACLEnableKey, "true", "application priority ACLs"},
	} {
		cs := `<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>` +
			`<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>` +
			`<property><name>` + c.key + `</name><value>` + c.value + `</value></property></configuration>`
		l, err := xmlconf.Load(xmlconf.LoadOptions{
			YarnSite:          []xmlconf.Source{{Name: "yarn-site.xml", Data: []byte("<configuration/>")}},
			CapacityScheduler: []xmlconf.Source{{Name: "capacity-scheduler.xml", Data: []byte(cs)}}})
		require.NoError(t, err)
		ws := rmOnlyWarnings(l.Model)
		require.Len(t, ws, 1, c.key)
		assert.Contains(t, ws[0], c.key+" in capacity-scheduler.xml")
		assert.Contains(t, ws[0], c.says)
		assert.Contains(t, ws[0], "the run takes Hadoop's default")
	}
}
