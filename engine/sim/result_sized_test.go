package sim

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestSizedEndModel: the end model gets the simulated cluster's size and
// the stored model is left alone.
func TestSizedEndModel(t *testing.T) {
	assert.Nil(t, (&Result{}).SizedEndModel())
	end := &xmlconf.Model{}
	r := &Result{endModel: end}
	r.Cluster.MemoryMB, r.Cluster.VCores = 8192, 8
	got := r.SizedEndModel()
	assert.Equal(t, xmlconf.Resource{MemoryMB: 8192, VCores: 8}, got.Cluster)
	assert.Zero(t, end.Cluster)
}

// TestRenderFormat: "json" renders JSON, anything else text.
func TestRenderFormat(t *testing.T) {
	var j, txt bytes.Buffer
	assert.NoError(t, Render(&j, "json", &Result{}))
	assert.NoError(t, Render(&txt, "text", &Result{}))
	assert.Equal(t, byte('{'), j.Bytes()[0])
	assert.NotEqual(t, j.String(), txt.String())
}
