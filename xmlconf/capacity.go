package xmlconf

import (
	"fmt"
	"strconv"
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

// parseVectorCapacity reads a 3.4 capacity vector ("[memory=50%,vcores=2w]");
// spaces are stripped as QueueCapacityConfigParser does.
func parseVectorCapacity(c Capacity) Capacity {
	c.Mode = ModeVector
	inner := strings.ReplaceAll(c.Raw[1:len(c.Raw)-1], " ", "")
	for _, kv := range strings.Split(inner, ",") {
		name, val, ok := strings.Cut(kv, "=")
		if !ok || name == "" || val == "" {
			continue
		}
		e := VectorEntry{Resource: name}
		switch {
		case strings.HasSuffix(val, "%"):
			e.Mode = ModePercent
			val = strings.TrimSuffix(val, "%")
		case strings.HasSuffix(val, "w"):
			e.Mode = ModeWeight
			val = strings.TrimSuffix(val, "w")
		default:
			e.Mode = ModeAbsolute
		}
		units := ""
		if e.Mode == ModeAbsolute {
			units = unitsOf(val)
			val = strings.TrimSuffix(val, units)
		}
		f, err := strconv.ParseFloat(val, 64)
		if err != nil {
			c.Mode, c.Err = ModeInvalid, (&NumberError{Input: val}).Error()
			return c
		}
		if units != "" && (name == "memory" || name == "memory-mb") {
			if _, known := unitFactors[units]; known {
				f = float64(convertUnits(units, int64(f)))
			}
		}
		e.Value = f
		c.Vector = append(c.Vector, e)
	}
	return c
}
