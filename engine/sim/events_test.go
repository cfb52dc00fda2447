package sim

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

func TestRefreshAndNodeEvents(t *testing.T) {
	load := func(name string) (*xmlconf.Model, error) {
		l, err := xmlconf.Load(xmlconf.LoadOptions{CapacityScheduler: []xmlconf.Source{{Name: filepath.Join(repo("testdata", "workloads"), name)}}})
		if err != nil {
			return nil, err
		}
		return l.Model, nil
	}
	res := simulate(t, "seeds-example", "refresh-and-nodes.json", Options{Seed: 1, LoadConfig: load})
	require.Len(t, res.Refreshes, 2)
	assert.True(t, res.Refreshes[0].Accepted, res.Refreshes[0].Errors)
	dev := res.QueueSeries("root.engineering.development")
	at := func(ms int64) int64 { return dev.MaxMB[ms/res.SampleMS] }
	assert.Equal(t, int64(100*gb), at(5*60000), "max 100% of 10 nodes")
	assert.Equal(t, int64(40*gb), at(11*60000), "refreshed to maximum-capacity 40")
	assert.Equal(t, int64(32*gb), at(16*60000), "40% of the 8 nodes left")
	assert.Equal(t, int64(52*gb), at(21*60000), "40% of 13 nodes")
	assert.Equal(t, int64(130*gb), at(26*60000), "refreshed back")
	assert.LessOrEqual(t, dev.UsedMB[16*60000/res.SampleMS], int64(32*gb+2*gb))
	assert.Equal(t, 2, res.Summary.AppsFinished, "containers lost with their nodes are asked for again")
	assert.Equal(t, int64(402), res.Summary.ContainersAllocated-countKilled(res))
}

// countKilled is how many task containers ran twice (lost with a node).
func countKilled(res *Result) int64 {
	var n int64
	for _, a := range res.Apps {
		n += a.Containers - 201
	}
	return n
}

// The heartbeat interval comes from yarn-site.xml (merged under the
// Capacity Scheduler file, as the RM reads them).
func TestHeartbeatIntervalFromYarnSite(t *testing.T) {
	site := []byte(`<configuration><property><name>yarn.resourcemanager.nodemanagers.heartbeat-interval-ms</name><value>250</value></property></configuration>`)
	l, err := xmlconf.Load(xmlconf.LoadOptions{
		YarnSite:          []xmlconf.Source{{Name: "yarn-site.xml", Data: site}},
		CapacityScheduler: []xmlconf.Source{{Name: repo("testdata", "seeds-example", "capacity-scheduler.xml")}},
	})
	require.NoError(t, err)
	res, err := Run(l.Model, loadWorkload(t, "seeds-example.json"), Options{Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, int64(250), res.HeartbeatMS)
	for _, a := range res.Apps {
		assert.Less(t, a.WaitMS, int64(250), "first heartbeat after submission is within one interval")
		break
	}
}

// The simulator takes the interval from the typed Global.NodeHeartbeatMS:
// a value Configuration.getLong cannot read, or one that is not positive,
// refuses the run; none gives YarnConfiguration's default.
func TestHeartbeatSetting(t *testing.T) {
	for name, c := range map[string]struct {
		value string // "" leaves the key out
		want  int64
		err   string
	}{
		"unset":    {"", DefaultHeartbeatMS, ""},
		"set":      {"500", 500, ""},
		"hex":      {"0x20", 32, ""},
		"zero":     {"0", 0, `heartbeat-interval-ms = "0": want a positive number`},
		"negative": {"-5", 0, `"-5": want a positive number`},
		"garbage":  {"soon", 0, `"soon": want a positive number`},
	} {
		t.Run(name, func(t *testing.T) {
			site := `<configuration></configuration>`
			if c.value != "" {
				site = `<configuration><property><name>` + xmlconf.NodeHeartbeatKey + `</name><value>` + c.value + `</value></property></configuration>`
			}
			l, err := xmlconf.Load(xmlconf.LoadOptions{
				YarnSite:          []xmlconf.Source{{Name: "yarn-site.xml", Data: []byte(site)}},
				CapacityScheduler: []xmlconf.Source{{Name: "cs.xml", Data: []byte(twoQueues)}},
			})
			require.NoError(t, err)
			got, err := heartbeatMS(l.Model, &Workload{})
			if c.err != "" {
				assert.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
			got, err = heartbeatMS(l.Model, &Workload{NMHeartbeatMS: 7})
			require.NoError(t, err)
			assert.Equal(t, int64(7), got, "the workload's interval (SLS's yarn.sls.nm.heartbeat.interval.ms) wins")
		})
	}
}

// A refresh is charged to the work budget by the queues of the two
// configurations (RefreshCost), so a workload of many refreshes of a big
// configuration stops at the budget instead of running for minutes.
func TestRefreshesChargeTheBudget(t *testing.T) {
	var b []byte
	b = append(b, "<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>"...)
	for i := 0; i < 200; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, fmt.Sprintf("q%d", i)...)
	}
	b = append(b, "</value></property></configuration>"...)
	m := modelFrom(t, b)
	load := func(string) (*xmlconf.Model, error) { return m, nil }
	w := &Workload{Name: "refreshes", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}}}
	for i := 0; i < 10; i++ {
		w.Events = append(w.Events, Event{AtMS: int64(i+1) * 1000, Kind: EventRefresh, Config: "same.xml"})
	}
	per := RefreshCost(len(m.Queues), len(m.Queues), m.SourceBytes) // 201 queues each side
	for _, c := range []struct {
		budget int64
		done   int
	}{
		{int64(10*per + 1000), 10}, // room for all ten
		{int64(3*per + per/2), 4},  // the fourth outgrows it and the run stops
	} {
		res, err := Run(m, w, Options{Seed: 1, LoadConfig: load, MaxEvents: c.budget})
		if c.done == 10 {
			require.NoError(t, err)
			assert.Len(t, res.Refreshes, 10)
			continue
		}
		require.ErrorIs(t, err, ErrBudget)
		assert.Contains(t, err.Error(), fmt.Sprintf("%d configuration refreshes, charged 15 events per queue", c.done))
	}
}

