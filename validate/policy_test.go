package validate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

func TestParsePolicy(t *testing.T) {
	pol, err := ParsePolicy("p", strings.NewReader("# comment\n\nproperties warning\nCS005 error # typos block\ncapacity-sum info\nCS110 off\n"))
	require.NoError(t, err)
	cases := []struct {
		id  string
		sev xmlconf.Severity
		off bool
	}{
		{"CS005", xmlconf.SeverityError, false},   // later line wins over the category
		{"CS102", xmlconf.SeverityWarning, false}, // category "properties"
		{"CS024", xmlconf.SeverityInfo, false},    // by name
		{"CS110", 0, true},
		{"CS011", 0, false},
	}
	for _, c := range cases {
		sev, off := pol.severityFor(c.id)
		assert.Equal(t, c.sev, sev, c.id)
		assert.Equal(t, c.off, off, c.id)
	}
	assert.True(t, pol.Disabled("CS110"))
	assert.False(t, (*Policy)(nil).Disabled("CS110"))
}

func TestParsePolicyErrors(t *testing.T) {
	environ := "PATH=/usr/local/bin:/usr/bin:/bin\x00SECRETTOK=CANARY-POLICY\x00"
	long := strings.Repeat("x", 40) + "CANARY-POLICY"
	for _, c := range []struct {
		name      string
		in        string
		untrusted bool
		want      string
	}{
		{"unknown rule", "CS999 error\n", false, `p:1: unknown rule "CS999", want a rule ID, name or category (see capq rules)`},
		{"unknown level", "CS005 fatal\n", false, `p:1: unknown level "fatal", want error, warning, info or off`},
		{"one field", "\nCS005\n", false, "p:2: want `RULE LEVEL`, got \"CS005\""},
		{"three fields", "CS005 error extra\n", false, "p:1: want `RULE LEVEL`, got \"CS005 error extra\""},
		{"a long line is cut", long + " error\n", false, `p:1: unknown rule "` + strings.Repeat("x", 32) + `"…, want`},
		{"/proc/self/environ is cut and escaped", environ, false, `p:1: want ` + "`RULE LEVEL`" + `, got "PATH=/usr/local/bin:/usr/bin:/bi"…`},
		{"untrusted: unknown rule", "CS999 error\n", true, `p:1: unknown rule in the first field, want a rule ID, name or category (see capq rules)`},
		{"untrusted: unknown level", "CS005 fatal\n", true, `p:1: unknown level in the second field, want error, warning, info or off`},
		{"untrusted: one field", environ, true, "p:1: want `RULE LEVEL`, got 1 field"},
		{"untrusted: three fields", "CS005 error extra\n", true, "p:1: want `RULE LEVEL`, got 3 fields"},
		// bufio.Scanner's "token too long" named no line.
		{"a line past the scanner's limit", "CS005 error\n\nCS" + strings.Repeat("9", 70000) + " error\n", false, "p:3: line longer than 65536 bytes"},
		{"untrusted: a line past the scanner's limit", strings.Repeat("CANARY-POLICY", 6000), true, "p:1: line longer than 65536 bytes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParsePolicyWith("p", strings.NewReader(c.in), PolicyOptions{Untrusted: c.untrusted})
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.NotContains(t, err.Error(), "CANARY-POLICY")
			if c.untrusted {
				assert.NotContains(t, err.Error(), `"`, "untrusted mode quotes nothing of the file")
			}
		})
	}
}

func TestSuppressionForms(t *testing.T) {
	const head = `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
`
	cases := []struct {
		name, comment string
		want          []string // rules left
	}{
		{"by ID", "capq:ignore CS005 kept for our dashboard", nil},
		{"by name", "capq:ignore unknown-property kept for our dashboard", nil},
		{"several IDs", "capq:ignore CS017,CS005 kept for our dashboard", nil},
		{"no reason", "capq:ignore CS005", []string{"CS005", "LINT001"}},
		{"unknown rule", "capq:ignore CS999 because", []string{"CS005", "LINT001"}},
		{"other rule", "capq:ignore CS011 because", []string{"CS005", "LINT001"}},
		{"plain comment", "just a note", []string{"CS005"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			xml := head + "<!-- " + c.comment + " -->\n<property><name>yarn.scheduler.capacity.root.a.max-capacity</name><value>50</value></property>\n</configuration>\n"
			var got []string
			for _, f := range lintXML(t, xml, xmlconf.V3_4) {
				got = append(got, f.Rule)
			}
			assert.ElementsMatch(t, c.want, got)
		})
	}
}

// A hostile policy file is bounded: 2,000,000 lines took lint over 20 s,
// and as many bad lines made a 160 MB error message.
func TestParsePolicyBounds(t *testing.T) {
	cases := []struct {
		name, data, want string
		errors           int
	}{
		{"entries past the bound", strings.Repeat("CS024 error\n", maxPolicyEntries+1), "p:10001: more than 10000 entries", 0},
		{"entries at the bound", strings.Repeat("CS024 error\n", maxPolicyEntries) + "\n# comments and blank lines are not entries\n", "", 0},
		{"bad lines past the error bound", strings.Repeat("nosuchrule error\n", 500), "; and 480 more", maxPolicyErrors},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParsePolicy("p", strings.NewReader(c.data))
			if c.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			if c.errors > 0 {
				assert.Equal(t, c.errors, strings.Count(err.Error(), "unknown rule"))
			}
		})
	}
}
