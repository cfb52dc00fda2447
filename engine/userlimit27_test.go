package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// ul27App builds a bare leaf and app with the state 2.7's
// LeafQueue.computeUserLimit reads.
func ul27App(cluster int64, absCap float32, used int64, mulp, ulf float32, users int) (*Engine, *app) {
	e := &Engine{cluster: Resource{cluster, cluster / 1024}}
	e.parts = []partition{{res: e.cluster, exclusive: true}}
	e.g.rc = calc{cluster: e.cluster}
	e.g.minAlloc = Resource{gb, 1}
	e.g.ul27 = true
	q := &queue{absCap: absCap, used: Resource{used, 1}, mulp: mulp, ulf: ulf, leaf: true}
	q.ul.activeUsers = users
	return e, &app{q: q, u: &user{q: q}}
}

// TestUserLimit27Formula checks 2.7's LeafQueue.computeUserLimit against
// the limits the 2.7 line's TestLeafQueue implies.
func TestUserLimit27Formula(t *testing.T) {
	cases := []struct {
		name           string
		cluster        int64
		absCap         float32
		used, required int64
		mulp, ulf      float32
		users          int
		ignore         bool
		want           int64
	}{
		{"testUserLimits 1st pass: capacity normalized up to 2 GB", 16 * gb, 0.085, 0, 2 * gb, 50, 2, 1, false, 2 * gb},
		{"testUserLimits 2nd pass: at capacity, used + required", 16 * gb, 0.085, 2 * gb, gb, 50, 2, 1, false, 3 * gb},
		{"testUserLimits 3rd pass: 4 GB, the ULF cap", 16 * gb, 0.085, 3 * gb, gb, 50, 2, 1, false, 4 * gb},
		{"testStolenReservedContainer node_1: the 4 GB request is the capacity", 12 * gb, 0.085, 6 * gb, 4 * gb, 100, 1, 0, false, 4 * gb},
		{"a request below the capacity leaves the ULF cap at 2 GB", 12 * gb, 0.085, 6 * gb, gb, 100, 1, 0, false, 2 * gb},
		{"testComputeUserLimitAndSetHeadroom case 3: no active user, 50% of 13 GB", 16 * gb, 0.8, 4 * gb, 2 * gb, 50, 1, 0, false, 7 * gb},
		{"two users: 1.5 GB by users beats 25%, rounded up", 16 * gb, 0.085, 2 * gb, gb, 25, 10, 2, false, 2 * gb},
		{"ignore exclusivity: capped by the partition, not the ULF", 16 * gb, 0.085, 3 * gb, gb, 100, 1, 1, true, 4 * gb},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e, a := ul27App(tc.cluster, tc.absCap, tc.used, tc.mulp, tc.ulf, tc.users)
			got := e.userLimit27(a, Resource{tc.required, 1}, 0, tc.ignore)
			assert.Equal(t, tc.want, got.MemoryMB)
		})
	}
}

// TestHeadroom27: 0 before the app was ever tried (no headroom provider),
// then min(user limit for the last request - user used, current limit -
// queue used), negative memory shown as 0.
func TestHeadroom27(t *testing.T) {
	e, a := ul27App(16*gb, 0.085, 3*gb, 50, 2, 1)
	a.u.used = Resource{3 * gb, 1}
	cur := Resource{16 * gb, 16}
	assert.Equal(t, int64(0), e.appHeadroom(a, cur).MemoryMB, "never tried")
	a.ulRequired, a.ulSet = Resource{2 * gb, 1}, true
	assert.Equal(t, int64(gb), e.appHeadroom(a, cur).MemoryMB, "testHeadroomWithMaxCap: 4 GB - 3 GB")
	assert.Equal(t, int64(0), e.appHeadroom(a, Resource{gb, 1}).MemoryMB, "over the queue's current limit")
}

// TestWaitLimit27: the wait report's limit is 2.7's for the first asking
// default-partition request, plus the minimum allocation activeReason
// adds to the usage.
func TestWaitLimit27(t *testing.T) {
	e, a := ul27App(16*gb, 0.085, 3*gb, 50, 10, 1)
	assert.Equal(t, int64(4*gb), e.waitLimit27(a).MemoryMB, "no request: used + none = 3 GB")
	a.keys = []*schedKey{{capability: Resource{gb, 1}, any: 0}, {capability: Resource{gb, 1}, any: 1, pi: 1}, {capability: Resource{2 * gb, 1}, any: 1}}
	assert.Equal(t, int64(6*gb), e.waitLimit27(a).MemoryMB, "the asking 2 GB request: used + 2 GB = 5 GB")
}
