package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRepeatedFlagRefused: every single-valued flag of every command,
// given twice, is refused with a message naming it and both values
// (exit 2, nothing on stdout); cobra kept the last one without a word.
// Repeatable flags (lists) still take every value.
func TestRepeatedFlagRefused(t *testing.T) {
	// A string value is a path in a scratch directory: were the flag
	// taken, nothing would be written in the repository.
	scratch := filepath.Join(t.TempDir(), "x")
	root := newRootCmd(&streams{})
	root.InitDefaultCompletionCmd()
	checked := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		path := strings.Fields(c.CommandPath())[1:]
		visit := func(f *pflag.Flag) {
			if f.Name == "help" || f.Name == "version" || repeatable(f) {
				return
			}
			val := scratch
			switch f.Value.Type() {
			case "bool":
				val = "true"
			case "int", "int64", "int32", "uint", "uint64", "float64":
				val = "1"
			case "duration":
				val = "1s"
			}
			// The second value differs from the first ("x" → "x2",
			// "true" → "false", "1" → "2", "1s" → "2s"): the same value
			// twice is taken once.
			again := map[string]string{"true": "false", "1": "2", "1s": "2s"}[val]
			if again == "" {
				again = val + "2"
			}
			args := append(append([]string{}, path...), "--"+f.Name+"="+val, "--"+f.Name+"="+again)
			t.Run(strings.Join(args[:len(path)], " ")+" --"+f.Name, func(t *testing.T) {
				r := runCapq(t, "", args...)
				assert.Equal(t, exitCannotRun, r.code, r.stderr)
				assert.Contains(t, r.stderr, "capq: --"+f.Name+" given twice (\""+val+"\", then \""+again+"\"): it takes one value")
				assert.NotContains(t, r.stderr, "invalid argument")
				assert.Empty(t, r.stdout)
			})
			checked++
		}
		c.LocalFlags().VisitAll(visit)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	require.Greater(t, checked, 50, "every command's flags")

	cs := seedsConfig()
	r := runBinary(t, "", "lint", cs, "--format", "json", "--format", "text")
	assert.Equal(t, exitCannotRun, r.code)
	assert.Equal(t, "capq: --format given twice (\"json\", then \"text\"): it takes one value; give it once\nRun 'capq lint --help' for usage.\n", r.stderr)
	r = runBinary(t, "<configuration/>", "lint", "-", "--stdin-filename", "a.xml", "--stdin-filename", "b\x1b[2J.xml")
	assert.Equal(t, exitCannotRun, r.code)
	assert.Contains(t, r.stderr, `given twice ("a.xml", then "b\x1b[2J.xml")`)
	assert.NotContains(t, r.stderr, "\x1b")

	// The same value twice is no doubt: taken once, in every form.
	r = runBinary(t, "", "lint", cs, "--format", "json", "--format=json", "--untrusted", "--untrusted=true")
	assert.Equal(t, exitOK, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "{") || strings.HasPrefix(r.stdout, "["), r.stdout)

	// Lists keep every value.
	r = runBinary(t, "", "lint", cs, "--enable", "CS001", "--enable", "CS002")
	assert.Equal(t, exitOK, r.code, r.stderr)
	// A group command parses its flags twice (unknownSubcommand, then
	// cobra): one --stdin-filename is not a repeat.
	r = runBinary(t, "", "gen", "--stdin-filename", "a.xml")
	assert.Equal(t, exitOK, r.code, r.stderr)
}
