package sim

import (
	"fmt"

	"github.com/capq/capq/safeio"
)

// A trace's bytes become text the way the Hadoop reader of that trace
// decodes them. Jackson given bytes (an InputStream or a byte[]) lets
// ByteSourceJsonBootstrapper detect UTF-8, UTF-16 or UTF-32 and skip a
// byte-order mark (safeio.JacksonUTF8); given a java.io.Reader, it sees
// the characters the Reader decoded. SLS's Readers are InputStreamReaders
// with a fixed UTF-8: a UTF-16 file comes out as U+FFFD and NULs, and
// U+FEFF, a UTF-8 BOM, is "Unexpected character (code 65279 / 0xfeff):
// expected a valid value" (jackson-core #458: "BOM can only exist in byte
// stream"). So:
//
//   - SYNTH: SynthTraceJobProducer reads mapper.readValue(InputStream):
//     detected, BOM skipped.
//   - Rumen (--rumen-time sls): JobTraceReader's JsonObjectMapperParser
//     reads mapper.createParser(InputStream): detected, BOM skipped.
//   - SLS traces: AMRunner.startAMFromSLSTrace (SLSRunner before 3.4)
//     parses an InputStreamReader(UTF-8): UTF-16/32 and a BOM refused.
//   - Rumen through rumen2sls.sh: RumenToSLSConverter.generateSLSLoadFile
//     parses an InputStreamReader(UTF-8): refused.
//   - --sls-nodes: SLSUtils.parseNodesFromNodeFile parses an
//     InputStreamReader("UTF-8"): refused.
//   - capq's native workload and the RM's apps and nodes answers are read
//     by capq alone (the RM writes no BOM; an editor that re-saved the file
//     did): a BOM skipped, as scenario files are; UTF-16/32 refused.

// bomRefused is the error for an input whose Hadoop reader refuses a BOM.
func bomRefused(name, reader string) error {
	return fmt.Errorf("%s: starts with a UTF-8 byte-order mark, which %s refuses (it parses through a java.io.Reader, where Jackson reads U+FEFF as an unexpected character); save the file without it", name, reader)
}

// utf8Reader names the Hadoop reader of a trace that parses it through a
// UTF-8 InputStreamReader; "" when Jackson reads the trace's bytes.
func utf8Reader(format Format, rumenTime string) string {
	switch {
	case format == FormatSLSTrace:
		return "SLS's trace reader (AMRunner.startAMFromSLSTrace)"
	case format == FormatRumen && rumenTime == "rumen2sls":
		return "rumen2sls.sh (RumenToSLSConverter.generateSLSLoadFile)"
	}
	return ""
}

// traceText is a trace's UTF-8 text as its Hadoop reader reads it:
// decoded as Jackson detects it for the readers of bytes, refused in
// UTF-16 or UTF-32 or with a BOM for the UTF-8 Readers.
func traceText(name string, data []byte, format Format, rumenTime string) ([]byte, error) {
	if reader := utf8Reader(format, rumenTime); reader != "" {
		if err := safeio.RefuseWideAs(data, "JSON", reader); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if _, bom := safeio.CutBOM(data); bom {
			return nil, bomRefused(name, reader)
		}
		return data, nil
	}
	text, _, err := safeio.JacksonUTF8(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return text, nil
}
