package preview

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A side whose configuration enables something the engine does not model
// says so under the header, in text and JSON; a side without keeps its
// output unchanged.
func TestWarningsPerSide(t *testing.T) {
	old, new := syntheticRuns()
	new.Warnings = []string{"not modelled: yarn.scheduler.capacity.root.a.accessible-node-labels: node labels (partitions); every node is in the default partition"}
	rep, errs := Build(Input{OldName: "old.xml", NewName: "new.xml", Old: old, New: new})
	require.Empty(t, errs)
	var b bytes.Buffer
	require.NoError(t, WriteText(&b, rep))
	assert.Contains(t, b.String(), "\nwarning (new): not modelled: yarn.scheduler.capacity.root.a.accessible-node-labels")
	assert.NotContains(t, b.String(), "warning (old)")
	js, err := json.Marshal(rep)
	require.NoError(t, err)
	assert.Contains(t, string(js), `"warnings":["not modelled:`)
}
