package xmlconf

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Hadoop 1 file set naming more than MaxQueues queues is refused, as a
// YARN tree is (150,000 flat queues took migrate a minute and 1.3 GB
// before it failed on its own output).
func TestHadoop1QueuesPastTheBound(t *testing.T) {
	names := make([]string, MaxQueues+1)
	for i := range names {
		names[i] = fmt.Sprintf("q%d", i)
	}
	flat := `<configuration><property><name>mapred.queue.names</name><value>` + strings.Join(names, ",") + `</value></property></configuration>`
	var tree strings.Builder
	tree.WriteString("<queues>")
	for i := 0; i <= MaxQueues; i++ {
		fmt.Fprintf(&tree, "<queue><name>q%d</name></queue>", i)
	}
	tree.WriteString("</queues>")
	cases := []struct {
		name  string
		files func(t *testing.T) H1Files
	}{
		{"mapred.queue.names (1.x)", func(t *testing.T) H1Files {
			site, err := ReadBytes("mapred-site.xml", []byte(flat), ReadOptions{})
			require.NoError(t, err)
			return H1Files{MapredSite: site}
		}},
		{"mapred-queues.xml (0.21)", func(t *testing.T) H1Files {
			d, err := ReadMapredQueues("mapred-queues.xml", []byte(tree.String()), ReadOptions{})
			require.NoError(t, err)
			return H1Files{MapredSite: &Document{File: "mapred-site.xml"}, MapredQueues: d}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := ParseHadoop1(c.files(t))
			require.Error(t, m.TooLarge)
			assert.True(t, errors.Is(m.TooLarge, ErrTooLarge))
			assert.Contains(t, m.TooLarge.Error(), "name 100,001 queues, at most 100,000")
			assert.Empty(t, m.Queues, "no queue is built past the bound")
		})
	}
}

// An element's text is getTextContent (descendants' text in document
// order), read only where the parser reads it: 60 levels of a 60 MB text
// ran capq out of memory when every level kept a copy.
func TestMapredQueuesTextContent(t *testing.T) {
	d, err := ReadMapredQueues("q.xml", []byte(`<queues><queue><name>a<x>b<y>c</y></x>d</name><state>running</state></queue></queues>`), ReadOptions{})
	require.NoError(t, err)
	require.Len(t, d.Queues, 1)
	assert.Equal(t, "abcd", d.Queues[0].Name.Text)

	const depth, size = 60, 2 << 20
	deep := `<queues><queue><name>a</name>` + strings.Repeat("<x>", depth) + strings.Repeat("t", size) + strings.Repeat("</x>", depth) + `</queue></queues>`
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = ReadMapredQueues("q.xml", []byte(deep), ReadOptions{})
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(depth*size/4), "the text was copied at every level")
}
