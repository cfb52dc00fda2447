package xmlconf

import (
	"fmt"
	"strings"
)

// parseCapacity classifies and parses a capacity or maximum-capacity text
// the way CapacitySchedulerConfiguration does for version v. Patterns are
// matched on the untrimmed text, as Hadoop does, so " 2w" or "[memory=1] "
// fall through to Float.parseFloat and fail there.
func parseCapacity(p *Property, raw string, isMax bool, v Version) Capacity {
	c := Capacity{Raw: raw, Prop: p}
	if p == nil {
		return c
	}
	switch {
	case v.AtLeast(V3_1) && resourcePattern.MatchString(raw):
		return parseAbsoluteCapacity(c)
	case v.AtLeast(V3_4) && vectorPattern.MatchString(raw):
		return parseVectorCapacity(c)
	case v.AtLeast(V3_4) && !isMax && strings.HasSuffix(raw, "w") && raw == JavaTrim(raw):
		// capacity-scheduler-rules.md §2 CS010: weight detection sees the
		// untrimmed text, so " 2w" is not a weight and fails as a float.
		return parseWeightCapacity(c)
	}
	f, err := ParseJavaFloat(raw)
	if err != nil {
		c.Mode, c.Err = ModeInvalid, err.Error()
		return c
	}
	c.Mode, c.Percent = ModePercent, f
	return c
}

func parseAbsoluteCapacity(c Capacity) Capacity {
	r, ok, skipped, err := parseLegacyAbsolute(c.Raw)
	c.Mode = ModeAbsolute
	if err != nil {
		c.Mode, c.Err = ModeInvalid, err.Error()
		return c
	}
	c.Absolute = r
	if !ok {
		// Hadoop returns Resources.none(): the value counts as not set.
		c.Err = "memory is missing or 0, so Hadoop treats this absolute resource as not set"
	}
	if len(skipped) > 0 && c.Err == "" {
		c.Err = fmt.Sprintf("entries ignored by Hadoop (unknown resource or unit): %s", strings.Join(skipped, ", "))
	}
	return c
}

// parseWeightCapacity mirrors internalGetLabeledQueueWeight: the text up to
// the first "w" is a Java float.
func parseWeightCapacity(c Capacity) Capacity {
	w, err := ParseJavaFloat(c.Raw[:strings.IndexByte(c.Raw, 'w')])
	if err != nil {
		c.Mode, c.Err = ModeInvalid, err.Error()
		return c
	}
	c.Mode, c.Weight = ModeWeight, w
	return c
}

// parseVectorCapacity reads a 3.4 capacity vector ("[memory=50%,vcores=2w]")
// as QueueCapacityConfigParser.heterogeneousParser does: spaces stripped,
// each value read by setCapacityVector (vectorEntryValue), and a later
// entry of a resource replacing an earlier one (QueueCapacityVector.setResource,
// where memory is memory-mb).
func parseVectorCapacity(c Capacity) Capacity {
	c.Mode = ModeVector
	inner := strings.ReplaceAll(c.Raw[1:len(c.Raw)-1], " ", "")
	var at map[string]int // resource → index in c.Vector
	for _, kv := range javaSplit(inner, ",") {
		parts := javaSplit(kv, "=")
		if len(parts) < 2 || parts[0] == "" {
			// Hadoop stores a nameless entry under "", which no
			// calculator reads; capq leaves it out.
			continue
		}
		v, mode, skip, err := vectorEntryValue(parts[1])
		if err != nil {
			c.Mode, c.Err, c.Vector = ModeInvalid, err.Error(), nil
			return c
		}
		if !skip {
			c.Vector, at = setVectorEntry(c.Vector, at, VectorEntry{Resource: parts[0], Mode: mode, Value: v})
		}
	}
	return c
}

// setVectorEntry is QueueCapacityVector.setResource: e replaces the entry
// of the same resource, if any, in place. at indexes vec by resource, as
// Hadoop's map does, so a vector of many resources (hostile input) reads
// in linear time.
func setVectorEntry(vec []VectorEntry, at map[string]int, e VectorEntry) ([]VectorEntry, map[string]int) {
	name := canonicalResource(e.Resource)
	if i, ok := at[name]; ok {
		vec[i] = e
		return vec, at
	}
	if at == nil {
		at = map[string]int{}
	}
	at[name] = len(vec)
	return append(vec, e), at
}

// ParseCapacity classifies and parses a capacity (isMax: a
// maximum-capacity) text as Hadoop v does, for a value that is not a
// configured queue's own (an auto-creation template's).
func ParseCapacity(raw string, isMax bool, v Version) Capacity {
	return parseCapacity(&Property{Value: raw}, raw, isMax, v)
}
