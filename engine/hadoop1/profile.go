package hadoop1

import (
	"fmt"
	"strings"
)

// Profile is the Hadoop 1 release line whose CapacityTaskScheduler the
// engine reproduces (hadoop1-engine.md §0).
type Profile int

// Profiles, oldest first.
const (
	// Profile10 is 0.20.205–1.0.4: the old user-limit "current capacity"
	// rule, reservations on trackers too small for the task, no safe mode.
	Profile10 Profile = iota
	// Profile11 is 1.1.0–1.2.0: MAPREDUCE-4001 (no reservation on a tracker
	// with fewer slots than the task needs). Its JobTracker safe mode
	// (MAPREDUCE-4328) is not modelled: nothing enters safe mode.
	Profile11
	// Profile121 is 1.2.1: MAPREDUCE-3859 runtime queue limits for high-RAM
	// jobs (the user limit's current capacity counts the asked slots).
	Profile121
)

// DefaultProfile is the newest Hadoop 1 release.
const DefaultProfile = Profile121

// String names the profile as ParseProfile accepts it.
func (p Profile) String() string {
	switch p {
	case Profile10:
		return "1.0"
	case Profile11:
		return "1.1"
	}
	return "1.2.1"
}

// MarshalText renders the profile name (for JSON).
func (p Profile) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// ParseProfile maps a release number to its profile: "" and 1.2.1 → 1.2.1;
// 1.1.x and 1.2.0 → 1.1; 0.20.205 and 1.0.x → 1.0. 0.20.203/.204 predate
// MAPREDUCE-2729 and 0.20.0–0.20.2 and 0.21+ are different code bases: they
// are refused rather than approximated.
func ParseProfile(s string) (Profile, error) {
	t := strings.TrimSpace(strings.ToLower(s))
	switch {
	case t == "" || t == "1.2.1" || t == "1.2" || t == "1.x" || t == "1":
		return Profile121, nil
	case t == "1.1" || strings.HasPrefix(t, "1.1.") || t == "1.2.0":
		return Profile11, nil
	case t == "1.0" || strings.HasPrefix(t, "1.0.") || t == "0.20.205" || strings.HasPrefix(t, "0.20.205."):
		return Profile10, nil
	}
	return Profile121, fmt.Errorf("hadoop 1 version %q: the engine models 0.20.205–1.0.4 (\"1.0\"), 1.1.0–1.2.0 (\"1.1\") and 1.2.1; "+
		"0.20.0–0.20.204 and 0.21/0.22 schedule differently and are not modelled", s)
}

// reservesOnlyFittingTrackers is MAPREDUCE-4001 (1.1+).
func (p Profile) reservesOnlyFittingTrackers() bool { return p >= Profile11 }
