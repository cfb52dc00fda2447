package sim

import (
	"encoding"
	"encoding/json"
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
// without error, and then gives ReadNative's workload. It returns
// whether it was sure.
func checkNativeSure(t *testing.T, name string, data []byte) bool {
	t.Helper()
	w, ok := ReadNativeSure(name, data)
	format, derr := Detect(data)
	slow, rerr := ReadNative(name, data)
	want := derr == nil && format == FormatNativeJSON && rerr == nil
	require.Equal(t, want, ok, "%s: sure %v; Detect %v, %v; ReadNative %v", name, ok, format, derr, rerr)
	if ok {
		require.Equal(t, slow, w, name)
	}
	return ok
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

// TestReadNativeSureAgreesWithDetect: on every JSON file of the test data
// (workloads, traces, RM answers, scenarios), the fuzz seeds and the
// cases above, the fast path of simulate's workload reading is taken
// exactly when Detect then ReadNative would read the file, with the same
// workload; every other file takes the slow path, which words its error.
func TestReadNativeSureAgreesWithDetect(t *testing.T) {
	sure := 0
	for i, c := range nativeSureCases {
		if checkNativeSure(t, "case"+string(rune('a'+i)), []byte(c)) {
			sure++
		}
		checkNativeSure(t, "wide", utf16LEWithBOM([]byte(c)))
	}
	files := 0
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
			return nil
		})
		require.NoError(t, err)
	}
	t.Logf("%d files, %d read by the fast path", files, sure)
	assert.Greater(t, files, 500)
	assert.Greater(t, sure, 15, "the fast path is taken on the native workloads")
}

// FuzzReadNativeSure: whatever the bytes, the fast path agrees with
// Detect then ReadNative.
func FuzzReadNativeSure(f *testing.F) {
	for _, c := range nativeSureCases {
		f.Add([]byte(c))
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
