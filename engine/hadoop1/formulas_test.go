package hadoop1

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// CapacitySchedulerQueue.assignSlotsToJob's user limit per profile
// (hadoop1-engine.md §6).
func TestUserLimit(t *testing.T) {
	for _, tc := range []struct {
		name                    string
		capacity, occupied, ask int
		activeUsers, mulp       int
		ulf                     float32
		p                       Profile
		want                    int
	}{
		{"lone user stops at capacity × ulf", 2, 2, 1, 1, 25, 1, Profile121, 2},
		{"two users share", 4, 1, 1, 2, 25, 1, Profile121, 2},
		{"minimum-user-limit-percent floors the share", 10, 0, 1, 5, 25, 1, Profile121, 3},
		{"ulf lets a lone user past capacity", 2, 2, 1, 1, 100, 4, Profile121, 3},
		{"1.2.1 counts the asked slots (MAPREDUCE-3859)", 4, 3, 2, 2, 50, 10, Profile121, 3},
		{"1.0 keeps the capacity while below it", 4, 3, 2, 2, 50, 10, Profile10, 2},
		{"1.1 likewise", 4, 3, 2, 2, 50, 10, Profile11, 2},
		{"a queue smaller than one task runs one", 1, 0, 3, 1, 100, 1, Profile121, 3},
		{"zero-capacity queue", 0, 0, 1, 1, 100, 1, Profile121, 1},
		{"ulf product truncated in float32", 3, 5, 1, 1, 100, 1.5, Profile121, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := newQueue(QueueConf{MinUserLimitPercent: tc.mulp, UserLimitFactor: tc.ulf})
			s := &q.slots[Map]
			s.capacity, s.occupied = tc.capacity, tc.occupied
			for i := 0; i < tc.activeUsers; i++ {
				s.activeUsers[string(rune('a'+i))] = true
			}
			assert.Equal(t, tc.want, q.userLimit(Map, tc.ask, tc.p))
		})
	}
}

// SlotsUsage.updateCapacities: float32 percent of the slots, truncated;
// a maximum of 0 slots is no maximum.
func TestUpdateCapacities(t *testing.T) {
	for _, tc := range []struct {
		cap, max         float32
		slots            int
		wantCap, wantMax int
	}{
		{10, -1, 4, 0, -1},
		{90, -1, 6, 5, -1},
		{33.3, 50, 10, 3, 5},
		{25, 10, 4, 1, 0},
	} {
		var s slotsUsage
		s.updateCapacities(QueueConf{Capacity: tc.cap, MaxCapacity: tc.max}, tc.slots)
		assert.Equal(t, tc.wantCap, s.capacity, "%v", tc)
		assert.Equal(t, tc.wantMax, s.maxCapacity, "%v", tc)
		q := &Queue{slots: [2]slotsUsage{s}}
		assert.True(t, q.assignSlotsToQueue(Map, 1000) == (tc.wantMax <= 0), "a 0-slot maximum means none: %v", tc)
	}
}

func TestParseProfile(t *testing.T) {
	for in, want := range map[string]Profile{"": Profile121, "1.2.1": Profile121, "1.2.0": Profile11, "1.1.2": Profile11,
		"1.0.4": Profile10, "1.0": Profile10, "0.20.205": Profile10} {
		p, err := ParseProfile(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, p, in)
	}
	for _, in := range []string{"0.20.2", "0.20.203", "0.21", "2.7", "x"} {
		_, err := ParseProfile(in)
		assert.Error(t, err, in)
	}
}

// JobInProgress.scheduleOffSwitch: min(maps left, trackers) × wait factor
// < missed opportunities.
func TestScheduleOffSwitch(t *testing.T) {
	e := &Engine{trackers: make([]*Tracker, 4)}
	j := &Job{NumTasks: [2]int{10, 0}, waitFactor: 0.5}
	j.opportunities = 2
	assert.False(t, e.scheduleOffSwitch(j), "2 missed, not > 4 × 0.5")
	j.opportunities = 3
	assert.True(t, e.scheduleOffSwitch(j))
	j.finished[Map] = 9
	j.opportunities = 1
	assert.True(t, e.scheduleOffSwitch(j), "1 map left: 1 × 0.5 < 1")
}
