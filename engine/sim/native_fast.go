package sim

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/capq/capq/safeio"
)

// readNativeFast is readNative for the plain native workload a generator
// writes, without encoding/json's reflection for the apps: decoding
// 100,000 apps through it was half of simulate's fixed cost on the
// contended day (issue #19). It reads only a strict subset and says ok
// only when readNative would read the same workload: every key of the
// app types spelt exactly once, strings without escapes, invalid UTF-8
// or control characters, integers without fraction or exponent and in
// range, no null. Anything else (a repeated key, events, an error of
// any kind) is not ok, and the caller reads the file with readNative,
// which words the error. The other top-level keys are few and small:
// readNativeKey decodes each as readNative does, from its own bytes.
// FuzzReadNativeSure pins it against readNative.
func readNativeFast(name string, data []byte) (w *Workload, marked, ok bool) {
	data, _ = safeio.CutBOM(data) // as readNative
	p := &fastReader{data: data}
	r := &posReader{name: name, data: data, lastLine: 1}
	w = &Workload{Name: name}
	seen := map[string]bool{}
	p.expect('{')
	if p.peek() == '}' {
		p.i++
	} else {
		for !p.bad {
			p.ws()
			keyOff := p.i
			key := string(p.rawStr())
			p.expect(':')
			if p.bad || seen[key] {
				return nil, false, false // readNative merges a repeated key
			}
			seen[key] = true
			switch key {
			case "apps":
				p.apps(r, w)
			case "format", "name", "am_heartbeat_ms", "nm_heartbeat_ms", "cluster", "users":
				p.keyValue(r, w, key, keyOff)
			default: // events (positions counted from each value), or unknown
				return nil, false, false
			}
			marked = marked || key == "format" || key == "cluster" || key == "apps"
			if !p.next('}') {
				break
			}
		}
	}
	if p.ws(); p.i != len(data) || p.bad {
		return nil, false, false
	}
	return w, marked, true
}

// fastReader reads JSON from data[i:]; bad is set at the first thing it
// does not read as encoding/json would, and ends every loop.
type fastReader struct {
	data []byte
	i    int
	bad  bool
}

func (p *fastReader) fail() {
	p.bad = true
	p.i = len(p.data)
}

func (p *fastReader) ws() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// peek is the next byte past whitespace, 0 at the end.
func (p *fastReader) peek() byte {
	p.ws()
	if p.i < len(p.data) {
		return p.data[p.i]
	}
	return 0
}

func (p *fastReader) expect(c byte) {
	if p.peek() != c {
		p.fail()
		return
	}
	p.i++
}

// next reads the ',' between members or elements (true) or the closing
// delimiter (false).
func (p *fastReader) next(closing byte) bool {
	switch p.peek() {
	case ',':
		p.i++
		return true
	case closing:
		p.i++
	default:
		p.fail()
	}
	return false
}

