package migrate

import (
	"math"
	"strings"
	"testing"

	"github.com/capq/capq/xmlconf"
)

// FuzzHadoop1Migrate: whatever flat Hadoop 1 input and --group spec, a
// migration either fails cleanly or produces a file that reads back and
// lints with no error, and keeps every absolute guarantee (to 0.01) unless
// it reports a rescale.
func FuzzHadoop1Migrate(f *testing.F) {
	f.Add("default,etl,adhoc", "default.capacity=50\netl.capacity=30\netl.maximum-capacity=60\nadhoc.capacity=20\nadhoc.maximum-capacity=40", "eng=etl,adhoc", true)
	f.Add("a,b,c", "a.capacity=33.3\nb.capacity=33.3\nb.maximum-capacity=33.3\nc.capacity=33.4", "", false)
	f.Add("x, y,root,a.b", "x.capacity=100.5\n y.capacity=0\nroot.user-limit-factor=0\na.b.capacity=1e1", "g=x", true)
	f.Add("p,q", "p.capacity=0\nq.capacity=100\nq.maximum-capacity=100\np.maximum-capacity=5", "g=p;h=g,q", false)
	// A queue named with ${...} or {{ }}: the YARN file failed its own
	// lint (XML011), "a capq bug".
	f.Add("e${env.X},t{{a,b}}", "e${env.X}.capacity=50\nt{{a.capacity=25\nb}}.capacity=25", "", false)
	f.Fuzz(func(t *testing.T, names, lines, groups string, acls bool) {
		cs := &xmlconf.Document{File: "capacity-scheduler.xml"}
		for i, line := range strings.Split(lines, "\n") {
			k, v, _ := strings.Cut(line, "=")
			pos := xmlconf.Pos{File: cs.File, Line: i + 1, Col: 1}
			cs.Props = append(cs.Props, &xmlconf.Property{Name: xmlconf.JavaTrim(xmlconf.H1CSQueuePrefix + k), Value: v, Unset: v == "", Pos: pos, NamePos: pos, ValuePos: pos})
		}
		site := &xmlconf.Document{File: "mapred-site.xml", Props: []*xmlconf.Property{
			{Name: xmlconf.H1KeyQueueNames, Value: names, Unset: names == ""},
			{Name: xmlconf.H1KeyScheduler, Value: xmlconf.H1CapacityTaskSchd},
			{Name: xmlconf.H1KeyACLsEnabled, Value: map[bool]string{true: "true", false: "false"}[acls]},
		}}
		m := xmlconf.ParseHadoop1(xmlconf.H1Files{MapredSite: site, CapacityScheduler: cs})
		res := checkMigration(t, m, groups)
		if res == nil {
			return
		}
		for _, q := range res.Report.Queues {
			if q.Note == "" && math.Abs(q.AbsCapacityBefore-q.AbsCapacityAfter) > Tolerance {
				t.Fatalf("%s: absolute capacity %v became %v without a note", q.Path, q.AbsCapacityBefore, q.AbsCapacityAfter)
			}
		}
	})
}

// FuzzHadoop1MigrateTree: the same promise for 0.21 mapred-queues.xml trees.
func FuzzHadoop1MigrateTree(f *testing.F) {
	f.Add([]byte(`<queues aclsEnabled="true"><queue><name>a</name><properties><property key="capacity" value="60"/><property key="maximum-capacity" value="80"/></properties><queue><name>x</name><properties><property key="capacity" value="70"/></properties></queue><queue><name>y</name><properties><property key="maximum-capacity" value="10"/></properties></queue></queue><queue><name>b</name></queue></queues>`), "g=b")
	f.Add([]byte(`<queues><queue><name>p</name><properties><property key="capacity" value="0"/></properties><queue><name>c</name><properties><property key="capacity" value="50"/></properties></queue></queue><queue><name>q</name><properties><property key="capacity" value="99.9"/></properties></queue></queues>`), "")
	f.Fuzz(func(t *testing.T, data []byte, groups string) {
		doc, err := xmlconf.ReadMapredQueues("mapred-queues.xml", data, xmlconf.ReadOptions{MaxBytes: 1 << 16})
		if err != nil {
			return
		}
		site := &xmlconf.Document{File: "mapred-site.xml", Props: []*xmlconf.Property{{Name: xmlconf.H1KeyScheduler021, Value: xmlconf.H1CapacityTaskSchd}}}
		checkMigration(t, xmlconf.ParseHadoop1(xmlconf.H1Files{MapredSite: site, MapredQueues: doc}), groups)
	})
}

// checkMigration migrates m with the ";"-separated --group specs that
// parse, and fails the test if the output cannot be rendered or does not
// lint clean. It returns nil when the migration refuses the input (a
// clean failure) or the input holds text XML cannot carry.
func checkMigration(t *testing.T, m *xmlconf.H1Model, groups string) *Result {
	t.Helper()
	var opts Options
	for _, g := range strings.Split(groups, ";") {
		if grp, err := ParseGroup(g); err == nil {
			opts.Groups = append(opts.Groups, grp)
		}
	}
	res, err := Hadoop1(m, opts)
	if err != nil {
		return nil
	}
	out, err := Render(res)
	if err != nil {
		if strings.Contains(err.Error(), "XML 1.0 cannot carry") || strings.Contains(err.Error(), "UTF-8") {
			return nil // an input value XML cannot carry (control characters)
		}
		t.Fatalf("render: %v", err)
	}
	if len(out.LintErrors) > 0 {
		t.Fatalf("output does not lint clean: %v\n%s", out.LintErrors, out.CapacityScheduler)
	}
	return res
}
