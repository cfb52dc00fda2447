package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
	s, err := diffBenchEdit(old)
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

// diffBenchEdit is BenchmarkDiffCommand10k's edit of the generated file.
// It fails when a pattern is not found exactly once: the benchmark would
// otherwise time a smaller change than it says.
func diffBenchEdit(old []byte) ([]byte, error) {
	s := string(old)
	for _, r := range [][2]string{
		{"root.ads0.capacity</name>\n    <value>9<", "root.ads0.capacity</name>\n    <value>14<"},
		{"root.eng9.capacity</name>\n    <value>14<", "root.eng9.capacity</name>\n    <value>9<"},
		{"capacity.maximum-am-resource-percent</name>\n    <value>0.1<", "capacity.maximum-am-resource-percent</name>\n    <value>0.2<"},
	} {
		if n := strings.Count(s, r[0]); n != 1 {
			return nil, fmt.Errorf("diffBenchEdit: %q found %d times in the generated configuration, want once", r[0], n)
		}
		s = strings.Replace(s, r[0], r[1], 1)
	}
	return []byte(s), nil
}

// TestDiffBenchEditApplies: the benchmark's edit still applies to the
// generated 10,000-queue file, and fails where it does not.
func TestDiffBenchEditApplies(t *testing.T) {
	_, err := diffBenchEdit(xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: 10000, Seed: 1}))
	require.NoError(t, err)
	_, err = diffBenchEdit([]byte("<configuration/>"))
	assert.ErrorContains(t, err, "found 0 times")
}
