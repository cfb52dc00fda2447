package sim

import (
	"encoding"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkNativeSure pins ReadNativeSure against the path it skips: it is
// sure exactly when Detect calls the file native and ReadNative reads it
// to a workload, valid or not, and then gives ReadNative's workload and
// error (Validate's refusal, word for word). It returns whether it was
// sure.
func checkNativeSure(t *testing.T, name string, data []byte) bool {
	t.Helper()
	w, ok, err := ReadNativeSure(name, data)
	format, derr := Detect(data)
	slow, rerr := ReadNative(name, data)
	_, _, perr := parseNative(name, data)
	want := derr == nil && format == FormatNativeJSON && perr == nil
	require.Equal(t, want, ok, "%s: sure %v; Detect %v, %v; ReadNative %v", name, ok, format, derr, rerr)
	switch {
	case !ok:
		require.NoError(t, err, "%s: not sure, the slow path words the error", name)
	case rerr != nil:
		require.EqualError(t, err, rerr.Error(), name)
	default:
		require.NoError(t, err, name)
		require.Equal(t, slow, w, name)
	}
	checkNativeFast(t, name, data)
	return ok
}

// checkNativeFast pins readNativeFast against readNative: when it reads a
// file, readNative reads it too, to the same workload (and so the same
// Validate answer). It returns whether it read the file.
func checkNativeFast(t *testing.T, name string, data []byte) bool {
	t.Helper()
	w, marked, ok := readNativeFast(name, data)
	if !ok {
		return false
	}
	verr := w.Validate()
	slow, slowMarked, err := readNative(name, data)
	require.NotNil(t, slow, "%s: readNativeFast read what readNative refuses: %v", name, err)
	require.Equal(t, slow, w, name)
	assert.Equal(t, slowMarked, marked, name)
	if err != nil || verr != nil {
		assert.EqualError(t, verr, err.Error(), name)
	}
	return true
}

// nativeSureCases are files whose detection or reading goes wrong one way
// or another, beside valid ones.
var nativeSureCases = []string{
	`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "apps": []}`,
	"\ufeff" + `{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}}`,
	` {"format": "capq-workload/v1", "cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}}  `,
	`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "apps": [], "apps": []}`,
	`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "\u0061pps": []}`,
	// Detect's error, not ReadNative's, words these.
	`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "apps": {"app": []}}`,
	`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "apps": [,]}`,
	`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "apps": [`,
	`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}} {"job.tasks": []}`,
	`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "jobID": "j"}`,
	`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "job.queue.name": "q"}`,
	`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "apps": [{"groups": ` + strings.Repeat("[", 9_998) + strings.Repeat("]", 9_998) + `}]}`,
	`[{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}}]`,
	`{"users": {"u": ["g"]}}`,
	`{}`,
	`{"num.nodes": 2}`,
	`{"jobID": "j", "submitTime": 1, "mapTasks": []}`,
	`{"num_jobs": 1, "workloads": []}`,
}

// fastCases are files readNativeFast leaves to readNative (fast false):
// escapes, a key spelt otherwise, null, a fraction or exponent, too many
// digits, out of range, a repeated key, invalid UTF-8, a leading zero,
// events, errors; and files it reads (fast true).
var fastCases = []struct {
	in   string
	fast bool
}{
	{fastApp(`"id": "a\u0062"`), false},
	{fastApp(`"ID": "a"`), false},
	{fastApp(`"id": "a", "priority": null`), false},
	{fastApp(`"id": "a", "submit_ms": 1.0`), false},
	{fastApp(`"id": "a", "submit_ms": 1e3`), false},
	{fastApp(`"id": "a", "submit_ms": 1234567890123456789`), false},
	{fastApp(`"id": "a", "priority": 2147483648`), false},
	{fastApp(`"id": "a", "priority": -2147483649`), false},
	{fastApp(`"id": "a", "user": "u", "user": "v"`), false},
	{fastApp("\"id\": \"a\", \"queue\": \"q\xff\""), false},
	{fastApp("\"id\": \"a\", \"queue\": \"q\x01\""), false},
	{fastApp(`"id": "a", "submit_ms": 01`), false},
	{fastApp(`"id": "a", "submit_ms": -`), false},
	{fastApp(`"id": "a", "submit_ms": "1"`), false},
	{fastApp(`"id": "a", "tasks": [{"count": 1, "memory_mb": 8, "vcores": 1, "duration_ms": 1, "count": 2}]`), false},
	{fastApp(`"id": "a", "tasks": [{"count": 1, "memory_mb": 8, "vcores": 1, "duration_ms": 1,}]`), false},
	{fastApp(`"id": "a", "tags": ["a",]`), false},
	{fastApp(`"id": "a", "am": {"memory_mb": 1, "vcores": 1, "memory_mb": 2}`), false},
	{fastApp(`"id": "a", "x": 1`), false},
	{`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "cluster": {"nodes": []}}`, false},
	{`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "events": [{"at_ms": 1, "kind": "remove_nodes", "names": ["node0"]}]}`, false},
	{`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "name": 1 2}`, false},
	{`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "format": "capq-workload/v2"}`, false},
	{`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}], "x": 1}}`, false},
	{`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}}x`, false},
	{`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]},}`, false},
	{`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "apps": [{"id": "a"},]}`, false},
	{fastApp(`"id": "a", "queue": "qé", "user": "u", "submit_ms": -0, "priority": -2147483648, "tags": [], "groups": ["g"]`), true},
	{fastApp("\r\n\t\"id\"\t:\r\n\"a\" , \"queue\" : \"é\""), true},
	{"\ufeff" + fastApp(`"id": "a"`), true},
	{`{"cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]}, "name": "a\"b}", "users": {"u": ["g"]}, "am_heartbeat_ms": 5, "nm_heartbeat_ms": 7}`, true},
	{`{"users": {"u": ["g"]}}`, true},
	{fastApp(allAppFields()), true},
}

// fastApp is a workload of one app with the given members.
func fastApp(members string) string {
	return `{"format": "capq-workload/v1", "cluster": {"nodes": [{"count": 1, "memory_mb": 8, "vcores": 1}]},
  "apps": [
    {"id": "a0", "queue": "root.default", "am": {"memory_mb": 1, "vcores": 1}},
    {` + members + `}]}`
}

// TestReadNativeSureAgreesWithDetect: on every JSON file of the test data
// (workloads, traces, RM answers, scenarios), the fuzz seeds and the
// cases above, the fast path of simulate's workload reading is taken
// exactly when Detect then ReadNative would read the file, with the same
// workload; every other file takes the slow path, which words its error.
func TestReadNativeSureAgreesWithDetect(t *testing.T) {
	for i, c := range nativeSureCases {
		checkNativeSure(t, "case"+string(rune('a'+i)), []byte(c))
		checkNativeSure(t, "wide", utf16LEWithBOM([]byte(c)))
	}
	for _, c := range fastCases {
		checkNativeSure(t, "fast", []byte(c.in))
		assert.Equal(t, c.fast, checkNativeFast(t, "fast", []byte(c.in)), c.in)
	}
	files, sure, fast := 0, 0, 0
	for _, root := range []string{"testdata", filepath.Join("..", "..", "testdata")} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
				return err
			}
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			files++
			if checkNativeSure(t, path, data) {
				sure++
			}
			if checkNativeFast(t, path, data) {
				fast++
			}
			return nil
		})
		require.NoError(t, err)
	}
	t.Logf("%d files: %d read by ReadNativeSure, %d parsed by readNativeFast (valid or not)", files, sure, fast)
	assert.Greater(t, files, 500)
	assert.Greater(t, sure, 10, "the fast path is taken on the native workloads")
	assert.Greater(t, fast, 10, "readNativeFast reads the plain ones")
}

