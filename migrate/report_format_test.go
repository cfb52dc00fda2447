package migrate

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestWriteReportFormat: "json" gives WriteJSON's bytes, "text" WriteText's.
func TestWriteReportFormat(t *testing.T) {
	r := &Report{}
	var got, want bytes.Buffer
	assert.NoError(t, WriteReport(&got, "json", r))
	assert.NoError(t, WriteJSON(&want, r))
	assert.Equal(t, want.String(), got.String())
	got.Reset()
	want.Reset()
	assert.NoError(t, WriteReport(&got, "text", r))
	assert.NoError(t, WriteText(&want, r))
	assert.Equal(t, want.String(), got.String())
}