// rawStr reads a string encoding/json would keep byte for byte: no
// escape (unquoted), no control character (refused), valid UTF-8
// (invalid bytes become U+FFFD).
func (p *fastReader) rawStr() []byte {
	if p.peek() != '"' {
		p.fail()
		return nil
	}
	start, ascii := p.i+1, true
	for j := start; j < len(p.data); j++ {
		c := p.data[j]
		if c == '"' {
			if s := p.data[start:j]; ascii || utf8.Valid(s) {
				p.i = j + 1
				return s
			}
			break
		}
		if c == '\\' || c < 0x20 {
			break
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	p.fail()
	return nil
}

func (p *fastReader) str() string {
	return string(p.rawStr())
}

func (p *fastReader) strPtr() *string {
	s := p.str()
	return &s
}

// strings reads an array of strings; empty, it is an empty slice, not
// nil, as encoding/json makes it.
func (p *fastReader) strings() []string {
	out := []string{}
	p.expect('[')
	if p.peek() == ']' {
		p.i++
		return out
	}
	for !p.bad {
		out = append(out, p.str())
		if !p.next(']') {
			break
		}
	}
	return out
}

// int reads an integer of bits bits: -?(0|[1-9][0-9]*) as JSON writes
// it, at most 18 digits (so no overflow here); a fraction or exponent
// is a type error for encoding/json, and not read.
func (p *fastReader) int(bits uint) int64 {
	p.ws()
	j, neg := p.i, false
	if j < len(p.data) && p.data[j] == '-' {
		neg = true
		j++
	}
	start := j
	var n int64
	for ; j < len(p.data) && p.data[j] >= '0' && p.data[j] <= '9'; j++ {
		n = n*10 + int64(p.data[j]-'0')
	}
	digits := j - start
	if digits == 0 || digits > 18 || (digits > 1 && p.data[start] == '0') ||
		(j < len(p.data) && (p.data[j] == '.' || p.data[j] == 'e' || p.data[j] == 'E')) {
		p.fail()
		return 0
	}
	if neg {
		n = -n
	}
	if bits < 64 && (n < -(1<<(bits-1)) || n >= 1<<(bits-1)) {
		p.fail()
		return 0
	}
	p.i = j
	return n
}

// object calls field for each member of an object with the member's
// key, the reader at its value; field reads the value and returns the
// key's index in the type (below 64), or -1 for a key the type does not
// have. A repeated key is not read: encoding/json keeps the last value,
// merging objects.
func (p *fastReader) object(field func(key []byte) int) {
	p.expect('{')
	if p.peek() == '}' {
		p.i++
		return
	}
	var seen uint64
	for !p.bad {
		key := p.rawStr()
		p.expect(':')
		if p.bad {
			return
		}
		f := field(key)
		if f < 0 || seen&(1<<f) != 0 {
			p.fail()
			return
		}
		seen |= 1 << f
		if !p.next('}') {
			return
		}
	}
}

// apps reads the apps array as readNative does: each app positioned at
// its opening brace.
func (p *fastReader) apps(r *posReader, w *Workload) {
	p.expect('[')
	if p.peek() == ']' {
		p.i++
		return
	}
	for !p.bad {
		p.ws()
		pos := r.pos(int64(p.i))
		if w.Apps == nil { // not before the first app: no apps are nil
			w.Apps = make([]App, 0, appsRoom(p.data[p.i:]))
		}
		w.Apps = append(w.Apps, App{Pos: pos})
		p.app(&w.Apps[len(w.Apps)-1])
		if !p.next(']') {
			return
		}
	}
}

// appsRoom guesses how many apps follow by their "tasks" keys, which
// every app a generator writes has: growing the slice as they came
// copied 23 MB of apps some ten times into fresh memory. A guess only
// sizes the slice; it is at most one app per sizeof(App) bytes of the
// file, so a file of "tasks" strings asks for no more than its size.
func appsRoom(rest []byte) int {
	return min(bytes.Count(rest, []byte(`"tasks"`)), len(rest)/int(unsafe.Sizeof(App{})))
}

func (p *fastReader) app(a *App) {
	p.object(func(key []byte) int {
		switch string(key) {
		case "id":
			a.ID = p.str()
			return 0
		case "queue":
			a.Queue = p.str()
			return 1
		case "user":
			a.User = p.str()
			return 2
		case "groups":
			a.Groups = p.strings()
			return 3
		case "lifetime_s":
			a.LifetimeS = p.int(64)
			return 4
		case "app_name":
			a.AppName = p.str()
			return 5
		case "tags":
			a.Tags = p.strings()
			return 6
		case "submit_ms":
			a.SubmitMS = p.int(64)
			return 7
		case "priority":
			v := int32(p.int(32))
			a.Priority = &v
			return 8
		case "am":
			p.object(func(key []byte) int {
				switch string(key) {
				case "memory_mb":
					a.AM.MemoryMB = p.int(64)
					return 0
				case "vcores":
					a.AM.VCores = p.int(64)
					return 1
				}
				return -1
			})
			return 9
		case "node_label_expression":
			a.NodeLabelExpression = p.strPtr()
			return 10
		case "am_node_label_expression":
			a.AMNodeLabelExpression = p.strPtr()
			return 11
		case "tasks":
			a.Tasks = p.tasks()
			return 12
		}
		return -1
	})
}

// tasks reads an app's task groups; empty, an empty slice as
// encoding/json makes it.
func (p *fastReader) tasks() []TaskGroup {
	out := []TaskGroup{}
	p.expect('[')
	if p.peek() == ']' {
		p.i++
		return out
	}
	for !p.bad {
		out = append(out, TaskGroup{})
		p.task(&out[len(out)-1])
		if !p.next(']') {
			break
		}
	}
	return out
}

func (p *fastReader) task(g *TaskGroup) {
	p.object(func(key []byte) int {
		switch string(key) {
		case "count":
			g.Count = int(p.int(strconv.IntSize))
			return 0
		case "memory_mb":
			g.MemoryMB = p.int(64)
			return 1
		case "vcores":
			g.VCores = p.int(64)
			return 2
		case "duration_ms":
			g.DurationMS = p.int(64)
			return 3
		case "priority":
			g.Priority = int32(p.int(32))
			return 4
		case "phase":
			g.Phase = int(p.int(strconv.IntSize))
			return 5
		case "hosts":
			g.Hosts = p.strings()
			return 6
		case "racks":
			g.Racks = p.strings()
			return 7
		case "type":
			g.Type = p.str()
			return 8
		case "delay_ms":
			g.DelayMS = p.int(64)
			return 9
		case "node_label_expression":
			g.NodeLabelExpression = p.strPtr()
			return 10
		}
		return -1
	})
}

// keyValue reads a top-level key other than the apps with readNativeKey,
// from a decoder of the value's own bytes: what readNative reads with
// its decoder of the whole file when the value decodes whole.
func (p *fastReader) keyValue(r *posReader, w *Workload, key string, keyOff int) {
	p.ws()
	start := p.i
	p.skipValue()
	if p.bad {
		return
	}
	raw := p.data[start:p.i]
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := readNativeKey(dec, r, w, key, int64(keyOff)); err != nil || dec.InputOffset() != int64(len(raw)) {
		p.fail()
	}
}

// skipValue moves past one JSON value without checking it (keyValue's
// decoder does): a string with its escapes, brackets to their match, a
// number or literal to the next delimiter. Nesting deeper than any
// native value is not read.
func (p *fastReader) skipValue() {
	depth := 0
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case '"':
			j := p.i + 1
			for ; j < len(p.data) && p.data[j] != '"'; j++ {
				if p.data[j] == '\\' {
					j++
				}
			}
			if j >= len(p.data) {
				p.fail()
				return
			}
			p.i = j + 1
			if depth == 0 {
				return
			}
			continue
		case '{', '[':
			if depth++; depth > 16 {
				p.fail()
				return
			}
		case '}', ']':
			if depth == 0 {
				return
			}
			if depth--; depth == 0 {
				p.i++
				return
			}
		case ' ', '\t', '\n', '\r', ',', ':':
			if depth == 0 {
				return
			}
		}
		p.i++
	}
}
