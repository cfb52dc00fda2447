package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Inputs beside the configuration that untrusted mode must not let leak
// a file of the runner or an environment value: policy and gate files,
// scenario config files and workload refresh configurations. See
// hostile_e2e_test.go for the harness.

// outsideSecret writes fileCanary to a file outside every directory the
// test gives capq and returns its path.
func outsideSecret(t *testing.T) string {
	t.Helper()
	secret := filepath.Join(t.TempDir(), "secret.txt")
	require.NoError(t, os.WriteFile(secret, []byte(fileCanary+"\n"), 0o600))
	return secret
}

// A policy or gate file linked to a secret: its bad line is named by
// file:line, never quoted, in untrusted mode.
func TestHostilePolicyAndGateQuoteNothing(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Symlink(outsideSecret(t), filepath.Join(dir, "linked.txt")))
	workload := repoFile("testdata", "workloads", "seeds-example.json")
	cs := seedsConfig()
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"policy", []string{"lint", "--policy", "linked.txt", cs}, "linked.txt:1: want `RULE LEVEL`, got 1 field"},
		{"gate", []string{"preview", cs, cs, "--workload", workload, "--gate", "linked.txt"}, "linked.txt:1:1: subject is not a queue path"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, []string{"CI=1"}, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, c.want)
			assert.NotContains(t, res.stdout+res.stderr, fileCanary)
		})
	}
}
