package xmlconf

import (
	"slices"
	"strings"
)

// ParseACL reads an AccessControlList string the way Hadoop's
// AccessControlList(String) does: split(" ", 2) into users and groups,
// each StringUtils.getTrimmedStringCollection (TrimmedStringCollection:
// trimmed, empties dropped, each name once; from NewlineListsSince a
// newline separates names as a comma does); a part that is "*" after
// String.trim (isWildCardACLValue) makes the ACL admit everyone.
// CapacitySchedulerConfiguration#getAcl reads the key with plain get, so
// the version matters only here.
func ParseACL(s string, v Version) ACL {
	a := ACL{Raw: s}
	parts := strings.SplitN(s, " ", 2)
	for _, p := range parts {
		if strings.Contains(p, "*") && JavaTrim(p) == "*" {
			a.All = true
			return a
		}
	}
	a.Users = TrimmedStringCollection(parts[0], v)
	if len(parts) > 1 {
		a.Groups = TrimmedStringCollection(parts[1], v)
	}
	return a
}

// Allows reports whether user (with groups) is admitted by the ACL alone.
func (a ACL) Allows(user string, groups []string) bool {
	if a.All {
		return true
	}
	for _, u := range a.Users {
		if u == user {
			return true
		}
	}
	for _, g := range a.Groups {
		for _, ug := range groups {
			if g == ug {
				return true
			}
		}
	}
	return false
}

// String renders the ACL as Hadoop's getAclString would, "*" or
// "users groups".
func (a ACL) String() string {
	if a.All {
		return "*"
	}
	return strings.Join(a.Users, ",") + " " + strings.Join(a.Groups, ",")
}

// Canonical renders the ACL as the sets Hadoop checks: "*", or the users
// and the groups each sorted ("users groups"). AccessControlList keeps
// them in sets (isUserInList asks only for membership; trunk's are
// TreeSets, so getAclString is sorted too), so two texts with one
// Canonical admit the same people.
func (a ACL) Canonical() string {
	if a.All {
		return "*"
	}
	return sortedJoin(a.Users) + " " + sortedJoin(a.Groups)
}

func sortedJoin(names []string) string {
	s := slices.Clone(names)
	slices.Sort(s)
	return strings.Join(slices.Compact(s), ",")
}
