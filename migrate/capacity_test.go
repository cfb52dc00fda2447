package migrate

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

func TestRescale(t *testing.T) {
	for _, c := range []struct {
		in, want []float64
	}{
		{[]float64{33.4, 33.4, 33.7}, []float64{33.24, 33.23, 33.53}}, // 100.5: tie goes to the earlier queue
		{[]float64{33.3, 33.3, 33.3}, []float64{33.34, 33.33, 33.33}},
		{[]float64{50, 50}, []float64{50, 50}},
		{[]float64{0, 0, 0}, []float64{33.34, 33.33, 33.33}}, // nothing configured: equal split
		{[]float64{1, 0}, []float64{100, 0}},
		{[]float64{-5, 5}, []float64{0, 100}},
		{[]float64{1, 1, 1, 1, 1, 1, 1}, []float64{14.29, 14.29, 14.29, 14.29, 14.28, 14.28, 14.28}},
	} {
		got := Rescale(c.in, 100)
		assert.Equal(t, c.want, got, "%v", c.in)
		sum := 0.0
		for _, v := range got {
			sum += v
		}
		assert.InDelta(t, 100, sum, 1e-9)
	}
	assert.Empty(t, Rescale(nil, 100))
}

func TestYarnSumCheck(t *testing.T) {
	nodes := func(caps ...float64) []*node {
		var out []*node
		for _, c := range caps {
			out = append(out, &node{Cap: c})
		}
		return out
	}
	assert.True(t, yarnSumOK(nodes(33.33, 33.33, 33.34), 100))
	assert.True(t, yarnSumOK(nodes(33.32, 33.33, 33.34), 100), "99.99 is within 0.0005")
	assert.False(t, yarnSumOK(nodes(33.3, 33.3, 33.3), 100), "99.9 is not")
	assert.False(t, yarnSumOK(nodes(50, 50.5), 100))
	assert.True(t, yarnSumOK(nodes(0, 0), 0))
	assert.False(t, yarnSumOK(nodes(100), 0), "children of a zero-capacity parent must be 0")
}

// TestGroupKeepsAbsolutes: --group keeps every absolute guarantee and
// ceiling, on 3.x and (with the relative check) on 2.x.
func TestGroupKeepsAbsolutes(t *testing.T) {
	for _, v := range []xmlconf.Version{xmlconf.V3_4, xmlconf.V2_7} {
		m := loadCase(t, "07-group-ceilings", xmlconf.H1DialectUnknown)
		res, err := Hadoop1(m, Options{Target: v, Groups: []Group{{Parent: "team", Members: []string{"a", "b"}}}})
		require.NoError(t, err)
		for _, q := range res.Report.Queues {
			assert.True(t, q.Match, "%s on %s: %+v", q.Path, v, q)
		}
		_, err = Hadoop1(loadCase(t, "07-group-ceilings", xmlconf.H1DialectUnknown), Options{Groups: []Group{{Parent: "root", Members: []string{"a"}}}})
		assert.Error(t, err)
		_, err = Hadoop1(loadCase(t, "07-group-ceilings", xmlconf.H1DialectUnknown), Options{Groups: []Group{{Parent: "x", Members: []string{"a"}}, {Parent: "y", Members: []string{"a"}}}})
		assert.Error(t, err, "a queue already moved into a group is no longer top-level")
	}
	g, err := ParseGroup(" eng = etl, adhoc ")
	require.NoError(t, err)
	assert.Equal(t, Group{Parent: "eng", Members: []string{"etl", "adhoc"}}, g)
	for _, s := range []string{"eng=etl,,adhoc", "eng=etl,adhoc,", "eng=,etl"} {
		_, err = ParseGroup(s)
		assert.ErrorContains(t, err, "empty member queue", s)
	}
	_, err = ParseGroup("eng")
	assert.Error(t, err)
	_, err = ParseGroup("eng=")
	assert.Error(t, err)
}

// TestGroupNestingIsBounded: --group P1=P0 --group P2=P1 ... nests the
// tree one level per flag, and every level lengthens every property name
// below it: 1,600 levels took 14 s, 3,000 wrote past 64 MB after
// gigabytes. Nesting deeper than maxGroupHeight is refused, naming the
// group; as deep as that migrates.
func TestGroupNestingIsBounded(t *testing.T) {
	chain := func(n int) []Group {
		gs := []Group{{Parent: "P0", Members: []string{"default"}}}
		for i := 0; i < n; i++ {
			gs = append(gs, Group{Parent: fmt.Sprintf("P%d", i+1), Members: []string{fmt.Sprintf("P%d", i)}})
		}
		return gs
	}
	res, err := Hadoop1(loadCase(t, "01-flat-basic", xmlconf.H1DialectUnknown), Options{Groups: chain(maxGroupHeight - 1)})
	require.NoError(t, err)
	_, err = Render(res)
	require.NoError(t, err)
	_, err = Hadoop1(loadCase(t, "01-flat-basic", xmlconf.H1DialectUnknown), Options{Groups: chain(3000)})
	assert.EqualError(t, err, fmt.Sprintf(`migrate: group "P%d": nests queues %d levels deep, more than %d: each level lengthens every property name below it, so the file grows with the square of the depth`, maxGroupHeight, maxGroupHeight+1, maxGroupHeight))
}

// TestRescaleFindingOnZeroSum: queues Hadoop 1 refused for having no
// capacity sum to 0; the H1M01 finding says they were split equally,
// not "rescaled ×100/0".
func TestRescaleFindingOnZeroSum(t *testing.T) {
	site, err := xmlconf.ReadBytes("mapred-site.xml", []byte(`<configuration>
<property><name>mapred.jobtracker.taskScheduler</name><value>org.apache.hadoop.mapred.CapacityTaskScheduler</value></property>
<property><name>mapred.queue.names</name><value>a,b</value></property>
</configuration>`), xmlconf.ReadOptions{})
	require.NoError(t, err)
	res, err := Hadoop1(xmlconf.ParseHadoop1(xmlconf.H1Files{MapredSite: site}), Options{})
	require.NoError(t, err)
	var msgs []string
	for _, f := range res.Report.Findings {
		if f.Rule == RuleRescaled {
			msgs = append(msgs, f.Message)
		}
	}
	require.Len(t, msgs, 1)
	assert.Contains(t, msgs[0], "sum to 0, which YARN refuses (it needs 100 ± 0.05); split equally")
	assert.NotContains(t, msgs[0], "/0")
}
