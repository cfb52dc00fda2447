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
	w, err := ReadTrace(name, data, format, TraceOptions{Settings: xmlconf.DefaultSLSSettings(), RumenTime: "sls"})
	require.NoError(t, err)
	assert.NotEmpty(t, w.Apps)
	_, err = ReadTrace(name, data, format, TraceOptions{Settings: xmlconf.DefaultSLSSettings(), RumenTime: "bogus"})
	assert.Error(t, err)
}

// TestReadTraceCap: ReadTrace hands the run's container cap to the reader
// of each format.
func TestReadTraceCap(t *testing.T) {
	for _, file := range [][]string{
		{"workloads", "sls", "trace.json"},
		{"rumen", "2jobs2min-excerpt.json"},
		{"sls-suite", "syn.json"},
	} {
		t.Run(file[len(file)-1], func(t *testing.T) {
			data := readFile(t, append([]string{"testdata"}, file...)...)
			format, err := Detect(data)
			require.NoError(t, err)
			o := TraceOptions{Settings: xmlconf.DefaultSLSSettings()}
			_, err = ReadTrace(file[len(file)-1], data, format, o)
			require.NoError(t, err)
			o.MaxContainers = 1
			_, err = ReadTrace(file[len(file)-1], data, format, o)
			assert.ErrorContains(t, err, "the workload asks for more than 1 containers by application")
		})
	}
}
