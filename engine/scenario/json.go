package scenario

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/safeio"
)

// PreemptResult is the outcome of a preempt step.
type PreemptResult struct {
	Selected []int64 `json:"selected"`
	Marked   []int64 `json:"marked"`
	Killed   []int64 `json:"killed"`
	// MarkedByApp and KilledByApp count them per application.
	MarkedByApp map[string]int   `json:"marked_by_app"`
	KilledByApp map[string]int   `json:"killed_by_app"`
	ToObtainMB  map[string]int64 `json:"to_obtain_mb"`
	// Killable and KillableByApp are the containers lazy preemption made
	// killable (absent without it).
	Killable      []int64        `json:"killable,omitempty"`
	KillableByApp map[string]int `json:"killable_by_app,omitempty"`
}

// ids keeps an empty list an empty JSON array rather than null.
func ids(v []int64) []int64 {
	if v == nil {
		return []int64{}
	}
	return v
}

// assignmentJSON is an assignment in scenario output.
type assignmentJSON struct {
	App      string `json:"app"`
	Queue    string `json:"queue"`
	MemoryMB int64  `json:"memory_mb"`
	VCores   int64  `json:"vcores"`
	Priority int32  `json:"priority"`
	Locality string `json:"locality"`
	Node     string `json:"node"`
	Reserved bool   `json:"reserved"`
	Kind     string `json:"kind"`
}

// assignmentOut is an assignment as the output shows it: "none" when the
// pass placed (or reserved) nothing.
func assignmentOut(a engine.Assignment) any {
	switch a.Kind {
	case engine.AssignNone, engine.AssignUnreserved:
		return "none"
	}
	return assignmentJSON{App: a.App, Queue: a.Queue, MemoryMB: a.Resource.MemoryMB, VCores: a.Resource.VCores,
		Priority: a.Priority, Locality: a.Locality.String(), Node: a.Node,
		Reserved: a.Kind == engine.AssignReserved || a.Kind == engine.AssignReReserved, Kind: a.Kind.String()}
}

// sortedState turns a snapshot into maps so every key prints sorted.
func sortedState(st *engine.State) map[string]any {
	m, err := toGeneric(st)
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	return m
}

// WriteJSON writes out as indented JSON with a final newline (the format
// of `capq scenario --format json`).
func WriteJSON(w io.Writer, out *Output) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := safeio.JSONWriter(w).Write(b.Bytes())
	return err
}
