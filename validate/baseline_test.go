package validate

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

func finding(rule string, line int, queue, prop, msg string) xmlconf.Finding {
	return xmlconf.Finding{Rule: rule, Severity: xmlconf.SeverityWarning, Pos: xmlconf.Pos{File: "conf/cs.xml", Line: line, Col: 13},
		Queue: queue, Property: prop, Message: msg}
}

// TestBaselineSurvivesLineMoves: a baseline written today still matches
// the same findings after lines move (positions in messages included), and
// a new finding is kept.
func TestBaselineSurvivesLineMoves(t *testing.T) {
	today := []xmlconf.Finding{
		finding("CS102", 7, "root.eng", "yarn.scheduler.capacity.root.eng.user-limit-factor", "user-limit-factor is read on leaf queues only"),
		finding("XML001", 9, "", "k", `"k" is also defined at conf/cs.xml:4:13; this later definition wins`),
	}
	var buf bytes.Buffer
	require.NoError(t, WriteBaseline(&buf, today, ""))
	b, err := ParseBaseline("b.txt", &buf)
	require.NoError(t, err)
	assert.Equal(t, 2, b.Len())

	moved := []xmlconf.Finding{
		finding("CS102", 12, "root.eng", "yarn.scheduler.capacity.root.eng.user-limit-factor", "user-limit-factor is read on leaf queues only"),
		finding("XML001", 15, "", "k", `"k" is also defined at conf/cs.xml:8:13; this later definition wins`),
		finding("CS102", 20, "root.ops", "yarn.scheduler.capacity.root.ops.user-limit-factor", "user-limit-factor is read on leaf queues only"),
	}
	kept, n := b.Filter(moved)
	assert.Equal(t, 2, n)
	require.Len(t, kept, 1)
	assert.Equal(t, "root.ops", kept[0].Queue, "a new finding still fails")
}

// TestBaselineCounts: an entry recorded once absorbs one finding, not all
// findings with the same identity.
func TestBaselineCounts(t *testing.T) {
	f := finding("CS004", 3, "root", "yarn.scheduler.capacity.root.queues", `child "a" of "root" is listed more than once`)
	var buf bytes.Buffer
	require.NoError(t, WriteBaseline(&buf, []xmlconf.Finding{f}, ""))
	b, err := ParseBaseline("b.txt", &buf)
	require.NoError(t, err)
	kept, n := b.Filter([]xmlconf.Finding{f, f})
	assert.Equal(t, 1, n)
	assert.Len(t, kept, 1)
}

func TestParseBaselineErrors(t *testing.T) {
	for name, text := range map[string]string{
		"empty":           "",
		"no header":       "CS001\t-\t-\t-\t0123456789abcdef\n",
		"too few fields":  BaselineHeader + "\nCS001\t-\t-\n",
		"bad fingerprint": BaselineHeader + "\nCS001\t-\t-\t-\tnothex\n",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := ParseBaseline("b.txt", strings.NewReader(text))
			require.Error(t, err)
			assert.Contains(t, err.Error(), "b.txt")
		})
	}
}

// TestParseBaselineLongLine: a line past the scanner's limit is an error
// at its file:line, not bufio's bare "token too long".
func TestParseBaselineLongLine(t *testing.T) {
	text := BaselineHeader + "\n# c\nCS001\t" + strings.Repeat("x", 2<<20) + "\n"
	_, err := ParseBaseline("b.txt", strings.NewReader(text))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "b.txt:3: line longer than 1048576 bytes")
}

// FuzzParseBaseline: any input parses or fails cleanly, and what parses
// survives a write/parse round trip with the same entries.
func FuzzParseBaseline(f *testing.F) {
	f.Add(BaselineHeader + "\nCS102\tconf/cs.xml\troot.eng\tx.y\t0123456789abcdef\n")
	f.Add(BaselineHeader + "\n# comment\n\nXML001\t-\t-\t-\tfedcba9876543210\r\n")
	f.Add("garbage\n")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ParseBaseline("fuzz", strings.NewReader(text))
		if err != nil {
			return
		}
		var fs []xmlconf.Finding
		for k, n := range b.counts {
			for i := 0; i < n; i++ {
				fs = append(fs, xmlconf.Finding{Rule: k.rule, Pos: xmlconf.Pos{File: k.file}, Queue: k.queue, Property: k.property})
			}
		}
		var buf bytes.Buffer
		require.NoError(t, WriteBaseline(&buf, fs, ""))
		again, err := ParseBaseline("again", &buf)
		require.NoError(t, err)
		assert.Equal(t, b.Len(), again.Len())
	})
}

