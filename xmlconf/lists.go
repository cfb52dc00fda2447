package xmlconf

import (
	"iter"
	"regexp"
	"strings"
)

// Hadoop's list getters, one home for each, so every reader of a key
// splits its value the way the getter Hadoop uses for that key does:
//
//	<queue>.queues                getQueues: getStrings, String.trim each (QueueNames)
//	<queue>.accessible-node-labels getAccessibleNodeLabels: split(","), trim (TrimmedTokens)
//	queue-mappings, app-name       getTrimmedStringCollection, then (entry, ":") (TrimmedStringCollection)
//	workflow-priority-mappings    getTrimmedStringCollection (TrimmedStringCollection)
//	acl_*                         get, then AccessControlList: split(" ", 2), each half
//	                              getTrimmedStringCollection (ParseACL)
//	multi-node-sorting.policy.names getMultiNodePlacementPolicies: getTrimmedStrings,
//	                              trim, blanks skipped (MultiNodePolicyNames)
//	scheduler.monitor.policies    getStrings from 3.1, getClasses (getTrimmedStrings)
//	                              before (MonitorPolicyNames)
//	queue-placement-rules         getStringCollection (placement.RuleEntries)
//	application-tag-based-placement.username.white-list getStrings (H1SplitNames)
//
// Only the getTrimmedStrings family depends on the version (NewlineListsSince).

// javaSpace is Java's regex \s: [ \t\n\x0B\f\r].
const javaSpace = `[ \t\n\x0B\f\r]*`

// The separator regexes of StringUtils.getTrimmedStrings: "\\s*,\\s*"
// until NewlineListsSince, "\\s*[,\n]\\s*" from it. Go's regexp picks
// the same leftmost-first match as Java's for these patterns, so "a \n\nb"
// is one separator and "a,\n,b" keeps an empty entry between the commas.
var (
	trimmedSep        = regexp.MustCompile(javaSpace + `,` + javaSpace)
	trimmedSepNewline = regexp.MustCompile(javaSpace + `[,\n]` + javaSpace)
)

// NewlineListsSince is the first profile whose StringUtils.getTrimmedStrings
// splits on a newline as well as a comma ("\\s*[,\n]\\s*"; before,
// "\\s*,\\s*"), so an entry per line is several entries, not one with
// newlines inside. Evidence (the JIRA that changed the regex is not pinned
// by a diff at hand):
//   - comma only: the 2.7-era copies, and apache/hadoop's stored trunk copy
//     from the 3.0.0-alpha days (its core-default.xml, at the same commit,
//     declares hadoop.common.configuration.version 3.0.0 and a comma list
//     for hadoop.security.sensitive-config-keys);
//   - comma or newline: the current trunk copy (the 3.4 profile), and an
//     HDP 3.1.1 source tree (lijufeng2016/HDP-hadoop3.1.1);
//   - HADOOP-15839 ("Review + update cloud store sensitive keys in
//     hadoop.security.sensitive-config-keys") is in CHANGELOG.3.1.2.md and
//     in no 2.10.x changelog (2.10.0's was read through). It turned that
//     key's core-default.xml value into one regex per line ("A
//     comma-separated or multi-line list") and made TestConfigRedactor
//     check the core-default value (testRedactWithCoreDefault), which
//     ConfigRedactor reads with getTrimmedStrings: the test passes only if
//     newlines split. So every 3.1 release from 3.1.2 on, and the 3.2, 3.3
//     and 3.4 lines, split on newlines; the 3.1 profile follows its line's
//     newest release (3.1.4).
//   - 2.10 is not pinned: neither HADOOP-15839 nor a newline-splitting copy
//     of the line is at hand, so it keeps the comma split it had.
var NewlineListsSince = V3_1

// TrimmedStrings is StringUtils.getTrimmedStrings as version v has it: the
// value trimmed (String.trim), then split on commas (and, from
// NewlineListsSince, newlines) with the whitespace around each; empty
// inner entries are kept and trailing empty ones dropped, as String.split
// does.
func TrimmedStrings(s string, v Version) []string {
	s = JavaTrim(s)
	if s == "" {
		return nil
	}
	sep := trimmedSep
	if v.AtLeast(NewlineListsSince) {
		sep = trimmedSepNewline
	}
	out := sep.Split(s, -1)
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// TrimmedStringCollection is StringUtils.getTrimmedStringCollection(str),
// which Configuration#getTrimmedStringCollection uses: getTrimmedStrings
// in a LinkedHashSet without "", so a repeated entry is kept once, where
// it first appears.
func TrimmedStringCollection(s string, v Version) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range TrimmedStrings(s, v) {
		if x != "" && !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// MultiNodePolicyNames reads multi-node-sorting.policy.names as
// CapacitySchedulerConfiguration#getMultiNodePlacementPolicies does:
// getTrimmedStrings, then String.trim per entry (so a no-break space is
// part of the name whose .class is looked up), blank entries skipped, into
// a set (a repeated name is one policy), in the order first written.
func MultiNodePolicyNames(s string, v Version) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range TrimmedStrings(s, v) {
		if x = JavaTrim(x); x != "" && !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// ResourceUsageLookupPolicy is the multi-node lookup policy class Hadoop
// ships and gives the policy named "default"
// (CapacitySchedulerConfiguration.DEFAULT_NODE_SORTING_POLICY_CLASSNAME).
const ResourceUsageLookupPolicy = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.placement.ResourceUsageMultiNodeLookupPolicy"

// MultiNodePolicyClass is the class getMultiNodePlacementPolicies reads
// for policy name: get, then String.trim (a no-break space stays part of
// the class name, which then fails to load). The name "default"
// (DEFAULT_NODE_SORTING_POLICY) alone has a default class, in every copy
// read since multi-node placement came in 3.2 (YARN-7494); "" when another
// name has none. Only the policy list has this default: a queue naming
// "default" still needs the .class key (getMultiNodesSortingAlgorithmPolicy).
func MultiNodePolicyClass(c *Conf, name string) string {
	def := ""
	if name == "default" {
		def = ResourceUsageLookupPolicy
	}
	return JavaTrim(c.GetOr(Prefix+"multi-node-sorting.policy."+name+".class", def))
}

// TrimmedTokens is StringUtils.getTrimmedStringCollection(str, delim): a
// StringTokenizer on delim, each token trimmed as String.trim does (not
// Unicode spaces), empty ones dropped, duplicates kept.
func TrimmedTokens(s, delim string) []string {
	var out []string
	for _, x := range strings.Split(s, delim) {
		if x = JavaTrim(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// StringsSeq is Configuration#getStrings (StringUtils.getStrings): a
// StringTokenizer on commas, so empty entries vanish and nothing is
// trimmed; duplicates are kept. Lazy, so a caller can bound a wide list
// before holding it whole.
func StringsSeq(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for tok := range strings.SplitSeq(s, ",") {
			if tok != "" && !yield(tok) {
				return
			}
		}
	}
}

// QueueNames is CapacitySchedulerConfiguration#getQueues: getStrings,
// each entry then String.trim'd (chars <= U+0020 only, so a no-break
// space stays and a control character goes); an all-blank entry stays
// as "" and duplicates are kept, for the callers to refuse.
func QueueNames(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for tok := range StringsSeq(s) {
			if !yield(JavaTrim(tok)) {
				return
			}
		}
	}
}
