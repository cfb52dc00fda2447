package sim

import (
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"compress/zlib"
	"fmt"
	"io"
	"math"
	"strings"
)

// DecompressTrace is Rumen's PossiblyDecompressedInputStream, which
// JobTraceReader opens a Rumen trace with: CompressionCodecFactory picks
// a codec by the file name's suffix (Hadoop's default codecs: GzipCodec
// .gz, BZip2Codec .bz2, DefaultCodec .deflate, a zlib stream) and reads
// the file through it, so SLS's RUMEN runs take job-trace.json.gz as it
// is. The SLS and SYNTH readers open the file raw; the caller refuses a
// compressed file that is not a Rumen trace. The decompressed bytes are
// bounded by max, as the file itself is. ok is false when the name has
// no such suffix (data is returned as read).
func DecompressTrace(name string, data []byte, max int64) (plain []byte, ok bool, err error) {
	var r io.Reader
	switch {
	case strings.HasSuffix(name, ".gz"):
		r, err = gzip.NewReader(bytes.NewReader(data))
	case strings.HasSuffix(name, ".bz2"):
		r = bzip2.NewReader(bytes.NewReader(data))
	case strings.HasSuffix(name, ".deflate"):
		r, err = zlib.NewReader(bytes.NewReader(data))
	case strings.HasSuffix(name, ".lz4"), strings.HasSuffix(name, ".snappy"), strings.HasSuffix(name, ".zst"):
		return nil, true, fmt.Errorf("%s: Hadoop's %s codec frames its blocks its own way, which capq does not read; decompress the trace first", name, name[strings.LastIndexByte(name, '.'):])
	default:
		return data, false, nil
	}
	if err != nil {
		return nil, true, fmt.Errorf("%s: not a compressed file of its suffix's kind, which Rumen's codec would refuse: %v", name, err)
	}
	// One byte past max tells "exactly max" from "more"; at MaxInt64
	// (--max-file-size at its largest) max+1 wrapped to a negative limit
	// and every trace read as empty.
	limit := max
	if limit < math.MaxInt64 {
		limit++
	}
	plain, err = io.ReadAll(io.LimitReader(r, limit))
	if err != nil {
		return nil, true, fmt.Errorf("%s: decompressing: %v", name, err)
	}
	if int64(len(plain)) > max {
		return nil, true, fmt.Errorf("%s: more than %d bytes once decompressed (--max-file-size)", name, max)
	}
	return plain, true, nil
}
