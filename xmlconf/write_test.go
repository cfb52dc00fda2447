package xmlconf

import (
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
