package xmlconf

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// resourcePattern is CapacitySchedulerConfiguration.RESOURCE_PATTERN, the
// legacy absolute-resource syntax. Hadoop matches it on the untrimmed value.
var resourcePattern = regexp.MustCompile(`^\[[\w.,\-_= /]+\]$`)

// vectorPattern is QueueCapacityConfigParser's capacity-vector syntax (3.4).
var vectorPattern = regexp.MustCompile(`^\[([\w.,\-_% /]+=[\w.,\-_% /]+)+\]$`)

// unitFactors are UnitsConversionUtil's known units, as powers of ten
// (decimal) or two (binary) relative to the base unit.
var unitFactors = map[string]*big.Rat{
	"p": big.NewRat(1, 1e12), "n": big.NewRat(1, 1e9), "u": big.NewRat(1, 1e6), "m": big.NewRat(1, 1e3),
	"": big.NewRat(1, 1), "k": big.NewRat(1e3, 1), "M": big.NewRat(1e6, 1), "G": big.NewRat(1e9, 1),
	"T": big.NewRat(1e12, 1), "P": big.NewRat(1e15, 1),
	"Ki": big.NewRat(1<<10, 1), "Mi": big.NewRat(1<<20, 1), "Gi": big.NewRat(1<<30, 1),
	"Ti": big.NewRat(1<<40, 1), "Pi": big.NewRat(1<<50, 1),
}

// convertUnits converts value from unit `from` to Mi, truncating like
// UnitsConversionUtil.convert does for whole numbers.
func convertUnits(from string, value int64) int64 {
	r := new(big.Rat).Mul(big.NewRat(value, 1), unitFactors[from])
	r.Quo(r, unitFactors["Mi"])
	q := new(big.Int).Quo(r.Num(), r.Denom())
	if !q.IsInt64() {
		if r.Sign() < 0 {
			return math.MinInt64
		}
		return math.MaxInt64
	}
	return q.Int64()
}

// unitsOf mirrors CapacitySchedulerConfiguration.getUnits: the alphabetic
// tail of a resource value, or "".
func unitsOf(v string) string {
	for i, r := range v {
		if unicode.IsLetter(r) {
			tail := v[i:]
			if strings.IndexFunc(tail, func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
				return tail
			}
		}
	}
	return ""
}

// parseLegacyAbsolute parses "[memory=10240,vcores=12]" the way
// internalGetLabeledResourceRequirementForQueue does. ok=false means the
// value is "not set" for Hadoop (no memory, or memory 0); err carries the
// NumberFormatException Hadoop would throw (e.g. "memory=1.5Gi").
// skipped lists resource entries Hadoop ignores (unknown names or units).
func parseLegacyAbsolute(raw string) (r Resource, ok bool, skipped []string, err error) {
	inner := strings.TrimSpace(raw[1 : len(raw)-1])
	for _, kv := range strings.Split(inner, ",") {
		parts := strings.Split(kv, "=")
		if len(parts) < 2 {
			continue
		}
		name, val := strings.TrimSpace(parts[0]), parts[1]
		units := unitsOf(val)
		if _, known := unitFactors[units]; !known {
			skipped = append(skipped, kv)
			continue
		}
		// Long.valueOf (resourcePattern already kept the text ASCII).
		n, perr := ParseJavaLong(val[:len(val)-len(units)])
		if perr != nil {
			return Resource{}, false, skipped, perr
		}
		if units != "" {
			n = convertUnits(units, n)
		}
		switch name {
		case "memory", "memory-mb":
			r.MemoryMB = n
		case "vcores":
			r.VCores = n
		default:
			if !strings.Contains(name, "/") && name != "gpu" {
				skipped = append(skipped, kv)
				continue
			}
			if r.Other == nil {
				r.Other = map[string]int64{}
			}
			r.Other[name] = n
		}
	}
	if r.MemoryMB == 0 {
		return Resource{}, false, skipped, nil
	}
	return r, true, skipped, nil
}

// MaxClusterResource bounds each resource of a cluster size given on the
// command line (MB for memory): a million nodes of a pebibyte, the
// simulator's bounds, fit under it, and a queue's share of it stays far
// inside int64 (a larger value printed negative memory in capq tree).
const MaxClusterResource int64 = 1 << 50

