package xmlconf

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSortFindingsClips: every report's findings pass through
// SortFindings, which cuts a huge message or hint on a character boundary
// and says how much it cut; short ones are left as they are.
func TestSortFindingsClips(t *testing.T) {
	huge := strings.Repeat("é", MaxFindingText)
	fs := SortFindings([]Finding{{Rule: "X", Message: huge, Hint: "h"}, {Rule: "Y", Message: "m", Hint: huge}})
	require.Len(t, fs, 2)
	for _, f := range fs {
		for _, s := range []string{f.Message, f.Hint} {
			assert.LessOrEqual(t, len(s), MaxFindingText+32)
			assert.True(t, utf8.ValidString(s))
		}
	}
	assert.True(t, strings.HasSuffix(fs[0].Message, "… [8192 more bytes cut]"), fs[0].Message[len(fs[0].Message)-40:])
	assert.Equal(t, "h", fs[0].Hint)
	assert.Equal(t, "m", fs[1].Message)
}
