package xmlconf

import (
	"fmt"
	"regexp"
	"strings"
)

// PriorityACLGroup is one [...] group of a leaf's acl_application_max_priority
// (AppPriorityACLGroup): who may submit, up to which priority, and the
// priority an app without one gets.
type PriorityACLGroup struct {
	ACL     ACL
	Max     int32
	Default int32
	// HasDefault says the group names a default_priority.
	HasDefault bool
	// NonASCII are the max_priority and default_priority settings
	// ("max_priority=１０", the key lower-cased) whose integer has
	// non-ASCII digits, which Integer.parseInt reads all the same
	// (Character.digit: "１０" is 10); nil for most groups (lint's CS017).
	NonASCII []string
}

// priorityACLGroupPattern is AppPriorityACLConfigurationParser.PATTERN_FOR_PRIORITY_ACL.
var priorityACLGroupPattern = regexp.MustCompile(`\[([^\]]+)`)

// ParsePriorityACL reads an acl_application_max_priority value as
// AppPriorityACLConfigurationParser.getPriorityAcl does, before the
// cluster's maximum priority caps each group's. It returns the groups
// Hadoop can build and, for each group it fails on, what fails first (an
// unknown key, a priority that is not an int, no max_priority, no user or
// group). The default "*" names no group. The ACL of a group is its first
// user or group entry as users and its second as groups, in the order
// written (createACLStringForPriority), so [group=g max_priority=1] admits
// the user named g.
func ParsePriorityACL(v string, ver Version) (groups []PriorityACLGroup, errs []string) {
	for _, m := range priorityACLGroupPattern.FindAllStringSubmatch(v, -1) {
		text := JavaTrim(m[1])
		if text == "" {
			continue
		}
		g, msg := parsePriorityACLGroup(text, ver)
		if msg != "" {
			errs = append(errs, fmt.Sprintf("priority ACL group %q %s", "["+text+"]", msg))
			continue
		}
		groups = append(groups, g)
	}
	return groups, errs
}

func parsePriorityACLGroup(text string, v Version) (PriorityACLGroup, string) {
	var g PriorityACLGroup
	var who []string
	hasMax := false
	for _, kv := range strings.Split(text, " ") {
		splits := javaSplit(kv, "=")
		if len(splits) < 2 {
			continue // not key=value: Hadoop skips it
		}
		key := strings.ToUpper(JavaTrim(splits[0]))
		switch key {
		case "USER", "GROUP":
			who = append(who, JavaTrim(splits[1]))
		case "MAX_PRIORITY", "DEFAULT_PRIORITY":
			n, err := ParseJavaInt(splits[1])
			if err != nil {
				return g, fmt.Sprintf("has %s %q, must be an integer (Hadoop: NumberFormatException: For input string: %q)",
					strings.ToLower(key), splits[1], splits[1])
			}
			if HasNonASCIIDigit(splits[1]) {
				g.NonASCII = append(g.NonASCII, strings.ToLower(key)+"="+splits[1])
			}
			if key == "MAX_PRIORITY" {
				g.Max, hasMax = n, true
			} else {
				g.Default, g.HasDefault = max(n, 0), true // a negative default is 0
			}
		default:
			return g, fmt.Sprintf("has key %q, must be user, group, max_priority or default_priority "+
				"(Hadoop: No enum constant AppPriorityACLKeyType.%s)", splits[0], key)
		}
	}
	switch {
	case !hasMax:
		return g, "has no max_priority (Hadoop fails with a NullPointerException)"
	case len(who) == 0:
		return g, "has no user or group (Hadoop fails with an IndexOutOfBoundsException)"
	}
	g.ACL = priorityACL(who, v)
	return g, ""
}

// priorityACL is createACLStringForPriority: the first entry is the users
// ("*" everyone), the second, if any, the groups; entries come trimmed.
func priorityACL(who []string, v Version) ACL {
	if who[0] == "*" {
		return ACL{All: true, Raw: "*"}
	}
	s := who[0]
	if len(who) > 1 && who[1] != "" {
		s += " " + who[1]
	}
	return ParseACL(strings.TrimSpace(s), v)
}

// javaSplit is String.split(sep) for a literal separator: trailing empty
// strings are dropped.
func javaSplit(s, sep string) []string {
	out := strings.Split(s, sep)
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}
