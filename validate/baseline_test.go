package validate

import (
	"bytes"
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
	require.NoError(t, WriteBaseline(&buf, today))
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
	require.NoError(t, WriteBaseline(&buf, []xmlconf.Finding{f}))
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
		require.NoError(t, WriteBaseline(&buf, fs))
		again, err := ParseBaseline("again", &buf)
		require.NoError(t, err)
		assert.Equal(t, b.Len(), again.Len())
	})
}
