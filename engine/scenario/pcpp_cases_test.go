package scenario

// pcppCases are the tests of Hadoop's TestProportionalCapacityPreemptionPolicy
// whose state capq can build by scheduling (no reserved containers, no
// queue above its maximum), with the counts they verify.
var pcppCases = []pcppCase{
	{id: "pcpp-ignore-01", method: "testIgnore", title: "No demand: imbalance alone preempts nothing",
		state:  pcppState{abs: []int{100, 40, 40, 20}, maxCap: []int{100, 100, 100, 100}, used: []int{100, 0, 60, 40}, pending: []int{0, 0, 0, 0}, apps: []int{3, 1, 1, 1}, gran: []int{-1, 1, 1, 1}, subqueues: []int{3, 0, 0, 0}},
		rounds: []pcppRound{{nowMS: 0}}},
	{id: "pcpp-proportional-preemption-01", method: "testProportionalPreemption", title: "A, three times its guarantee, gives back 10 for C's pending",
		state:  pcppState{abs: []int{100, 10, 40, 20, 30}, maxCap: []int{100, 100, 100, 100, 100}, used: []int{100, 30, 60, 10, 0}, pending: []int{45, 20, 5, 20, 0}, apps: []int{3, 1, 1, 1, 0}, gran: []int{-1, 1, 1, 1, 1}, subqueues: []int{4, 0, 0, 0, 0}},
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appA": 10}}}},
	{id: "pcpp-max-cap-01", method: "testMaxCap", title: "B at its maximum capacity: A's excess is not taken for it",
		state:  pcppState{abs: []int{100, 40, 40, 20}, maxCap: []int{100, 100, 45, 100}, used: []int{100, 55, 45, 0}, pending: []int{20, 10, 10, 0}, apps: []int{2, 1, 1, 0}, gran: []int{-1, 1, 1, 0}, subqueues: []int{3, 0, 0, 0}},
		rounds: []pcppRound{{nowMS: 0}}},
	{id: "pcpp-preempt-cycle-01", method: "testPreemptCycle", title: "A's 10 pending are all taken from C",
		state:  q3(100, 0, 60, 40, 10, 10, 0, 0),
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appC": 10}}}},
	{id: "pcpp-expire-kill-01", method: "testExpireKill", title: "Marked containers are killed once max_wait_before_kill has passed",
		state: q3(100, 0, 60, 40, 10, 10, 0, 0),
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appC": 10}}, {nowMS: 5000},
			{nowMS: 10001, killed: map[string]int{"appC": 10}}}},
	{id: "pcpp-deadzone-01", method: "testDeadzone", title: "Within max_ignored_over_capacity (10%) nothing is preempted",
		state:  pcppState{abs: []int{100, 40, 40, 20}, maxCap: []int{100, 100, 100, 100}, used: []int{100, 39, 43, 21}, pending: []int{10, 10, 0, 0}, apps: []int{3, 1, 1, 1}, gran: []int{-1, 1, 1, 1}, subqueues: []int{3, 0, 0, 0}},
		yarn:   map[string]string{"yarn.resourcemanager.monitor.capacity.preemption.max_ignored_over_capacity": "0.1"},
		rounds: []pcppRound{{nowMS: 0}}},
	{id: "pcpp-per-queue-disable-preemption-01", method: "testPerQueueDisablePreemption", title: "B is not preemptable: C gives all 10",
		state: disableState(), disabled: []string{"root.queueB"},
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appC": 10}}}},
	{id: "pcpp-per-queue-disable-preemption-02", method: "testPerQueueDisablePreemption", title: "B preemptable again: B gives 4 and C 6",
		state:  disableState(),
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appB": 4, "appC": 6}}}},
	{id: "pcpp-per-queue-disable-preemption-hierarchical-01", method: "testPerQueueDisablePreemptionHierarchical", title: "Capacity comes from queueB under the over-capacity queueA, not from queueE",
		state:  hierState(),
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appA": 10}}}},
	{id: "pcpp-per-queue-disable-preemption-hierarchical-02", method: "testPerQueueDisablePreemptionHierarchical", title: "queueB not preemptable: queueE gives the 10",
		state: hierState(), disabled: []string{"root.queueA.queueB"},
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appC": 10}}}},
	{id: "pcpp-per-queue-disable-preemption-broad-hierarchical-01", method: "testPerQueueDisablePreemptionBroadHierarchical", title: "queueF's demand comes from queueE and queueB",
		state:  broadState(),
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appA": 27, "appC": 23}}}},
	{id: "pcpp-per-queue-disable-preemption-broad-hierarchical-02", method: "testPerQueueDisablePreemptionBroadHierarchical", title: "queueB not preemptable: all 50 from queueE",
		state: broadState(), disabled: []string{"root.queueA.queueB"},
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appC": 50}}}},
	{id: "pcpp-per-queue-disable-preemption-broad-hierarchical-03", method: "testPerQueueDisablePreemptionBroadHierarchical", title: "queueB and queueE not preemptable: the request starves, queueH is under a parent within capacity",
		state: broadState(), disabled: []string{"root.queueD.queueE", "root.queueA.queueB"},
		rounds: []pcppRound{{nowMS: 0}}},
	{id: "pcpp-per-queue-disable-preemption-inherit-parent-01", method: "testPerQueueDisablePreemptionInheritParent", title: "All preemptable: queueC gives 17 and queueD 183",
		state:  inheritState(),
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appA": 17, "appB": 183}}}},
	{id: "pcpp-per-queue-disable-preemption-inherit-parent-02", method: "testPerQueueDisablePreemptionInheritParent", title: "queueA and its children not preemptable: queueF starves",
		state: inheritState(), disabled: []string{"root.queueA"},
		rounds: []pcppRound{{nowMS: 0}}},
	{id: "pcpp-per-queue-preemption-not-all-untouchable-01", method: "testPerQueuePreemptionNotAllUntouchable", title: "queueC is untouchable but queueD is not: queueD gives 100",
		state:    pcppState{abs: []int{2000, 1000, 800, 100, 100, 1000, 500, 300, 200}, maxCap: []int{2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000}, used: []int{2000, 1300, 300, 800, 200, 700, 500, 0, 200}, pending: []int{300, 0, 0, 0, 0, 300, 0, 300, 0}, apps: []int{6, 3, 1, 1, 1, 3, 1, 1, 1}, gran: []int{-1, -1, 1, 1, 1, -1, 1, 1, 1}, subqueues: []int{2, 3, 0, 0, 0, 3, 0, 0, 0}},
		disabled: []string{"root.queueA.queueC"},
		rounds:   []pcppRound{{nowMS: 0, marked: map[string]int{"appC": 100}}}},
	{id: "pcpp-per-queue-disable-preemption-root-disables-all-01", method: "testPerQueueDisablePreemptionRootDisablesAll", title: "disable_preemption on root: nothing is preemptable",
		state:    pcppState{abs: []int{1000, 500, 250, 250, 250, 100, 150, 250, 100, 150}, maxCap: []int{1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000}, used: []int{1000, 20, 0, 20, 490, 240, 250, 490, 240, 250}, pending: []int{200, 200, 200, 0, 0, 0, 0, 0, 0, 0}, apps: []int{6, 2, 1, 1, 2, 1, 1, 2, 1, 1}, gran: []int{-1, -1, 1, 1, -1, 1, 1, -1, 1, 1}, subqueues: []int{3, 2, 0, 0, 2, 0, 0, 2, 0, 0}},
		disabled: []string{"root"},
		rounds:   []pcppRound{{nowMS: 0}}},
	{id: "pcpp-per-queue-disable-preemption-over-abs-max-capacity-01", method: "testPerQueueDisablePreemptionOverAbsMaxCapacity", title: "queueE is above its maximum but inherits queueD's disable_preemption: appC keeps all",
		state:    pcppState{abs: []int{1000, 725, 360, 365, 275, 17, 258}, maxCap: []int{1000, 1000, 1000, 1000, 550, 109, 1000}, used: []int{1000, 741, 396, 345, 259, 110, 149}, pending: []int{40, 20, 0, 20, 20, 20, 0}, apps: []int{4, 2, 1, 1, 2, 1, 1}, gran: []int{-1, -1, 1, 1, -1, 1, 1}, subqueues: []int{2, 2, 0, 0, 2, 0, 0}},
		disabled: []string{"root.queueD"},
		rounds:   []pcppRound{{nowMS: 0, marked: map[string]int{"appC": 0}, unchecked: []string{"appA", "appB", "appD"}}},
		adaptation: "queueE uses 110 over its maximum of 109: its containers are allocated under a maximum of 110, then a refresh sets 109. " +
			"queueF's maximum of 1000 is above its parent queueD's 550, which absolute capacities refuse at startup, so it is 550 (queueF has no demand). " +
			"The test asserts only that appC loses nothing; the other apps' counts are unchecked."},
	{id: "pcpp-over-capacity-imbalance-01", method: "testOverCapacityImbalance", title: "Both over-capacity queues keep what they have",
		state:  overState(),
		rounds: []pcppRound{{nowMS: 0}}},
	{id: "pcpp-natural-termination-01", method: "testNaturalTermination", title: "natural_termination_factor 0.1 ignores a 10% imbalance",
		state:  overState(),
		yarn:   map[string]string{"yarn.resourcemanager.monitor.capacity.preemption.natural_termination_factor": "0.1"},
		rounds: []pcppRound{{nowMS: 0}}},
	{id: "pcpp-observe-only-01", method: "testObserveOnly", title: "observe_only: even a severe imbalance marks and kills nothing",
		state:  pcppState{abs: []int{100, 40, 40, 20}, maxCap: []int{100, 100, 100, 100}, used: []int{100, 90, 10, 0}, pending: []int{80, 10, 20, 50}, apps: []int{2, 1, 1, 0}, gran: []int{-1, 1, 1, 0}, subqueues: []int{3, 0, 0, 0}},
		yarn:   map[string]string{"yarn.resourcemanager.monitor.capacity.preemption.observe_only": "true"},
		rounds: []pcppRound{{nowMS: 0}, {nowMS: 20000}}},
	{id: "pcpp-hierarchical-01", method: "testHierarchical", title: "Capacity taken from queueB (under over-capacity queueA), not queueE",
		state:  pcppState{abs: []int{200, 100, 50, 50, 100, 10, 90}, maxCap: []int{200, 200, 200, 200, 200, 200, 200}, used: []int{200, 110, 60, 50, 90, 90, 0}, pending: []int{10, 0, 0, 0, 10, 0, 10}, apps: []int{4, 2, 1, 1, 2, 1, 1}, gran: []int{-1, -1, 1, 1, -1, 1, 1}, subqueues: []int{2, 2, 0, 0, 2, 0, 0}},
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appA": 10}}}},
	{id: "pcpp-zero-guar-01", method: "testZeroGuar", title: "A zero-guarantee queue is not preempted from queueB's sibling",
		state:  pcppState{abs: []int{200, 100, 0, 99, 100, 10, 90}, maxCap: []int{200, 200, 200, 200, 200, 200, 200}, used: []int{170, 80, 60, 20, 90, 90, 0}, pending: []int{10, 0, 0, 0, 10, 0, 10}, apps: []int{4, 2, 1, 1, 2, 1, 1}, gran: []int{-1, -1, 1, 1, -1, 1, 1}, subqueues: []int{2, 2, 0, 0, 2, 0, 0}},
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{}}}},
	{id: "pcpp-zero-guar-over-cap-01", method: "testZeroGuarOverCap", title: "Zero-guarantee queues count as satisfied and do not preempt from each other",
		state:  pcppState{abs: []int{200, 100, 0, 100, 0, 100, 100}, maxCap: []int{200, 200, 200, 200, 200, 200, 200}, used: []int{170, 170, 60, 20, 90, 0, 0}, pending: []int{85, 50, 30, 10, 10, 20, 20}, apps: []int{4, 3, 1, 1, 1, 1, 1}, gran: []int{-1, -1, 1, 1, 1, -1, 1}, subqueues: []int{2, 3, 0, 0, 0, 1, 0}},
		rounds: []pcppRound{{nowMS: 0}}},
	{id: "pcpp-hierarchical-large-01", method: "testHierarchicalLarge", title: "Three parents: queueB gives 9 and queueH 6 (Hadoop's own rounding)",
		state:  pcppState{abs: []int{400, 200, 60, 140, 100, 70, 30, 100, 10, 90}, maxCap: []int{400, 400, 400, 400, 400, 400, 400, 400, 400, 400}, used: []int{400, 210, 70, 140, 100, 50, 50, 90, 90, 0}, pending: []int{15, 0, 0, 0, 0, 0, 0, 0, 0, 15}, apps: []int{6, 2, 1, 1, 2, 1, 1, 2, 1, 1}, gran: []int{-1, -1, 1, 1, -1, 1, 1, -1, 1, 1}, subqueues: []int{3, 2, 0, 0, 2, 0, 0, 2, 0, 0}},
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appA": 9, "appE": 6}}}},
	{id: "pcpp-skip-am-container-01", method: "testSkipAMContainer", title: "AM containers are skipped: appD and appC give 24 each, appB 2",
		state:        pcppState{abs: []int{100, 50, 50}, maxCap: []int{100, 100, 100}, used: []int{100, 100, 0}, pending: []int{70, 20, 50}, apps: []int{5, 4, 1}, gran: []int{-1, 1, 1}, subqueues: []int{2, 0, 0}},
		amContainers: true,
		rounds:       []pcppRound{{nowMS: 0, marked: map[string]int{"appD": 24, "appC": 24, "appB": 2}}}},
	{id: "pcpp-preempt-skipped-am-containers-01", method: "testPreemptSkippedAMContainers", title: "Skipped AMs are taken when the tasks do not cover the need",
		state:        amState(),
		amContainers: true,
		rounds:       []pcppRound{{nowMS: 0, marked: map[string]int{"appD": 5, "appC": 5, "appB": 4, "appA": 4}}}},
	{id: "pcpp-am-resource-percent-for-skipped-am-containers-01", method: "testAMResourcePercentForSkippedAMContainers", title: "AMs beyond the queue's AM share (50%) are preempted",
		state:        amState(),
		amContainers: true, amPercent: "0.5",
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appD": 5, "appC": 5, "appB": 4, "appA": 4}}}},
	{id: "pcpp-hierarchical-large-3-levels-01", method: "testHierarchicalLarge3Levels", title: "A 2nd-level child's excess is capped by its parent's: queueE gives 9",
		state:  pcppState{abs: []int{400, 200, 60, 140, 100, 40, 100, 70, 30, 100, 10, 90}, maxCap: []int{400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400}, used: []int{400, 210, 60, 150, 100, 50, 100, 50, 50, 90, 10, 80}, pending: []int{10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10}, apps: []int{7, 3, 1, 2, 1, 1, 2, 1, 1, 2, 1, 1}, gran: []int{-1, -1, 1, -1, 1, 1, -1, 1, 1, -1, 1, 1}, subqueues: []int{3, 2, 0, 2, 0, 0, 2, 0, 0, 2, 0, 0}},
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appC": 9}}}},
}

// queuePriorityCases are TestPreemptionForQueueWithPriorities (the mock
// framework: "-a(=[guaranteed max used pending]){priority=N}", one app per
// queue named app1, app2, ... in order, here appA, appB, ...).
var queuePriorityCases = []pcppCase{
	{id: "pcpp-queue-priority-highest-underutilized-01", class: qpClass, method: "testPreemptionForHighestPriorityUnderutilizedQueue",
		title:  "c (priority 2) takes from a (priority 1) down to its guarantee, and from b",
		state:  flatPrio([]int{30, 30, 40}, []int{40, 59, 1}, []int{50, 50, 25}, []int{1, 1, 1}, []int{1, 2, 2}),
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appA": 10, "appB": 15}}}},
	{id: "pcpp-queue-priority-lowest-underutilized-01", class: qpClass, method: "testPreemptionForLowestPriorityUnderutilizedQueue",
		title:  "The least used queue is served first whatever its priority",
		state:  flatPrio([]int{30, 30, 40}, []int{40, 59, 1}, []int{50, 50, 25}, []int{1, 1, 1}, []int{1, 2, 0}),
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appA": 10, "appB": 15}}}},
	{id: "pcpp-queue-priority-satisfied-queues-01", class: qpClass, method: "testPreemptionWontHappenBetweenSatisfiedQueues",
		title:  "A satisfied high-priority queue preempts nothing",
		state:  flatPrio([]int{30, 30, 40}, []int{0, 40, 60}, []int{0, 50, 25}, []int{0, 1, 1}, []int{1, 1, 2}),
		rounds: []pcppRound{{nowMS: 0}}},
	{id: "pcpp-queue-priority-same-bucket-01", class: qpClass, method: "testPreemptionForMultipleQueuesInTheSamePriorityBuckets",
		title:  "Queues of one priority are balanced by guarantee: a gives 23, b 6",
		state:  flatPrio([]int{10, 15, 20, 25, 30}, []int{35, 25, 39, 0, 1}, []int{50, 50, 50, 0, 99}, []int{1, 1, 1, 0, 1}, []int{1, 1, 2, 2, 2}),
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appA": 23, "appB": 6}}}},
	{id: "pcpp-queue-priority-disable-preemption-01", class: qpClass, method: "testPreemptionForPriorityAndDisablePreemption",
		title:    "a is not preemptable: b gives 9 and c 19 despite c's higher priority",
		state:    flatPrio([]int{10, 15, 20, 25, 30}, []int{35, 25, 39, 0, 1}, []int{50, 50, 50, 0, 99}, []int{1, 1, 1, 0, 1}, []int{1, 1, 2, 2, 2}),
		disabled: []string{"root.queueA"},
		rounds:   []pcppRound{{nowMS: 0, marked: map[string]int{"appB": 9, "appC": 19}}}},
	{id: "pcpp-queue-priority-hierarchical-01", class: qpClass, method: "testPriorityPreemptionForHierarchicalOfQueues",
		title: "Divided between a and b first; b2 (priority 2) gives less than b1",
		state: pcppState{abs: []int{100, 29, 12, 17, 31, 16, 15, 40}, maxCap: []int{100, 100, 100, 100, 100, 100, 100, 100},
			used: []int{100, 40, 20, 20, 59, 30, 29, 1}, pending: []int{100, 50, 50, 50, 50, 50, 50, 30},
			apps: []int{5, 2, 1, 1, 2, 1, 1, 1}, gran: []int{-1, -1, 1, 1, -1, 1, 1, 1}, subqueues: []int{3, 2, 0, 0, 2, 0, 0, 0},
			priority: []int{0, 1, 1, 1, 1, 1, 2, 1}},
		rounds: []pcppRound{{nowMS: 0, marked: map[string]int{"appA": 6, "appB": 1, "appC": 13, "appD": 10}}}},
	{id: "pcpp-queue-priority-balance-satisfied-01", class: qpClass, method: "testPriorityPreemptionForBalanceBetweenSatisfiedQueues",
		title:      "Both above their guarantees, with balancing on: c (priority 2) takes 10 from b, not below b's guarantee",
		state:      flatPrio([]int{30, 30, 40}, []int{0, 40, 60}, []int{0, 50, 25}, []int{0, 1, 1}, []int{1, 1, 2}),
		yarn:       map[string]string{balanceKey: "true"},
		rawPending: true,
		rounds:     []pcppRound{{nowMS: 0, marked: map[string]int{"appA": 10}}}},
	{id: "pcpp-balance-disabled-01", class: balanceClass, method: "testPreemptionToBalanceDisabled",
		title:      "Balancing off: a gets its guarantee back, 5 from b and 15 from c",
		state:      balanceState(30),
		rawPending: true,
		rounds:     []pcppRound{{nowMS: 0, marked: map[string]int{"appB": 5, "appC": 15}}}},
	{id: "pcpp-balance-enabled-01", class: balanceClass, method: "testPreemptionToBalanceEnabled",
		title:      "Balancing on: the three share evenly (33 each), 7 from b and 17 from c",
		state:      balanceState(30),
		yarn:       map[string]string{balanceKey: "true"},
		rawPending: true,
		rounds:     []pcppRound{{nowMS: 0, marked: map[string]int{"appB": 7, "appC": 17}}}},
	{id: "pcpp-balance-used-plus-pending-below-guarantee-01", class: balanceClass, method: "testPreemptionToBalanceUsedPlusPendingLessThanGuaranteed",
		title:      "Balancing on, a asks only 6 more: c gives 8 (ideal a 16, b 42, c 42)",
		state:      balanceState(6),
		yarn:       map[string]string{balanceKey: "true"},
		rawPending: true,
		rounds:     []pcppRound{{nowMS: 0, marked: map[string]int{"appC": 8}}}},
}

const (
	balanceClass = "TestProportionalCapacityPreemptionPolicyPreemptToBalance"
	balanceKey   = "yarn.resourcemanager.monitor.capacity.preemption.preemption-to-balance-queue-after-satisfied.enabled"
)

// balanceState is the PreemptToBalance tests' queues a, b, c, d (30, 30,
// 30, 10) using 10, 40, 50 and 0, b and c asking 30 more and a pendingA.
// The mock framework's parents order children by priority-utilization,
// all at priority 0.
func balanceState(pendingA int) pcppState {
	return flatPrio([]int{30, 30, 30, 10}, []int{10, 40, 50, 0}, []int{pendingA, 30, 30, 0}, []int{1, 1, 1, 0}, []int{0, 0, 0, 0})
}

const qpClass = "TestPreemptionForQueueWithPriorities"

// flatPrio is root with one level of leaves, max 100 each.
func flatPrio(abs, used, pending, apps, prio []int) pcppState {
	s := pcppState{abs: []int{100}, maxCap: []int{100}, used: []int{100}, pending: []int{0}, apps: []int{0}, gran: []int{-1},
		subqueues: []int{len(abs)}, priority: []int{0}}
	for i := range abs {
		s.abs, s.maxCap, s.used = append(s.abs, abs[i]), append(s.maxCap, 100), append(s.used, used[i])
		s.pending, s.apps, s.gran = append(s.pending, pending[i]), append(s.apps, apps[i]), append(s.gran, 1)
		s.subqueues, s.priority = append(s.subqueues, 0), append(s.priority, prio[i])
	}
	return s
}

// q3 is the common root/A/B/C state with guarantees 40/40/20.
func q3(root, a, b, c, pRoot, pa, pb, pc int) pcppState {
	return pcppState{abs: []int{100, 40, 40, 20}, maxCap: []int{100, 100, 100, 100}, used: []int{root, a, b, c},
		pending: []int{pRoot, pa, pb, pc}, apps: []int{3, 1, 1, 1}, gran: []int{-1, 1, 1, 1}, subqueues: []int{3, 0, 0, 0}}
}

func disableState() pcppState {
	return pcppState{abs: []int{100, 55, 25, 20}, maxCap: []int{100, 100, 100, 100}, used: []int{100, 0, 54, 46}, pending: []int{10, 10, 0, 0}, apps: []int{3, 1, 1, 1}, gran: []int{-1, 1, 1, 1}, subqueues: []int{3, 0, 0, 0}}
}

func hierState() pcppState {
	return pcppState{abs: []int{200, 100, 50, 50, 100, 10, 90}, maxCap: []int{200, 200, 200, 200, 200, 200, 200}, used: []int{200, 110, 60, 50, 90, 90, 0}, pending: []int{10, 0, 0, 0, 10, 0, 10}, apps: []int{4, 2, 1, 1, 2, 1, 1}, gran: []int{-1, -1, 1, 1, -1, 1, 1}, subqueues: []int{2, 2, 0, 0, 2, 0, 0}}
}

func broadState() pcppState {
	return pcppState{abs: []int{1000, 350, 150, 200, 400, 200, 200, 250, 100, 150}, maxCap: []int{1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000}, used: []int{1000, 400, 200, 200, 400, 250, 150, 200, 150, 50}, pending: []int{50, 0, 0, 0, 50, 0, 50, 0, 0, 0}, apps: []int{6, 2, 1, 1, 2, 1, 1, 2, 1, 1}, gran: []int{-1, -1, 1, 1, -1, 1, 1, -1, 1, 1}, subqueues: []int{3, 2, 0, 0, 2, 0, 0, 2, 0, 0}}
}

func inheritState() pcppState {
	return pcppState{abs: []int{1000, 500, 200, 200, 100, 500, 200, 200, 100}, maxCap: []int{1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000}, used: []int{1000, 700, 0, 350, 350, 300, 0, 200, 100}, pending: []int{200, 0, 0, 0, 0, 200, 200, 0, 0}, apps: []int{5, 2, 0, 1, 1, 3, 1, 1, 1}, gran: []int{-1, -1, 1, 1, 1, -1, 1, 1, 1}, subqueues: []int{2, 3, 0, 0, 0, 3, 0, 0, 0}}
}

func overState() pcppState {
	return pcppState{abs: []int{100, 40, 40, 20}, maxCap: []int{100, 100, 100, 100}, used: []int{100, 55, 45, 0}, pending: []int{20, 10, 10, 0}, apps: []int{2, 1, 1, 0}, gran: []int{-1, 1, 1, 0}, subqueues: []int{3, 0, 0, 0}}
}

func amState() pcppState {
	return pcppState{abs: []int{100, 10, 90}, maxCap: []int{100, 100, 100}, used: []int{100, 100, 0}, pending: []int{70, 20, 90}, apps: []int{5, 4, 1}, gran: []int{-1, 5, 5}, subqueues: []int{2, 0, 0}}
}
