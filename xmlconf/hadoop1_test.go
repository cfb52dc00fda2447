package xmlconf

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func h1Dir(name string) string { return filepath.Join("..", "testdata", "hadoop1", name) }

func rulesOf(fs []Finding) map[string]int {
	out := map[string]int{}
	for _, f := range fs {
		out[f.Rule]++
	}
	return out
}

// TestLoadHadoop1SetDetectsRoles: files in any order get their role from
// their content, as capq lint needs.
func TestLoadHadoop1SetDetectsRoles(t *testing.T) {
	dir := h1Dir("02-acls-stopped")
	paths := []string{filepath.Join(dir, "capacity-scheduler.xml"), filepath.Join(dir, "mapred-queue-acls.xml"), filepath.Join(dir, "mapred-site.xml")}
	assert.True(t, IsHadoop1Set(paths, ReadOptions{}))
	m, err := LoadHadoop1Set(paths, ReadOptions{})
	require.NoError(t, err)
	assert.Equal(t, H1Dialect1x, m.Dialect)
	require.Len(t, m.Queues, 4)
	assert.Equal(t, "STOPPED", m.Queues[3].State.V)
	assert.True(t, m.ACLsEnabled.V)

	q := []string{filepath.Join(h1Dir("05-hierarchical-0.21"), "mapred-queues.xml")}
	assert.True(t, IsHadoop1Set(q, ReadOptions{}))
	m, err = LoadHadoop1Set(q, ReadOptions{})
	require.NoError(t, err)
	assert.Equal(t, H1Dialect021, m.Dialect)
	assert.Len(t, m.Queues, 7)
	assert.Zero(t, rulesOf(m.Findings)[RuleH1Scheduler], "no mapred-site: scheduler unknown, not reported")

	yarn := filepath.Join("..", "golden", "migrate", "01-flat-basic.xml")
	assert.False(t, IsHadoop1Set([]string{yarn}, ReadOptions{}))
	_, err = LoadHadoop1Set([]string{yarn}, ReadOptions{})
	assert.Error(t, err)
	_, err = LoadHadoop1Set([]string{paths[0], paths[0]}, ReadOptions{})
	assert.Error(t, err, "two capacity-scheduler.xml")
}

// TestHadoop1Quirks pins the JobTracker's lenient parsing on the quirks
// sample (CapacitySchedulerConf, QueueManager, Configuration of 1.2.1).
func TestHadoop1Quirks(t *testing.T) {
	dir := h1Dir("04-parsing-quirks")
	m, err := LoadHadoop1(H1Paths{MapredSite: filepath.Join(dir, "mapred-site.xml"), CapacityScheduler: filepath.Join(dir, "capacity-scheduler.xml"),
		QueueACLs: filepath.Join(dir, "mapred-queue-acls.xml")}, ReadOptions{})
	require.NoError(t, err)
	byName := map[string]*H1Queue{}
	for _, q := range m.Queues {
		byName[q.Name] = q
	}
	def, ops, dev := byName["default"], byName["ops"], byName["dev"]
	assert.Equal(t, int32(60), def.MinUserLimitPercent.V, "50%% falls back to default-minimum-user-limit-percent")
	assert.Equal(t, int32(50), ops.MinUserLimitPercent.V, "0x32 is hex")
	assert.Equal(t, int32(60), dev.MinUserLimitPercent.V)
	assert.False(t, def.SupportsPriority.V, "True is not true in Hadoop 1")
	assert.Equal(t, float32(30.5), ops.Capacity.V, "Float.parseFloat trims")
	assert.Equal(t, float32(-1), ops.MaxCapacity.V, "none means no limit")
	assert.False(t, ops.Running)
	assert.Equal(t, "hadoop,ops-lead", def.AdminACL.Raw, "final in mapred-site beats mapred-queue-acls.xml")
	assert.True(t, dev.AdminACL.V.All, "empty value is unset: everyone")
	r := rulesOf(m.Findings)
	for _, id := range []string{RuleH1Fallback, RuleH1Orphan, RuleH1Obsolete, RuleH1Unknown, RuleFinalOverride, RuleH1ACLQuirk, RuleH1ACLLocation} {
		assert.NotZero(t, r[id], id)
	}
	assert.Zero(t, r[RuleH1CapacitySum])
}

