package validate

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestRulesFor: a rule limited to a later line (CS020, queue weights,
// 3.4 only) is left out of an earlier profile; the rest keep their order.
func TestRulesFor(t *testing.T) {
	ids := func(rs []*Rule) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.ID)
		}
		return out
	}
	assert.NotContains(t, ids(RulesFor(xmlconf.V2_7)), "CS020")
	assert.Contains(t, ids(RulesFor(xmlconf.V3_4)), "CS020")
	assert.Contains(t, ids(RulesFor(xmlconf.V2_7)), "CS024")
	assert.Less(t, len(RulesFor(xmlconf.V2_7)), len(Rules()))
}

// TestWriteRules: one table row per rule after the header, and JSON that
// keeps HTML characters of the examples unescaped.
func TestWriteRules(t *testing.T) {
	rules := Rules()[:3]
	var text bytes.Buffer
	require.NoError(t, WriteRulesText(&text, rules))
	lines := strings.Split(strings.TrimSuffix(text.String(), "\n"), "\n")
	require.Len(t, lines, 4)
	assert.Regexp(t, `^ID +SEVERITY +CATEGORY +NAME +SUMMARY$`, lines[0])
	assert.True(t, strings.HasPrefix(lines[1], rules[0].ID+" "))

	var js bytes.Buffer
	require.NoError(t, WriteRulesJSON(&js, Rules()))
	var infos []RuleInfo
	require.NoError(t, json.Unmarshal(js.Bytes(), &infos))
	assert.Len(t, infos, len(Rules()))
	assert.NotContains(t, js.String(), `\u003c`, "examples are XML: < stays <")
}
