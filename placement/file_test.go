package placement

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

func TestConfFileReader(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "rules.json")
	require.NoError(t, os.WriteFile(rules, []byte(`{"rules":[{"type":"user","matches":"*","policy":"user","parentQueue":"root.users"}]}`), 0o644))
	c := xmlconf.FromMap(map[string]string{KeyFormat: "json", KeyJSONFile: rules}, "t")
	s, probs := Load(c, xmlconf.DefaultVersion, LoadOptions{ReadFile: ConfFileReader(c)})
	assert.Empty(t, probs)
	require.Len(t, s.Rules, 1)
	assert.Equal(t, KeyJSONFile, s.Rules[0].Key)

	// A directory (or a device, a pipe) is not read: a warning, no rules.
	c = xmlconf.FromMap(map[string]string{KeyFormat: "json", KeyJSONFile: dir}, "t")
	s, probs = Load(c, xmlconf.DefaultVersion, LoadOptions{ReadFile: ConfFileReader(c)})
	require.Len(t, probs, 1)
	assert.True(t, probs[0].Warning)
	assert.Contains(t, probs[0].Msg, "is a directory, not a file")
	assert.Empty(t, s.Rules)
}

// In an untrusted configuration the rules file must be named relative to
// the configuration and stay inside its directory: an absolute path, a
// way out or a link out is refused and nothing is read (its text would
// reach findings).
func TestConfFileReaderUntrusted(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.json")
	require.NoError(t, os.WriteFile(secret, []byte(`{"rules":[{"type":"user","matches":"*","policy":"user","parentQueue":"root.SECRET"}]}`), 0o644))
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "rules.json"), []byte(`{"rules":[{"type":"user","matches":"*","policy":"user","parentQueue":"root.users"}]}`), 0o644))
	require.NoError(t, os.Symlink(secret, filepath.Join(dir, "link.json")))
	for _, c := range []struct {
		name, file string
		untrusted  bool
		want       string // the rule's parent queue, or a problem's text
	}{
		{"inside", "rules.json", true, "root.users"},
		{"absolute", secret, true, "is absolute"},
		{"a way out", "../" + filepath.Base(outside) + "/secret.json", true, "leads outside"},
		{"a link out", "link.json", true, "leads outside"},
		{"trusted reads where it is told", secret, false, "root.SECRET"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cs := filepath.Join(dir, "capacity-scheduler.xml")
			xml := `<configuration><property><name>` + KeyFormat + `</name><value>json</value></property>` +
				`<property><name>` + KeyJSONFile + `</name><value>` + c.file + `</value></property></configuration>`
			l, err := xmlconf.Load(xmlconf.LoadOptions{CapacityScheduler: []xmlconf.Source{{Name: cs, Data: []byte(xml), Untrusted: c.untrusted}}})
			require.NoError(t, err)
			s, probs := Load(l.Model.Conf, xmlconf.DefaultVersion, LoadOptions{ReadFile: ConfFileReader(l.Model.Conf)})
			if len(probs) > 0 {
				assert.Contains(t, probs[0].Msg, c.want)
				assert.NotContains(t, probs[0].Msg, "SECRET")
				assert.Empty(t, s.Rules)
				return
			}
			require.Len(t, s.Rules, 1)
			assert.Contains(t, s.Rules[0].ParentQueue, c.want)
		})
	}
}
