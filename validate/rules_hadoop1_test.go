package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

// TestLintHadoop1: every finding of the Hadoop 1 parser is a registered
// rule; --disable and the policy apply as for YARN files.
func TestLintHadoop1(t *testing.T) {
	dir := filepath.Join(golden.RepoRoot(), "testdata", "hadoop1", "04-parsing-quirks")
	var paths []string
	for _, f := range []string{"mapred-site.xml", "mapred-queue-acls.xml", "capacity-scheduler.xml"} {
		paths = append(paths, filepath.Join(dir, f))
	}
	m, err := xmlconf.LoadHadoop1Set(paths, xmlconf.ReadOptions{})
	require.NoError(t, err)
	res := LintHadoop1(m, Options{})
	require.NotEmpty(t, res.Findings)
	for _, f := range res.Findings {
		assert.NotNil(t, Lookup(f.Rule), "rule %s is not registered", f.Rule)
	}
	without := LintHadoop1(m, Options{Disable: []string{"h1-silent-default"}})
	for _, f := range without.Findings {
		assert.NotEqual(t, xmlconf.RuleH1Fallback, f.Rule)
	}
	assert.Less(t, len(without.Findings), len(res.Findings))
}

// TestHadoop1RuleCases: every H1 rule fails on at least one case under
// testdata/hadoop1 and passes on at least one other, like the registry
// test asks of the YARN rules.
func TestHadoop1RuleCases(t *testing.T) {
	base := filepath.Join(golden.RepoRoot(), "testdata", "hadoop1")
	entries, err := os.ReadDir(base)
	require.NoError(t, err)
	fired := map[string]map[string]bool{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(base, e.Name())
		var p xmlconf.H1Paths
		for dst, name := range map[*string]string{&p.MapredSite: "mapred-site.xml", &p.CapacityScheduler: "capacity-scheduler.xml",
			&p.QueueACLs: "mapred-queue-acls.xml", &p.MapredQueues: "mapred-queues.xml"} {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				*dst = filepath.Join(dir, name)
			}
		}
		m, err := xmlconf.LoadHadoop1(p, xmlconf.ReadOptions{})
		require.NoError(t, err, e.Name())
		fired[e.Name()] = map[string]bool{}
		for _, f := range LintHadoop1(m, Options{}).Findings {
			fired[e.Name()][f.Rule] = true
		}
	}
	for _, r := range Rules() {
		if r.Category != CatHadoop1 || strings.HasPrefix(r.ID, "H1M") {
			continue
		}
		failing, passing := false, false
		for _, rules := range fired {
			failing = failing || rules[r.ID]
			passing = passing || !rules[r.ID]
		}
		assert.True(t, failing, "%s (%s) has no failing case in testdata/hadoop1", r.ID, r.Name)
		assert.True(t, passing, "%s (%s) has no passing case in testdata/hadoop1", r.ID, r.Name)
	}
}

