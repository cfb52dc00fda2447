package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// readmeSample is a command block of README.md followed by a block of
// the output it shows.
type readmeSample struct {
	args   []string
	output []string
}

// TestREADMESamples runs the first command of every README sample and
// checks that each line the README shows is in the real output, in order
// ("..." lines stand for lines left out). The files a command names come
// from testdata/readme/<subcommand>/, copied into a scratch directory
// where testdata/ is the repository's.
func TestREADMESamples(t *testing.T) {
	samples := readmeSamples(t)
	require.GreaterOrEqual(t, len(samples), 6, "README samples found")
	for _, sm := range samples {
		name := sm.args[0]
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.Symlink(filepath.Join(golden.RepoRoot(), "testdata"), filepath.Join(dir, "testdata")))
			if fix := filepath.Join(golden.RepoRoot(), "testdata", "readme", name); dirExists(fix) {
				require.NoError(t, os.CopyFS(dir, os.DirFS(fix)))
			}
			cmd := exec.Command(capqBin, sm.args...)
			cmd.Dir = dir
			// The README shows a user's own run, trusted: under CI=true
			// capq would treat input as a pull request's and refuse the
			// testdata link that leads out of the scratch directory.
			cmd.Env = append(environWithout("CI"), "NO_COLOR=1")
			out, _ := cmd.CombinedOutput()
			got := string(out)
			if i := indexOf(sm.args, "--report"); i >= 0 && i+1 < len(sm.args) {
				report, err := os.ReadFile(filepath.Join(dir, sm.args[i+1]))
				require.NoError(t, err)
				got += string(report)
			}
			assertLinesInOrder(t, sm.output, got)
		})
	}
}

// assertLinesInOrder checks that want's lines occur in got in order; a
// line ending in "..." matches an output line that starts with the rest.
func assertLinesInOrder(t *testing.T, want []string, got string) {
	t.Helper()
	lines := strings.Split(got, "\n")
	at := 0
	for _, w := range want {
		if strings.TrimSpace(w) == "..." || strings.TrimSpace(w) == "" {
			continue
		}
		found := false
		want := strings.TrimRight(w, " ")
		// A line ending in "..." shows only the start of a long output line.
		prefix, cut := strings.CutSuffix(want, "...")
		for ; at < len(lines); at++ {
			line := strings.TrimRight(lines[at], " ")
			if line == want || (cut && strings.HasPrefix(line, prefix)) {
				found, at = true, at+1
				break
			}
		}
		if !assert.True(t, found, "README line not in the output (or out of order):\n%s\n--- output:\n%s", w, got) {
			return
		}
	}
}

var fence = regexp.MustCompile("(?s)```(\\w*)\\n(.*?)```")

// readmeSamples pairs each ```sh block that starts with a capq command
// with the plain ``` block right after it.
func readmeSamples(t *testing.T) []readmeSample {
	data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "README.md"))
	require.NoError(t, err)
	blocks := fence.FindAllStringSubmatchIndex(string(data), -1)
	text := string(data)
	var out []readmeSample
	for i := 0; i+1 < len(blocks); i++ {
		lang, body := text[blocks[i][2]:blocks[i][3]], text[blocks[i][4]:blocks[i][5]]
		next, nextBody := text[blocks[i+1][2]:blocks[i+1][3]], text[blocks[i+1][4]:blocks[i+1][5]]
		between := text[blocks[i][1]:blocks[i+1][0]]
		if lang != "sh" || next != "" || strings.TrimSpace(between) != "" || !strings.HasPrefix(body, "capq ") {
			continue
		}
		args := shellWords(firstCommand(body))
		require.NotEmpty(t, args)
		out = append(out, readmeSample{args: args[1:], output: strings.Split(strings.TrimRight(nextBody, "\n"), "\n")})
	}
	return out
}

// firstCommand returns the block's first command, joining "\" line
// continuations and dropping a trailing "# comment".
func firstCommand(body string) string {
	var cmd strings.Builder
	for _, line := range strings.Split(body, "\n") {
		if c, ok := strings.CutSuffix(strings.TrimRight(line, " "), "\\"); ok {
			cmd.WriteString(c + " ")
			continue
		}
		cmd.WriteString(line)
		break
	}
	s := cmd.String()
	if i := strings.Index(s, " #"); i >= 0 {
		s = s[:i]
	}
	return s
}

// shellWords splits a command line as sh does for the README's commands:
// blanks separate words, single and double quotes group them.
func shellWords(s string) []string {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

func indexOf(s []string, x string) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}

// TestShellWords covers the splitter the README test relies on.
func TestShellWords(t *testing.T) {
	assert.Equal(t, []string{"capq", "preview", "--assert", "root.a wait.p95 <= 10s", "x"},
		shellWords(`capq preview --assert 'root.a wait.p95 <= 10s' x`))
	assert.Equal(t, []string{"capq", "a", "b", "--c", "d"}, shellWords(firstCommand("capq a b \\\n    --c d\ncapq other\n")))
	assert.Equal(t, "capq lint conf/", strings.TrimSpace(firstCommand("capq lint conf/    # a comment\n")))
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
