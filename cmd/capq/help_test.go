package main

import (
	"io/fs"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHelpFilesUsed: every embedded help file is some command's Long or
// Example, so a renamed command cannot leave its prose behind unseen.
func TestHelpFilesUsed(t *testing.T) {
	used := map[string]bool{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		used[c.Long], used[c.Example] = true, true
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd(newStdStreams()))
	assert.Empty(t, unusedHelp(t, used))
}

// TestUnusedHelpFound: a text no command shows is reported (so the check
// above can fail).
func TestUnusedHelpFound(t *testing.T) {
	unused := unusedHelp(t, map[string]bool{helpText("capq"): true})
	assert.Contains(t, unused, "simulate")
	assert.NotContains(t, unused, "capq")
}

// TestHelpTextTrimsOneNewline: the file's final newline is not part of the
// help (cobra adds its own), and a missing file is loud.
func TestHelpTextTrimsOneNewline(t *testing.T) {
	assert.False(t, strings.HasSuffix(helpText("simulate"), "\n"))
	assert.True(t, strings.HasPrefix(helpText("simulate"), "simulate runs a workload"))
	assert.Panics(t, func() { helpText("no-such-command") })
}

func unusedHelp(t *testing.T, used map[string]bool) []string {
	t.Helper()
	names, err := fs.Glob(helpFiles, "help/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, names)
	var unused []string
	for _, n := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(n, "help/"), ".txt")
		if !used[helpText(name)] {
			unused = append(unused, name)
		}
	}
	sort.Strings(unused)
	return unused
}
