package validate

import (
	"maps"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// buildSite builds cs over site as capq diff loads a directory: the merge
// of both, with site as the ResourceManager's own configuration.
func buildSite(v xmlconf.Version, cs, site map[string]string) *xmlconf.Model {
	all := maps.Clone(site)
	maps.Copy(all, cs)
	c := xmlconf.FromMap(all, "capacity-scheduler.xml")
	c.RM = xmlconf.FromMap(site, "yarn-site.xml")
	return xmlconf.Build(c, xmlconf.BuildOptions{Version: v})
}

// TestRefreshRMOnlyKeyFollowsYarnSite: Hadoop reads the RM-only settings
// (xmlconf.RMOnlySettings) from the ResourceManager's configuration only
// (CapacityScheduler#serviceInit hands it to SchedulingMonitorManager;
// AdminService#refreshQueues the one it started with), so the diff lists
// what changes there, not in capacity-scheduler.xml, where CS111 says the
// key has no effect: no change and no RF013 restart for such a key.
func TestRefreshRMOnlyKeyFollowsYarnSite(t *testing.T) {
	const policies, enable = xmlconf.MonitorPoliciesKey, xmlconf.MonitorEnableKey
	const pcpp = "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy"
	base := baseConf()
	with := func(m map[string]string, kv ...string) map[string]string {
		out := maps.Clone(m)
		for i := 0; i < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out
	}
	on := map[string]string{enable: "true"}
	cases := []struct {
		name             string
		oldCS, oldSite   map[string]string
		newCS, newSite   map[string]string
		key              string
		listed, restart  bool
		note             string
		wantOld, wantNew string // the listed change, "" for unset
	}{
		{"written in capacity-scheduler.xml only", base, on, with(base, policies, "x.MyPolicy"), on,
			policies, false, false, `in capacity-scheduler.xml changes nothing: Hadoop 3.4 reads it only from the ResourceManager's configuration (yarn-site.xml), where it is unset (CS111)`, "", ""},
		{"changed in capacity-scheduler.xml under yarn-site.xml's value", with(base, enable, "false"), on, with(base, enable, "true"), on,
			enable, false, false, `where it is "true" (CS111)`, "", ""},
		{"changed in yarn-site.xml under an unchanged capacity-scheduler.xml value", with(base, enable, "true"), map[string]string{enable: "false"},
			with(base, enable, "true"), on, enable, true, true, "", "false", "true"},
		{"changed in yarn-site.xml", base, map[string]string{}, base, map[string]string{policies: pcpp, enable: "true"},
			enable, true, true, "", "", "true"},
		// yarn.acl.enable is read from the scheduler's configuration too
		// (AppPriorityACLsManager): a change there still counts.
		{"a partly RM-only key", base, on, with(base, xmlconf.ACLEnableKey, "true"), on,
			xmlconf.ACLEnableKey, true, true, "", "", "true"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := Refresh(buildSite(xmlconf.V3_4, tc.oldCS, tc.oldSite), buildSite(xmlconf.V3_4, tc.newCS, tc.newSite),
				RefreshOptions{Version: xmlconf.V3_4})
			assert.True(t, r.Accepted, "%v", r.Errors())
			var listed *PropChange
			times := 0
			for i, pc := range r.Global {
				if pc.Name == tc.key {
					listed = &r.Global[i]
					times++
				}
			}
			assert.LessOrEqual(t, times, 1, "listed once: %v", r.Global)
			if assert.Equal(t, tc.listed, listed != nil, "%v", r.Global) && listed != nil {
				assert.Equal(t, tc.wantOld, deref(listed.Old))
				assert.Equal(t, tc.wantNew, deref(listed.New))
			}
			var restart bool
			for _, f := range r.Findings {
				restart = restart || f.Rule == "RF013" && strings.Contains(f.Message, tc.key)
			}
			assert.Equal(t, tc.restart, restart, "RF013: %v", r.Findings)
			if tc.note != "" {
				assert.True(t, strings.Contains(strings.Join(r.GlobalNotes, "\n"), tc.note), "%q in %v", tc.note, r.GlobalNotes)
			}
		})
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
