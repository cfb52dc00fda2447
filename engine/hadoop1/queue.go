package hadoop1

import (
	"sort"

	"github.com/capq/capq/xmlconf"
)

// Queue is a CapacitySchedulerQueue: its three job lists, active tasks
// and the per-type slot usage the heartbeat recomputes.
type Queue struct {
	Conf QueueConf

	waiting, initializing, running []*Job
	activeTasks                    int
	userActiveTasks                map[string]int
	// jobsByUser is numJobsByUser: users with a job in the queue.
	jobsByUser map[string]int
	slots      [2]slotsUsage
}

// slotsUsage is CapacitySchedulerQueue.SlotsUsage for one task type.
type slotsUsage struct {
	capacity, maxCapacity int
	runningTasks          int
	occupied              int
	userOccupied          map[string]int
	activeUsers           map[string]bool
}

func newQueue(c QueueConf) *Queue {
	q := &Queue{Conf: c, userActiveTasks: map[string]int{}, jobsByUser: map[string]int{}}
	for t := range q.slots {
		q.slots[t] = slotsUsage{maxCapacity: -1, userOccupied: map[string]int{}, activeUsers: map[string]bool{}}
	}
	return q
}

// updateCapacities is SlotsUsage.updateCapacities: float32 percent of the
// cluster's slots, truncated; a maximum of 0 slots means none.
func (s *slotsUsage) updateCapacities(c QueueConf, clusterSlots int) {
	s.capacity = int(c.Capacity * float32(clusterSlots) / 100)
	s.maxCapacity = -1
	if c.MaxCapacity > 0 {
		s.maxCapacity = int(c.MaxCapacity * float32(clusterSlots) / 100)
	}
}

// reset clears the usage before updateAll recounts it.
func (s *slotsUsage) reset() {
	s.runningTasks, s.occupied = 0, 0
	clear(s.userOccupied)
	clear(s.activeUsers)
}

// add is SlotsUsage.updateSlotsUsage: tasks and slots to the queue and the
// user; the user is active while the job has pending tasks of the type
// (reduces only past slow-start, MAPREDUCE-2729).
func (s *slotsUsage) add(t TaskType, j *Job, tasks, slots int) {
	s.runningTasks += tasks
	s.occupied += slots
	s.userOccupied[j.User] += slots
	if j.Pending(t) > 0 && (t == Map || j.scheduleReduces()) {
		s.activeUsers[j.User] = true
	}
}

// assignSlotsToQueue is CapacitySchedulerQueue.assignSlotsToQueue: false
// when numSlots more would exceed a maximum capacity.
func (q *Queue) assignSlotsToQueue(t TaskType, numSlots int) bool {
	s := &q.slots[t]
	return s.maxCapacity <= 0 || s.occupied+numSlots <= s.maxCapacity
}

// userLimit is the limit CapacitySchedulerQueue.assignSlotsToJob holds a
// user to when it asks r slots (hadoop1-engine.md §6).
func (q *Queue) userLimit(t TaskType, r int, p Profile) int {
	s := &q.slots[t]
	qc := max(s.capacity, r)
	cur := qc
	if p >= Profile121 {
		if s.occupied+r > qc {
			cur = s.occupied + r
		}
	} else if s.occupied >= qc {
		cur = s.occupied + r
	}
	n := max(1, len(s.activeUsers))
	limit := max(divideAndCeil(cur, n), divideAndCeil(q.Conf.MinUserLimitPercent*cur, 100))
	return min(limit, int(float32(qc)*q.Conf.UserLimitFactor))
}

func divideAndCeil(a, b int) int {
	if b == 0 {
		return 0
	}
	return (a + b - 1) / b
}

// jobLess is the queue's job comparator: JobQueueJobInProgressListener's
// FIFO_JOB_QUEUE_COMPARATOR (priority, start time, id) with
// supports-priority, else STARTTIME_JOB_COMPARATOR.
func (q *Queue) jobLess(a, b *Job) bool {
	if q.Conf.SupportsPriority && a.Priority != b.Priority {
		return a.Priority > b.Priority
	}
	if a.seq != b.seq {
		return a.seq < b.seq
	}
	return a.ID < b.ID
}

func (q *Queue) insert(list []*Job, j *Job) []*Job {
	i := sort.Search(len(list), func(i int) bool { return q.jobLess(j, list[i]) })
	list = append(list, nil)
	copy(list[i+1:], list[i:])
	list[i] = j
	return list
}

func remove(list []*Job, j *Job) ([]*Job, bool) {
	for i, x := range list {
		if x == j {
			return append(list[:i], list[i+1:]...), true
		}
	}
	return list, false
}

func (q *Queue) resort() {
	for _, l := range []*[]*Job{&q.waiting, &q.initializing, &q.running} {
		sort.SliceStable(*l, func(i, k int) bool { return q.jobLess((*l)[i], (*l)[k]) })
	}
}

// userJobs counts a user's waiting, initializing and running jobs.
func (q *Queue) userJobs(user string) (w, i, r int) {
	count := func(l []*Job) int {
		n := 0
		for _, j := range l {
			if j.User == user {
				n++
			}
		}
		return n
	}
	return count(q.waiting), count(q.initializing), count(q.running)
}

// ratio is QueueComparator's key: occupied over capacity, 1.0 when the
// capacity is 0 (a queue without capacity counts as full).
func (q *Queue) ratio(t TaskType) float64 {
	s := &q.slots[t]
	if s.capacity == 0 {
		return 1.0
	}
	return float64(s.occupied) / float64(s.capacity)
}

// sortQueues is TaskSchedulingMgr.sortQueues: Collections.sort is a
// stable merge sort, so ties keep the previous order.
func sortQueues(list []*Queue, t TaskType) {
	sort.SliceStable(list, func(i, k int) bool { return list[i].ratio(t) < list[k].ratio(t) })
}

// hashMapOrder returns names in the iteration order of a JDK 6
// HashMap<String,…> holding them: buckets ascending, table 16 doubling
// while the size exceeds 0.75 of it. Names sharing a bucket keep their
// given order (the real order depends on the map's history).
func hashMapOrder(names []string) []string {
	table := 16
	for len(names) > table*3/4 {
		table *= 2
	}
	type nb struct {
		name   string
		bucket int
		i      int
	}
	var l []nb
	for i, n := range names {
		l = append(l, nb{n, int(jdk6Hash(int32(xmlconf.JavaStringHash(n))) & int32(table-1)), i})
	}
	sort.SliceStable(l, func(i, k int) bool { return l[i].bucket < l[k].bucket })
	out := make([]string, len(l))
	for i, x := range l {
		out[i] = x.name
	}
	return out
}

// jdk6Hash is HashMap.hash of JDK 6 (the supplemental hash).
func jdk6Hash(h int32) int32 {
	u := uint32(h)
	u ^= (u >> 20) ^ (u >> 12)
	return int32(u ^ (u >> 7) ^ (u >> 4))
}