// FuzzReadNativeSure: whatever the bytes, the fast path agrees with
// Detect then ReadNative.
func FuzzReadNativeSure(f *testing.F) {
	for _, c := range nativeSureCases {
		f.Add([]byte(c))
	}
	for _, c := range fastCases {
		f.Add([]byte(c.in))
	}
	f.Add(utf16LEWithBOM([]byte(nativeSureCases[0])))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkNativeSure(t, "f.json", data)
	})
}

// TestNativeTypesNestShallowly: a value ReadNative accepts nests only as
// deep as the native types do, far below the JSON scanner's limit of
// 10,000 levels, which counts from the start of the file for Detect but
// from each app or event for ReadNative. ReadNativeSure relies on it: a
// field of any type (an interface, raw JSON, its own decoder) would let
// ReadNative accept an app Detect refuses as too deep.
func TestNativeTypesNestShallowly(t *testing.T) {
	assert.Less(t, jsonDepth(t, reflect.TypeFor[Workload](), nil), 20)
}

func jsonDepth(t *testing.T, ty reflect.Type, seen []reflect.Type) int {
	for _, s := range seen {
		require.NotEqual(t, s, ty, "%v nests in itself", ty)
	}
	seen = append(seen, ty)
	p := reflect.PointerTo(ty)
	unmarshaler := reflect.TypeFor[json.Unmarshaler]()
	text := reflect.TypeFor[encoding.TextUnmarshaler]()
	require.False(t, p.Implements(unmarshaler) || p.Implements(text), "%v decodes itself", ty)
	switch ty.Kind() {
	case reflect.Interface:
		t.Fatalf("%v holds any JSON", ty)
	case reflect.Pointer:
		return jsonDepth(t, ty.Elem(), seen)
	case reflect.Slice, reflect.Array, reflect.Map:
		return 1 + jsonDepth(t, ty.Elem(), seen)
	case reflect.Struct:
		depth := 0
		for i := range ty.NumField() {
			f := ty.Field(i)
			if !f.IsExported() || f.Tag.Get("json") == "-" {
				continue
			}
			depth = max(depth, jsonDepth(t, f.Type, seen))
		}
		return 1 + depth
	}
	return 0
}

