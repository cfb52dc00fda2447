package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTrimmedStrings takes the values of Hadoop's
// TestStringUtils.testGetTrimmedStrings and adds the String.split edges;
// every profile splits these the same.
func TestTrimmedStrings(t *testing.T) {
	want := []string{"/spindle1/hdfs", "/spindle2/hdfs", "/spindle3/hdfs"}
	for _, v := range SupportedVersions {
		for _, in := range []string{
			"/spindle1/hdfs,/spindle2/hdfs,/spindle3/hdfs",
			"/spindle1/hdfs, /spindle2/hdfs, /spindle3/hdfs",
			" /spindle1/hdfs  ,  /spindle2/hdfs ,/spindle3/hdfs ",
			" /spindle1/hdfs  ,  /spindle2/hdfs ,/spindle3/hdfs , ",
		} {
			assert.Equal(t, want, TrimmedStrings(in, v), "%s %q", v, in)
		}
		assert.Empty(t, TrimmedStrings("", v))
		assert.Empty(t, TrimmedStrings("   ", v))
		// An inner empty entry stays; the whole value is trimmed as
		// String.trim does (control characters too), entries only of \s.
		assert.Equal(t, []string{"a", "", "b"}, TrimmedStrings("\x01a,,b", v))
		assert.Equal(t, []string{"a\u00a0", "b"}, TrimmedStrings("a\u00a0 ,b", v))
	}
}

// TestTrimmedStringsNewlines: from NewlineListsSince getTrimmedStrings
// splits on "\\s*[,\n]\\s*", before on "\\s*,\\s*" only. A run of
// whitespace holding newlines is one separator (the regex's leading \s*
// takes all but the last newline); a comma and a newline with nothing
// between them are two, with an empty entry between, as Java's split has.
func TestTrimmedStringsNewlines(t *testing.T) {
	for _, c := range []struct {
		in           string
		comma, lines []string
	}{
		{"a\nb,c", []string{"a\nb", "c"}, []string{"a", "b", "c"}},
		{"a\r\nb", []string{"a\r\nb"}, []string{"a", "b"}},
		{"a \n\n\tb", []string{"a \n\n\tb"}, []string{"a", "b"}},
		{"a,\n,b", []string{"a", "", "b"}, []string{"a", "", "b"}},
		{"a,\nb", []string{"a", "b"}, []string{"a", "b"}},
		{"\n  a\n  b\n", []string{"a\n  b"}, []string{"a", "b"}},
		{"a\rb", []string{"a\rb"}, []string{"a\rb"}}, // a lone \r is no separator
	} {
		assert.Equal(t, c.comma, TrimmedStrings(c.in, V2_10), "2.10 %q", c.in)
		assert.Equal(t, c.lines, TrimmedStrings(c.in, V3_1), "3.1 %q", c.in)
		assert.Equal(t, c.lines, TrimmedStrings(c.in, V3_4), "3.4 %q", c.in)
	}
	assert.Equal(t, V3_1, NewlineListsSince)
}

// TestTrimmedStringCollection is Hadoop's
// TestStringUtils.testGetUniqueNonEmptyTrimmedStrings: duplicates and
// empty entries dropped, the first occurrence kept in place.
func TestTrimmedStringCollection(t *testing.T) {
	assert.Equal(t, []string{"foo", "bar", "baz", "blah"},
		TrimmedStringCollection(",foo, bar,baz,,blah,blah,bar,", V3_4))
	assert.Equal(t, []string{"foo", "bar"}, TrimmedStringCollection("foo\n bar\n\nfoo", V3_4))
	assert.Equal(t, []string{"foo\n bar\n\nfoo"}, TrimmedStringCollection("foo\n bar\n\nfoo", V2_10))
}

// TestMultiNodePolicyNames is getMultiNodePlacementPolicies' reading:
// getTrimmedStrings, String.trim, blanks skipped, a set.
func TestMultiNodePolicyNames(t *testing.T) {
	assert.Equal(t, []string{"binpack", "\u00a0x"}, MultiNodePolicyNames("binpack, ,\u00a0x,binpack\x01,", V3_4))
	assert.Equal(t, []string{"a", "b"}, MultiNodePolicyNames("a\nb", V3_4))
	assert.Equal(t, []string{"a\nb"}, MultiNodePolicyNames("a\nb", V2_10))
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
	a := ParseACL("bob,alice,bob eng,\u00a0ops,eng", V3_4)
	assert.Equal(t, []string{"bob", "alice"}, a.Users)
	assert.Equal(t, []string{"eng", "\u00a0ops"}, a.Groups, "a no-break space is no whitespace to String.trim")
	assert.Equal(t, "bob,alice eng,\u00a0ops", a.String())
	assert.True(t, ParseACL("\x01*", V3_4).All, "String.trim drops control characters")
	assert.False(t, ParseACL("\u00a0*", V3_4).All)
}

// TestACLNamesSplitLikeTheProfile: each half of an ACL is
// getTrimmedStringCollection, so from NewlineListsSince one name per line
// is several names; before, the newline stays inside one name. The key
// itself is read with plain get (CapacitySchedulerConfiguration#getAcl).
func TestACLNamesSplitLikeTheProfile(t *testing.T) {
	kv := map[string]string{p + "root.queues": "a", p + "root.a.capacity": "100",
		p + "root.a.acl_submit_applications": "alice\nbob eng\nops"}
	for _, c := range []struct {
		v             Version
		users, groups []string
	}{
		{V2_7, []string{"alice\nbob"}, []string{"eng\nops"}},
		{V2_10, []string{"alice\nbob"}, []string{"eng\nops"}},
		{V3_1, []string{"alice", "bob"}, []string{"eng", "ops"}},
		{V3_4, []string{"alice", "bob"}, []string{"eng", "ops"}},
	} {
		acl := buildMap(t, kv, BuildOptions{Version: c.v}).Queue("root.a").SubmitACL.V
		assert.Equal(t, c.users, acl.Users, "%s", c.v)
		assert.Equal(t, c.groups, acl.Groups, "%s", c.v)
	}
}