func TestHadoop1SumFloor(t *testing.T) {
	for _, c := range []struct {
		caps []string
		fail bool
	}{
		{[]string{"50", "50.5"}, false},          // floor(100.5) == 100: accepted
		{[]string{"33.3", "33.3", "33.3"}, true}, // 99.9
		{[]string{"60", "41"}, true},             // 101
		{[]string{"99.99", "0"}, true},
		{[]string{"100", "0.99"}, false},
	} {
		props := map[string]string{}
		names := ""
		for i, cp := range c.caps {
			n := string(rune('a' + i))
			names += n + ","
			props[csKey(n, "capacity")] = cp
		}
		cs := FromMap(props, "capacity-scheduler.xml")
		var csDoc Document
		for _, k := range cs.Keys() {
			p, _ := cs.Lookup(k)
			csDoc.Props = append(csDoc.Props, p)
		}
		site := &Document{File: "mapred-site.xml", Props: []*Property{{Name: H1KeyQueueNames, Value: names}, {Name: H1KeyScheduler, Value: H1CapacityTaskSchd}}}
		m := ParseHadoop1(H1Files{MapredSite: site, CapacityScheduler: &csDoc, Dialect: H1Dialect1x})
		assert.Equal(t, c.fail, rulesOf(m.Findings)[RuleH1CapacitySum] > 0, "%v", c.caps)
	}
}

func TestH1ParseACL(t *testing.T) {
	for _, c := range []struct {
		raw           string
		all           bool
		users, groups []string
	}{
		{"*", true, nil, nil},
		{" * ", true, nil, nil},
		{" ", false, nil, nil},
		{"alice,bob finance,ops", false, []string{"alice", "bob"}, []string{"finance", "ops"}},
		{" research,ml-team", false, nil, []string{"ml-team", "research"}},
		{"\n  alice,bob", false, nil, []string{"alice", "bob"}},
		{"u1", false, []string{"u1"}, nil},
		{"a, b ,c", false, []string{"a"}, []string{"b", "c"}},
	} {
		a := H1ParseACL(c.raw)
		assert.Equal(t, c.all, a.All, "%q", c.raw)
		assert.Equal(t, c.users, a.Users, "%q users", c.raw)
		assert.Equal(t, c.groups, a.Groups, "%q groups", c.raw)
	}
}

func TestH1Getters(t *testing.T) {
	for in, want := range map[string]int32{"50": 50, "0x32": 50, "-0x10": -16, "+7": 7} {
		v, err := H1GetInt(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, v, in)
	}
	for _, bad := range []string{" 50", "50%", "", "0x", "1e2", "2147483648"} {
		_, err := H1GetInt(bad)
		assert.Error(t, err, "%q: Hadoop 1 getInt does not trim", bad)
	}
	_, ok := H1GetBool("True")
	assert.False(t, ok)
	v, ok := H1GetBool("true")
	assert.True(t, v && ok)
	assert.Equal(t, []string{"a", " b"}, H1SplitNames("a, b,,"))
}

// TestHadoop1EmptyFinalValue: in Hadoop 1 an empty <value/> neither sets
// nor finalises a key (Configuration.loadResource needs attr and value),
// so mapred-queue-acls.xml still sets the ACL.
func TestHadoop1EmptyFinalValue(t *testing.T) {
	key := qmKey("default", "acl-submit-job")
	site := &Document{File: "mapred-site.xml", Props: []*Property{
		{Name: H1KeyScheduler, Value: H1CapacityTaskSchd},
		{Name: key, Unset: true, Final: true},
	}}
	acls := &Document{File: "mapred-queue-acls.xml", Props: []*Property{{Name: key, Value: "alice"}}}
	cs := &Document{File: "capacity-scheduler.xml", Props: []*Property{{Name: csKey("default", "capacity"), Value: "100"}}}
	m := ParseHadoop1(H1Files{MapredSite: site, QueueACLs: acls, CapacityScheduler: cs})
	require.Len(t, m.Queues, 1)
	assert.Equal(t, "alice", m.Queues[0].SubmitACL.Raw)
	assert.Zero(t, rulesOf(m.Findings)[RuleFinalOverride])
}