// allAppFields sets every member of an app and its task group, by the
// json names of App and TaskGroup: a member added to them must be added
// to readNativeFast too, or every workload setting it is read slowly.
func allAppFields() string {
	var b strings.Builder
	fmt.Fprintf(&b, `"id": "a"`)
	for _, f := range reflect.VisibleFields(reflect.TypeFor[App]()) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || name == "id" {
			continue
		}
		fmt.Fprintf(&b, ", %q: ", name)
		switch name {
		case "am":
			b.WriteString(`{"memory_mb": 1, "vcores": 1}`)
		case "tasks":
			b.WriteString("[{")
			for i, g := range reflect.VisibleFields(reflect.TypeFor[TaskGroup]()) {
				gname, _, _ := strings.Cut(g.Tag.Get("json"), ",")
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%q: %s", gname, jsonOf(g.Type))
			}
			b.WriteString("}]")
		default:
			b.WriteString(jsonOf(f.Type))
		}
	}
	return b.String()
}

func jsonOf(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return jsonOf(t.Elem())
	case reflect.String:
		return `"x"`
	case reflect.Slice:
		return "[" + jsonOf(t.Elem()) + "]"
	}
	return "1"
}

// TestReadNativeSureRefusesInOneRead: a native workload that parses but
// that Validate refuses is answered at once, with ReadNative's error,
// from the fast reader's subset and from outside it: it was read again by
// Detect and by ReadNative before it was refused (5.8 s against 5.0 s
// on a million apps).
func TestReadNativeSureRefusesInOneRead(t *testing.T) {
	for _, c := range []struct {
		in   string
		fast bool
	}{
		{fastApp(`"id": "a", "queue": "q", "user": "u"`), true},
		{fastApp(`"id": "\u0061", "queue": "q", "user": "u"`), false},
	} {
		_, fast, _ := readNativeFast("w.json", []byte(c.in))
		require.Equal(t, c.fast, fast, c.in)
		w, ok, err := ReadNativeSure("w.json", []byte(c.in))
		require.True(t, ok, c.in)
		require.NotNil(t, w, c.in)
		assert.EqualError(t, err, `w.json:3: application "a0" has no user`, c.in)
	}
}
