package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestSiteKeyNewerThanProfile: a yarn-site.xml key capq reads that the
// profile's ResourceManager does not read yet is as ignored as a scheduler
// key newer than the profile (CS005). Tag-based placement is YARN-9886
// (CHANGELOG.3.3.0.md): RMAppManager#getUserNameForPlacement is not in 3.2.
func TestSiteKeyNewerThanProfile(t *testing.T) {
	site := `<configuration>
<property><name>yarn.resourcemanager.application-tag-based-placement.enable</name><value>true</value></property>
<property><name>yarn.resourcemanager.application-tag-based-placement.username.whitelist</name><value>hive</value></property>
</configuration>`
	cs := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>default</value></property>
<property><name>yarn.scheduler.capacity.root.default.capacity</name><value>100</value></property>
</configuration>`
	for _, c := range []struct {
		v       xmlconf.Version
		ignored bool
	}{{xmlconf.V2_7, true}, {xmlconf.V3_2, true}, {xmlconf.V3_3, false}, {xmlconf.V3_4, false}} {
		t.Run(c.v.String(), func(t *testing.T) {
			l, err := xmlconf.Load(xmlconf.LoadOptions{
				YarnSite:          []xmlconf.Source{{Name: "yarn-site.xml", Data: []byte(site)}},
				CapacityScheduler: []xmlconf.Source{{Name: "capacity-scheduler.xml", Data: []byte(cs)}},
				Build:             xmlconf.BuildOptions{Version: c.v},
			})
			require.NoError(t, err)
			var got []string
			for _, f := range Lint(l.Model, Options{Version: c.v, File: "capacity-scheduler.xml"}) {
				if f.Rule == "CS005" {
					got = append(got, f.Property+": "+f.Message)
				}
			}
			if !c.ignored {
				assert.Empty(t, got)
				return
			}
			assert.Equal(t, []string{
				xmlconf.TagPlacementKey + ": " + xmlconf.TagPlacementKey + " is not read by Hadoop " + c.v.String() + " (added in 3.3); it is ignored",
				xmlconf.TagPlacementWhitelistKey + ": " + xmlconf.TagPlacementWhitelistKey + " is not read by Hadoop " + c.v.String() + " (added in 3.3); it is ignored",
			}, got)
		})
	}
}
