package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHadoopDefaults checks the embedded table parses and answers per
// version (YarnConfiguration 3.x lowered max-completed-applications to 1000).
func TestHadoopDefaults(t *testing.T) {
	_, err := parseDefaults(hadoopDefaultsTSV)
	require.NoError(t, err)
	for _, tc := range []struct {
		v         Version
		key, want string
	}{
		{V2_7, "yarn.resourcemanager.max-completed-applications", "10000"},
		{V2_10, "yarn.resourcemanager.max-completed-applications", "10000"},
		{V3_1, "yarn.resourcemanager.max-completed-applications", "1000"},
		{V3_4, "yarn.resourcemanager.max-completed-applications", "1000"},
		{V3_4, "yarn.scheduler.maximum-allocation-mb", "8192"},
		{V3_4, "hadoop.tmp.dir", "/tmp/hadoop-${user.name}"},
	} {
		got, ok := HadoopDefault(tc.v, tc.key)
		assert.True(t, ok, "%s %s", tc.v, tc.key)
		assert.Equal(t, tc.want, got, "%s %s", tc.v, tc.key)
	}
	_, ok := HadoopDefault(V3_4, "no.such.key")
	assert.False(t, ok)
}

func TestParseDefaultsRejectsBadRows(t *testing.T) {
	for _, bad := range []string{"a\t3.4\tv", "a\t9.9\tv\tsrc", "\t3.4\tv\tsrc", "a\t3.4-x\tv\tsrc"} {
		_, err := parseDefaults(bad)
		assert.Error(t, err, bad)
	}
}

// TestExpandUsesHadoopDefaults is the false positive of issue 20: Ambari's
// yarn-site.xml copies yarn-default.xml's
// state-store.max-completed-applications=${yarn.resourcemanager.max-completed-applications}.
func TestExpandUsesHadoopDefaults(t *testing.T) {
	c := FromMap(map[string]string{"k": "${yarn.resourcemanager.max-completed-applications}"}, "x")
	v, _, err := c.Get("k")
	require.NoError(t, err)
	assert.Equal(t, "${yarn.resourcemanager.max-completed-applications}", v, "without defaults it stays literal")
	Build(c, BuildOptions{Version: V3_4})
	v, _, err = c.Get("k")
	require.NoError(t, err)
	assert.Equal(t, "1000", v)
	c.Set("yarn.resourcemanager.max-completed-applications", "50")
	v, _, _ = c.Get("k")
	assert.Equal(t, "50", v, "a site value beats the default")
	c.Set("k", "${hadoop.tmp.dir}/x")
	v, _, _ = c.Get("k")
	assert.Equal(t, "/tmp/hadoop-${user.name}/x", v)
	assert.True(t, DaemonAlwaysSets(v))
	assert.False(t, DaemonAlwaysSets("${nope}"))
}

// TestMergeFindings: merging two sorted lists gives what sorting their
// concatenation gives, duplicates dropped.
func TestMergeFindings(t *testing.T) {
	f := func(line int, rule string) Finding { return Finding{Rule: rule, Pos: Pos{File: "a", Line: line}} }
	a := []Finding{f(1, "CS001"), f(3, "CS003"), f(5, "CS005")}
	b := []Finding{f(2, "LINT001"), f(3, "CS003"), f(9, "LINT001")}
	want := SortFindings(append(append([]Finding(nil), a...), b...))
	assert.Equal(t, want, MergeFindings(a, b))
	assert.Equal(t, a, MergeFindings(a, nil))
}
