package validate

import (
	"fmt"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/capq/capq/safeio"
)

// diffLine is one line of a line diff: ' ' kept, '-' only in OLD, '+'
// only in NEW.
type diffLine struct {
	op   byte
	text string
}

// UnifiedDiff renders a classic unified diff (3 lines of context) of two
// texts, computed line by line with go-diff. Empty when they are equal.
func UnifiedDiff(oldName, newName string, a, b []byte) string {
	if string(a) == string(b) {
		return ""
	}
	lines := lineDiff(string(a), string(b))
	var sb strings.Builder
	// A name is input (a pull request's file may be named
	// "x\n+++ y"): escaped, as git quotes one, so it stays one header
	// line in every format.
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", safeio.Printable(oldName), safeio.Printable(newName))
	for _, h := range hunks(lines, 3) {
		writeHunk(&sb, lines, h)
	}
	return sb.String()
}

func lineDiff(a, b string) []diffLine {
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0 // exact, never a timed-out approximation
	ca, cb, table := dmp.DiffLinesToChars(a, b)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(ca, cb, false), table)
	var out []diffLine
	for _, d := range diffs {
		op := byte(' ')
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			op = '-'
		case diffmatchpatch.DiffInsert:
			op = '+'
		}
		for _, l := range strings.SplitAfter(d.Text, "\n") {
			if l != "" {
				out = append(out, diffLine{op, l})
			}
		}
	}
	return out
}

// hunk is a range [start, end) of diff lines.
type hunk struct{ start, end int }

// hunks groups changed lines with ctx lines of context, merging groups
// whose context would overlap.
func hunks(lines []diffLine, ctx int) []hunk {
	var out []hunk
	for i := 0; i < len(lines); i++ {
		if lines[i].op == ' ' {
			continue
		}
		start := max(0, i-ctx)
		end := i + 1
		for j := i + 1; j < len(lines) && j < end+2*ctx+1; j++ {
			if lines[j].op != ' ' {
				end = j + 1
			}
		}
		end = min(len(lines), end+ctx)
		if n := len(out); n > 0 && start <= out[n-1].end {
			out[n-1].end = end
		} else {
			out = append(out, hunk{start, end})
		}
		i = end - 1
	}
	return out
}

func writeHunk(sb *strings.Builder, lines []diffLine, h hunk) {
	oldStart, newStart := 1, 1
	for _, l := range lines[:h.start] {
		if l.op != '+' {
			oldStart++
		}
		if l.op != '-' {
			newStart++
		}
	}
	oldLen, newLen := 0, 0
	for _, l := range lines[h.start:h.end] {
		if l.op != '+' {
			oldLen++
		}
		if l.op != '-' {
			newLen++
		}
	}
	fmt.Fprintf(sb, "@@ -%s +%s @@\n", hunkRange(oldStart, oldLen), hunkRange(newStart, newLen))
	for _, l := range lines[h.start:h.end] {
		sb.WriteByte(l.op)
		sb.WriteString(l.text)
		if !strings.HasSuffix(l.text, "\n") {
			sb.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// hunkRange is GNU diff's "start,len" (start-1 when the range is empty).
func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start-1)
	}
	if n == 1 {
		return fmt.Sprintf("%d", start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}
