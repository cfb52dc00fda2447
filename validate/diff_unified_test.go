package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUnifiedDiff checks hunk headers against GNU diff's conventions.
func TestUnifiedDiff(t *testing.T) {
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"
	b := "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n11\n"
	want := "--- a\n+++ b\n@@ -2,9 +2,10 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n 9\n 10\n+11\n"
	assert.Equal(t, want, UnifiedDiff("a", "b", []byte(a), []byte(b)))
	assert.Empty(t, UnifiedDiff("a", "b", []byte(a), []byte(a)))
	assert.Equal(t, "--- a\n+++ b\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n",
		UnifiedDiff("a", "b", []byte("x"), []byte("y")))
}

// TestUnifiedDiffNamesOneLine: a file name is input; its newline (or
// ESC) is escaped so each name stays one header line.
func TestUnifiedDiffNamesOneLine(t *testing.T) {
	got := UnifiedDiff("old\x1b[2J.xml", "new.xml\n+++ other.xml", []byte("a\n"), []byte("b\n"))
	assert.Equal(t, "--- old\\x1b[2J.xml\n+++ new.xml\\n+++ other.xml\n@@ -1 +1 @@\n-a\n+b\n", got)
}
