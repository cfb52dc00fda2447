package validate

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Hadoop1Lint is what LintHadoop1Path found at one argument.
type Hadoop1Lint struct {
	// IsHadoop1 says the argument was a Hadoop 1 file set and Result is
	// its lint; otherwise the caller lints it as YARN, reusing Data.
	IsHadoop1 bool
	Result    Result
	// Files are the files of the set as findings name them (a conf dir's
	// role files, else the argument), so a summary counts every file.
	Files []string
	// Data holds the bytes the detection read, by file name, so a YARN
	// file is read once.
	Data map[string][]byte
}

// LintHadoop1Path lints arg as a Hadoop 1 file set when it is one: a DIR
// holding mapred-site.xml or mapred-queues.xml (with whichever of
// capacity-scheduler.xml and mapred-queue-acls.xml are there), a DIR
// without site files whose capacity-scheduler.xml has Hadoop 1 keys, or a
// FILE whose keys are Hadoop 1 keys. Each file is read once, within ro's
// bounds (xmlconf.DetectHadoop1). A broken file of a Hadoop 1 set is an
// error, not a YARN lint.
func LintHadoop1Path(arg string, ro xmlconf.ReadOptions, opts Options) (Hadoop1Lint, error) {
	paths, dir := xmlconf.H1Candidates(arg)
	if len(paths) == 0 {
		return Hadoop1Lint{}, nil
	}
	in := xmlconf.DetectHadoop1Dialect(paths, dir, ro, opts.Hadoop1Dialect)
	switch {
	case !in.IsHadoop1:
		return Hadoop1Lint{Data: in.Data}, nil
	case in.Err != nil:
		return Hadoop1Lint{IsHadoop1: true}, in.Err
	}
	// The files read are the set (a FILE argument is its only path; a DIR
	// gives its role files, or a lone capacity-scheduler.xml), so the
	// summary counts the files the findings name.
	out := Hadoop1Lint{IsHadoop1: true, Result: LintHadoop1(in.Model, opts), Files: make([]string, len(paths))}
	for i, p := range paths {
		out.Files[i] = WorkingRelative(p)
	}
	return out, nil
}

// WorkingRelative rewrites an absolute file name under the working
// directory as a relative one, so output is portable (SARIF needs
// relative URIs); any other name is kept.
func WorkingRelative(p string) string {
	if !filepath.IsAbs(p) {
		return p
	}
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	rel, err := filepath.Rel(wd, p)
	if err != nil || strings.HasPrefix(rel, "..") {
		return p
	}
	return rel
}

// WorkingRelativeFindings applies WorkingRelative to every finding's file
// and reports whether it renamed any (the findings then need sorting).
// Positions quoted in a message or hint (XML001's "also defined at
// FILE:LINE:COL") are renamed too: left absolute, they would tie the text,
// and the baseline fingerprint made from it, to one checkout's directory.
func WorkingRelativeFindings(fs []xmlconf.Finding) bool {
	changed := false
	for i := range fs {
		if rel := WorkingRelative(fs[i].File); rel != fs[i].File {
			fs[i].File, changed = rel, true
		}
		fs[i].Message = relativeQuotedPositions(fs[i].Message)
		fs[i].Hint = relativeQuotedPositions(fs[i].Hint)
	}
	return changed
}

// quotedPositionRE matches a FILE:LINE or FILE:LINE:COL inside a text.
var quotedPositionRE = regexp.MustCompile(`[^\s"'()]+:[0-9]+(:[0-9]+)?`)

// relativeQuotedPositions rewrites the file of every quoted position in s
// with WorkingRelative; s is returned as is when it quotes none.
func relativeQuotedPositions(s string) string {
	if !strings.Contains(s, string(filepath.Separator)) {
		return s
	}
	return quotedPositionRE.ReplaceAllStringFunc(s, func(m string) string {
		file, rest := splitPosition(m)
		return WorkingRelative(file) + rest
	})
}

// splitPosition splits FILE:LINE[:COL] into FILE and ":LINE[:COL]".
func splitPosition(m string) (file, rest string) {
	i := strings.LastIndexByte(m, ':')
	if j := strings.LastIndexByte(m[:i], ':'); j >= 0 && isDigits(m[j+1:i]) {
		i = j
	}
	return m[:i], m[i:]
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
