package sim

import (
	"bytes"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

// TestRumenGridmixWordCount reads Hadoop's own Rumen traces of a real
// WordCount run (testdata/rumen/wordcount.json and wordcount2.json, from
// hadoop-gridmix's test resources): one job of user johndoe in queue
// default, 3 maps and 1 reduce (its SETUP and CLEANUP tasks are
// otherTasks, which SLS does not read), every attempt on
// /default-rack/foo.example.com, so SLSUtils.parseNodesFromRumenTrace
// makes one node. Each task lasts its last attempt's finish minus start
// (AMDefinitionRumen), which must match the successfulMapAttemptCDFs and
// successfulReduceAttemptCDF Rumen recorded in the file: maps 4058, 6528
// and 6896 ms (the 5% to 65% rankings 4058, 70% to 95% 6528), the reduce
// 9952 ms. wordcount2.json is the same job twice, id and all: SLS starts
// both and counts one app per id (AMRunner's amMap), so capq renames the
// second and says why.
func TestRumenGridmixWordCount(t *testing.T) {
	for name, base := range map[string]RumenTimeBase{"rumen2sls": RumenTimeConverted, "sls": RumenTimeSLS} {
		t.Run(name, func(t *testing.T) {
			w, err := ReadRumen("wordcount.json", readFile(t, "testdata", "rumen", "wordcount.json"), xmlconf.DefaultSLSSettings(), nil, base, 0)
			require.NoError(t, err)
			assert.Empty(t, w.Warnings)
			require.Len(t, w.Apps, 1)
			a := w.Apps[0]
			assert.Equal(t, [3]string{"job_201009241532_0001", "default", "johndoe"}, [3]string{a.ID, a.Queue, a.User})
			assert.Equal(t, int64(0), a.SubmitMS, "the first job is the time base")
			durs := map[string][]int64{}
			for _, g := range a.Tasks {
				assert.Equal(t, []string{"foo.example.com"}, g.Hosts, g.Type)
				assert.Equal(t, int64(1024), g.MemoryMB, "SLS's default container, not the trace's jobMapMB")
				for range g.Count {
					durs[g.Type] = append(durs[g.Type], g.DurationMS)
				}
			}
			sort.Slice(durs["map"], func(x, y int) bool { return durs["map"][x] < durs["map"][y] })
			assert.Equal(t, map[string][]int64{"map": {4058, 6528, 6896}, "reduce": {9952}}, durs)
			nodes := w.Cluster.Expand()
			require.Len(t, nodes, 1)
			assert.Equal(t, [2]string{"foo.example.com", "/default-rack"}, [2]string{nodes[0].ID, nodes[0].Rack})

			var out bytes.Buffer
			require.NoError(t, WriteNative(&out, w))
			golden.Assert(t, "rumen/wordcount-"+name+".json", out.Bytes())

			w2, err := ReadRumen("wordcount2.json", readFile(t, "testdata", "rumen", "wordcount2.json"), xmlconf.DefaultSLSSettings(), nil, base, 0)
			require.NoError(t, err)
			require.Len(t, w2.Apps, 2)
			assert.Equal(t, []string{"job_201009241532_0001", "job_201009241532_0001_1"}, []string{w2.Apps[0].ID, w2.Apps[1].ID})
			assert.Equal(t, w2.Apps[0].SubmitMS, w2.Apps[1].SubmitMS, "the same submitTime")
			assert.Equal(t, w2.Apps[0].Tasks, w2.Apps[1].Tasks)
			require.Len(t, w2.Warnings, 1)
			assert.True(t, strings.HasPrefix(w2.Warnings[0], `wordcount2.json:415 (job 2): job id "job_201009241532_0001" is used twice`), w2.Warnings[0])
			assert.Len(t, w2.Cluster.Expand(), 1)
		})
	}
}
