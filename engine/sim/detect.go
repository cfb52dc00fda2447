package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// Format is a workload file format.
type Format int

// Workload formats.
const (
	FormatUnknown Format = iota
	FormatNativeJSON
	FormatSLSTrace
	FormatSynth
	FormatRumen
)

// String names the format.
func (f Format) String() string {
	return [...]string{"unknown", "native", "sls", "synth", "rumen"}[f]
}

// Detect tells a native workload from an SLS trace by the keys of the
// first JSON object: native files have "apps", "cluster" or "format";
// SLS traces have job.* / num.nodes / am.* keys; SYNTH descriptions have
// workloads / num_jobs; Rumen traces jobID / mapTasks / submitTime. The
// RM's apps answer is recognised only to say what to do with it. A
// file in UTF-16 or UTF-32 is told by its text as Jackson decodes it;
// only a trace is read so (ReadTrace says which, bom.go): capq's own
// workload is refused.
func Detect(data []byte) (Format, error) {
	if wide := safeio.RefuseWide(data, "JSON"); wide != nil {
		text, _, err := safeio.JacksonUTF8(data)
		if err != nil {
			return FormatUnknown, wide
		}
		if f, err := detect(text); err == nil && f != FormatNativeJSON {
			return f, nil
		}
		return FormatUnknown, wide
	}
	data, _ = safeio.CutBOM(data) // whether the format's reader takes it is ReadTrace's call (bom.go)
	return detect(data)
}

func detect(data []byte) (Format, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if firstByte(data) == '[' {
		// An array of jobs, as Jackson's readValues also accepts.
		if _, err := dec.Token(); err != nil {
			return FormatUnknown, fmt.Errorf("not a JSON workload: %v", err)
		}
	}
	var first map[string]json.RawMessage
	if err := dec.Decode(&first); err != nil {
		return FormatUnknown, detectErr(data, dec, err)
	}
	var job, native bool
	for k := range first {
		switch {
		case k == "apps" && firstByte(first[k]) == '{':
			return FormatUnknown, fmt.Errorf("this looks like the ResourceManager's apps answer; make a workload of it with capq gen workload --from-rm-apps")
		case k == "apps" || k == "cluster" || k == "format" || k == "events":
			native = true
		case strings.HasPrefix(k, "job.") || k == "num.nodes" || k == "num.racks" || strings.HasPrefix(k, "am.") || k == "yarn.sls.am.type":
			job = true
		case k == "jobID" || k == "mapTasks" || k == "submitTime":
			return FormatRumen, nil
		case k == "workloads" || k == "num_jobs":
			return FormatSynth, nil
		}
	}
	switch {
	case native && !job:
		return FormatNativeJSON, nil
	case job && !native:
		return FormatSLSTrace, nil
	}
	return FormatUnknown, fmt.Errorf("cannot tell the workload format: the first object has neither native keys (format, cluster, apps) nor SLS job keys (job.queue.name, job.tasks)")
}

// TraceOptions say how ReadTrace reads a trace.
type TraceOptions struct {
	// Settings are Hadoop's SLS settings (sls-runner.xml's).
	Settings xmlconf.SLSSettings
	// Nodes, when not nil (an SLS topology), is the cluster.
	Nodes *Cluster
	// RumenTime is a --rumen-time value, for a Rumen trace.
	RumenTime string
	// MaxContainers is the container cap of the run the trace is read
	// for (Options.MaxContainers; 0: DefaultMaxContainers): the readers
	// refuse a trace past it as Run would, before building the rest.
	MaxContainers int
	// MaxEvents is the work budget of that run (Options.MaxEvents; 0:
	// DefaultMaxEvents, negative: none): a SYNTH description asking for
	// more jobs than it allows is refused before they are drawn.
	MaxEvents int64
}

// ReadTrace reads a trace Detect found not to be native JSON: SLS, Rumen
// or SYNTH.
func ReadTrace(name string, data []byte, format Format, o TraceOptions) (*Workload, error) {
	data, err := traceText(name, data, format, o.RumenTime)
	if err != nil {
		return nil, err
	}
	w, err := readTrace(name, data, format, o)
	if err != nil {
		return w, err
	}
	// What sls-runner.xml and the topology set that the run leaves out
	// comes first, in the order the files are given.
	var pre []string
	pre = append(pre, o.Settings.Notes...)
	if o.Nodes != nil {
		pre = append(pre, o.Nodes.Warnings...)
	}
	if len(pre) > 0 {
		w.Warnings = append(pre, w.Warnings...)
	}
	return w, nil
}

func readTrace(name string, data []byte, format Format, o TraceOptions) (*Workload, error) {
	switch format {
	case FormatRumen:
		base, err := ParseRumenTimeBase(o.RumenTime)
		if err != nil {
			return nil, err
		}
		return ReadRumen(name, data, o.Settings, o.Nodes, base, o.MaxContainers)
	case FormatSynth:
		w, err := readSynth(name, data, o.Settings, o.MaxContainers, o.MaxEvents)
		if err == nil && o.Nodes != nil {
			w.Cluster = *o.Nodes
			err = w.Validate()
		}
		return w, err
	}
	return ReadSLS(name, data, o.Settings, o.Nodes, o.MaxContainers)
}

// DetectError is a workload whose first JSON object cannot be read, at
// Line of the file, so the caller can say file:line.
type DetectError struct {
	Line int
	Msg  string
}

func (e *DetectError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// At words the error for the named file: "name:line: msg".
func (e *DetectError) At(name string) string { return fmt.Sprintf("%s:%d: %s", name, e.Line, e.Msg) }

// detectErr words why the first JSON object could not be read: a file
// that ends inside it (truncated) or a syntax error, at its line, or a
// value that is not an object at all.
func detectErr(data []byte, dec *json.Decoder, err error) error {
	lineAt := func(off int64) int {
		off = min(max(off, 0), int64(len(data)))
		return 1 + bytes.Count(data[:off], []byte{'\n'})
	}
	var syn *json.SyntaxError
	switch {
	case bytes.HasPrefix(data, []byte{0x1f, 0x8b}):
		// Rumen's JobTraceReader picks its codec by the file's suffix.
		return &DetectError{1, "not a JSON workload: gzip-compressed data; a Rumen trace is read compressed when its name ends in .gz (JobTraceReader picks the codec by suffix)"}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &DetectError{lineAt(int64(len(data))), "not a JSON workload: the file ends inside its first JSON object (truncated?)"}
	case errors.As(err, &syn):
		return &DetectError{lineAt(syn.Offset), "not a JSON workload: " + err.Error()}
	}
	return &DetectError{lineAt(dec.InputOffset()), fmt.Sprintf("not a JSON workload: the input does not start with a JSON object (%v)", err)}
}
