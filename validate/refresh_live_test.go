package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// A 2.x-style answer: no queuePath, a single child rendered as an object.
const restOld = `{"scheduler":{"schedulerInfo":{"type":"capacityScheduler","queueName":"root",
 "queues":{"queue":[{"queueName":"a","state":"RUNNING","numApplications":1,
   "queues":{"queue":{"type":"capacitySchedulerLeafQueueInfo","queueName":"a1","state":"DRAINING","numApplications":1}}},
  {"type":"capacitySchedulerLeafQueueInfo","queueName":"b","state":"STOPPED","numApplications":0,"queues":null}]}}}}`

// A 3.4-style schedulerInfo on its own, with queuePath.
const restNew = `{"schedulerInfo":{"type":"capacityScheduler","queueName":"root","queuePath":"root",
 "queues":{"queue":[{"queueName":"x","queuePath":"root.x","state":"running","numApplications":0}]}}}`

func TestParseSchedulerState(t *testing.T) {
	s, err := ParseSchedulerState([]byte(restOld))
	require.NoError(t, err)
	assert.Equal(t, "DRAINING", s.QueueState("root.a.a1"))
	assert.Equal(t, 1, s.QueueApps("root.a.a1"))
	assert.Equal(t, "STOPPED", s.QueueState("root.b"))
	assert.True(t, s.Queues["root.b"].Leaf)
	assert.False(t, s.Queues["root.a"].Leaf)
	assert.Equal(t, "", s.QueueState("root.nope"))
	assert.Len(t, s.Queues, 4)

	s, err = ParseSchedulerState([]byte(restNew))
	require.NoError(t, err)
	assert.Equal(t, "RUNNING", s.QueueState("root.x"))

	for _, bad := range []string{`not json`, `{"scheduler":{"schedulerInfo":{"type":"fairScheduler"}}}`,
		`{"schedulerInfo":{"queueName":"root","queues":{"queue":"x"}}}`} {
		_, err := ParseSchedulerState([]byte(bad))
		assert.Error(t, err, bad)
	}
}

// FuzzParseSchedulerState: hostile REST answers (JSON or XML) never panic, and every
// queue parsed has a non-empty path.
func FuzzParseSchedulerState(f *testing.F) {
	f.Add([]byte(restOld))
	f.Add([]byte(restNew))
	f.Add([]byte(`{"queues":{"queue":[{"queues":{"queue":{}}}]}}`))
	f.Add([]byte(`<scheduler><schedulerInfo xsi:type="capacityScheduler"><queueName>root</queueName><queues><queue><queueName>a</queueName><numApplications>1</numApplications><queues><queue/></queues></queue></queues></schedulerInfo></scheduler>`))
	f.Add([]byte(`<schedulerInfo><queues><queue><queuePath>root.x</queuePath></queue></queues></schedulerInfo>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSchedulerState(data)
		if err != nil {
			return
		}
		for p := range s.Queues {
			if p == "" {
				t.Fatalf("empty queue path in %q", data)
			}
		}
		s.SetApps([]LiveApp{{ID: "application_1_0001", Queue: "a", State: "RUNNING"}, {ID: "application_1_0002", Queue: "root.a", State: "FINISHED"}})
		_ = s.QueueAppList("root")
	})
}

// FuzzRefresh: any pair of configurations gives a result, never a panic,
// and a refused refresh always names a reason.
func FuzzRefresh(f *testing.F) {
	conf := func(kv ...string) []byte {
		b := []byte("<configuration>")
		for i := 0; i+1 < len(kv); i += 2 {
			b = append(b, "<property><name>yarn.scheduler.capacity."+kv[i]+"</name><value>"+kv[i+1]+"</value></property>"...)
		}
		return append(b, "</configuration>"...)
	}
	base := conf("root.queues", "a,b", "root.a.capacity", "50", "root.b.capacity", "50")
	f.Add(base, conf("root.queues", "a", "root.a.capacity", "100"), "3.4")
	f.Add(base, conf("root.queues", "a,b", "root.a.capacity", "50", "root.b.capacity", "50", "root.b.queues", "x", "root.b.x.capacity", "100"), "3.1")
	f.Add(conf("root.queues", "a", "root.a.queues", "x", "root.a.capacity", "100", "root.a.x.capacity", "100"),
		conf("root.queues", "b", "root.b.queues", "x", "root.b.capacity", "100", "root.b.x.capacity", "100"), "2.7")
	f.Fuzz(func(t *testing.T, oldXML, newXML []byte, version string) {
		v, err := xmlconf.ParseVersion(version)
		if err != nil {
			v = xmlconf.DefaultVersion
		}
		load := func(name string, data []byte) *xmlconf.Model {
			d, err := xmlconf.ReadBytes(name, data, xmlconf.ReadOptions{})
			if err != nil {
				return nil
			}
			return xmlconf.Build(xmlconf.NewConf(d), xmlconf.BuildOptions{Version: v})
		}
		o, n := load("old.xml", oldXML), load("new.xml", newXML)
		if o == nil || n == nil {
			return
		}
		r := Refresh(o, n, RefreshOptions{Version: v})
		if !r.Accepted && r.ReasonCode() == "" {
			t.Fatalf("refused without a reason: %v", r.Findings)
		}
	})
}

// TestRefreshLiveOnlyQueues: a queue the RM runs but OLD lacks is
// reported, and refused when NEW drops it while it runs; auto-created
// queues are exempt.
func TestRefreshLiveOnlyQueues(t *testing.T) {
	live := `{"scheduler":{"schedulerInfo":{"type":"capacityScheduler","queueName":"root","queues":{"queue":[
  {"queueName":"a","state":"RUNNING","numApplications":0,"queues":{"queue":[
    {"queueName":"a1","state":"RUNNING"},{"queueName":"a2","state":"RUNNING"},{"queueName":"tmp","state":"RUNNING","numApplications":1}]}},
  {"queueName":"b","state":"RUNNING","autoCreateChildQueueEnabled":true,"queues":{"queue":[
    {"queueName":"b1","state":"RUNNING"},{"queueName":"b2","state":"RUNNING"},{"queueName":"b3","state":"RUNNING"},
    {"queueName":"user7","state":"RUNNING","numApplications":2}]}}]}}}}`
	st, err := ParseSchedulerState([]byte(live))
	require.NoError(t, err)
	assert.True(t, st.Queues["root.b.user7"].Dynamic)
	base := baseConf()
	r := refresh(xmlconf.V3_4, base, base, st)
	assert.False(t, r.Accepted)
	var rules []string
	for _, f := range r.Findings {
		rules = append(rules, f.Rule+" "+f.Queue)
	}
	assert.ElementsMatch(t, []string{"RF016 root.a.tmp", "RF002 root.a.tmp"}, rules)
	assert.Equal(t, ReasonQueueDeleteNotStopped, r.ReasonCode())
}
