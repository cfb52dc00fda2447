package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Standard output on a full disk is exit 2 for every command, and no
// usage error: rules, explain, version and completion returned the write
// error bare, which capq took for a mistyped command line ("Run 'capq
// rules --help' for usage."). Help, written by cobra, which ignores the
// write error, exited 0 with no help shown.
func TestHostileStdoutFull(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	defer full.Close()
	for _, args := range [][]string{
		{"rules"}, {"explain", "CS001"}, {"version"}, {"completion", "bash"},
		{"lint", seedsConfig()}, {"tree", seedsConfig()},
		{"--help"}, {"lint", "--help"}, {"help", "lint"}, {"help"}, {"--version"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			cmd := exec.Command(capqBin, args...)
			cmd.Env = append(environWithout("CI"), "NO_COLOR=1")
			var errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = full, &errOut
			err := cmd.Run()
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee, errOut.String())
			assert.Equal(t, exitCannotRun, ee.ExitCode(), errOut.String())
			assert.Contains(t, errOut.String(), "no space left on device")
			assert.NotContains(t, errOut.String(), "for usage")
		})
	}
}
