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
	return Version{}, fmt.Errorf("hadoop version %q has no profile; supported: %s", s, versionList())
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
