package validate

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

// TestTemplateMarker: what XML011 takes for a placeholder. Hadoop's
// Configuration#substituteVars gives meaning to ${...} in values only, so
// a value's ${...} is XML003's business and only names count it.
func TestTemplateMarker(t *testing.T) {
	for _, tc := range []struct {
		in, name, value string
	}{
		{in: "{{ hadoop_root_queues }}", name: "{{ hadoop_root_queues }}", value: "{{ hadoop_root_queues }}"},
		{in: "default,{{ extra }}", name: "{{ extra }}", value: "{{ extra }}"},
		{in: "{% if a %}x{% endif %}", name: "{% if a %}", value: "{% if a %}"},
		{in: "{% raw %}{{ a }}", name: "{% raw %}", value: "{% raw %}"},
		{in: "[% YARN_SCHEDULER_MAXIMUM_ALLOCATION_MB %]", name: "[% YARN_SCHEDULER_MAXIMUM_ALLOCATION_MB %]", value: "[% YARN_SCHEDULER_MAXIMUM_ALLOCATION_MB %]"},
		{in: "a{{b", name: "", value: ""},
		{in: "a[%b", name: "", value: ""},
		{in: `{"rules":[{"type":"user","matches":"*"}]}`, name: "", value: ""},
		{in: "u:%user:%primary_group.%user", name: "", value: ""},
		{in: "yarn.scheduler.capacity.root.${queue}.capacity", name: "${queue}", value: ""},
		{in: "${yarn.home}/x", name: "${yarn.home}", value: ""},
		{in: "{{ " + strings.Repeat("x", 80) + " }}", name: "{{ " + strings.Repeat("x", 54) + "...", value: "{{ " + strings.Repeat("x", 54) + "..."},
	} {
		n, _ := nameMarker(tc.in)
		v, _ := xmlconf.TemplateMarker(tc.in)
		assert.Equal(t, tc.name, n, "name %q", tc.in)
		assert.Equal(t, tc.value, v, "value %q", tc.in)
	}
}

// TestTemplateDisabled: --disable XML011 lints the literal text, which is
// what Hadoop would load (a child queue named "{{ hadoop_root_queues }}").
func TestTemplateDisabled(t *testing.T) {
	m := loadDir(t, filepath.Join(golden.RepoRoot(), "testdata", "lint", "real-valeriikretinin-ansible-template"), xmlconf.V3_4)
	rules := func(opts Options) map[string]bool {
		ids := map[string]bool{}
		for _, f := range Lint(m, opts) {
			ids[f.Rule] = true
		}
		return ids
	}
	assert.Equal(t, map[string]bool{"XML011": true}, rules(Options{}))
	off := rules(Options{Disable: []string{"XML011"}})
	assert.False(t, off["XML011"])
	assert.True(t, off["CS058"], "maximum-applications is not a number")
	assert.True(t, off["CS024"], "root's only child has no capacity")
}
