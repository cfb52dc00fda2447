package golden

import (
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/sergi/go-diff/diffmatchpatch"
)

var update = flag.Bool("update", false, "rewrite golden files with the current output")

// Updating reports whether golden files are being rewritten.
func Updating() bool { return *update || os.Getenv("CAPQ_UPDATE_GOLDEN") == "1" }

// Dir returns the absolute path of the golden directory.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(file)
}

// RepoRoot returns the absolute path of the repository root.
func RepoRoot() string { return filepath.Dir(Dir()) }

// Assert compares got with golden/<name>; in update mode it writes it.
func Assert(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join(Dir(), filepath.FromSlash(name))
	if Updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden file %s: %v (run with -update or CAPQ_UPDATE_GOLDEN=1 to create it)", name, err)
	}
	if string(want) != string(got) {
		dmp := diffmatchpatch.New()
		diffs := dmp.DiffMain(string(want), string(got), false)
		t.Errorf("output differs from golden/%s (-want +got):\n%s", name, dmp.DiffPrettyText(diffs))
	}
}
