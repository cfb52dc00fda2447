package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capq/capq/xmlconf"
)

// BenchmarkDiffCommand10k is `capq diff OLD NEW --format json` on two
// generated 10,000-queue files (about 13 MB each): NEW trades capacity
// between two top-level queues and doubles the global AM share, so every
// queue's absolute values or effective limits are compared and printed.
//
//	go test ./cmd/capq -run '^$' -bench DiffCommand10k -benchtime 5x
func BenchmarkDiffCommand10k(b *testing.B) {
	dir := b.TempDir()
	old := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: 10000, Seed: 1})
	s, err := xmlconf.EditGenerated(old)
	if err != nil {
		b.Fatal(err)
	}
	oldPath, newPath := filepath.Join(dir, "old.xml"), filepath.Join(dir, "new.xml")
	if err := os.WriteFile(oldPath, old, 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(newPath, s, 0o644); err != nil {
		b.Fatal(err)
	}
	st := &streams{
		in: strings.NewReader(""), out: io.Discard, errOut: io.Discard,
		getenv:    func(string) string { return "" },
		lookupEnv: func(string) (string, bool) { return "", false },
	}
	b.ReportAllocs()
	for b.Loop() {
		if code := execute([]string{"diff", oldPath, newPath, "--format", "json"}, st); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
