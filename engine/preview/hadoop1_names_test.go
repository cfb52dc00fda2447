package preview

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	h1 "github.com/capq/capq/engine/hadoop1"
)

// TestHadoop1Names: the new side names --group only when it is given.
func TestHadoop1Names(t *testing.T) {
	prof, err := h1.ParseProfile("1.2.1")
	require.NoError(t, err)
	o, f, n := Hadoop1Names("conf/mapred-site.xml", prof, nil)
	assert.Equal(t, "hadoop1 conf/mapred-site.xml (JobTracker, Hadoop "+prof.String()+")", o)
	assert.Equal(t, f, n)
	_, f, n = Hadoop1Names("m.xml", prof, []string{"a=x,y", "b=z"})
	assert.Equal(t, "yarn (migrated)", f)
	assert.Equal(t, "yarn (migrated, --group a=x,y b=z)", n)
}
