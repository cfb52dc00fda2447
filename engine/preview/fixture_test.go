package preview

// syntheticRuns are two runs of one small workload: in the new config
// development is capped at 240 GB, so qa's apps start sooner, one
// support app is rejected and marketing starves for a while.
func syntheticRuns() (old, new *Run) {
	const gb = 1024
	queues := func(devMax int64, devSeries, qaSeries []Sample, mkt []Sample) []QueueRun {
		return []QueueRun{
			{Path: "root", GuaranteedMB: 1000 * gb, MaxMB: 1000 * gb, Capacity: 100, MaxCapacity: 100, AbsCapacity: 1, AbsMaxCapacity: 1},
			{Path: "root.engineering", GuaranteedMB: 600 * gb, MaxMB: 1000 * gb, Capacity: 60, MaxCapacity: 100, AbsCapacity: .6, AbsMaxCapacity: 1},
			{Path: "root.engineering.development", Leaf: true, GuaranteedMB: 120 * gb, MaxMB: devMax * gb, Capacity: 20, MaxCapacity: float64(devMax) / 10, AbsCapacity: .12, AbsMaxCapacity: float64(devMax) / 1000, Series: devSeries},
			{Path: "root.engineering.qa", Leaf: true, GuaranteedMB: 480 * gb, MaxMB: 1000 * gb, Capacity: 80, MaxCapacity: 100, AbsCapacity: .48, AbsMaxCapacity: 1, Series: qaSeries},
			{Path: "root.support", Leaf: true, GuaranteedMB: 100 * gb, MaxMB: 1000 * gb, Capacity: 10, MaxCapacity: 100, AbsCapacity: .1, AbsMaxCapacity: 1,
				Series: []Sample{{T: 0, UsedMB: 50 * gb, Allocated: 5}, {T: 3_600_000, UsedMB: 0}}},
			{Path: "root.marketing", Leaf: true, GuaranteedMB: 300 * gb, MaxMB: 1000 * gb, Capacity: 30, MaxCapacity: 100, AbsCapacity: .3, AbsMaxCapacity: 1, Series: mkt},
		}
	}
	apps := func(qaFirst int64, rejectSupport bool) []AppRun {
		return []AppRun{
			{ID: "app_1", Queue: "root.engineering.development", User: "dana", SubmitMS: 0, FirstMS: 1000, WaitMS: -1, FinishMS: 3_600_000},
			{ID: "app_2", Queue: "root.engineering.development", User: "dana", SubmitMS: 60_000, FirstMS: 62_000, WaitMS: -1, FinishMS: 3_000_000},
			{ID: "app_3", Queue: "root.engineering.qa", User: "quinn", SubmitMS: 600_000, FirstMS: 600_000 + qaFirst, WaitMS: -1, FinishMS: 5_000_000},
			{ID: "app_4", Queue: "root.engineering.qa", User: "quinn", SubmitMS: 900_000, FirstMS: 900_000 + qaFirst*2, WaitMS: -1, FinishMS: -1},
			{ID: "app_5", Queue: "root.support", User: "sam", SubmitMS: 0, FirstMS: 500, WaitMS: -1, FinishMS: 3_600_000},
			{ID: "app_6", Queue: "root.support", User: "sam", SubmitMS: 10, FirstMS: -1, WaitMS: -1, FinishMS: -1, Rejected: rejectSupport, Reason: "queue root.support already has 1 applications"},
		}
	}
	old = &Run{EndMS: 7_200_000, ContainersAllocated: 900,
		Queues: queues(1000,
			[]Sample{{T: 0, UsedMB: 100 * gb, Allocated: 10}, {T: 60_000, UsedMB: 600 * gb, Allocated: 50}, {T: 3_600_000, UsedMB: 0}},
			[]Sample{{T: 600_000, UsedMB: 0, PendingMB: 400 * gb}, {T: 1_800_000, UsedMB: 400 * gb, Allocated: 40}, {T: 5_000_000, UsedMB: 0}},
			[]Sample{{T: 0, UsedMB: 300 * gb, Allocated: 30}, {T: 7_000_000, UsedMB: 0}}),
		Apps: apps(1_200_000, false)}
	new = &Run{EndMS: 7_200_000, ContainersAllocated: 880,
		Queues: queues(240,
			[]Sample{{T: 0, UsedMB: 100 * gb, Allocated: 10}, {T: 60_000, UsedMB: 240 * gb, Allocated: 14, PendingMB: 360 * gb}, {T: 5_400_000, UsedMB: 0}},
			[]Sample{{T: 600_000, UsedMB: 400 * gb, Allocated: 40}, {T: 4_000_000, UsedMB: 0}},
			[]Sample{{T: 0, UsedMB: 200 * gb, Allocated: 20, PendingMB: 100 * gb}, {T: 7_000_000, UsedMB: 0}}),
		Apps: apps(30_000, true)}
	return old, new
}
