package sim

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDecompressTraceBySuffix: the codec is the file name's, as
// CompressionCodecFactory.getCodec picks it for Rumen's
// PossiblyDecompressedInputStream; a name without a codec suffix is read
// as it is, whatever its bytes.
func TestDecompressTraceBySuffix(t *testing.T) {
	const text = `{"jobID": "job_1_1"}`
	var gz, zl bytes.Buffer
	gw := gzip.NewWriter(&gz)
	gw.Write([]byte(text))
	require.NoError(t, gw.Close())
	zw := zlib.NewWriter(&zl)
	zw.Write([]byte(text))
	require.NoError(t, zw.Close())

	for name, data := range map[string][]byte{"t.json.gz": gz.Bytes(), "t.deflate": zl.Bytes()} {
		got, ok, err := DecompressTrace(name, data, 1<<20)
		require.NoError(t, err, name)
		assert.True(t, ok, name)
		assert.Equal(t, text, string(got), name)
	}
	got, ok, err := DecompressTrace("t.json", gz.Bytes(), 1<<20)
	require.NoError(t, err)
	assert.False(t, ok)
	assert.Equal(t, gz.Bytes(), got)

	_, _, err = DecompressTrace("t.json.gz", []byte(text), 1<<20)
	assert.ErrorContains(t, err, "not a compressed file of its suffix's kind")
	_, _, err = DecompressTrace("t.json.gz", gz.Bytes(), 5)
	assert.ErrorContains(t, err, "more than 5 bytes once decompressed")
	got, _, err = DecompressTrace("t.json.gz", gz.Bytes(), math.MaxInt64)
	require.NoError(t, err)
	assert.Equal(t, text, string(got), "--max-file-size at int64 max reads the whole trace")
	_, _, err = DecompressTrace("t.json.snappy", gz.Bytes(), 1<<20)
	assert.ErrorContains(t, err, "Hadoop's .snappy codec")
}
