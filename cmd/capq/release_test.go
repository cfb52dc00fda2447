package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// TestMakeRelease runs `make release` for one platform: a static binary
// (CGO off) that reports the stamped version, and a checksums file that
// matches it. The other platforms differ only in GOOS/GOARCH.
func TestMakeRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a release binary")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make not installed")
	}
	dist := t.TempDir()
	cmd := exec.Command("make", "release", "VERSION=v1.2.3-test", "PLATFORMS=linux/amd64", "DIST="+dist)
	cmd.Dir = golden.RepoRoot()
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))

	bin := filepath.Join(dist, "capq-v1.2.3-test-linux-amd64")
	info, err := exec.Command("go", "version", "-m", bin).Output()
	require.NoError(t, err)
	assert.Contains(t, string(info), "CGO_ENABLED=0", "static")
	// -trimpath keeps -ldflags out of the build info; the binary's own
	// --version shows the stamp (below, where the platform matches).

	sums, err := os.ReadFile(filepath.Join(dist, "SHA256SUMS"))
	require.NoError(t, err)
	data, err := os.ReadFile(bin)
	require.NoError(t, err)
	sum := sha256.Sum256(data)
	assert.Equal(t, hex.EncodeToString(sum[:])+"  capq-v1.2.3-test-linux-amd64", strings.TrimSpace(string(sums)))

	if runtime.GOOS == "linux" && runtime.GOARCH == "amd64" {
		v, err := exec.Command(bin, "--version").Output()
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(string(v), "capq v1.2.3-test"), string(v))
	}
}
