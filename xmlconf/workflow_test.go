package xmlconf

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// WorkflowPriorityMappingsManager#getWorkflowMappingFromString, entry by entry.
func TestParseWorkflowMappings(t *testing.T) {
	for _, c := range []struct {
		name  string
		v     string
		lower bool
		want  []WorkflowMapping
		errs  []string
	}{
		{"the test's list", "workflow1:root.b:2,workflow2:root.a.a1:3,Workflow3:root.a:4", true,
			[]WorkflowMapping{{"workflow1", "root.b", 2, ""}, {"workflow2", "root.a.a1", 3, ""}, {"workflow3", "root.a", 4, ""}}, nil},
		{"a fullwidth priority is Integer.parseInt's", "w:root.a:１", false, []WorkflowMapping{{"w", "root.a", 1, "１"}}, nil},
		{"case kept before YARN-11383", "Workflow3:root.A:4", false, []WorkflowMapping{{"Workflow3", "root.A", 4, ""}}, nil},
		{"the queue keeps its case", "W:root.A:4", true, []WorkflowMapping{{"w", "root.A", 4, ""}}, nil},
		{"parts and entries trimmed, empty ones dropped", " w : root.a : -2 ,, \t,", false, []WorkflowMapping{{"w", "root.a", -2, ""}}, nil},
		{"empty", "", false, nil, nil},
		{"two parts", "w:root.a", false, nil, []string{"Illegal workflow priority mapping w:root.a"}},
		{"an empty part is dropped, leaving two", "w::2", false, nil, []string{"Illegal workflow priority mapping w::2"}},
		{"four parts", "w:root:a:2", false, nil, []string{"Illegal workflow priority mapping w:root:a:2"}},
		{"not an int", "w:root.a:high", false, nil, []string{"Illegal workflow priority for mapping w:root.a:high"}},
		{"past an int", "w:root.a:2147483648", false, nil, []string{"Illegal workflow priority for mapping w:root.a:2147483648"}},
		// Configuration#getTrimmedStringCollection is a LinkedHashSet:
		// the third entry repeats the first and is dropped, so the
		// second one's priority is the one the manager keeps.
		{"a repeated entry is read once", "w:root.a:1,w:root.a:2, w:root.a:1", false,
			[]WorkflowMapping{{"w", "root.a", 1, ""}, {"w", "root.a", 2, ""}}, nil},
		{"a repeated bad entry is refused once", "x:root.b,x:root.b", false, nil, []string{"Illegal workflow priority mapping x:root.b"}},
		{"good and bad entries", "w:root.a:1,x:root.b", false, []WorkflowMapping{{"w", "root.a", 1, ""}}, []string{"Illegal workflow priority mapping x:root.b"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, errs := ParseWorkflowMappings(c.v, lowerProfile(c.lower))
			assert.Equal(t, c.want, got)
			assert.Equal(t, c.errs, errs)
		})
	}
}

// lowerProfile is a profile that lowercases the workflow IDs (3.4) or one
// that does not (2.10).
func lowerProfile(lower bool) Version {
	if lower {
		return V3_4
	}
	return V2_10
}

// The model reads the mappings from 2.10 (YARN-9760), lowercasing their
// IDs from 3.3 (YARN-11383, 3.3.5); 2.7 has no workflow priority mappings.
func TestWorkflowMappingsByVersion(t *testing.T) {
	kv := map[string]string{Prefix + "root.queues": "a", Prefix + "root.a.capacity": "100",
		WorkflowMappingsKey: "WF:root.a:3", WorkflowOverrideKey: "true"}
	for _, c := range []struct {
		v        Version
		override bool
		want     []WorkflowMapping
	}{
		{V2_7, false, nil},
		{V2_10, true, []WorkflowMapping{{"WF", "root.a", 3, ""}}},
		{V3_2, true, []WorkflowMapping{{"WF", "root.a", 3, ""}}},
		{V3_3, true, []WorkflowMapping{{"wf", "root.a", 3, ""}}},
		{V3_4, true, []WorkflowMapping{{"wf", "root.a", 3, ""}}},
	} {
		m := Build(FromMap(kv, "test"), BuildOptions{Version: c.v})
		assert.Equal(t, c.override, m.Global.WorkflowOverride.V, "%s", c.v)
		assert.Equal(t, c.want, m.Global.WorkflowMappings, "%s", c.v)
		assert.Equal(t, DefaultWorkflowTagPrefix, m.Global.WorkflowTagPrefix.V, "%s", c.v)
	}
}

// FuzzParseWorkflowMappings: no panic; every entry built or refused, and
// a built one has non-empty, trimmed parts.
func FuzzParseWorkflowMappings(f *testing.F) {
	for _, s := range []string{"w:root.a:1", " W : root.a : +2 ,x:y", "w::2,,", ":::", "a:b:c:d", "w:q:99999999999", "\x00:\xff:1"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, v string, lower bool) {
		ms, errs := ParseWorkflowMappings(v, lowerProfile(lower))
		if len(ms)+len(errs) > strings.Count(v, ",")+strings.Count(v, "\n")+1 {
			t.Fatalf("%d mappings and %d errors from %q", len(ms), len(errs), v)
		}
		for _, m := range ms {
			if m.WorkflowID == "" || m.Queue == "" || JavaTrim(m.WorkflowID) != m.WorkflowID || JavaTrim(m.Queue) != m.Queue {
				t.Fatalf("bad mapping %+v from %q", m, v)
			}
		}
	})
}

// TestWorkflowMappingsOnePerLine: the mappings are
// getTrimmedStringCollection, so from NewlineListsSince a mapping per
// line is read as one; before, the lines run into one entry that Hadoop
// refuses (five parts).
func TestWorkflowMappingsOnePerLine(t *testing.T) {
	const v = "WF:root.a:3\n  X:root.a:4"
	got, errs := ParseWorkflowMappings(v, V3_2)
	assert.Equal(t, []WorkflowMapping{{"WF", "root.a", 3, ""}, {"X", "root.a", 4, ""}}, got)
	assert.Empty(t, errs)
	got, errs = ParseWorkflowMappings(v, V2_10)
	assert.Empty(t, got)
	assert.Equal(t, []string{"Illegal workflow priority mapping " + v}, errs)
}
