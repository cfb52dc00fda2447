package safeio

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// ReadGitBlob reads the object rev:path of the current repository with
// `git cat-file blob --end-of-options rev:path`, bounded by max; name is
// what errors call it (the argument as the user spelled it).
//
// The revision may come from a pull request (a workload's refresh event),
// so it must never reach git as an option: a revision or path that begins
// with "-" is refused outright, and --end-of-options makes git read the
// object name as an object name even if that check were bypassed (`git
// show` once wrote --output=FILE). The object is read raw, without
// textconv or pager.
func ReadGitBlob(name, rev, path string, max int64) ([]byte, error) {
	if strings.HasPrefix(rev, "-") || strings.HasPrefix(path, "-") {
		return nil, fmt.Errorf("%q: a revision or path may not begin with \"-\" (it would be read as a git option)", name)
	}
	if strings.ContainsAny(rev+path, "\x00\n") {
		return nil, fmt.Errorf("%q: a revision or path may not contain NUL or newline", name)
	}
	stdout, stderr := &limitedBuffer{max: max}, &limitedBuffer{max: 4096}
	cmd := exec.Command("git", "cat-file", "blob", "--end-of-options", rev+":"+path)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err := cmd.Run()
	if stdout.over {
		return nil, &gitTooLarge{name: name, max: max}
	}
	if err != nil {
		msg := strings.TrimSpace(stderr.buf.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("%s: git cat-file blob %s:%s failed: %s", name, rev, path, msg)
	}
	return stdout.buf.Bytes(), nil
}

// gitTooLarge is an object past the limit, worded as git: inputs always
// were ("NAME: larger than …"); it is an ErrTooLarge like the others.
type gitTooLarge struct {
	name string
	max  int64
}

func (e *gitTooLarge) Error() string {
	return fmt.Sprintf("%s: larger than the limit of %d bytes (raise it with --max-file-size)", e.name, e.max)
}

func (e *gitTooLarge) Unwrap() error { return ErrTooLarge }

// limitedBuffer keeps at most max bytes and notes that more came; a
// write past the limit fails so the writing process stops early.
type limitedBuffer struct {
	buf  bytes.Buffer
	max  int64
	over bool
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if int64(b.buf.Len())+int64(len(p)) > b.max {
		b.over = true
		return 0, errPastLimit
	}
	return b.buf.Write(p)
}

var errPastLimit = errors.New("input larger than the limit")
