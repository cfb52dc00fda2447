package sim

import (
	"bufio"
	"encoding/json"
	"io"

	"github.com/capq/capq/safeio"
)

// WriteNative writes a workload in the native format, one app per line
// so large generated workloads stay diffable and streamable. Each value
// is written by encoding/json through safeio.JSONWriter, whole (so no
// character is split), so that a queue, user or app name from the
// configuration or an RM answer carries no bidi override or C1 control
// raw into a file a reviewer reads in a pull request.
func WriteNative(out io.Writer, w *Workload) error {
	bw := bufio.NewWriter(out)
	esc := safeio.JSONWriter(bw)
	enc := func(v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		_, err = esc.Write(b)
		return err
	}
	bw.WriteString("{\n  \"format\": \"" + FormatNative + "\",\n  \"name\": ")
	if err := enc(w.Name); err != nil {
		return err
	}
	bw.WriteString(",\n  \"cluster\": ")
	if err := enc(w.Cluster); err != nil {
		return err
	}
	if w.AMHeartbeatMS > 0 {
		bw.WriteString(",\n  \"am_heartbeat_ms\": ")
		_ = enc(w.AMHeartbeatMS)
	}
	if w.NMHeartbeatMS > 0 {
		bw.WriteString(",\n  \"nm_heartbeat_ms\": ")
		_ = enc(w.NMHeartbeatMS)
	}
	bw.WriteString(",\n  \"apps\": [")
	for i := range w.Apps {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n    ")
		if err := enc(&w.Apps[i]); err != nil {
			return err
		}
	}
	bw.WriteString("\n  ]")
	if len(w.Events) > 0 {
		bw.WriteString(",\n  \"events\": ")
		if err := enc(w.Events); err != nil {
			return err
		}
	}
	bw.WriteString("\n}\n")
	return bw.Flush()
}
