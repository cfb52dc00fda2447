package migrate

import (
	"bytes"
	"strings"
	"testing"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type goldenCase struct {
	name string
	opts Options
	// variant distinguishes golden files of one input with other options.
	variant string
	// rescaled is true when capacities legitimately change (sums YARN refuses).
	rescaled bool
}

var goldenCases = []goldenCase{
	{name: "01-flat-basic"},
	{name: "02-acls-stopped"},
	{name: "05-hierarchical-0.21"},
	{name: "03-fractional-joblimits", rescaled: true},
	{name: "04-parsing-quirks"},
	{name: "06-flat-0.20"},
	{name: "07-group-ceilings", opts: Options{Groups: []Group{{Parent: "team", Members: []string{"a", "b"}}}}},
	{name: "07-group-ceilings", variant: "-nested", opts: Options{Groups: []Group{{Parent: "team", Members: []string{"b", "a"}}, {Parent: "all", Members: []string{"c", "team"}}}}},
	{name: "08-sum-99.9-rejected", rescaled: true},
	{name: "09-hostile-names", rescaled: true},
	{name: "10-queues-xml-ignored"},
	{name: "11-hierarchical-quirks", rescaled: true},
	{name: "12-shipped-template-1.2.1"},
	{name: "13-jobtracker-refuses", rescaled: true, opts: Options{IgnoreScheduler: true}},
	{name: "15-hierarchical-share-over-max"},
	{name: "16-blog-hierarchical-0.21", rescaled: true},
	{name: "17-hadmin-capacity-5", rescaled: true},
	{name: "18-hdp-1.3.2-stack"},
	{name: "19-ambari-puppet-hive-pig"},
	{name: "20-chef-cookbook-mixed-keys"},
	{name: "03-fractional-joblimits", variant: "-max-parallel-apps", rescaled: true, opts: Options{MaxParallelApps: true}},
}

func TestGolden(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name+c.variant, func(t *testing.T) {
			res := migrateCase(t, c.name, c.opts)
			out, err := Render(res)
			require.NoError(t, err)
			assert.Empty(t, out.LintErrors, "the output must lint clean")
			golden.Assert(t, "migrate/"+c.name+c.variant+".xml", out.CapacityScheduler)
			again, err := Render(migrateCase(t, c.name, c.opts))
			require.NoError(t, err)
			assert.Equal(t, out.CapacityScheduler, again.CapacityScheduler, "deterministic bytes")
			var txt bytes.Buffer
			require.NoError(t, WriteText(&txt, &res.Report))
			golden.Assert(t, "migrate/"+c.name+c.variant+".txt", txt.Bytes())
			if c.name == "02-acls-stopped" {
				var js bytes.Buffer
				require.NoError(t, WriteJSON(&js, &res.Report))
				golden.Assert(t, "migrate/"+c.name+".json", js.Bytes())
				var ys bytes.Buffer
				ys.Write(out.YarnSite)
				golden.Assert(t, "migrate/"+c.name+".yarn-site.xml", ys.Bytes())
			}
			if !c.rescaled {
				for _, q := range res.Report.Queues {
					assert.InDelta(t, q.AbsCapacityBefore, q.AbsCapacityAfter, Tolerance, "abs capacity of %s", q.Path)
				}
			}
		})
	}
}

func migrateCase(t *testing.T, name string, opts Options) *Result {
	t.Helper()
	m := loadCase(t, name, xmlconf.H1DialectUnknown)
	res, err := Hadoop1(m, opts)
	require.NoError(t, err)
	return res
}

// TestOutputLintsCleanOnEveryTarget: for every case and every supported
// YARN profile the migrated file has no error finding from capq lint.
func TestOutputLintsCleanOnEveryTarget(t *testing.T) {
	for _, c := range goldenCases {
		for _, v := range xmlconf.SupportedVersions {
			opts := c.opts
			opts.Target = v
			if opts.MaxParallelApps && !v.AtLeast(xmlconf.V3_3) {
				continue
			}
			out, err := Render(migrateCase(t, c.name, opts))
			require.NoError(t, err)
			assert.Empty(t, out.LintErrors, "%s%s on %s", c.name, c.variant, v)
		}
	}
}

// TestFindingRulesRegistered: every rule ID a migration reports is known
// to capq explain (validate's registry), so no finding is undocumented.
func TestFindingRulesRegistered(t *testing.T) {
	for _, c := range goldenCases {
		res := migrateCase(t, c.name, c.opts)
		for _, f := range res.Report.Findings {
			assert.NotNil(t, validate.Lookup(f.Rule), "%s: rule %s of %q is not registered", c.name, f.Rule, f.Message)
		}
	}
}

// TestMigrationSeveritiesFromRegistry: every H1M finding is at the
// severity validate's registry declares for it, or info (a harmless
// variant); migrate declares no severity of its own (issue 11).
func TestMigrationSeveritiesFromRegistry(t *testing.T) {
	for _, c := range goldenCases {
		m := loadCase(t, c.name, xmlconf.H1DialectUnknown)
		res, err := Hadoop1(m, c.opts)
		if err != nil {
			continue
		}
		for _, f := range res.Report.Findings {
			r := validate.Lookup(f.Rule)
			require.NotNil(t, r, "%s: unregistered rule %s", c.name, f.Rule)
			if strings.HasPrefix(f.Rule, "H1M") && f.Severity != xmlconf.SeverityInfo {
				assert.Equal(t, r.Severity, f.Severity, "%s: %s %s", c.name, f.Rule, f.Message)
			}
		}
	}
}
