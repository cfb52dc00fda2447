package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTrimmedStrings takes the values of Hadoop's
// TestStringUtils.testGetTrimmedStrings and adds the String.split edges.
func TestTrimmedStrings(t *testing.T) {
	want := []string{"/spindle1/hdfs", "/spindle2/hdfs", "/spindle3/hdfs"}
	for _, in := range []string{
		"/spindle1/hdfs,/spindle2/hdfs,/spindle3/hdfs",
		"/spindle1/hdfs, /spindle2/hdfs, /spindle3/hdfs",
		" /spindle1/hdfs  ,  /spindle2/hdfs ,/spindle3/hdfs ",
		" /spindle1/hdfs  ,  /spindle2/hdfs ,/spindle3/hdfs , ",
	} {
		assert.Equal(t, want, TrimmedStrings(in), in)
	}
	assert.Empty(t, TrimmedStrings(""))
	assert.Empty(t, TrimmedStrings("   "))
	// An inner empty entry stays; the whole value is trimmed as
	// String.trim does (control characters too), entries only of \s.
	assert.Equal(t, []string{"a", "", "b"}, TrimmedStrings("\x01a,,b"))
	assert.Equal(t, []string{"a\u00a0", "b"}, TrimmedStrings("a\u00a0 ,b"))
	// Comma only on every profile (see TrimmedStrings).
	assert.Equal(t, []string{"a\nb", "c"}, TrimmedStrings("a\nb,c"))
}

// TestTrimmedStringCollection is Hadoop's
// TestStringUtils.testGetUniqueNonEmptyTrimmedStrings: duplicates and
// empty entries dropped, the first occurrence kept in place.
func TestTrimmedStringCollection(t *testing.T) {
	assert.Equal(t, []string{"foo", "bar", "baz", "blah"},
		TrimmedStringCollection(",foo, bar,baz,,blah,blah,bar,"))
}

// TestTrimmedTokens: getTrimmedStringCollection(str, delim) trims with
// String.trim, which keeps a no-break space and drops control characters.
func TestTrimmedTokens(t *testing.T) {
	assert.Equal(t, []string{"u", "alice", "\u00a0q"}, TrimmedTokens("u: alice :\u00a0q", ":"))
	assert.Equal(t, []string{"u", "alice", "q"}, TrimmedTokens("u::alice:q\x01", ":"))
}

// TestQueueNamesLikeGetQueues: CapacitySchedulerConfiguration#getQueues
// is getStrings (a StringTokenizer: empty entries go, nothing trimmed)
// then String.trim per entry, so a control character is trimmed away and
// a no-break space is part of the name.
func TestQueueNamesLikeGetQueues(t *testing.T) {
	m := buildMap(t, map[string]string{p + "root.queues": "a,\x01b\x1f,\u00a0c,,a"}, BuildOptions{})
	assert.Equal(t, []string{"a", "b", "\u00a0c", "a"}, m.Root.ChildNames)
	assert.NotNil(t, m.Queue("root.b"), "\\x01b is queue b to Hadoop")
}

// TestAccessibleLabelsLikeGetAccessibleNodeLabels:
// CapacitySchedulerConfiguration#getAccessibleNodeLabels trims each
// split(",") entry with String.trim into a HashSet.
func TestAccessibleLabelsLikeGetAccessibleNodeLabels(t *testing.T) {
	m := buildMap(t, map[string]string{p + "root.queues": "a", p + "root.a.accessible-node-labels": "x\x01,\u00a0y, x"}, BuildOptions{})
	assert.Equal(t, []string{"x", "\u00a0y"}, m.Queue("root.a").AccessibleLabels.V)
}

// TestParseACLLikeAccessControlList: AccessControlList(String) reads each
// half with StringUtils.getTrimmedStringCollection (a LinkedHashSet:
// each name once) and isWildCardACLValue compares String.trim to "*".
func TestParseACLLikeAccessControlList(t *testing.T) {
	a := ParseACL("bob,alice,bob eng,\u00a0ops,eng")
	assert.Equal(t, []string{"bob", "alice"}, a.Users)
	assert.Equal(t, []string{"eng", "\u00a0ops"}, a.Groups, "a no-break space is no whitespace to String.trim")
	assert.Equal(t, "bob,alice eng,\u00a0ops", a.String())
	assert.True(t, ParseACL("\x01*").All, "String.trim drops control characters")
	assert.False(t, ParseACL("\u00a0*").All)
}
