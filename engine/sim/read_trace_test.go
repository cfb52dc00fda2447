package sim

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestReadTraceRumen: a Rumen trace reads under either time base; a bad
// --rumen-time value is refused.
func TestReadTraceRumen(t *testing.T) {
	name := filepath.Join("..", "..", "testdata", "rumen", "2jobs2min-excerpt.json")
	data, err := os.ReadFile(name)
	require.NoError(t, err)
	format, err := Detect(data)
	require.NoError(t, err)
	require.Equal(t, FormatRumen, format)
	w, err := ReadTrace(name, data, format, xmlconf.DefaultSLSSettings(), nil, "sls")
	require.NoError(t, err)
	assert.NotEmpty(t, w.Apps)
	_, err = ReadTrace(name, data, format, xmlconf.DefaultSLSSettings(), nil, "bogus")
	assert.Error(t, err)
}