// TestBaselineFollowsTheRepository: files are recorded from the
// repository root, so a baseline written from the root matches a run
// from a subdirectory, with absolute paths or on git:REV:PATH; and the
// entries of a file the run no longer reads (moved or renamed) match the
// same findings in a file the baseline does not know, but not in a file
// it has entries for, nor while the old file is still read (a copy).
func TestBaselineFollowsTheRepository(t *testing.T) {
	root := resolveLinks(t.TempDir())
	at := func(file string, f xmlconf.Finding) xmlconf.Finding {
		f.File = file
		return f
	}
	cs102 := finding("CS102", 7, "root.eng", "yarn.scheduler.capacity.root.eng.user-limit-factor", "user-limit-factor is read on leaf queues only")
	cs004 := finding("CS004", 3, "root", "yarn.scheduler.capacity.root.queues", `child "a" of "root" is listed more than once`)
	old := filepath.Join(root, "conf", "a.xml")
	var buf bytes.Buffer
	require.NoError(t, WriteBaseline(&buf, []xmlconf.Finding{at(old, cs102), at(filepath.Join(root, "conf", "b.xml"), cs004)}, root))
	assert.Contains(t, buf.String(), "CS102\tconf/a.xml\troot.eng\t", "recorded from the root")
	text := buf.String()

	moved := filepath.Join(root, "prod", "a.xml")
	tests := []struct {
		name     string
		findings []xmlconf.Finding
		runFiles []string
		kept     int
	}{
		{"the same file, absolute", []xmlconf.Finding{at(old, cs102)}, []string{old}, 0},
		{"the same file from git:", []xmlconf.Finding{at("git:origin/main:conf/a.xml", cs102)}, []string{"git:origin/main:conf/a.xml"}, 0},
		{"the file moved", []xmlconf.Finding{at(moved, cs102)}, []string{moved}, 0},
		{"moved, and one more finding than recorded", []xmlconf.Finding{at(moved, cs102), at(moved, cs102)}, []string{moved}, 1},
		{"a copy while the old file is still read", []xmlconf.Finding{at(old, cs102), at(moved, cs102)}, []string{old, moved}, 1},
		{"not into a file the baseline knows", []xmlconf.Finding{at(filepath.Join(root, "conf", "b.xml"), cs102)}, []string{filepath.Join(root, "conf", "b.xml")}, 1},
		{"b.xml's finding in the moved file while b.xml is read", []xmlconf.Finding{at(moved, cs004)}, []string{moved, filepath.Join(root, "conf", "b.xml")}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := ParseBaseline("b.txt", strings.NewReader(text))
			require.NoError(t, err)
			kept, n := b.FilterRun(tc.findings, tc.runFiles, root)
			assert.Len(t, kept, tc.kept)
			assert.Equal(t, len(tc.findings)-tc.kept, n)
		})
	}
}

// TestBaselineHostileNames: a queue name holding a tab, a newline or a
// bidi override is recorded escaped (one line, nothing raw for a
// terminal or a review to hide) and still matches. Before, a tab or a
// newline became a space when written, so the entry never matched its
// finding again.
func TestBaselineHostileNames(t *testing.T) {
	for _, queue := range []string{"root.a\tb", "root.a\nCS001\t-\t-\t-\t0123456789abcdef", "root.b\u202etxt\u009b"} {
		t.Run(queue, func(t *testing.T) {
			f := finding("CS012", 3, queue, "yarn.scheduler.capacity."+queue+".capacity", "capacity is not set")
			var buf bytes.Buffer
			require.NoError(t, WriteBaseline(&buf, []xmlconf.Finding{f}, ""))
			lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
			require.Len(t, lines, 3, "header, column names and one entry:\n%s", buf.String())
			assert.Len(t, strings.Split(lines[2], "\t"), 5)
			assert.NotContains(t, buf.String(), "\u202e")
			assert.NotContains(t, buf.String(), "\u009b")
			b, err := ParseBaseline("b.txt", &buf)
			require.NoError(t, err)
			kept, n := b.Filter([]xmlconf.Finding{f})
			assert.Empty(t, kept)
			assert.Equal(t, 1, n)
		})
	}
}
