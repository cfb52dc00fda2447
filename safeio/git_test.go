package safeio

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gitRepoWith makes a repository in a scratch directory (the working
// directory for the test) with one commit of file = content.
func gitRepoWith(t *testing.T, file, content string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, os.WriteFile(filepath.Join(dir, file), []byte(content), 0o644))
	for _, args := range [][]string{{"init", "-q"}, {"add", file},
		{"-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", "commit", "-q", "-m", "x"}} {
		out, err := exec.Command("git", args...).CombinedOutput()
		require.NoError(t, err, string(out))
	}
	return dir
}

// TestReadGitBlob: an object is read raw and bounded; a revision or path
// that git could read as an option never reaches it; a missing object is
// git's own message.
func TestReadGitBlob(t *testing.T) {
	dir := gitRepoWith(t, "cs.xml", "<configuration/>\n")
	data, err := ReadGitBlob("git:HEAD:cs.xml", "HEAD", "cs.xml", 100)
	require.NoError(t, err)
	assert.Equal(t, "<configuration/>\n", string(data))

	_, err = ReadGitBlob("git:HEAD:cs.xml", "HEAD", "cs.xml", 5)
	assert.ErrorIs(t, err, ErrTooLarge)
	assert.EqualError(t, err, "git:HEAD:cs.xml: larger than the limit of 5 bytes (raise it with --max-file-size)")

	for _, c := range []struct{ rev, path, want string }{
		{"--output=victim", "x", `may not begin with "-"`},
		{"HEAD", "-ofile", `may not begin with "-"`},
		{"HEAD\n", "cs.xml", "NUL or newline"},
		{"HEAD", "cs\x00.xml", "NUL or newline"},
	} {
		_, err := ReadGitBlob("arg", c.rev, c.path, 100)
		require.Error(t, err)
		assert.Contains(t, err.Error(), c.want)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "only .git and cs.xml: nothing written by git")

	_, err = ReadGitBlob("git:HEAD:missing.xml", "HEAD", "missing.xml", 100)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "git:HEAD:missing.xml: git cat-file blob HEAD:missing.xml failed: ")
}
