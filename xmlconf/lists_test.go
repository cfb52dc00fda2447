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
