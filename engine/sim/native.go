package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/capq/capq/safeio"
)

// FormatNative is the value of the "format" key of a native workload.
const FormatNative = "capq-workload/v1"

// ReadNative reads a native JSON workload (see FORMAT.md): one object with
// "cluster", "apps" and optional "events". Unknown fields are errors, as
// are negative sizes; positions are file:line of the offending object.
func ReadNative(name string, data []byte) (*Workload, error) {
	w, _, err := readNative(name, data)
	return w, err
}

// readNative is ReadNative, also saying whether the object had one of the
// keys Detect calls native (format, cluster, apps, events): ReadNativeSure
// needs one to know Detect would have called the file native.
func readNative(name string, data []byte) (w *Workload, marked bool, err error) {
	if w, marked, err = parseNative(name, data); err != nil {
		return nil, false, err
	}
	return w, marked, w.Validate()
}

// parseNative is readNative without Validate: the workload as the file
// gives it, or the error that stopped its reading.
func parseNative(name string, data []byte) (w *Workload, marked bool, err error) {
	data, _ = safeio.CutBOM(data) // capq's own format: a BOM is skipped (bom.go)
	r := &posReader{name: name, data: data, lastLine: 1}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	w = &Workload{Name: name}
	if err := expectDelim(dec, '{', r); err != nil {
		return nil, false, err
	}
	for dec.More() {
		// The key's own line, not the line of the comma before it.
		keyOff := r.skipSpace(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return nil, false, r.jsonErr(err, dec)
		}
		key, _ := tok.(string)
		if err := readNativeKey(dec, r, w, key, keyOff); err != nil {
			return nil, false, err
		}
		marked = marked || key == "format" || key == "cluster" || key == "apps" || key == "events"
	}
	if _, err := dec.Token(); err != nil {
		return nil, false, r.jsonErr(err, dec)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false, fmt.Errorf("%s: unexpected data after the workload object", r.pos(dec.InputOffset()))
	}
	return w, marked, nil
}

func readNativeKey(dec *json.Decoder, r *posReader, w *Workload, key string, off int64) error {
	switch key {
	case "format":
		var f string
		if err := dec.Decode(&f); err != nil {
			return r.jsonErr(err, dec)
		}
		if f != FormatNative {
			return fmt.Errorf("%s: format %q is not supported; want %q", r.pos(off), f, FormatNative)
		}
	case "name":
		return decodeKey(dec, r, key, &w.Name)
	case "am_heartbeat_ms":
		w.AMHeartbeatFrom.Pos = r.pos(off)
		return decodeKey(dec, r, key, &w.AMHeartbeatMS)
	case "nm_heartbeat_ms":
		w.NMHeartbeatFrom.Pos = r.pos(off)
		return decodeKey(dec, r, key, &w.NMHeartbeatMS)
	case "cluster":
		w.Cluster.Pos = r.pos(off)
		return decodeAt(dec, r, &w.Cluster)
	case "users":
		return decodeAt(dec, r, &w.Users)
	case "apps":
		return readArray(dec, r, func(pos string) error {
			var a App
			if err := decodeShift(dec, &a); err != nil {
				return r.elemErr(err, dec, pos)
			}
			a.Pos = pos
			w.Apps = append(w.Apps, a)
			return nil
		})
	case "events":
		return readArray(dec, r, func(pos string) error {
			var e Event
			if err := decodeShift(dec, &e); err != nil {
				return r.elemErr(err, dec, pos)
			}
			e.Pos = pos
			switch e.Kind {
			case EventRefresh, EventAddNodes, EventRemoveNodes, EventUpdateNodeLabels:
			default:
				return fmt.Errorf("%s: unknown event kind %q (want refresh, add_nodes, remove_nodes or update_node_labels)", pos, e.Kind)
			}
			w.Events = append(w.Events, e)
			return nil
		})
	default:
		return fmt.Errorf("%s: unknown field %q (want format, name, cluster, apps, events, am_heartbeat_ms, nm_heartbeat_ms)", r.pos(off), key)
	}
	return nil
}

func decodeAt(dec *json.Decoder, r *posReader, v any) error {
	return decodeKey(dec, r, "", v)
}

