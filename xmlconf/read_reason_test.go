package xmlconf

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPathReason: a missing and an unreadable file are worded the same
// for every input; other errors are left to the caller.
func TestPathReason(t *testing.T) {
	_, err := os.Open(filepath.Join(t.TempDir(), "missing.xml"))
	reason, hint := PathReason(err)
	assert.Equal(t, "no such file", reason)
	assert.Equal(t, "check the path", hint)
	reason, _ = PathReason(&os.PathError{Op: "open", Path: "x", Err: os.ErrPermission})
	assert.Equal(t, "permission denied", reason)
	reason, hint = PathReason(os.ErrClosed)
	assert.Empty(t, reason+hint)
	_, err = ReadFile(filepath.Join(t.TempDir(), "missing.xml"), ReadOptions{})
	var re *ReadError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, "no such file", re.Msg)
	assert.Equal(t, "check the path", re.Hint)
}

// TestListErrors: several failures read one per line, each whole.
func TestListErrors(t *testing.T) {
	es := []error{errors.New("a.xml:1:2: bad"), errors.New("b.xml: no such file")}
	assert.Equal(t, "a.xml:1:2: bad\nb.xml: no such file", ListErrors(es))
	assert.Equal(t, "", ListErrors(nil))
}