// ParseResourceFlag reads a cluster size such as "memory=1000g,vcores=1000"
// or "memory-mb=1024000,vcores=1000". Memory takes friendly binary units
// (k, m, g, t, p with or without "b"/"i", any case: 1g = 1024 MB) and
// defaults to MB; other resources are plain integers.
func ParseResourceFlag(s string) (Resource, error) {
	var r Resource
	if strings.TrimSpace(s) == "" {
		return r, fmt.Errorf("empty resource; want e.g. memory=1000g,vcores=1000")
	}
	// A resource named twice ("memory=1g,memory=2g", or "mem" beside
	// "memory") is refused, as a repeated flag is: the last silently won.
	seen := map[string]string{}
	for _, kv := range strings.Split(strings.Trim(strings.TrimSpace(s), "[]"), ",") {
		name, val, ok := strings.Cut(kv, "=")
		name, val = strings.TrimSpace(strings.ToLower(name)), strings.TrimSpace(val)
		if !ok || name == "" || val == "" {
			return r, fmt.Errorf("resource %q: want name=value pairs such as memory=1000g,vcores=1000", s)
		}
		canon := resourceFlagName(name)
		if first, dup := seen[canon]; dup {
			return r, fmt.Errorf("resource %q: %s is given twice (%q and %q); give it once", s, canon, first, strings.TrimSpace(kv))
		}
		seen[canon] = strings.TrimSpace(kv)
		switch name {
		case "memory", "memory-mb", "mem":
			mb, err := parseMemoryMB(val)
			if err != nil {
				return r, fmt.Errorf("resource %q: %w", s, err)
			}
			r.MemoryMB = mb
		case "vcores", "cpu", "cores":
			n, err := strconv.ParseInt(val, 10, 64)
			if err != nil || n < 0 {
				return r, fmt.Errorf("resource %q: vcores %q is not a whole number", s, val)
			}
			if n > MaxClusterResource {
				return r, fmt.Errorf("resource %q: vcores %q is out of range, want at most %d", s, val, MaxClusterResource)
			}
			r.VCores = n
		default:
			n, err := strconv.ParseInt(val, 10, 64)
			if err != nil || n < 0 {
				return r, fmt.Errorf("resource %q: %s %q is not a whole number", s, name, val)
			}
			if n > MaxClusterResource {
				return r, fmt.Errorf("resource %q: %s %q is out of range, want at most %d", s, name, val, MaxClusterResource)
			}
			if r.Other == nil {
				r.Other = map[string]int64{}
			}
			r.Other[name] = n
		}
	}
	return r, nil
}

// resourceFlagName is the resource a ParseResourceFlag name stands for.
func resourceFlagName(name string) string {
	switch name {
	case "memory", "memory-mb", "mem":
		return "memory"
	case "vcores", "cpu", "cores":
		return "vcores"
	}
	return name
}

// parseMemoryMB reads "1000g", "512m", "1.5t", "2048" (MB) as MB.
func parseMemoryMB(v string) (int64, error) {
	lower := strings.ToLower(v)
	mult := 1.0
	for _, u := range []struct {
		suffixes []string
		mult     float64
	}{
		{[]string{"pib", "pb", "pi", "p"}, 1 << 30}, {[]string{"tib", "tb", "ti", "t"}, 1 << 20},
		{[]string{"gib", "gb", "gi", "g"}, 1 << 10}, {[]string{"mib", "mb", "mi", "m"}, 1},
		{[]string{"kib", "kb", "ki", "k"}, 1.0 / 1024},
	} {
		found := false
		for _, s := range u.suffixes {
			if strings.HasSuffix(lower, s) {
				lower, mult, found = strings.TrimSuffix(lower, s), u.mult, true
				break
			}
		}
		if found {
			break
		}
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(lower), 64)
	if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, fmt.Errorf("memory %q: want a size such as 1000g, 512m or 2048 (MB)", v)
	}
	if f*mult > float64(MaxClusterResource) {
		return 0, fmt.Errorf("memory %q is out of range, want at most %dp (%d MB)", v, MaxClusterResource>>30, MaxClusterResource)
	}
	return int64(f * mult), nil
}

// String renders r the way Hadoop prints a Resource: <memory:1024, vCores:1>.
func (r Resource) String() string {
	s := fmt.Sprintf("<memory:%d, vCores:%d", r.MemoryMB, r.VCores)
	names := make([]string, 0, len(r.Other))
	for k := range r.Other {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		s += fmt.Sprintf(", %s: %d", k, r.Other[k])
	}
	return s + ">"
}

// Share is the part abs (a fraction of the cluster) of total, truncated
// as Hadoop's (long)(resource * absoluteCapacity) with the capacity a
// Java float: a NaN capacity gives 0, an infinite or huge one saturates
// (JavaLong), as Java's cast does. It is the one computation of a queue's
// share of a cluster resource for capq tree and capq diff.
func Share(total int64, abs float64) int64 {
	return JavaLong(float64(float32(total) * float32(abs)))
}

// Share is the memory and vcores part abs of r (see the function Share).
func (r Resource) Share(abs float64) Resource {
	return Resource{MemoryMB: Share(r.MemoryMB, abs), VCores: Share(r.VCores, abs)}
}

// ParseLegacyAbsolute reads an absolute resource ("[memory=10240,vcores=2]")
// as a capacity does; ok is false when the text is not one or Hadoop would
// take it as not set (no memory, or memory 0).
func ParseLegacyAbsolute(raw string) (Resource, bool) {
	if !resourcePattern.MatchString(raw) {
		return Resource{}, false
	}
	r, ok, _, err := parseLegacyAbsolute(raw)
	return r, ok && err == nil
}
