package xmlconf

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMarshalConfigurationRoundTrip(t *testing.T) {
	props := []WriteProperty{
		{Name: "a", Value: " ", Comment: "lone blank -- must survive-"},
		{Name: "b", Value: "x\r\ny\n", Comment: "carriage return"},
		{Name: "c", Value: `<&>"'`},
		{Name: "d", Value: "  lead and trail  "},
		{Name: "e", Value: "*"},
	}
	out, err := MarshalConfiguration(props, WriteOptions{Header: "generated"})
	require.NoError(t, err)
	doc, err := ReadBytes("out.xml", out, ReadOptions{})
	require.NoError(t, err)
	require.Len(t, doc.Props, len(props))
	for i, p := range props {
		assert.Equal(t, p.Name, doc.Props[i].Name)
		assert.Equal(t, p.Value, doc.Props[i].Value, "value of %s", p.Name)
		if p.Comment != "" {
			require.NotEmpty(t, doc.Props[i].Comments, "comment of %s in\n%s", p.Name, out)
		}
	}
	again, err := MarshalConfiguration(props, WriteOptions{Header: "generated"})
	require.NoError(t, err)
	assert.Equal(t, out, again, "deterministic")
}

func TestMarshalConfigurationRefusesUnrepresentable(t *testing.T) {
	_, err := MarshalConfiguration([]WriteProperty{{Name: "a", Value: "x\x01"}}, WriteOptions{})
	assert.Error(t, err)
	_, err = MarshalConfiguration([]WriteProperty{{Name: " a", Value: "x"}}, WriteOptions{})
	assert.Error(t, err)
	_, err = MarshalConfiguration([]WriteProperty{{Name: "a", Value: "\xff"}}, WriteOptions{})
	assert.Error(t, err)
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.xml")
	require.NoError(t, WriteFileAtomic(path, []byte("one"), false))
	err := WriteFileAtomic(path, []byte("two"), false)
	require.Error(t, err)
	assert.True(t, errors.Is(err, ErrExists))
	got, _ := os.ReadFile(path)
	assert.Equal(t, "one", string(got), "refused write leaves the file alone")
	require.NoError(t, WriteFileAtomic(path, []byte("three"), true))
	got, _ = os.ReadFile(path)
	assert.Equal(t, "three", string(got))
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 1, "no temporary file left behind")
	assert.Error(t, WriteFileAtomic(filepath.Join(dir, "missing", "x.xml"), []byte("x"), false))
}