// TestH1ACLsDisabledNamesItsSwitch: H1024's message and hint name the one
// switch the JobTracker reads. A 0.21 mapred-queues.xml: QueueManager
// #initialize takes isAclEnabled from the QueueConfigurationParser of
// mapred-queues.xml, i.e. <queues aclsEnabled>; the hint said to set
// mapred.acls.enabled, which that parser never reads (H1025). Flat sets
// read mapred.acls.enabled (QueueManager, DeprecatedQueueConfigurationParser),
// whose default false is all there is without a mapred-site.xml.
func TestH1ACLsDisabledNamesItsSwitch(t *testing.T) {
	conf := func(name, props string) *xmlconf.Document {
		d, err := xmlconf.ReadBytes(name, []byte("<configuration>"+props+"</configuration>"), xmlconf.ReadOptions{})
		require.NoError(t, err)
		return d
	}
	prop := func(k, v string) string { return "<property><name>" + k + "</name><value>" + v + "</value></property>" }
	acl := prop("mapred.queue.default.acl-submit-job", "etl")
	cs := conf("capacity-scheduler.xml", prop("mapred.capacity-scheduler.queue.default.capacity", "100"))
	tree, err := xmlconf.ReadMapredQueues("mapred-queues.xml", []byte(`<queues aclsEnabled="false"><queue><name>default</name>`+
		`<acl-submit-job>etl</acl-submit-job></queue></queues>`), xmlconf.ReadOptions{})
	require.NoError(t, err)
	for _, tc := range []struct {
		name          string
		files         xmlconf.H1Files
		message, hint string
	}{
		{"0.21 mapred-queues.xml", xmlconf.H1Files{MapredQueues: tree},
			"<queues aclsEnabled> is not true", `set aclsEnabled="true" on <queues> in mapred-queues.xml`},
		{"1.x, acls disabled in mapred-site.xml", xmlconf.H1Files{MapredSite: conf("mapred-site.xml", prop("mapred.acls.enabled", "false")),
			QueueACLs: conf("mapred-queue-acls.xml", acl+prop("mapred.queue.default.state", "RUNNING")), CapacityScheduler: cs},
			`mapred.acls.enabled is not "true"`, "set mapred.acls.enabled to true"},
		{"1.x without mapred-site.xml", xmlconf.H1Files{QueueACLs: conf("mapred-queue-acls.xml", acl+prop("mapred.queue.default.state", "RUNNING")), CapacityScheduler: cs},
			"mapred.acls.enabled is Hadoop's default false (no mapred-site.xml was given)", "set mapred.acls.enabled to true in the JobTracker's mapred-site.xml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []xmlconf.Finding
			for _, f := range LintHadoop1(xmlconf.ParseHadoop1(tc.files), Options{}).Findings {
				if f.Rule == xmlconf.RuleH1ACLsDisabled {
					got = append(got, f)
				}
			}
			require.Len(t, got, 1)
			assert.Contains(t, got[0].Message, tc.message)
			assert.Contains(t, got[0].Hint, tc.hint)
		})
	}
}

// TestH1ACLBlankAfterComma: Hadoop 1's AccessControlList(String) (and
// 0.20 QueueManager's ACL) splits users from groups once at the first
// blank, aclString.split(" ", 2), as YARN's does (CS120): in
// "hadoop, q2,q1" q2 and q1 are groups. H1018 says so for
// mapred-queue-acls.xml, mapred-site.xml and 0.21 mapred-queues.xml ACLs.
func TestH1ACLBlankAfterComma(t *testing.T) {
	prop := func(k, v string) string { return "<property><name>" + k + "</name><value>" + v + "</value></property>" }
	flat := func(file, value string) xmlconf.H1Files {
		site, acls := prop("mapred.acls.enabled", "true"), prop("mapred.queue.default.state", "RUNNING")
		if file == "mapred-site.xml" {
			site += prop("mapred.queue.default.acl-administer-jobs", value)
		} else {
			acls += prop("mapred.queue.default.acl-submit-job", value)
		}
		read := func(name, props string) *xmlconf.Document {
			d, err := xmlconf.ReadBytes(name, []byte("<configuration>"+props+"</configuration>"), xmlconf.ReadOptions{})
			require.NoError(t, err)
			return d
		}
		return xmlconf.H1Files{MapredSite: read("mapred-site.xml", site), QueueACLs: read("mapred-queue-acls.xml", acls),
			CapacityScheduler: read("capacity-scheduler.xml", prop("mapred.capacity-scheduler.queue.default.capacity", "100"))}
	}
	tree := func(value string) xmlconf.H1Files {
		d, err := xmlconf.ReadMapredQueues("mapred-queues.xml", []byte(`<queues aclsEnabled="true"><queue><name>default</name>`+
			`<acl-submit-job>`+value+`</acl-submit-job></queue></queues>`), xmlconf.ReadOptions{})
		require.NoError(t, err)
		return xmlconf.H1Files{MapredQueues: d}
	}
	for _, tc := range []struct {
		name  string
		files xmlconf.H1Files
		want  string // "" when no H1018 is expected
	}{
		{"acls file, blank after comma", flat("mapred-queue-acls.xml", "hadoop, q2,q1"), `so "q1", "q2" are read as groups, not users`},
		{"acls file, blank before comma", flat("mapred-queue-acls.xml", "alice ,bob"), `so "bob" is read as a group, not a user`},
		{"mapred-site.xml", flat("mapred-site.xml", "alice, bob"), `so "bob" is read as a group, not a user`},
		{"0.21 mapred-queues.xml", tree("alice, bob,carol"), `so "bob", "carol" are read as groups, not users`},
		{"users and groups", flat("mapred-queue-acls.xml", "alice,bob finance"), ""},
		{"groups only", flat("mapred-queue-acls.xml", " finance,ops"), ""},
		{"everyone", flat("mapred-queue-acls.xml", "*"), ""},
		{"trailing comma, no groups", flat("mapred-queue-acls.xml", "alice, "), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, f := range LintHadoop1(xmlconf.ParseHadoop1(tc.files), Options{}).Findings {
				if f.Rule == xmlconf.RuleH1ACLQuirk {
					got = append(got, f.Message)
				}
			}
			if tc.want == "" {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1)
			assert.Contains(t, got[0], tc.want)
		})
	}
}

