package hadoop1

import (
	"fmt"
	"testing"
)

// fuzzEngine builds an engine from the first bytes: 1–3 queues, optional
// maximum capacities and memory scheduling, 1–4 trackers.
func fuzzEngine(b []byte) (*Engine, []byte) {
	next := func() int {
		if len(b) == 0 {
			return 0
		}
		v := int(b[0])
		b = b[1:]
		return v
	}
	nq := 1 + next()%3
	cfg := Config{MaxSystemJobs: 5000, MaxTasksPerHeartbeat: 32767, MaxTasksAfterOffswitch: next() % 3,
		InitPollIntervalMS: 3000, InitWorkerThreads: 5}
	left := float32(100)
	for i := 0; i < nq; i++ {
		c := left
		if i < nq-1 {
			c = float32(next() % int(left+1))
		}
		left -= c
		maxc := float32(-1)
		if v := next() % 4; v > 0 {
			maxc = min(100, c+float32(v*20))
		}
		qc := QueueConf{Name: fmt.Sprintf("q%d", i), Capacity: c, MaxCapacity: maxc, MinUserLimitPercent: 1 + next()%100,
			UserLimitFactor: float32(1 + next()%4), SupportsPriority: next()%2 == 0,
			MaxActiveTasks: 200000, MaxActiveTasksPerUser: 100000, Running: true}
		qc.MaxJobsToInit = int(float32(5000)*c/100 + 0.999)
		qc.MaxJobsPerUserToInit = qc.MaxJobsToInit
		qc.MaxJobsToAccept, qc.MaxJobsPerUserToAccept = qc.MaxJobsToInit*10, qc.MaxJobsToInit*10
		cfg.Queues = append(cfg.Queues, qc)
	}
	if next()%2 == 0 {
		cfg.Memory = MemoryConf{Enabled: true, MapSlotMB: 1024, ReduceSlotMB: 1024, MaxMapMB: 4096, MaxReduceMB: 4096}
	}
	var ts []TrackerSpec
	for i := 0; i < 1+next()%4; i++ {
		ts = append(ts, TrackerSpec{Name: fmt.Sprintf("tt%d", i), Host: fmt.Sprintf("h%d", i%3), Rack: fmt.Sprintf("/r%d", i%2),
			MapSlots: next() % 5, ReduceSlots: next() % 3})
	}
	e, err := New(cfg, ts, Options{Profile: Profile(next() % 3), Explain: next()%2 == 0})
	if err != nil {
		panic(err)
	}
	return e, b
}

// FuzzEngine drives the engine with random steps and checks the
// invariants after every one.
func FuzzEngine(f *testing.F) {
	f.Add([]byte{1, 0, 50, 2, 25, 1, 0, 3, 0, 2, 4, 2, 4, 2, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	f.Add([]byte{2, 1, 30, 3, 50, 2, 1, 20, 1, 100, 0, 0, 0, 3, 4, 2, 2, 1, 0, 0, 0, 9, 9, 9, 1, 1, 1, 2, 2, 2, 3, 3, 3})
	f.Add([]byte{0, 2, 0, 1, 7, 3, 4, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 5, 5, 5, 2, 2, 2, 6, 6, 6, 4, 4, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		e, ops := fuzzEngine(data)
		for i := 0; i+2 < len(ops) && i < 600; i += 3 {
			op, a, b := ops[i]%9, int(ops[i+1]), int(ops[i+2])
			var before map[*Queue][2]int
			if op == 3 || op == 4 {
				before = e.occupancy() // only heartbeats are held to the maximum
			}
			desc := e.fuzzStep(op, a, b, i)
			if err := e.checkInvariants(before); err != nil {
				t.Fatalf("after step %d (%s): %v", i/3, desc, err)
			}
		}
	})
}

func (e *Engine) fuzzStep(op byte, a, b, i int) string {
	pickJob := func() *Job {
		if len(e.jobs) == 0 {
			return nil
		}
		return e.jobs[a%len(e.jobs)]
	}
	switch op {
	case 0, 1:
		s := JobSpec{Name: fmt.Sprintf("j%d", i), User: fmt.Sprintf("u%d", a%3), Queue: fmt.Sprintf("q%d", b%3),
			Maps: a % 7, Reduces: b % 4, InitNow: op == 1, ReduceSlowstart: new(float32(b%3) / 2)}
		mm, rm := int64(512*(1+a%6)), int64(512*(1+b%5))
		s.MapMemoryMB, s.ReduceMemoryMB = &mm, &rm
		if a%3 == 0 {
			s.MapLocations = make([][]string, s.Maps)
			for k := range s.MapLocations {
				if (k+b)%2 == 0 {
					s.MapLocations[k] = []string{fmt.Sprintf("h%d", (k+b)%4)}
				}
			}
		}
		_, _ = e.Submit(s)
		return "submit"
	case 2:
		e.InitPass(a%2 == 0)
		return "init"
	case 3, 4:
		if len(e.trackers) > 0 {
			_, _ = e.Heartbeat(e.trackers[a%len(e.trackers)].Name)
		}
		return "heartbeat"
	case 5:
		if j := pickJob(); j != nil {
			_, _ = e.CompleteTasks(j.Name, TaskType(b%2), nil, 1)
		}
		return "complete"
	case 6:
		if j := pickJob(); j != nil && !j.State.Done() {
			_ = e.EndJob(j.Name, []JobState{Succeeded, Failed, Killed}[b%3], b%4 != 0)
		}
		return "end"
	case 7:
		if b%4 == 0 && len(e.trackers) > 1 {
			_ = e.RemoveTrackers(e.trackers[a%len(e.trackers)].Name)
			return "remove tracker"
		}
		_ = e.AddTrackers(TrackerSpec{Name: fmt.Sprintf("n%d", i), Host: fmt.Sprintf("h%d", a%4), MapSlots: a % 5, ReduceSlots: b % 3})
		return "add tracker"
	default:
		if j := pickJob(); j != nil {
			_ = e.SetPriority(j.Name, Priority(b%5))
		}
		return "priority"
	}
}
