package xmlconf

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a Hadoop release line (major.minor). Loading, validation and
// refresh rules differ between lines; every such difference is keyed on it.
type Version struct{ Major, Minor int }

// Supported version profiles (`--hadoop-version`).
var (
	V2_7  = Version{2, 7}
	V2_10 = Version{2, 10}
	V3_1  = Version{3, 1}
	V3_2  = Version{3, 2}
	V3_3  = Version{3, 3}
	V3_4  = Version{3, 4}

	// DefaultVersion is the profile used when none is given.
	DefaultVersion = V3_4
)

// SupportedVersions lists the profiles in ascending order.
var SupportedVersions = []Version{V2_7, V2_10, V3_1, V3_2, V3_3, V3_4}

// String renders the version as "3.4".
func (v Version) String() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// MarshalText renders the version as "3.4" (for JSON).
func (v Version) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Less reports whether v is older than o.
func (v Version) Less(o Version) bool {
	if v.Major != o.Major {
		return v.Major < o.Major
	}
	return v.Minor < o.Minor
}

// AtLeast reports whether v is o or newer.
func (v Version) AtLeast(o Version) bool { return !v.Less(o) }

// ParseVersion reads a profile name such as "3.4", "3.3.6" or "2.10.2".
// Patch levels are accepted and ignored; a line capq has no profile for is
// an error, because guessing its behaviour would be wrong.
func ParseVersion(s string) (Version, error) {
	parts := strings.Split(strings.TrimSpace(s), ".")
	if len(parts) < 2 {
		return Version{}, fmt.Errorf("hadoop version %q: want major.minor, one of %s", s, versionList())
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return Version{}, fmt.Errorf("hadoop version %q: want major.minor, one of %s", s, versionList())
	}
	v := Version{major, minor}
	for _, sv := range SupportedVersions {
		if sv == v {
			return v, nil
		}
	}
	if newest := NewestVersion(); newest.Less(v) {
		return Version{}, &NewerVersionError{Value: s, Asked: v}
	}
	return Version{}, &NoProfileError{Value: s, Asked: v}
}

// NewestVersion is the newest profile capq has.
func NewestVersion() Version { return SupportedVersions[len(SupportedVersions)-1] }

// NoProfileError is ParseVersion's error for a well-formed release line
// between capq's profiles (2.8, 3.0) or older than the oldest. No
// profile stands in for it: a neighbour by name is not one by behaviour.
type NoProfileError struct {
	Value string  // as given
	Asked Version // the release line it names
}

func (e *NoProfileError) Error() string {
	return fmt.Sprintf("hadoop version %q has no profile; supported: %s", e.Value, versionList())
}

// NewerVersionError is ParseVersion's error for a release line newer than
// capq's newest profile. Hadoop changes the Capacity Scheduler between
// lines, so an older profile would judge the file by rules that may no
// longer hold; the user has to choose it knowingly.
type NewerVersionError struct {
	Value string  // as given
	Asked Version // the release line it names
}

// newerLines says, for a release line newer than the newest profile, what
// capq knows it changes in the Capacity Scheduler and does not model.
// Evidence for 3.5: its CHANGELOG.3.5.0.md (2026-03-24) lists YARN-7327
// (asynchronous scheduling on by default), YARN-11752 (the global
// scheduler's allocation waves), YARN-11702 (over-allocation
// correction) and YARN-11641 (absolute mode with zero capacities); which
// of them 3.4.1 or 3.4.2 also carry is not pinned (no changelog of
// either is at hand), so no 3.5 profile is derived from 3.4's.
var newerLines = map[Version]string{
	{3, 5}: "Hadoop 3.5 changes the Capacity Scheduler in ways capq does not model yet, among them asynchronous scheduling on by default (YARN-7327)",
}

// Unmodelled says why no profile covers the line.
func (e *NewerVersionError) Unmodelled() string {
	if s, ok := newerLines[e.Asked]; ok {
		return s
	}
	return fmt.Sprintf("what Hadoop %s changes in the Capacity Scheduler is not modelled", e.Asked)
}

func (e *NewerVersionError) Error() string {
	n := NewestVersion()
	return fmt.Sprintf("hadoop version %q: capq's newest profile is %s (%s); use %s to check against %s's rules",
		e.Value, n, e.Unmodelled(), n, n)
}

func versionList() string { return strings.Join(VersionNames(), ", ") }

// VersionNames are the SupportedVersions as --hadoop-version spells them,
// oldest first.
func VersionNames() []string {
	names := make([]string, len(SupportedVersions))
	for i, v := range SupportedVersions {
		names[i] = v.String()
	}
	return names
}
