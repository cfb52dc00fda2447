package migrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestMemorySchedulingCeilingReported: with all four
// mapred.cluster.[max.]{map,reduce}.memory.mb set, the JobTracker refused
// a job whose tasks asked for more than the max keys (Hadoop 1
// TestSubmitJob.testJobWithInvalidMemoryReqs: "Exceeds the cluster's
// max-memory-limit"); the report says that ceiling is lost and names
// YARN's yarn.scheduler.maximum-allocation-mb. With one key missing
// (MemoryMatcher.isSchedulingBasedOnMemEnabled false) nothing is said.
func TestMemorySchedulingCeilingReported(t *testing.T) {
	for _, c := range []struct {
		name string
		want bool
	}{
		{"03-fractional-joblimits", true},
		{"01-flat-basic", false},
		{"12-shipped-template-1.2.1", false},
	} {
		res := migrateCase(t, c.name, Options{})
		var got []xmlconf.Finding
		for _, f := range res.Report.Findings {
			if f.Rule == RuleDropped && f.Property == "mapred.cluster.max.map.memory.mb" {
				got = append(got, f)
			}
		}
		if !c.want {
			assert.Empty(t, got, c.name)
			continue
		}
		if assert.Len(t, got, 1, c.name) {
			assert.Equal(t, xmlconf.SeverityWarning, got[0].Severity)
			assert.Contains(t, got[0].Message, "8192")
			assert.Contains(t, got[0].Message, "16384")
			assert.Contains(t, got[0].Hint, "yarn.scheduler.maximum-allocation-mb=16384")
		}
		for _, p := range res.Report.Properties {
			if p.Key == "mapred.cluster.max.map.memory.mb" || p.Key == "mapred.cluster.max.reduce.memory.mb" {
				assert.Contains(t, p.Reason, "max-memory-limit", p.Key)
			}
		}
	}
}

// TestMemoryCeilingFromDeprecatedMaxVmem: the deprecated
// mapred.task.limit.maxvmem (bytes) replaces both max keys in the
// JobTracker's memory configuration, so the ceiling is its value in MB.
func TestMemoryCeilingFromDeprecatedMaxVmem(t *testing.T) {
	site, err := xmlconf.ReadBytes("mapred-site.xml", []byte(`<configuration>
<property><name>mapred.jobtracker.taskScheduler</name><value>org.apache.hadoop.mapred.CapacityTaskScheduler</value></property>
<property><name>mapred.cluster.map.memory.mb</name><value>1024</value></property>
<property><name>mapred.cluster.reduce.memory.mb</name><value>1024</value></property>
<property><name>mapred.cluster.max.map.memory.mb</name><value>4096</value></property>
<property><name>mapred.cluster.max.reduce.memory.mb</name><value>8192</value></property>
<property><name>mapred.task.limit.maxvmem</name><value>2147483648</value></property>
</configuration>`), xmlconf.ReadOptions{})
	require.NoError(t, err)
	cs, err := xmlconf.ReadBytes("capacity-scheduler.xml", []byte(`<configuration>
<property><name>mapred.capacity-scheduler.queue.default.capacity</name><value>100</value></property>
</configuration>`), xmlconf.ReadOptions{})
	require.NoError(t, err)
	res, err := Hadoop1(xmlconf.ParseHadoop1(xmlconf.H1Files{MapredSite: site, CapacityScheduler: cs}), Options{})
	require.NoError(t, err)
	var got []xmlconf.Finding
	for _, f := range res.Report.Findings {
		if f.Rule == RuleDropped && f.Property == "mapred.task.limit.maxvmem" {
			got = append(got, f)
		}
	}
	require.Len(t, got, 1)
	assert.Contains(t, got[0].Message, "more than 2048 MB or whose reduces asked more than 2048 MB")
	assert.Contains(t, got[0].Hint, "yarn.scheduler.maximum-allocation-mb=2048")
}