func TestClassifyH1Document(t *testing.T) {
	doc := func(keys ...string) *Document {
		d := &Document{}
		for _, k := range keys {
			d.Props = append(d.Props, &Property{Name: k, Value: "x"})
		}
		return d
	}
	assert.Equal(t, H1KindCapacityScheduler, ClassifyH1Document(doc("mapred.capacity-scheduler.queue.a.capacity")))
	assert.Equal(t, H1KindQueueACLs, ClassifyH1Document(doc("mapred.queue.a.acl-submit-job", "mapred.queue.a.state")))
	assert.Equal(t, H1KindMapredSite, ClassifyH1Document(doc("mapred.queue.names", "mapred.queue.a.acl-submit-job")))
	assert.Equal(t, H1KindMapredSite, ClassifyH1Document(doc("mapred.job.tracker")))
	assert.Equal(t, H1NotHadoop1, ClassifyH1Document(doc("yarn.scheduler.capacity.root.queues", "mapred.job.tracker")))
	assert.Equal(t, H1NotHadoop1, ClassifyH1Document(doc("fs.defaultFS")))
	assert.False(t, hasH1Keys(doc("mapreduce.framework.name")), "an MRv2 mapred-site.xml")
}

// TestLoadHadoop1Dir: a conf dir loads by file name, as simulate --hadoop1
// reads it; a dir without mapred-site.xml is an error.
func TestLoadHadoop1Dir(t *testing.T) {
	m, err := LoadHadoop1Dir(h1Dir("02-acls-stopped"), ReadOptions{})
	require.NoError(t, err)
	require.Len(t, m.Queues, 4)
	assert.True(t, m.ACLsEnabled.V)
	_, err = LoadHadoop1Dir(t.TempDir(), ReadOptions{})
	assert.Error(t, err)
}

// TestHadoop1UnknownQueueKeyHint: CapacitySchedulerConf reads only the
// exact per-queue key, so a near miss is H1016 with the key it meant
// (Ambari's HDP 1 site.pp wrote supports-priorit).
func TestHadoop1UnknownQueueKeyHint(t *testing.T) {
	for _, c := range []struct {
		suffix, hint string
	}{
		{"supports-priorit", `did you mean "mapred.capacity-scheduler.queue.default.supports-priority"?`},
		{"user-limit-facter", `did you mean "mapred.capacity-scheduler.queue.default.user-limit-factor"?`},
		{"colour", "check the spelling"},
	} {
		cs := FromMap(map[string]string{csKey("default", "capacity"): "100", csKey("default", c.suffix): "x"}, "capacity-scheduler.xml")
		var csDoc Document
		for _, k := range cs.Keys() {
			p, _ := cs.Lookup(k)
			csDoc.Props = append(csDoc.Props, p)
		}
		site := &Document{File: "mapred-site.xml", Props: []*Property{{Name: H1KeyQueueNames, Value: "default"}, {Name: H1KeyScheduler, Value: H1CapacityTaskSchd}}}
		m := ParseHadoop1(H1Files{MapredSite: site, CapacityScheduler: &csDoc, Dialect: H1Dialect1x})
		var hints []string
		for _, f := range m.Findings {
			if f.Rule == RuleH1Unknown {
				hints = append(hints, f.Hint)
			}
		}
		assert.Equal(t, []string{c.hint}, hints, c.suffix)
	}
}

// TestHadoop1SumWithoutQueueNames: without mapred.queue.names QueueManager
// runs the one queue "default"; CapacityTaskScheduler#parseQueues then
// refuses a capacity of 30 ("Sum of queue capacities not 100% at 30.0"),
// and the finding points at that capacity, not at a mapred-site.xml that
// was never given.
func TestHadoop1SumWithoutQueueNames(t *testing.T) {
	cs, err := ReadBytes("capacity-scheduler.xml", []byte(`<configuration>
  <property>
    <name>mapred.capacity-scheduler.queue.default.capacity</name>
    <value>30</value>
  </property>
</configuration>`), ReadOptions{})
	require.NoError(t, err)
	m := ParseHadoop1(H1Files{MapredSite: &Document{File: "mapred-site.xml"}, CapacityScheduler: cs, Dialect: H1Dialect1x})
	var sums []Finding
	for _, f := range m.Findings {
		if f.Rule == RuleH1CapacitySum {
			sums = append(sums, f)
		}
	}
	require.Len(t, sums, 1)
	assert.Equal(t, Pos{File: "capacity-scheduler.xml", Line: 4, Col: 5}, sums[0].Pos)
}

