package hadoop1

import (
	"fmt"
	"testing"
)

// BenchmarkHeartbeat measures one assignTasks call on a 1,000-tracker
// cluster with 100 running jobs in 4 queues (go test -bench Heartbeat).
func BenchmarkHeartbeat(b *testing.B) {
	cfg := Config{MaxSystemJobs: 5000, MaxTasksPerHeartbeat: 32767, InitPollIntervalMS: 3000, InitWorkerThreads: 5}
	for i := 0; i < 4; i++ {
		cfg.Queues = append(cfg.Queues, QueueConf{Name: fmt.Sprintf("q%d", i), Capacity: 25, MaxCapacity: -1,
			MinUserLimitPercent: 25, UserLimitFactor: 2, MaxActiveTasks: 200000, MaxActiveTasksPerUser: 100000,
			MaxJobsToInit: 1250, MaxJobsPerUserToInit: 1250, MaxJobsToAccept: 12500, MaxJobsPerUserToAccept: 12500, Running: true})
	}
	var ts []TrackerSpec
	for i := 0; i < 1000; i++ {
		ts = append(ts, TrackerSpec{Name: fmt.Sprintf("tt%d", i), MapSlots: 8, ReduceSlots: 4})
	}
	e, err := New(cfg, ts, Options{})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		if _, err := e.Submit(JobSpec{Name: fmt.Sprintf("j%d", i), User: fmt.Sprintf("u%d", i%7), Queue: fmt.Sprintf("q%d", i%4),
			Maps: 1 << 16, Reduces: 100, InitNow: true}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tt := e.trackers[i%len(e.trackers)]
		if _, err := e.Heartbeat(tt.Name); err != nil {
			b.Fatal(err)
		}
		for _, a := range append([]*Attempt(nil), tt.attempts...) {
			_, _ = e.CompleteTasks(a.Job.Name, a.Type, []int{a.Index}, 0)
		}
	}
}
