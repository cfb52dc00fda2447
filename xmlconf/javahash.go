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
	return JavaHashOrder(qs, func(q *Queue) string { return q.Path })
}

// JavaHashOrder orders xs, inserted in the given order, as a
// java.util.HashMap (or HashSet) with the String key key(x), default
// capacity 16 and load factor 0.75, iterates them: by bucket, then by
// insertion within a bucket (a resize splits a bucket keeping that order).
func JavaHashOrder[T any](xs []T, key func(T) string) []T {
	capacity := 16
	for len(xs) > capacity*3/4 {
		capacity *= 2
	}
	bucket := func(x T) int {
		h := JavaStringHash(key(x))
		return int((h ^ (h >> 16)) & uint32(capacity-1))
	}
	out := append([]T(nil), xs...)
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
