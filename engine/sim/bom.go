package sim

import (
	"fmt"

	"github.com/capq/capq/safeio"
)

// A UTF-8 byte-order mark at the start of an input is read the way the
// Hadoop reader of that input reads it. Jackson skips a BOM only when it
// reads bytes (ByteSourceJsonBootstrapper); given a java.io.Reader, it sees
// U+FEFF as the first character and fails with "Unexpected character
// (code 65279 / 0xfeff): expected a valid value" (jackson-core #458: "BOM
// can only exist in byte stream"), and InputStreamReader's UTF-8 decoder
// keeps the BOM. So:
//
//   - SYNTH: SynthTraceJobProducer reads mapper.readValue(InputStream):
//     skipped.
//   - Rumen (--rumen-time sls): JobTraceReader's JsonObjectMapperParser
//     reads an InputStream: skipped.
//   - SLS traces: AMRunner.startAMFromSLSTrace (SLSRunner before 3.4)
//     parses an InputStreamReader: refused.
//   - Rumen through rumen2sls.sh: RumenToSLSConverter.generateSLSLoadFile
//     parses an InputStreamReader: refused.
//   - --sls-nodes: SLSUtils.parseNodesFromNodeFile parses an
//     InputStreamReader: refused.
//   - capq's native workload and the RM's apps and nodes answers are read
//     by capq alone (the RM writes no BOM; an editor that re-saved the file
//     did): skipped, as scenario files are.

// bomRefused is the error for an input whose Hadoop reader refuses a BOM.
func bomRefused(name, reader string) error {
	return fmt.Errorf("%s: starts with a UTF-8 byte-order mark, which %s refuses (it parses through a java.io.Reader, where Jackson reads U+FEFF as an unexpected character); save the file without it", name, reader)
}

// traceBOM cuts a trace's BOM when its Hadoop reader skips it, and
// refuses the trace when that reader refuses it.
func traceBOM(name string, data []byte, format Format, rumenTime string) ([]byte, error) {
	data, bom := safeio.CutBOM(data)
	if !bom {
		return data, nil
	}
	switch {
	case format == FormatSLSTrace:
		return nil, bomRefused(name, "SLS's trace reader (AMRunner.startAMFromSLSTrace)")
	case format == FormatRumen && rumenTime == "rumen2sls":
		return nil, bomRefused(name, "rumen2sls.sh (RumenToSLSConverter.generateSLSLoadFile)")
	}
	return data, nil
}
