package hadoop1

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A misspelled key used to be dropped, so an expect step with "queus"
// checked nothing and the scenario passed; it is now refused. The expect
// op's "cluster" section is known.
func TestParseRefusesUnknownKeys(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{`{"engine": "hadoop1", "steps": [{"op": "expect", "queus": {"default": {"running_maps": 1}}}]}`, `unknown field "queus"`},
		{`{"engine": "hadoop1", "mapred_sites": {}}`, `unknown field "mapred_sites"`},
		// The place is named, as in YARN scenarios: the line (the column
		// is where the decoder stopped, after the key).
		{"{\"engine\": \"hadoop1\",\n \"stepz\": []}", `s.json:2:`},
	} {
		_, err := Parse("s.json", []byte(tc.data))
		require.Error(t, err, tc.data)
		assert.Contains(t, err.Error(), tc.want)
	}
	f, err := Parse("s.json", []byte(`{"engine": "hadoop1", "adaptation": "x", "steps": [{"op": "expect", "cluster": {"map_slots": 2}}]}`))
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"map_slots": json.Number("2")}, f.Steps[0].ClusterSt)
}