// TestH1RefusalsUnderFIFO: a capacity scheduler refusal is an error when
// mapred-site.xml runs the CapacityTaskScheduler, and a warning whose hint
// says the JobTracker starts when it runs FIFO (JobQueueTaskScheduler
// never reads capacity-scheduler.xml; H1011 is the error there), as in
// martamoragues/BigData's conf dir. QueueManager's refusals (H1010 state)
// stop every scheduler and stay errors. With no mapred-site.xml the
// scheduler is unknown and the refusal stays an error.
func TestH1RefusalsUnderFIFO(t *testing.T) {
	const capacity = `<configuration><property><name>mapred.capacity-scheduler.queue.default.capacity</name><value>150</value></property></configuration>`
	site := func(extra string) string {
		return `<configuration><property><name>mapred.queue.names</name><value>default</value></property>` +
			`<property><name>mapred.queue.default.state</name><value>running</value></property>` + extra + `</configuration>`
	}
	const capSched = `<property><name>mapred.jobtracker.taskScheduler</name><value>org.apache.hadoop.mapred.CapacityTaskScheduler</value></property>`
	tests := []struct {
		name, site   string
		wantH1003    xmlconf.Severity
		hint         string
		wantH1011    bool
		noMapredSite bool
	}{
		{name: "capacity scheduler", site: site(capSched), wantH1003: xmlconf.SeverityError, hint: "the JobTracker fails: \"Illegal capacity for queue default of 150.0\""},
		{name: "FIFO", site: site(""), wantH1003: xmlconf.SeverityWarning, wantH1011: true,
			hint: "the JobTracker runs JobQueueTaskScheduler (H1011), which never reads this, and starts; with the CapacityTaskScheduler it fails: \"Illegal capacity for queue default of 150.0\""},
		{name: "no mapred-site.xml", noMapredSite: true, wantH1003: xmlconf.SeverityError, hint: "the JobTracker fails:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			var paths []string
			write := func(name, body string) {
				p := filepath.Join(dir, name)
				require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
				paths = append(paths, p)
			}
			write("capacity-scheduler.xml", capacity)
			if !tt.noMapredSite {
				write("mapred-site.xml", tt.site)
			}
			m, err := xmlconf.LoadHadoop1Set(paths, xmlconf.ReadOptions{})
			require.NoError(t, err)
			var h1003, h1010, h1011 []xmlconf.Finding
			for _, f := range LintHadoop1(m, Options{}).Findings {
				switch f.Rule {
				case xmlconf.RuleH1CapacityIllegal:
					h1003 = append(h1003, f)
				case xmlconf.RuleH1State:
					h1010 = append(h1010, f)
				case xmlconf.RuleH1Scheduler:
					h1011 = append(h1011, f)
				}
			}
			require.Len(t, h1003, 1)
			assert.Equal(t, tt.wantH1003, h1003[0].Severity)
			assert.Contains(t, h1003[0].Hint, tt.hint)
			assert.Equal(t, tt.wantH1011, len(h1011) == 1)
			if !tt.noMapredSite {
				require.Len(t, h1010, 1, "lower-case state")
				assert.Equal(t, xmlconf.SeverityError, h1010[0].Severity, "QueueManager refuses it under every scheduler")
			}
		})
	}
}
