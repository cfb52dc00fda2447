package sim

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// Times relative to another are checked for overflow: an extreme input
// is named as given, not as an overflowed difference such as "submit
// time 9223370665632721308 ms".
func TestRelativeTimesNameTheInput(t *testing.T) {
	job := func(submit, start, finish string) string {
		return `{"jobID": "job_1_1", "queue": "a", "user": "u", "submitTime": ` + submit + `, "finishTime": 1371222169703, "mapTasks": [{"attempts": [{"hostName": "/r/h", "startTime": ` + start + `, "finishTime": ` + finish + `}]}], "reduceTasks": []}`
	}
	// rumen2sls.sh reads times as Longs: Jackson makes a Java int an
	// Integer, which the converter cannot cast, so they are epoch times.
	const t0, t1 = "1371222159703", "1371222159999"
	cases := []struct {
		name, data, want string
	}{
		{"a submitTime at int64 max", job(t0, t0, t1) + "\n" + job("9223372036854775807", t0, t1),
			"r.json:2 (job 2): submitTime 9223372036854775807 is out of range: more than 1099511627776 ms from the baseline 1371222159703"},
		{"a first submitTime at int64 min", job("-9223372036854775808", t0, t1) + "\n" + job("1371222159703", t0, t1),
			"r.json:2 (job 2): submitTime 1371222159703 is out of range: more than 1099511627776 ms from the baseline -9223372036854775808"},
		{"a startTime at int64 min", job(t0, "-9223372036854775808", t1),
			"map task 0 attempt 0: from startTime -9223372036854775808 to finishTime 1371222159999 is out of range (at most 1099511627776 ms)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadRumen("r.json", []byte(c.data), xmlconf.DefaultSLSSettings(), nil, RumenTimeConverted, 0)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.NotContains(t, err.Error(), "922337066563")
		})
	}
	t.Run("SLS's direct reader: a startTime at int64 min", func(t *testing.T) {
		_, err := ReadRumen("r.json", []byte(job("5", "-9223372036854775808", "4")), xmlconf.DefaultSLSSettings(), nil, RumenTimeSLS, 0)
		assert.ErrorContains(t, err, "map task 0: its attempt from startTime -9223372036854775808 to finishTime 4 is out of range (at most 1099511627776 ms)")
	})

	t.Run("an rm app before every other one at int64 min", func(t *testing.T) {
		data := []byte(`{"apps": {"app": [
 {"id": "application_1_0001", "queue": "default", "state": "FINISHED", "startedTime": -9223372036854775808, "elapsedTime": 100000, "memorySeconds": 1000},
 {"id": "application_1_0002", "queue": "default", "state": "FINISHED", "startedTime": 1326815641380, "elapsedTime": 100000, "memorySeconds": 1000},
 {"id": "application_1_0003", "queue": "default", "state": "FINISHED", "startedTime": 1326815642380, "elapsedTime": 100000, "memorySeconds": 1000}]}}`)
		w, err := ReadRMApps("a.json", data, loadModel(t, "rm-apps"), RMAppsOptions{Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}}})
		require.NoError(t, err)
		require.Len(t, w.Apps, 2)
		assert.Equal(t, []int64{0, 1000}, []int64{w.Apps[0].SubmitMS, w.Apps[1].SubmitMS}, "relative to the earliest app kept")
		assert.Equal(t, []string{"a.json (app 1, application_1_0001): left out: startedTime -9223372036854775808 is out of range"}, w.Warnings)
	})
}

func TestSubMS(t *testing.T) {
	for _, c := range []struct {
		a, b, want int64
		ok         bool
	}{
		{10, 3, 7, true},
		{3, 10, -7, true},
		{math.MaxInt64, -1, 0, false},
		{1, math.MinInt64, 0, false},
		{-2, math.MaxInt64, 0, false},
		{0, math.MinInt64 + 1, math.MaxInt64, true},
		{-1, math.MaxInt64, math.MinInt64, true},
	} {
		d, ok := subMS(c.a, c.b)
		assert.Equal(t, c.ok, ok, "%d - %d", c.a, c.b)
		if ok {
			assert.Equal(t, c.want, d, "%d - %d", c.a, c.b)
		}
	}
}
