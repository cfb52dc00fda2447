package xmlconf

import (
	"math"
	"sort"
	"strings"
)

// Hadoop 1's Configuration getters differ from Hadoop 2+: values are not
// trimmed before Integer.parseInt, booleans are case-sensitive. These
// helpers reproduce Hadoop 1.2.1 Configuration exactly.

// H1GetInt parses s as Hadoop 1 Configuration.getInt: no trimming, a
// "0x"/"-0x" prefix selects hex, anything else is Integer.parseInt.
func H1GetInt(s string) (int32, error) {
	v, err := h1GetInteger(s, 32)
	return int32(v), err
}

// H1GetLong parses s as Hadoop 1 Configuration.getLong.
func H1GetLong(s string) (int64, error) { return h1GetInteger(s, 64) }

func h1GetInteger(s string, bits int) (int64, error) {
	str, neg := s, false
	if strings.HasPrefix(str, "-") {
		str, neg = str[1:], true
	}
	if strings.HasPrefix(str, "0x") || strings.HasPrefix(str, "0X") {
		hex := str[2:]
		if neg {
			hex = "-" + hex
		}
		return parseJavaInteger(hex, 16, bits)
	}
	return parseJavaInteger(s, 10, bits)
}

// H1GetBool reads a boolean as Hadoop 1 Configuration.getBoolean: only the
// exact texts "true" and "false" count; ok is false when def was used.
func H1GetBool(s string) (v bool, ok bool) {
	switch s {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// H1SplitNames splits a list the way StringUtils.getStrings does
// (StringTokenizer on ","): empty tokens dropped, nothing trimmed.
func H1SplitNames(s string) []string {
	var out []string
	for _, t := range strings.Split(s, ",") {
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// H1ParseACL parses an AccessControlList string as Hadoop 1 (and 2, 3)
// does: "*" (after trim) is everyone; otherwise the text is split at the
// first space into users and groups, each a comma list whose items are
// trimmed, empty items dropped. Users and groups are sorted (TreeSet).
func H1ParseACL(raw string) ACL {
	a := ACL{Raw: raw}
	if strings.Contains(raw, "*") && JavaTrim(raw) == "*" {
		a.All = true
		return a
	}
	users, groups, hasGroups := strings.Cut(raw, " ")
	a.Users = aclItems(users)
	if hasGroups {
		a.Groups = aclItems(groups)
	}
	return a
}

func aclItems(s string) []string {
	seen := map[string]bool{}
	var out []string
	for _, it := range strings.Split(s, ",") {
		it = JavaTrim(it)
		if it != "" && !seen[it] {
			seen[it] = true
			out = append(out, it)
		}
	}
	sort.Strings(out)
	return out
}

// H1ACLSubset reports whether everyone admitted by a is admitted by b,
// judged by names only (group membership is unknown offline).
func H1ACLSubset(a, b ACL) bool {
	if b.All {
		return true
	}
	if a.All {
		return false
	}
	return subsetOf(a.Users, b.Users) && subsetOf(a.Groups, b.Groups)
}

func subsetOf(a, b []string) bool {
	set := map[string]bool{}
	for _, s := range b {
		set[s] = true
	}
	for _, s := range a {
		if !set[s] {
			return false
		}
	}
	return true
}

// javaCeilInt is (int)Math.ceil(x): NaN is 0, out of range saturates.
func javaCeilInt(x float64) int64 {
	c := math.Ceil(x)
	switch {
	case math.IsNaN(c):
		return 0
	case c >= math.MaxInt32:
		return math.MaxInt32
	case c <= math.MinInt32:
		return math.MinInt32
	}
	return int64(c)
}
