package xmlconf

import "sort"

// JavaHashMapOrder orders queues, inserted in the given order, as a
// java.util.HashMap<String, CSQueue> keyed by queue path (default capacity
// 16, load factor 0.75) iterates them: by bucket (hash ^ hash>>>16) &
// (capacity-1), then by insertion within a bucket. ParentQueue's
// updateChildQueues rebuilds its children from such a map (getQueuesMap)
// on every reinitialize, so this is the order Hadoop's calculators visit
// siblings after a refresh.
func JavaHashMapOrder(qs []*Queue) []*Queue {
	capacity := 16
	for len(qs) > capacity*3/4 {
		capacity *= 2
	}
	bucket := func(q *Queue) int {
		h := JavaStringHash(q.Path)
		return int((h ^ (h >> 16)) & uint32(capacity-1))
	}
	out := append([]*Queue(nil), qs...)
	sort.SliceStable(out, func(i, j int) bool { return bucket(out[i]) < bucket(out[j]) })
	return out
}

// JavaStringHash is String.hashCode over UTF-16 code units.
func JavaStringHash(s string) uint32 {
	var h uint32
	for _, r := range s {
		if r >= 0x10000 {
			r -= 0x10000
			h = 31*h + uint32(0xD800+(r>>10))
			h = 31*h + uint32(0xDC00+(r&0x3FF))
			continue
		}
		h = 31*h + uint32(r)
	}
	return h
}
