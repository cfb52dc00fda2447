package xmlconf

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// VectorReading is what Hadoop 3.4's QueueCapacityConfigParser makes of a
// bracketed capacity or maximum-capacity text. Hadoop 3.4 runs that parser
// on every queue's values in both queue modes
// (AbstractCSQueue.setupQueueConfigs calls parseConfiguredResourceVector
// and parseConfiguredMaximumCapacityVector), and in non-legacy mode its
// result is what the capacity calculation reads. It is a lint view: the
// engine keeps the Capacity the model built.
type VectorReading struct {
	// Err is the NumberFormatException message when the parser throws:
	// an entry whose suffix is its whole tail but whose number part is
	// not a float ("vcores=abc" leaves "" to Float.parseFloat).
	Err string
	// Unmatched is set when the text matches neither of the parser's
	// patterns ("[]", "[memory-100,vcores-60]"): an empty vector, which
	// counts as not set (TestQueueCapacityConfigParser.
	// testInvalidCapacityConfigs).
	Unmatched bool
	// NoMemory is set when no memory entry is kept: none is written, or
	// setCapacityVector skips its value ("memory=-5"). The vector is still
	// kept: YARN-11646 (3.4.0) removed heterogeneousParser's "Memory always
	// have to be defined" check, so what is left is the
	// QueueCapacityVector.newInstance() it started from, every resource
	// absolute 0, with the entries written over it. Memory therefore reads
	// absolute 0, as for [memory=0,...], and ZeroMemory is set too.
	// (Before YARN-11646 the parser returned an empty vector here.)
	NoMemory bool
	// ZeroMemory is set when memory reads absolute 0: its entry reads 0
	// ("memory=0", "memory=0Gi", "memory=4096m", milli-MiB that floor to
	// 0), or it has none (NoMemory). YARN-11646 (in the 3.4.0 changelog:
	// "QueueCapacityConfigParser shouldn't ignore capacity config with 0
	// memory") keeps such a vector, so [memory=0,vcores=0] is a real zero
	// (testZeroAbsoluteCapacityConfig), not an empty vector.
	ZeroMemory bool
	// Unknown lists the entries naming a resource type Hadoop does not
	// compute; the vector keeps them but no calculator reads them.
	Unknown []string
}

// ReadVector reads raw as QueueCapacityConfigParser.parse does when raw is
// bracketed (spaces stripped first); ok is false for any other text. A
// bracketed text without key=value pairs ("[memory-100,vcores-60]") matches
// neither of the parser's patterns and gives an empty vector: Unmatched.
func ReadVector(raw string) (r VectorReading, ok bool) {
	s := strings.ReplaceAll(raw, " ", "")
	if !strings.HasPrefix(s, "[") {
		return r, false
	}
	if !vectorPattern.MatchString(s) {
		return VectorReading{Unmatched: true}, true
	}
	var memory float64
	hasMemory := false
	for _, kv := range javaSplit(strings.TrimSpace(s[1:len(s)-1]), ",") {
		parts := javaSplit(kv, "=")
		if len(parts) < 2 {
			continue
		}
		name, val := parts[0], parts[1]
		v, _, skip, err := vectorEntryValue(val)
		if err != nil {
			r.Err = err.Error()
			return r, true
		}
		if skip {
			continue
		}
		switch {
		case name == "memory" || name == "memory-mb":
			memory, hasMemory = v, true
		case name != "vcores" && !strings.Contains(name, "/") && name != "gpu":
			r.Unknown = append(r.Unknown, kv)
		}
	}
	r.NoMemory, r.ZeroMemory = !hasMemory, !hasMemory || memory == 0
	return r, true
}

// Empty reports whether Hadoop 3.4's parser returns an empty vector: only
// for a text that matches neither of its patterns. A vector without a
// memory entry, or with one of 0, is kept since YARN-11646 (ZeroMemory).
func (r VectorReading) Empty() bool { return r.Unmatched }

// vectorEntryValue is QueueCapacityConfigParser.setCapacityVector for one
// value: the suffix is every character outside [0-9.]; when it is not the
// value's tail the entry is skipped, else the rest goes to
// Float.parseFloat. A known unit converts the (long) number to MiB
// whatever the resource, and the entry is absolute; otherwise the suffix
// names the type ("%" percentage, "w" weight), and any other suffix
// leaves it absolute.
func vectorEntryValue(val string) (v float64, mode CapacityMode, skip bool, err error) {
	suffix := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' || r == '.' {
			return -1
		}
		return r
	}, val)
	if !strings.HasSuffix(val, suffix) {
		return 0, 0, true, nil
	}
	f, err := ParseJavaFloat(val[:len(val)-len(suffix)])
	if err != nil {
		return 0, 0, false, err
	}
	if _, known := unitFactors[suffix]; suffix != "" && known {
		return float64(convertUnits(suffix, int64(f))), ModeAbsolute, false, nil
	}
	switch suffix {
	case "%":
		return float64(f), ModePercent, false, nil
	case "w":
		return float64(f), ModeWeight, false, nil
	}
	return float64(f), ModeAbsolute, false, nil
}

// CanonicalVector renders the QueueCapacityVector Hadoop 3.4's
// QueueCapacityConfigParser makes of a bracketed capacity text, so that
// two spellings of one vector render alike: spaces stripped, a later
// entry of a resource replacing an earlier one, memory named memory-mb
// (setResource), the entries sorted by resource as the vector is keyed by
// it, each value with its type ("1024", "50%", "2w") and a unit converted
// to MiB. An entry setCapacityVector skips is left out. ok is false for a
// text that gives no vector (not bracketed, or an empty vector) or one
// the parser throws on.
func CanonicalVector(raw string) (string, bool) {
	s := strings.ReplaceAll(raw, " ", "")
	if r, ok := ReadVector(s); !ok || r.Unmatched || r.Err != "" {
		// ReadVector also sees a nameless entry's value, which
		// setCapacityVector parses (and may throw on) before storing it
		// under "": parseVectorCapacity skips such entries.
		return "", false
	}
	v := parseVectorCapacity(Capacity{Raw: s})
	if v.Mode != ModeVector || len(v.Vector) == 0 {
		return "", false
	}
	entries := make([]string, 0, len(v.Vector))
	for _, e := range v.Vector {
		if e.Value < 0 || math.IsNaN(e.Value) || math.IsInf(e.Value, 0) {
			continue // skipped by setCapacityVector, as capacityEntry says
		}
		suffix := map[CapacityMode]string{ModePercent: "%", ModeWeight: "w"}[e.Mode]
		entries = append(entries, canonicalResource(e.Resource)+"="+strconv.FormatFloat(e.Value, 'g', -1, 64)+suffix)
	}
	slices.Sort(entries)
	return "[" + strings.Join(entries, ",") + "]", true
}
