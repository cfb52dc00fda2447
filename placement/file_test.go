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
	assert.Contains(t, probs[0].Msg, "not a regular file")
	assert.Empty(t, s.Rules)
}
