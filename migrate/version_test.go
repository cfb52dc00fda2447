package migrate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

func TestResolveVersion(t *testing.T) {
	for _, c := range []struct {
		name        string
		forced      xmlconf.H1Dialect
		wantTarget  xmlconf.Version
		wantDialect xmlconf.H1Dialect
		wantErr     any
	}{
		{name: "3.3", wantTarget: xmlconf.V3_3},
		{name: "2.7", forced: xmlconf.H1Dialect021, wantTarget: xmlconf.V2_7, wantDialect: xmlconf.H1Dialect021},
		{name: "1.2.1", wantDialect: xmlconf.H1Dialect1x},
		{name: "0.20.2", wantDialect: xmlconf.H1Dialect020},
		{name: "0.22", forced: xmlconf.H1Dialect021, wantDialect: xmlconf.H1Dialect021},
		{name: "0.21", forced: xmlconf.H1Dialect1x, wantDialect: xmlconf.H1Dialect1x, wantErr: &DialectConflictError{}},
		// A YARN line newer than the newest profile is refused as such,
		// not as a stranger ("3.5": Hadoop 3.5.0, YARN-7327 and more).
		{name: "3.5", wantErr: &xmlconf.NewerVersionError{}},
		{name: "4.0", wantErr: &xmlconf.NewerVersionError{}},
		{name: "2.8", wantErr: &VersionError{}},
		{name: "", wantErr: &VersionError{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			target, d, err := ResolveVersion(c.name, c.forced)
			if c.wantErr != nil {
				require.Error(t, err)
				assert.IsType(t, c.wantErr, err)
			} else {
				require.NoError(t, err)
			}
			assert.Equal(t, c.wantTarget, target)
			assert.Equal(t, c.wantDialect, d)
		})
	}
}

func TestVersionChoicesResolve(t *testing.T) {
	for _, v := range VersionChoices() {
		_, _, err := ResolveVersion(v, xmlconf.H1DialectUnknown)
		assert.NoError(t, err, v)
	}
}

// TestPriorityNeedsYARN28: application priority in the CapacityScheduler
// (YarnConfiguration.MAX_CLUSTER_LEVEL_APPLICATION_PRIORITY, YARN-1963)
// came in Hadoop 2.8, so a 2.7 target gets no
// yarn.cluster.max-application-priority and is told priorities are lost;
// 2.10 and later keep the setting.
func TestPriorityNeedsYARN28(t *testing.T) {
	for _, c := range []struct {
		target  xmlconf.Version
		setting bool
	}{
		{xmlconf.V2_7, false},
		{xmlconf.V2_10, true},
		{xmlconf.V3_4, true},
	} {
		res := migrateCase(t, "16-blog-hierarchical-0.21", Options{Target: c.target})
		has := false
		for _, s := range res.Report.YarnSite {
			has = has || s.Key == "yarn.cluster.max-application-priority"
		}
		assert.Equal(t, c.setting, has, "yarn-site setting on %s", c.target)
		var prio []xmlconf.Finding
		for _, f := range res.Report.Findings {
			if f.Rule == RulePriority {
				prio = append(prio, f)
			}
		}
		require.Len(t, prio, 1, "%s", c.target)
		assert.Equal(t, !c.setting, strings.Contains(prio[0].Message, "2.8"), "%s: %s", c.target, prio[0].Message)
		for _, p := range res.Report.Properties {
			if p.Key == "supports-priority" {
				want := Approximated
				if !c.setting {
					want = Dropped
				}
				assert.Equal(t, want, p.Status, "%s", c.target)
			}
		}
	}
}
