package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The word-level suggestions must not outrank the explanations CS005
// gives for a queue path missing root or a name with no near key.
func TestSuggestWordRules(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"rack-locality-delay", "rack-locality-additional-delay"},
		{"minimumaximum-capacity", "maximum-capacity"},
		{"preemption.enabled", ""},                 // lazy- is a first word, not an inner one
		{"default.minimum-user-limit-percent", ""}, // a queue path, matched after a separator
	} {
		known := globalKeyNames
		if tc.in == "minimumaximum-capacity" {
			known = queueSuffixNames
		}
		assert.Equal(t, tc.want, suggest(tc.in, known), tc.in)
	}
}