// A refresh whose configuration reads but is refused is recorded and the
// run goes on; one whose file cannot be read (LoadConfig's
// *RefreshInputError) stops the run with that error, stamped with the
// event's time: it is the input's failure, not refreshQueues'.
func TestRefreshInputErrorStopsTheRun(t *testing.T) {
	m := modelFrom(t, []byte(`<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>default</value></property></configuration>`))
	gone := fmt.Errorf("later.xml: no such file")
	load := func(name string) (*xmlconf.Model, error) {
		if name == "later.xml" {
			return nil, &RefreshInputError{Err: gone}
		}
		return nil, fmt.Errorf("%s: XML syntax error", name)
	}
	w := &Workload{Name: "refreshes", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}},
		Events: []Event{{AtMS: 1000, Kind: EventRefresh, Config: "broken.xml"}, {AtMS: 2000, Kind: EventRefresh, Config: "later.xml"}}}
	res, err := Run(m, w, Options{Seed: 1, LoadConfig: load})
	assert.Nil(t, res)
	var unreadable *RefreshInputError
	require.ErrorAs(t, err, &unreadable)
	assert.Equal(t, int64(2000), unreadable.AtMS)
	assert.ErrorIs(t, err, gone)
	assert.EqualError(t, err, "event at 2000 ms: later.xml: no such file")

	w.Events = w.Events[:1]
	res, err = Run(m, w, Options{Seed: 1, LoadConfig: load})
	require.NoError(t, err)
	require.Len(t, res.Refreshes, 1)
	assert.False(t, res.Refreshes[0].Accepted)
	assert.Equal(t, []string{"cannot load broken.xml: broken.xml: XML syntax error"}, res.Refreshes[0].Errors)
}

// A refresh is charged for the bytes it read as well as for its queues: a
// configuration padded with a 20 MB comment parsed for 0.8 s a refresh,
// charged as its 6 queues, so a workload naming it 200 times ran for
// nearly three minutes within the default budget.
func TestRefreshChargedByBytesRead(t *testing.T) {
	m := modelFrom(t, []byte(`<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>default</value></property></configuration>`))
	big := *m
	big.SourceBytes = 20 << 20
	load := func(string) (*xmlconf.Model, error) { return &big, nil }
	w := &Workload{Name: "refreshes", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}}}
	for i := 0; i < 200; i++ {
		w.Events = append(w.Events, Event{AtMS: int64(i+1) * 1000, Kind: EventRefresh, Config: "padded.xml"})
	}
	per := RefreshCost(len(m.Queues), len(m.Queues), big.SourceBytes)
	assert.Equal(t, uint64(2*2*refreshQueueCost+(20<<20)/refreshBytesPerEvent), per)
	_, err := Run(m, w, Options{Seed: 1, LoadConfig: load})
	require.ErrorIs(t, err, ErrBudget, "the default budget holds a few such refreshes, not 200")
	assert.Contains(t, err.Error(), "charged 15 events per queue of the two configurations and one per 32 bytes read")
}
