package sim

import (
	"encoding/binary"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// utf16LEWithBOM is text as a Windows editor saves it as "Unicode".
func utf16LEWithBOM(text []byte) []byte {
	out := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(string(text))) {
		out = binary.LittleEndian.AppendUint16(out, u)
	}
	return out
}

// TestReadTraceWideEncoding: a trace Jackson reads as bytes is decoded as
// ByteSourceJsonBootstrapper detects it, so a UTF-16LE trace with a BOM
// reads as its UTF-8 form: SYNTH (SynthTraceJobProducer:
// mapper.readValue(InputStream)) and Rumen read as SLS does
// (JobTraceReader, JsonObjectMapperParser: mapper.createParser(InputStream)).
// SLS traces (AMRunner.startAMFromSLSTrace) and Rumen through rumen2sls.sh
// (RumenToSLSConverter.generateSLSLoadFile) go through an
// InputStreamReader with UTF-8, which detects nothing: refused, naming
// that reader. Before, every one was refused as capq's own workload is.
func TestReadTraceWideEncoding(t *testing.T) {
	for _, c := range []struct {
		file      []string
		rumenTime string
		format    Format
		refused   string
	}{
		{[]string{"sls-suite", "syn.json"}, "", FormatSynth, ""},
		{[]string{"synth-reference", "mixed.json"}, "", FormatSynth, ""},
		{[]string{"rumen", "2jobs2min-excerpt.json"}, "sls", FormatRumen, ""},
		{[]string{"rumen", "2jobs2min-excerpt.json"}, "rumen2sls", FormatRumen,
			"t.json: file is UTF-16LE encoded; capq reads UTF-8 JSON here, as rumen2sls.sh (RumenToSLSConverter.generateSLSLoadFile) does: it decodes the file as UTF-8 and detects no other encoding (convert it: iconv -f UTF-16LE -t UTF-8)"},
		{[]string{"workloads", "sls", "trace.json"}, "", FormatSLSTrace,
			"t.json: file is UTF-16LE encoded; capq reads UTF-8 JSON here, as SLS's trace reader (AMRunner.startAMFromSLSTrace) does: it decodes the file as UTF-8 and detects no other encoding (convert it: iconv -f UTF-16LE -t UTF-8)"},
	} {
		t.Run(c.file[len(c.file)-1]+"/"+c.rumenTime, func(t *testing.T) {
			plain := readFile(t, append([]string{"testdata"}, c.file...)...)
			wide := utf16LEWithBOM(plain)
			format, err := Detect(wide)
			require.NoError(t, err)
			require.Equal(t, c.format, format)
			o := TraceOptions{Settings: xmlconf.DefaultSLSSettings(), RumenTime: c.rumenTime}
			got, err := ReadTrace("t.json", wide, format, o)
			if c.refused != "" {
				assert.EqualError(t, err, c.refused)
				return
			}
			require.NoError(t, err)
			want, err := ReadTrace("t.json", plain, format, o)
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
}

// TestDetectWideNative: capq's own workload in UTF-16 is still refused,
// with the conversion to make; Jackson reads no native workload.
func TestDetectWideNative(t *testing.T) {
	_, err := Detect(utf16LEWithBOM(readFile(t, "testdata", "workloads", "seeds-example.json")))
	assert.EqualError(t, err, "file is UTF-16LE encoded; capq reads UTF-8 JSON (convert it: iconv -f UTF-16LE -t UTF-8)")
}

// FuzzDetectWideTrace: any bytes, UTF-16 or UTF-32 or not, are detected
// and read as a trace without a panic, and a format Detect accepts comes
// with no error.
func FuzzDetectWideTrace(f *testing.F) {
	f.Add(utf16LEWithBOM([]byte(`{"jobID": "j", "submitTime": 1, "mapTasks": []}`)))
	f.Add(utf16LEWithBOM([]byte(`{"num_jobs": 1, "workloads": []}`)))
	f.Add(utf16LEWithBOM([]byte(`{"job.queue.name": "q", "job.tasks": []}`)))
	f.Add([]byte("\x00\x00\xfe\xff\x00\x00\x00{\x00\x00\x00}"))
	f.Add([]byte("{\x00\"\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		format, err := Detect(data)
		if err != nil {
			if format != FormatUnknown {
				t.Fatalf("format %v with error %v", format, err)
			}
			return
		}
		if format == FormatNativeJSON {
			return
		}
		o := TraceOptions{Settings: xmlconf.DefaultSLSSettings(), MaxContainers: 1000, MaxEvents: 10_000 * appCost}
		if w, err := ReadTrace("t.json", data, format, o); err == nil && w == nil {
			t.Fatal("nil workload without error")
		}
	})
}