// decodeKey is decodeAt for a top-level key: a type error of a scalar
// names it ("value must be int64" named nothing).
func decodeKey(dec *json.Decoder, r *posReader, key string, v any) error {
	err := decodeShift(dec, v)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field == "" && key != "" {
		te.Field = key
	}
	return r.jsonErr(err, dec)
}

// decodeShift is dec.Decode with a type error's offset counted from the
// start of the input: encoding/json counts it from the start of the
// value decoded, so a value's type error was placed on a line near the
// top of the file. InputOffset may not have passed the ':' or ',' before
// the value yet; one byte early stays on the same line.
func decodeShift(dec *json.Decoder, v any) error {
	base := dec.InputOffset()
	err := dec.Decode(v)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		te.Offset += base
	}
	return err
}

// readArray calls each for every element of an array, with the position
// of the element's start.
func readArray(dec *json.Decoder, r *posReader, each func(pos string) error) error {
	if err := expectDelim(dec, '[', r); err != nil {
		return err
	}
	for dec.More() {
		off := r.skipSpace(dec.InputOffset())
		if err := each(r.pos(off)); err != nil {
			return err
		}
	}
	_, err := dec.Token()
	if err != nil {
		return r.jsonErr(err, dec)
	}
	return nil
}

func expectDelim(dec *json.Decoder, want json.Delim, r *posReader) error {
	off := dec.InputOffset()
	tok, err := dec.Token()
	if err != nil {
		return r.jsonErr(err, dec)
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return fmt.Errorf("%s: expected %q, found %v", r.pos(r.skipSpace(off)), string(want), tok)
	}
	return nil
}

// posReader turns byte offsets into file:line positions.
type posReader struct {
	name     string
	data     []byte
	lastOff  int64
	lastLine int
}

// skipSpace moves an offset past whitespace and a separating comma, to
// the start of the next value.
func (r *posReader) skipSpace(off int64) int64 {
	for off < int64(len(r.data)) {
		switch r.data[off] {
		case ' ', '\t', '\n', '\r', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}

// line returns the 1-based line of an offset. Readers ask for offsets in
// increasing order, so it counts on from the last answer (counting from
// the start each time made reading 100,000 apps quadratic).
func (r *posReader) line(off int64) int {
	if off > int64(len(r.data)) {
		off = int64(len(r.data))
	}
	if off < r.lastOff {
		r.lastOff, r.lastLine = 0, 1
	}
	r.lastLine += bytes.Count(r.data[r.lastOff:off], []byte{'\n'})
	r.lastOff = off
	return r.lastLine
}

func (r *posReader) pos(off int64) string {
	return fmt.Sprintf("%s:%d", r.name, r.line(off))
}

// jsonErr positions a decoding error: syntax and type errors carry their
// own offset; anything else is placed where the decoder stopped.
func (r *posReader) jsonErr(err error, dec *json.Decoder) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("%s: malformed JSON: %s", r.pos(se.Offset), se.Error())
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			field = "value"
		}
		return fmt.Errorf("%s: %s must be %s, not a JSON %s", r.pos(te.Offset), field, jsonWant(te.Type), te.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: malformed JSON: unexpected end of input", r.pos(int64(len(r.data))))
	}
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "json: ")
	return fmt.Errorf("%s: %s", r.pos(dec.InputOffset()), msg)
}

// elemErr positions an error inside an array element: syntax and type
// errors where they are, anything else (unknown fields) at the element.
func (r *posReader) elemErr(err error, dec *json.Decoder, pos string) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	if errors.As(err, &se) || errors.As(err, &te) || errors.Is(err, io.ErrUnexpectedEOF) {
		return r.jsonErr(err, dec)
	}
	return fmt.Errorf("%s: %s", pos, strings.TrimPrefix(err.Error(), "json: "))
}

// jsonWant names what a JSON value must be to decode into t, in JSON's
// words for containers ("map[string]interface {}" told a user nothing);
// numbers keep their Go width (int32), which is the range they must fit.
func jsonWant(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return jsonWant(t.Elem())
	case reflect.Map, reflect.Struct:
		return "a JSON object"
	case reflect.Slice, reflect.Array:
		return "a JSON array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	}
	return t.String()
}
