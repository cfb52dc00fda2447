package validate

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// BaselineHeader is the first line of every baseline file; capq refuses
// to overwrite a file that does not start with it.
const BaselineHeader = "# capq lint baseline v1"

// Baseline is a set of accepted findings (`capq lint --baseline FILE`):
// findings it records are left out of the report, new ones still fail.
// Each entry may match as many findings as it was recorded times.
type Baseline struct {
	counts map[baselineKey]int
}

// baselineKey identifies a finding across edits that move lines: rule,
// file, queue, property and a fingerprint of the message with positions
// removed (messages quote other positions, "also defined at f.xml:4:13").
type baselineKey struct {
	rule, file, queue, property, print string
}

// positionRE matches ":line:col" and ":line" inside messages.
var positionRE = regexp.MustCompile(`:[0-9]+(:[0-9]+)?\b`)

// Fingerprint is the message part of a finding's baseline identity: 16 hex
// digits of SHA-256 over the rule and the message without positions.
func Fingerprint(f xmlconf.Finding) string {
	sum := sha256.Sum256([]byte(f.Rule + "\x00" + positionRE.ReplaceAllString(f.Message, "")))
	return hex.EncodeToString(sum[:8])
}

func keyOf(f xmlconf.Finding, root string) baselineKey {
	return baselineKey{rule: f.Rule, file: flat(baselineFile(f.File, root)), queue: flat(f.Queue), property: flat(f.Property), print: Fingerprint(f)}
}

// flat is how a baseline holds a name: on one line of its own field, and
// with no character that would act on a terminal or hide in review
// (safeio.Printable, and a tab as \t). Keys are compared in this form, so
// a queue name holding a tab or a newline, which the file cannot carry
// as it is, still matches its entry.
func flat(s string) string {
	return strings.ReplaceAll(safeio.Printable(s), "\t", `\t`)
}

// WriteBaseline writes fs as a baseline (validate/FORMAT.md), sorted, so
// the file is stable under line moves and diffs well in review. Files
// are recorded from root (RepoRoot), or as named when root is "".
func WriteBaseline(w io.Writer, fs []xmlconf.Finding, root string) error {
	lines := make([]string, 0, len(fs))
	for _, f := range fs {
		k := keyOf(f, root)
		lines = append(lines, strings.Join([]string{k.rule, field(k.file), field(k.queue), field(k.property), k.print}, "\t"))
	}
	sort.Strings(lines)
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, BaselineHeader)
	fmt.Fprintln(bw, "# rule\tfile\tqueue\tproperty\tfingerprint (- for none); written by capq lint --write-baseline")
	for _, l := range lines {
		fmt.Fprintln(bw, l)
	}
	return bw.Flush()
}

// field writes "" as "-"; keys are already flat.
func field(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func unfield(s string) string {
	if s == "-" {
		return ""
	}
	return s
}

// maxBaselineLine bounds a baseline line: names are escaped but not cut,
// and a megabyte holds any real finding's.
const maxBaselineLine = 1 << 20

// ParseBaseline reads a baseline written by WriteBaseline. name is used
// in errors; a malformed line is an error that names it.
func ParseBaseline(name string, r io.Reader) (*Baseline, error) {
	b := &Baseline{counts: map[baselineKey]int{}}
	br := bufio.NewReader(r)
	head, _ := br.Peek(4)
	if err := safeio.RefuseWide(head, ""); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 64*1024), maxBaselineLine)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if n == 1 {
			// capq writes no byte-order mark; an editor that re-saved
			// the baseline may have, and it is still the same baseline.
			line = strings.TrimPrefix(line, safeio.UTF8BOM)
		}
		if n == 1 && line != BaselineHeader {
			return nil, fmt.Errorf("%s:1: not a capq baseline (want %q as the first line)", name, BaselineHeader)
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 5 || f[0] == "" || !isFingerprint(f[4]) {
			return nil, fmt.Errorf("%s:%d: want rule, file, queue, property and a 16-digit fingerprint separated by tabs", name, n)
		}
		// flat again: a baseline written before names were escaped holds
		// them raw.
		b.counts[baselineKey{rule: f[0], file: flat(unfield(f[1])), queue: flat(unfield(f[2])), property: flat(unfield(f[3])), print: f[4]}]++
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, fmt.Errorf("%s:%d: line longer than %d bytes; a baseline line is a finding's rule, file, queue, property and fingerprint", name, n+1, maxBaselineLine)
	} else if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if n == 0 {
		return nil, fmt.Errorf("%s: empty file, not a capq baseline", name)
	}
	return b, nil
}

func isFingerprint(s string) bool {
	if len(s) != 16 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// Filter returns the findings the baseline does not record and how many
// it left out. Each entry absorbs as many findings as it was recorded for.
// Files are compared as the findings name them.
func (b *Baseline) Filter(fs []xmlconf.Finding) ([]xmlconf.Finding, int) {
	return b.FilterRun(fs, nil, "")
}

// FilterRun is Filter for a run of capq lint from root (RepoRoot; ""
// compares files as named). Files are compared from the repository root,
// as WriteBaselineFile records them and SARIF names them, so a baseline
// matches from any working directory and for git:REV:PATH inputs. A file
// moved or renamed since the baseline was written keeps its entries: an
// entry for a file this run did not read (runFiles, as the command named
// them) absorbs the same finding (rule, queue, property, fingerprint) in
// a file the baseline has no entry for.
func (b *Baseline) FilterRun(fs []xmlconf.Finding, runFiles []string, root string) ([]xmlconf.Finding, int) {
	if b == nil {
		return fs, 0
	}
	left := make(map[baselineKey]int, len(b.counts))
	known := map[string]bool{}
	for k, n := range b.counts {
		left[k] = n
		known[k.file] = true
	}
	var unmatched []int
	for i, f := range fs {
		k := keyOf(f, root)
		if left[k] > 0 {
			left[k]--
			continue
		}
		unmatched = append(unmatched, i)
	}
	moved := movedEntries(left, known, runFiles, root)
	kept := fs[:0:0]
	for _, i := range unmatched {
		k := keyOf(fs[i], root)
		if !known[k.file] {
			k.file = ""
			if moved[k] > 0 {
				moved[k]--
				continue
			}
		}
		kept = append(kept, fs[i])
	}
	return kept, len(fs) - len(kept)
}

// movedEntries counts the entries left whose file the run did not read,
// keyed without their file: what a moved file may still match.
func movedEntries(left map[baselineKey]int, known map[string]bool, runFiles []string, root string) map[baselineKey]int {
	read := map[string]bool{}
	for _, f := range runFiles {
		read[baselineFile(f, root)] = true
	}
	moved := map[baselineKey]int{}
	for k, n := range left {
		if n > 0 && !read[k.file] {
			k.file = ""
			moved[k] += n
		}
	}
	return moved
}

// baselineFile is the name a baseline records for a finding's file: from
// the repository root when root is given (RootRelative's rule).
func baselineFile(file, root string) string {
	if root == "" {
		return file
	}
	return underRoot(file, root)
}

// Len is the number of findings the baseline records.
func (b *Baseline) Len() int {
	n := 0
	for _, c := range b.counts {
		n += c
	}
	return n
}
