package preview

import (
	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/xmlconf"
)

// This file is the one place that knows the simulator's result type.

// FromSim converts a simulation result to a Run. The model adds the
// configured capacities for the report's queue tree; it may be nil.
//
// The simulator samples each queue every SampleMS with the containers
// allocated since the previous sample, which is what starvation needs;
// results without those counts fall back to "the queue's use grew".
func FromSim(res *sim.Result, m *xmlconf.Model) *Run {
	r := &Run{EndMS: res.Summary.SimulatedMS, ContainersAllocated: res.Summary.ContainersAllocated, Warnings: res.Warnings}
	for _, q := range res.Queues {
		qr := QueueRun{Path: q.Path, Leaf: q.Leaf, GuaranteedMB: q.GuaranteedMB, MaxMB: q.MaxMB, Preempted: int(q.Preempted)}
		if m != nil {
			if mq := m.Queue(q.Path); mq != nil {
				qr.Capacity, qr.MaxCapacity = configuredPercent(mq.NormalizedCapacity), configuredPercent(mq.NormalizedMaxCapacity)
				qr.AbsCapacity, qr.AbsMaxCapacity = mq.AbsCapacity, mq.AbsMaxCapacity
			}
		}
		if s := res.QueueSeries(q.Path); s != nil {
			qr.Series = samples(res.Series.TimesMS, s)
		}
		r.Queues = append(r.Queues, qr)
	}
	r.Partitions = partitions(res.Partitions)
	r.Users = users(res.Users)
	// The YARN simulator always gives a list (empty when nothing waited);
	// nil means the simulator does not measure it.
	r.HeldKnown = res.Held != nil
	for _, h := range res.HeldSpans {
		r.HeldSpans = append(r.HeldSpans, HeldSpan{Queue: h.Queue, User: h.User, FromMS: h.FromMS, ToMS: h.ToMS})
	}
	for _, h := range res.Held {
		r.Held = append(r.Held, HeldRun{Queue: h.Queue, User: h.User, Reason: h.Reason, AppMS: h.AppMS, Apps: h.Apps})
	}
	for _, a := range res.Apps {
		if a.State == sim.AppNotArrived {
			continue
		}
		r.Apps = append(r.Apps, AppRun{ID: a.ID, Queue: a.Queue, User: a.User, SubmitMS: a.SubmitMS,
			FirstMS: a.FirstContainerMS, WaitMS: a.WaitMS, FinishMS: a.FinishMS,
			Rejected: a.State == sim.AppRejected, Reason: a.Reason, Preempted: int(a.Preempted)})
	}
	return r
}

// configuredPercent turns a 0..1 share of the parent into a percentage
// rounded to what people write (Java floats make 0.2 into 20.000000298).
func configuredPercent(f float64) float64 {
	return float64(int64(f*1e6+0.5)) / 1e4
}

func samples(times []int64, s *sim.QueueSeries) []Sample {
	out := make([]Sample, 0, len(times))
	var prevUsed int64
	for i, t := range times {
		if i >= len(s.UsedMB) {
			break
		}
		p := Sample{T: t, UsedMB: s.UsedMB[i]}
		if i < len(s.PendingMB) {
			p.PendingMB = s.PendingMB[i]
		}
		if i < len(s.GuaranteedMB) {
			p.GuaranteedMB = s.GuaranteedMB[i]
		}
		switch {
		case i < len(s.Allocated):
			p.Allocated = int(s.Allocated[i])
		case p.UsedMB > prevUsed:
			p.Allocated = 1
		}
		prevUsed = p.UsedMB
		out = append(out, p)
	}
	return out
}

// users folds the per-(queue, user) results into one entry per user: the
// average adds up across queues; the peak is the largest in one queue
// (exact for users of one queue, a lower bound otherwise).
func users(us []sim.UserResult) []UserRun {
	idx := map[string]int{}
	var out []UserRun
	for _, u := range us {
		i, ok := idx[u.User]
		if !ok {
			i = len(out)
			idx[u.User] = i
			out = append(out, UserRun{Name: u.User, HasUsage: true})
		}
		out[i].AvgUsedMB += u.AvgUsedMB
		out[i].PeakUsedMB = max(out[i].PeakUsedMB, u.PeakUsedMB)
	}
	return out
}

// partitions converts the per-partition results.
func partitions(ps []sim.PartitionResult) []PartitionRun {
	var out []PartitionRun
	for _, p := range ps {
		pr := PartitionRun{Name: p.Partition, Exclusive: p.Exclusive, Nodes: p.Nodes, MemoryMB: p.MemoryMB}
		for _, q := range p.Queues {
			pr.Queues = append(pr.Queues, PartitionQueueRun{Path: q.Path, Accessible: q.Accessible, GuaranteedMB: q.GuaranteedMB,
				MaxMB: q.MaxMB, AvgUsedMB: q.AvgUsedMB, PeakUsedMB: q.PeakUsedMB})
		}
		out = append(out, pr)
	}
	return out
}
