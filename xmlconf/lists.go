package xmlconf

import (
	"iter"
	"regexp"
	"strings"
)

// Hadoop's list getters, one home for each, so every reader of a key
// splits its value the way the getter Hadoop uses for that key does.

// trimmedSep is the separator regex of StringUtils.getTrimmedStrings
// ("\\s*,\\s*"; Java's \s is [ \t\n\x0B\f\r]).
var trimmedSep = regexp.MustCompile(`[ \t\n\x0B\f\r]*,[ \t\n\x0B\f\r]*`)

// TrimmedStrings is StringUtils.getTrimmedStrings: the value trimmed
// (String.trim), then split on commas with the whitespace around each
// comma; empty inner entries are kept and trailing empty ones dropped, as
// String.split does. Hadoop's newest StringUtils splits on a comma or a
// newline ("\\s*[,\n]\\s*"); the release that change first shipped in is
// not yet pinned, so every profile splits on commas only.
func TrimmedStrings(s string) []string {
	s = JavaTrim(s)
	if s == "" {
		return nil
	}
	out := trimmedSep.Split(s, -1)
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// TrimmedStringCollection is StringUtils.getTrimmedStringCollection(str),
// which Configuration#getTrimmedStringCollection uses: getTrimmedStrings
// in a LinkedHashSet without "", so a repeated entry is kept once, where
// it first appears.
func TrimmedStringCollection(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range TrimmedStrings(s) {
		if x != "" && !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
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
