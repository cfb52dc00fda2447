package migrate

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// flatModel is a 1.x JobTracker with queues a (capacity 40, maximum 80)
// and b (60), a's user-limit-factor set to ulf, and maximum-system-jobs
// 100 so the job limits carry over.
func flatModel(t *testing.T, ulf string) *xmlconf.H1Model {
	t.Helper()
	site, err := xmlconf.ReadBytes("mapred-site.xml", []byte(`<configuration>
<property><name>mapred.jobtracker.taskScheduler</name><value>org.apache.hadoop.mapred.CapacityTaskScheduler</value></property>
<property><name>mapred.queue.names</name><value>a,b</value></property>
</configuration>`), xmlconf.ReadOptions{})
	require.NoError(t, err)
	cs, err := xmlconf.ReadBytes("capacity-scheduler.xml", []byte(fmt.Sprintf(`<configuration>
<property><name>mapred.capacity-scheduler.maximum-system-jobs</name><value>100</value></property>
<property><name>mapred.capacity-scheduler.queue.a.capacity</name><value>40</value></property>
<property><name>mapred.capacity-scheduler.queue.a.maximum-capacity</name><value>80</value></property>
<property><name>mapred.capacity-scheduler.queue.a.user-limit-factor</name><value>%s</value></property>
<property><name>mapred.capacity-scheduler.queue.b.capacity</name><value>60</value></property>
</configuration>`, ulf)), xmlconf.ReadOptions{})
	require.NoError(t, err)
	return xmlconf.ParseHadoop1(xmlconf.H1Files{MapredSite: site, CapacityScheduler: cs})
}

// TestUserLimitFactorKeepsHadoop1Meaning: Hadoop 1 capped a user at
// (int)(capacity × user-limit-factor) slots (CapacitySchedulerQueue), so a
// NaN or negative factor blocked every user and +Infinity let one reach
// the ceiling; the YARN factor keeps that, and the per-user job-count
// comparison (H1M08, YARN's min(max, max × MULP × ULF)) uses the factor
// written, not the source's (a -1 written as 0 lets no user submit).
func TestUserLimitFactorKeepsHadoop1Meaning(t *testing.T) {
	for _, c := range []struct {
		ulf, want string
		perUser   bool // H1M08 on root.a
	}{
		{"2", "2", false},
		{"-1", "0", true},
		{"0", "0", true},
		{"NaN", "0", true},
		{"-Infinity", "0", true},
		{"Infinity", "2", false}, // 80 / 40
	} {
		res, err := Hadoop1(flatModel(t, c.ulf), Options{})
		require.NoError(t, err)
		out, err := Render(res)
		require.NoError(t, err)
		assert.Contains(t, string(out.CapacityScheduler),
			"<name>yarn.scheduler.capacity.root.a.user-limit-factor</name>\n    <value>"+c.want+"</value>", c.ulf)
		perUser := false
		for _, f := range res.Report.Findings {
			perUser = perUser || f.Rule == RuleAppLimits && f.Queue == "root.a" && f.Severity == xmlconf.SeverityWarning
		}
		assert.Equal(t, c.perUser, perUser, "H1M08 for ulf %s", c.ulf)
	}
}
