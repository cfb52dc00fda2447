package xmlconf

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sls-runner.xml numbers are read as SLS reads them: Configuration.getInt,
// except the AM memory (SLSConfiguration.getAMContainerResource: getLong).
// A value past 2^31-1 makes getInt throw, and SLS does not start.
func TestSLSSettingsGetIntAndGetLong(t *testing.T) {
	for key, long := range map[string]bool{
		"yarn.sls.nm.memory.mb": false, "yarn.sls.nm.vcores": false,
		"yarn.sls.nm.heartbeat.interval.ms": false, "yarn.sls.am.heartbeat.interval.ms": false,
		"yarn.sls.am.container.memory": true, "yarn.sls.am.container.vcores": false,
		"yarn.sls.container.memory.mb": false, "yarn.sls.container.vcores": false,
	} {
		s, err := SLSSettingsFromConf(map[string]string{key: "3000000000"})
		if long {
			require.NoError(t, err, key)
			assert.Equal(t, int64(3000000000), s.AMMemoryMB)
			continue
		}
		require.Error(t, err, key)
		assert.Contains(t, err.Error(), key+`: "3000000000" is not a number (Configuration.getInt`)
	}
	s, err := SLSSettingsFromConf(map[string]string{"yarn.sls.container.memory.mb": " 0x800 "})
	require.NoError(t, err)
	assert.Equal(t, int64(2048), s.ContainerMemoryMB, "getInt trims and reads 0x as hex")
}

// The yarn.sls.* keys capq does not use are named: the NM utilization
// share NMSimulator reports (NM_RESOURCE_UTILIZATION_RATIO, in (0, 1]),
// an NM size of another resource type (NMRunner reads yarn.sls.nm.<type>
// for declared types), and keys SLS 3.4 does not know. SLS's own
// settings that only run SLS (threads, metrics) and other keys are not.
func TestSLSSettingsNotes(t *testing.T) {
	s, err := SLSSettingsFromConf(map[string]string{
		"yarn.sls.runner.pool.size":              "100",
		"yarn.sls.metrics.switch":                "ON",
		"yarn.sls.am.type.mapreduce":             "org.apache.hadoop.yarn.sls.appmaster.MRAMSimulator",
		"yarn.sls.nm.resource.utilization.ratio": "0.5f",
		"yarn.sls.nm.gpu":                        "4",
		"yarn.sls.nm.memroy.mb":                  "2048",
		"yarn.sls.container.memroy.mb":           "2048",
		"yarn.resourcemanager.scheduler.class":   "x",
	})
	require.NoError(t, err)
	require.Len(t, s.Notes, 4, "%q", s.Notes)
	assert.Contains(t, s.Notes[0], "yarn.sls.container.memroy.mb: not a setting of SLS 3.4")
	assert.Contains(t, s.Notes[1], "yarn.sls.nm.gpu: SLS reads yarn.sls.nm.<type> only as the node size of a resource type")
	assert.Contains(t, s.Notes[2], "yarn.sls.nm.memroy.mb: SLS reads yarn.sls.nm.<type>")
	assert.Contains(t, s.Notes[3], "yarn.sls.nm.resource.utilization.ratio 0.5: NMSimulator reports")

	for _, off := range []string{"-1", "0", "1.5"} {
		s, err := SLSSettingsFromConf(map[string]string{slsUtilizationKey: off})
		require.NoError(t, err)
		assert.Empty(t, s.Notes, "NMSimulator reports no utilization at %s", off)
	}
	_, err = SLSSettingsFromConf(map[string]string{slsUtilizationKey: "half"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `yarn.sls.nm.resource.utilization.ratio: "half" is not a number (Configuration.getFloat`)
}

// The sls-runner.xml files of SLS's test suite and of the YARN-10427
// run set nothing capq leaves out.
func TestSLSSettingsNotesRealFiles(t *testing.T) {
	for _, f := range []string{"../testdata/sls-suite/sls-runner.xml", "../testdata/sls-real/yarn-10427/sls-runner.xml"} {
		doc, err := ReadFile(f, ReadOptions{})
		require.NoError(t, err)
		s, err := SLSSettingsFromDoc(doc)
		require.NoError(t, err)
		assert.Empty(t, s.Notes, "%s: %s", f, strings.Join(s.Notes, "; "))
	}
}
