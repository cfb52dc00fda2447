package xmlconf

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Untrusted reading (issue 12): external entities are never read,
// includes only inside the input's directory (links resolved), and the
// trusted reading of the same files does read them, as Hadoop does.
func TestUntrustedExternalResources(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "conf")
	require.NoError(t, os.Mkdir(dir, 0o755))
	secret := filepath.Join(root, "secret.xml")
	require.NoError(t, os.WriteFile(secret, []byte(conf(prop("s", "SECRET"))), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "inside.xml"), []byte(conf(prop("i", "in"))), 0o644))
	require.NoError(t, os.Symlink(secret, filepath.Join(dir, "link.xml")))
	include := func(href string) string {
		return `<configuration xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="` + href + `"/></configuration>`
	}
	cases := []struct {
		name      string
		doc       string
		untrusted map[string]string // properties read when untrusted
		trusted   map[string]string // properties read when trusted
		refused   bool              // an XML008 finding is expected
	}{
		{"entity", `<!DOCTYPE c [<!ENTITY x SYSTEM "file://` + secret + `">]><configuration>` + prop("a", "&x;") + `</configuration>`,
			map[string]string{"a": ""}, nil, true},
		{"include by absolute path", include(secret), map[string]string{}, map[string]string{"s": "SECRET"}, true},
		{"include going up", include("../secret.xml"), map[string]string{}, map[string]string{"s": "SECRET"}, true},
		{"include through a link", include("link.xml"), map[string]string{}, map[string]string{"s": "SECRET"}, true},
		{"include inside the directory", include("inside.xml"), map[string]string{"i": "in"}, map[string]string{"i": "in"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			top := filepath.Join(dir, "capacity-scheduler.xml")
			require.NoError(t, os.WriteFile(top, []byte(c.doc), 0o644))
			d, err := ReadFile(top, ReadOptions{Untrusted: true})
			require.NoError(t, err)
			assert.Equal(t, c.untrusted, props(d))
			if c.refused {
				require.Len(t, d.Findings, 1)
				assert.Equal(t, RuleUntrustedExternal, d.Findings[0].Rule)
				assert.NotContains(t, d.Findings[0].Message, "SECRET")
			} else {
				assert.Empty(t, d.Findings)
			}
			if c.trusted != nil {
				d, err = ReadFile(top, ReadOptions{})
				require.NoError(t, err)
				assert.Equal(t, c.trusted, props(d))
			}
		})
	}
	t.Run("input without a directory includes nothing", func(t *testing.T) {
		d, err := ReadBytes("git:main:conf/capacity-scheduler.xml", []byte(include("inside.xml")), ReadOptions{Untrusted: true})
		require.NoError(t, err)
		assert.Empty(t, props(d))
		require.Len(t, d.Findings, 1)
		assert.Equal(t, RuleUntrustedExternal, d.Findings[0].Rule)
	})
}

// ${env.*} in an untrusted configuration stays as written, defaults too.
func TestUntrustedEnv(t *testing.T) {
	d, err := ReadBytes("c.xml", []byte(conf(prop("a", "${env.TOKEN}"), prop("b", "${env.NOPE:-dflt}"))), ReadOptions{})
	require.NoError(t, err)
	c := NewConf(d)
	c.Env = func(string) (string, bool) { return "SECRET", true }
	v, _ := c.Expand("${env.TOKEN}")
	assert.Equal(t, "SECRET", v, "trusted: Hadoop's getenv branch")
	c.Untrusted = true
	for _, expr := range []string{"${env.TOKEN}", "${env.NOPE:-dflt}", "x${env.TOKEN-y}"} {
		v, err := c.Expand(expr)
		require.NoError(t, err)
		assert.Equal(t, expr, v)
	}
}

// The expansion budget ends runaway ${var} work with ErrExpandBudget.
func TestExpandBudget(t *testing.T) {
	big := strings.Repeat("x", 1<<20)
	d, err := ReadBytes("c.xml", []byte(conf(prop("big", big+"${loop}"), prop("loop", "${big}"))), ReadOptions{})
	require.NoError(t, err)
	c := NewConf(d)
	var last error
	for i := 0; i < 100 && last == nil; i++ {
		_, last = c.Expand("${big}")
		if last != nil && !errors.Is(last, ErrExpandBudget) {
			last = nil // Hadoop's depth error: expected on each call
		}
	}
	require.ErrorIs(t, last, ErrExpandBudget, "100 expansions of a 1 MB self-growing value must exhaust the budget")
	assert.Less(t, len(last.Error()), 400, "the message must not carry the value")
	small, err := NewConf(d).Expand("plain")
	require.NoError(t, err)
	assert.Equal(t, "plain", small)
}
