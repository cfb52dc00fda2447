package sim

import (
	"bufio"
	"encoding/json"
	"io"
)

// WriteNative writes a workload in the native format, one app per line
// so large generated workloads stay diffable and streamable.
func WriteNative(out io.Writer, w *Workload) error {
	bw := bufio.NewWriter(out)
	enc := func(v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		_, err = bw.Write(b)
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
