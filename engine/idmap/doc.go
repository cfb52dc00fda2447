// Package idmap keeps values by container id. Ids are small, dense and
// issued in increasing order, and most of them die young, so a slice
// indexed by id beat a map on the simulator's hottest path; but a slice
// as long as the largest id keeps every dead container's slot, and
// doubling it held the old and the new copy at once: on #19's contended
// day (5.3 M containers) the two id slices were two thirds of the heap.
// Map is such a slice cut into pages, a page freed once every id in it
// is dead and a later page is in use.
package idmap
