package migrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestSlotsNoteReadsLikeGetInt: the H1M12 note quotes the TaskTracker's
// slots as conf.getInt(key, 2) reads them in Hadoop 1 (Configuration
// #getInt returns the default on a NumberFormatException), so a sed
// template's placeholder (utcompling/tacc-hadoop's MAP_TASKS_MAX) is 2
// slots and said to be unparsed, never quoted as a count.
func TestSlotsNoteReadsLikeGetInt(t *testing.T) {
	tests := []struct{ name, props, want string }{
		{name: "numbers", props: prop("mapred.tasktracker.map.tasks.maximum", "4") + prop("mapred.tasktracker.reduce.tasks.maximum", "0x2"),
			want: " (4 map and 2 reduce slots per TaskTracker)"},
		{name: "one set", props: prop("mapred.tasktracker.map.tasks.maximum", "6"), want: " (6 map and 2 reduce slots per TaskTracker)"},
		{name: "placeholders", props: prop("mapred.tasktracker.map.tasks.maximum", "MAP_TASKS_MAX") + prop("mapred.tasktracker.reduce.tasks.maximum", "REDUCE_TASKS_MAX"),
			want: ` (2 map and 2 reduce slots per TaskTracker; mapred.tasktracker.map.tasks.maximum="MAP_TASKS_MAX" and mapred.tasktracker.reduce.tasks.maximum="REDUCE_TASKS_MAX" are not numbers, so Hadoop 1 used its default 2)`},
		{name: "blank around", props: prop("mapred.tasktracker.map.tasks.maximum", " 4"),
			want: ` (2 map and 2 reduce slots per TaskTracker; mapred.tasktracker.map.tasks.maximum=" 4" is not a number, so Hadoop 1 used its default 2)`},
		{name: "unset", want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			site, err := xmlconf.ReadBytes("mapred-site.xml", []byte("<configuration>"+tt.props+"</configuration>"), xmlconf.ReadOptions{})
			require.NoError(t, err)
			mg := &migration{m: xmlconf.ParseHadoop1(xmlconf.H1Files{MapredSite: site})}
			assert.Equal(t, tt.want, mg.slotsPerTT())
		})
	}
}

func prop(k, v string) string {
	return "<property><name>" + k + "</name><value>" + v + "</value></property>"
}