// TestHadoop1SchedulerKeyInSite: CapacitySchedulerConf reads
// new Configuration(false) plus capacity-scheduler.xml, so a
// mapred.capacity-scheduler.* key in mapred-site.xml is ignored (H1026)
// and capacity-scheduler.xml's value, if any, stays in force.
func TestHadoop1SchedulerKeyInSite(t *testing.T) {
	dir := h1Dir("16-scheduler-keys-in-mapred-site")
	m, err := LoadHadoop1Dir(dir, ReadOptions{})
	require.NoError(t, err)
	byName := map[string]*H1Queue{}
	for _, q := range m.Queues {
		byName[q.Name] = q
	}
	assert.Equal(t, float32(30), byName["default"].Capacity.V)
	assert.False(t, byName["hive"].CapacityConfigured)
	var keys []string
	for _, f := range m.Findings {
		if f.Rule == RuleH1SchedulerKeyInSite {
			keys = append(keys, f.Property)
		}
	}
	assert.ElementsMatch(t, []string{"mapred.capacity-scheduler.queue.hive.capacity", "mapred.capacity-scheduler.queue.default.capacity"}, keys)
	assert.Equal(t, 1, rulesOf(m.Findings)[RuleH1CapacityMissing])
}

// TestH1SchedulerKeyByDialect: H1011 names the scheduler key the set's
// dialect reads: 0.21's mapreduce.jobtracker.taskscheduler when neither
// key is set in a 0.21 set (felix-halim/maxflow-mapreduce's conf dir), the
// 1.x name otherwise, and the key that is set when one is.
func TestH1SchedulerKeyByDialect(t *testing.T) {
	const queues = `<queues aclsEnabled="false"><queue><name>default</name><state>running</state></queue></queues>`
	const flat = `<configuration><property><name>mapred.capacity-scheduler.queue.default.capacity</name><value>100</value></property></configuration>`
	site := func(props string) string { return "<configuration>" + props + "</configuration>" }
	prop := func(k string) string {
		return "<property><name>" + k + "</name><value>org.apache.hadoop.mapred.FairScheduler</value></property>"
	}
	tests := []struct {
		name, site string
		is021      bool
		wantKey    string
	}{
		{name: "0.21, none set", is021: true, site: site(""), wantKey: H1KeyScheduler021},
		{name: "0.21, 1.x key set", is021: true, site: site(prop(H1KeyScheduler)), wantKey: H1KeyScheduler},
		{name: "0.21, 0.21 key set", is021: true, site: site(prop(H1KeyScheduler021)), wantKey: H1KeyScheduler021},
		{name: "1.x, none set", site: site(""), wantKey: H1KeyScheduler},
		{name: "1.x, 0.21 key set", site: site(prop(H1KeyScheduler021)), wantKey: H1KeyScheduler021},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			p := H1Paths{MapredSite: writeH1File(t, dir, "mapred-site.xml", tt.site)}
			if tt.is021 {
				p.MapredQueues = writeH1File(t, dir, "mapred-queues.xml", queues)
			} else {
				p.CapacityScheduler = writeH1File(t, dir, "capacity-scheduler.xml", flat)
			}
			m, err := LoadHadoop1(p, ReadOptions{})
			require.NoError(t, err)
			var got []Finding
			for _, f := range m.Findings {
				if f.Rule == RuleH1Scheduler {
					got = append(got, f)
				}
			}
			require.Len(t, got, 1, "%v", m.Findings)
			assert.Equal(t, tt.wantKey, got[0].Property)
			assert.Contains(t, got[0].Hint, "set "+tt.wantKey+" to")
		})
	}
}

// writeH1File writes body to dir/name and returns the path.
func writeH1File(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	return p
}
