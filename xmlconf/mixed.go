package xmlconf

import (
	"math"
	"strings"
)

// Effective is a queue's default-partition result of Hadoop 3.4's
// non-legacy capacity computation (CapacitySchedulerQueueCapacityHandler):
// the effective minimum and maximum resource, per resource type, and the
// capacities Hadoop derives from them afterwards.
type Effective struct {
	Min, Max Resource
	// Capacity and MaxCapacity are the shares of the parent;
	// AbsCapacity and AbsMaxCapacity the shares of the cluster
	// (AbstractCSQueue.updateAbsoluteCapacities).
	Capacity, MaxCapacity       float64
	AbsCapacity, AbsMaxCapacity float64
}

// DefaultResources returns q's guaranteed and maximum resource in the
// default partition of cluster: per resource type from the non-legacy
// computation when the model has it (Effective), else the cluster scaled
// by the absolute capacities (one fraction for memory and vcores, as
// legacy mode computes them).
func (q *Queue) DefaultResources(cluster Resource) (min, max Resource) {
	if q.Effective != nil {
		return q.Effective.Min, q.Effective.Max
	}
	return cluster.Share(q.AbsCapacity), cluster.Share(q.AbsMaxCapacity)
}

// NonLegacyMode reports whether queues are computed by Hadoop 3.4's
// CapacitySchedulerQueueCapacityHandler (legacy-queue-mode.enabled=false),
// where siblings may mix percentages, weights and absolute resources.
func (m *Model) NonLegacyMode() bool {
	return m.Version.AtLeast(V3_4) && !m.Global.LegacyQueueMode.V
}

// The calculator types in ResourceCalculationDriver.CALCULATOR_PRECEDENCE
// order: absolute children first, percentages of what they leave, then
// weights share the rest.
var calculatorPrecedence = [...]CapacityMode{ModeAbsolute, ModePercent, ModeWeight}

// mixedResources are the resource types capq models, in
// CapacitySchedulerQueueCapacityHandler.loadResourceNames order (memory
// first: ResourceCalculationDriver zeroes the other types of a queue
// without memory).
var mixedResources = [...]string{"memory-mb", "vcores"}

// vecEntry is one resource's entry of a QueueCapacityVector.
type vecEntry struct {
	mode  CapacityMode
	value float64
}

// QueueResources computes every queue's effective resources and
// capacities for the cluster resource as Hadoop 3.4 does in non-legacy
// mode: ResourceCalculationDriver.calculateResources for each parent, top
// down, per resource type, with AbsoluteResourceCapacityCalculator,
// PercentageQueueCapacityCalculator and WeightQueueCapacityCalculator, then
// CapacitySchedulerQueueCapacityHandler.updateQueueCapacities. drf selects
// DominantResourceCalculator.divide for the capacities derived from
// effective resources. legacyHandler is true when the handler was created in
// legacy queue mode, i.e. the scheduler started in legacy mode and a refresh
// turned it off (CapacitySchedulerQueueManager creates the handler once, with
// the startup configuration). The map is keyed by queue path; it is the one
// home of this computation (the model's tree, lint and the engine all read
// it).
func QueueResources(root *Queue, cluster Resource, drf, legacyHandler bool) map[string]Effective {
	out := map[string]Effective{root.Path: {Min: cluster, Max: cluster, Capacity: 1, MaxCapacity: 1, AbsCapacity: 1, AbsMaxCapacity: 1}}
	var walk func(p *Queue)
	walk = func(p *Queue) {
		if len(p.Children) == 0 {
			return
		}
		driveChildren(p, cluster, drf, legacyHandler, out)
		for _, c := range p.Children {
			walk(c)
		}
	}
	walk(root)
	return out
}

// driveChildren is ResourceCalculationDriver.calculateResources and
// updateChildCapacities for the children of p (p's result is final). The
// order of siblings matters where rounding meets the remaining resource
// (a weight rounded up takes what a later sibling then lacks), so they are
// visited in ParentQueue's HashMap order.
func driveChildren(p *Queue, cluster Resource, drf, legacyHandler bool, out map[string]Effective) {
	pe := out[p.Path]
	kids := JavaHashMapOrder(p.Children)
	mins := make([]Resource, len(kids))
	maxs := make([]Resource, len(kids))
	sumW := map[string]float64{}
	for _, c := range kids {
		for _, r := range mixedResources {
			if e := capacityEntry(c.Capacity, r); e.mode == ModeWeight {
				sumW[r] += e.value
			}
		}
	}
	for _, r := range mixedResources {
		parentMin, parentMax, total := float64(get(pe.Min, r)), float64(get(pe.Max, r)), float64(get(cluster, r))
		ratio := normalizedRatio(kids, r, get(pe.Min, r))
		batch, overall := parentMin, parentMin
		for _, mode := range calculatorPrecedence {
			used := 0.0
			for i, c := range kids {
				e := capacityEntry(c.Capacity, r)
				if e.mode != mode {
					continue
				}
				remainingRatio := batch / parentMin
				var min float64
				switch mode {
				case ModeAbsolute:
					min = ratio * remainingRatio * e.value
				case ModePercent:
					min = total * (parentMin / total * remainingRatio * e.value / 100)
				case ModeWeight:
					nw := e.value / sumW[r]
					if nw == 1 {
						// Rounding loss: a lone weight takes all that is left.
						min = batch
					} else {
						min = total * (parentMin / total * remainingRatio * nw)
					}
				}
				me := maxEntry(c.MaxCapacity, r)
				max := maximumResource(me, parentMax, total)
				min, max = roundResource(min, e.mode), roundResource(max, me.mode)
				// validateCalculatedResources
				if r != "memory-mb" && mins[i].MemoryMB == 0 {
					min = 0
				}
				if max == 0 {
					max = parentMax
				} else {
					max = math.Min(max, parentMax)
				}
				if max < min {
					min = max
				}
				if min > overall {
					min = overall
				}
				set(&mins[i], r, JavaLong(min))
				set(&maxs[i], r, JavaLong(max))
				used += min
				overall -= min
			}
			batch -= used
		}
	}
	for i, c := range kids {
		out[c.Path] = childCapacities(c, pe, mins[i], maxs[i], cluster, drf, legacyHandler, sumW)
	}
}

// maximumResource is calculateMaximumResource of the maximum's type:
// absolute is the configured value, percentage a share of the parent's
// absolute maximum; Hadoop refuses a weight (IllegalStateException, lint
// CS015), and capq takes the parent's maximum for a configuration
// simulated despite it (the unmodelled warning names it).
func maximumResource(me vecEntry, parentMax, total float64) float64 {
	switch me.mode {
	case ModeAbsolute:
		return me.value
	case ModePercent:
		return total * (parentMax / total * me.value / 100)
	}
	return 0
}

// normalizedRatio is ResourceCalculationDriver.setNormalizedResourceRatio:
// absolute children are scaled down when their configured sum exceeds the
// parent's effective minimum (float arithmetic, as Hadoop's).
func normalizedRatio(kids []*Queue, r string, parentMin int64) float64 {
	var sum int64
	for _, c := range kids {
		if e := capacityEntry(c.Capacity, r); e.mode == ModeAbsolute {
			sum += int64(e.value)
		}
	}
	if sum == 0 {
		return 1
	}
	num := float32(sum)
	if parentMin < sum {
		num = float32(parentMin)
	}
	return float64(num / float32(sum))
}

// roundResource is DefaultQueueResourceRoundingStrategy: weights, the
// last type, round half up; the others floor.
func roundResource(v float64, mode CapacityMode) float64 {
	if mode == ModeWeight {
		return math.Floor(v + 0.5)
	}
	return math.Floor(v)
}

// childCapacities is CapacitySchedulerQueueCapacityHandler.
// updateQueueCapacities: a handler created in non-legacy mode takes every
// queue's capacities from its effective resources (setQueueCapacities), so
// a 50% queue beside an absolute sibling gets 50% of what that sibling
// leaves. A handler created in legacy mode (legacyHandler) keeps the
// per-type update: a mixed vector or an absolute queue as above; a uniform
// percentage keeps its configured values; a uniform weight takes the mean
// of its normalized weights (WeightQueueCapacityCalculator).
func childCapacities(c *Queue, pe Effective, min, max, cluster Resource, drf, legacyHandler bool, sumW map[string]float64) Effective {
	e := Effective{Min: min, Max: max}
	cm := c.MaxCapacity.MaxFraction()
	e.MaxCapacity = float64(cm)
	switch mode, mixed := vectorMode(c.Capacity); {
	case !legacyHandler || mixed || mode == ModeAbsolute:
		e.Capacity = float64(divide(cluster, min, pe.Min, drf))
		e.MaxCapacity = float64(divide(cluster, max, pe.Max, drf))
	case mode == ModePercent:
		e.Capacity = float64(float32(capacityEntry(c.Capacity, "memory-mb").value) / 100)
	case mode == ModeWeight:
		var s float64
		for _, r := range mixedResources {
			s += capacityEntry(c.Capacity, r).value / sumW[r]
		}
		e.Capacity = float64(float32(s / float64(len(mixedResources))))
	}
	e.AbsCapacity = float64(float32(e.Capacity) * float32(pe.AbsCapacity))
	e.AbsMaxCapacity = float64(float32(e.MaxCapacity) * float32(pe.AbsMaxCapacity))
	return e
}

// vectorMode is the capacity's single type, or mixed when its memory and
// vcores entries differ (QueueCapacityVector.isMixedCapacityVector).
func vectorMode(c Capacity) (CapacityMode, bool) {
	m, v := capacityEntry(c, "memory-mb").mode, capacityEntry(c, "vcores").mode
	return m, m != v
}

// divide is ResourceCalculator.divide(cluster, l, r) as a Java float: the
// memory ratio, or under DRF the ratio of the dominant shares; an infinite
// or undefined result counts as 0 (setQueueCapacities).
func divide(cluster, l, r Resource, drf bool) float32 {
	var f float32
	if drf {
		f = float32(dominantShare(cluster, l) / dominantShare(cluster, r))
	} else {
		f = float32(l.MemoryMB) / float32(r.MemoryMB)
	}
	if math.IsInf(float64(f), 0) || f != f {
		return 0
	}
	return f
}

func dominantShare(cluster, r Resource) float64 {
	m, v := 0.0, 0.0
	if cluster.MemoryMB > 0 {
		m = float64(r.MemoryMB) / float64(cluster.MemoryMB)
	}
	if cluster.VCores > 0 {
		v = float64(r.VCores) / float64(cluster.VCores)
	}
	return math.Max(m, v)
}

// capacityEntry is the QueueCapacityVector entry of resource r for a
// configured capacity (QueueCapacityConfigParser): a uniform percentage or
// weight covers every resource; a bracketed value is read as a vector (in
// non-legacy mode "[memory=5w,vcores=3]" is a vector, not a broken
// absolute resource), where a resource it does not name is absolute 0;
// unparsable is 0% (Hadoop refuses it at startup). An unset capacity
// (QueueCapacityConfigParser.parse of null), a bracketed value without
// memory or a number with a suffix of no type (emptyVector) is an empty
// vector: no type, so no calculator of
// ResourceCalculationDriver.calculateResources visits the queue
// (isResourceOfType is false for every resource) and its effective
// minimum and maximum stay 0.
func capacityEntry(c Capacity, r string) vecEntry {
	if emptyVector(c) || c.Mode == ModeUnset {
		return vecEntry{mode: ModeUnset}
	}
	if c.Mode == ModeAbsolute && vectorPattern.MatchString(c.Raw) {
		if v := parseVectorCapacity(Capacity{Raw: c.Raw}); v.Mode == ModeVector {
			c = v
		}
	}
	switch c.Mode {
	case ModePercent:
		return vecEntry{ModePercent, float64(c.Percent)}
	case ModeWeight:
		return vecEntry{ModeWeight, float64(c.Weight)}
	case ModeAbsolute:
		return vecEntry{ModeAbsolute, float64(get(c.Absolute, r))}
	case ModeVector:
		for _, e := range c.Vector {
			if canonicalResource(e.Resource) != r {
				continue
			}
			// QueueCapacityConfigParser.setCapacityVector skips a value
			// whose suffix is not its end ("-5": the suffix is "-").
			if e.Value < 0 || math.IsNaN(e.Value) || math.IsInf(e.Value, 0) {
				break
			}
			return vecEntry{e.Mode, e.Value}
		}
		return vecEntry{ModeAbsolute, 0}
	}
	return vecEntry{ModePercent, 0}
}

// WeightMaximumResource returns the first resource, memory-mb before
// vcores, whose entry in maximum-capacity c is a weight in non-legacy
// mode ("[memory=8192,vcores=2w]"). ResourceCalculationDriver asks the
// calculator of the maximum's type for every child, and
// WeightQueueCapacityCalculator.calculateMaximumResource throws for a
// weight, so Hadoop refuses such a configuration at startup and refresh.
func WeightMaximumResource(c Capacity) (string, bool) {
	for _, r := range mixedResources {
		if maxEntry(c, r).mode == ModeWeight {
			return r, true
		}
	}
	return "", false
}

// UniformWeight returns the weight of a capacity vector that gives every
// resource the same weight ("[memory=2w,vcores=2w]"). Hadoop 3.4's
// AbstractCSQueue.setupQueueConfigs stores that weight as the queue's
// weight for the label, in both queue modes ("5w == [memory=5w,
// vcores=5w]", added by YARN-11000, 3.4.0, with no queue-mode condition
// around it), although getNonLabeledQueueWeight reads a weight only from
// a value ending in "w"; a legacy-mode parent then counts the queue as
// using weight mode. The parsed vector holds every resource type (absent
// ones at 0), so a vector naming only memory is not uniform. ok is false
// for any other value, a plain "2w" included (its weight is already set).
func UniformWeight(c Capacity) (w float32, ok bool) {
	if c.Mode != ModeAbsolute && c.Mode != ModeVector || !vectorPattern.MatchString(c.Raw) || emptyVector(c) {
		return 0, false
	}
	v := parseVectorCapacity(Capacity{Raw: c.Raw})
	if v.Mode != ModeVector {
		return 0, false
	}
	values := map[string]float64{"memory-mb": 0, "vcores": 0}
	defined := false
	for _, e := range v.Vector {
		if e.Value < 0 || math.IsNaN(e.Value) || math.IsInf(e.Value, 0) {
			continue // setCapacityVector skips it, as capacityEntry says
		}
		if e.Mode != ModeWeight {
			return 0, false
		}
		values[canonicalResource(e.Resource)], defined = e.Value, true
	}
	if !defined {
		return 0, false
	}
	first := values["memory-mb"]
	for _, x := range values {
		if x != first {
			return 0, false
		}
	}
	return float32(first), true
}

// maxEntry is capacityEntry for a maximum-capacity: unset is 100%. An
// empty vector (bracketed text that is not resource=value entries) is
// replaced by QueueCapacityVector.newInstance, absolute 0 for every
// resource (CapacitySchedulerConfiguration.parseConfiguredMaximumCapacityVector's
// defaultVector, from AbstractCSQueue.setupQueueConfigs), which
// validateCalculatedResources turns into the parent's maximum. A vector
// without a memory entry is kept since YARN-11646, memory absolute 0: a
// maximum of [vcores=50%] leaves memory at the parent's maximum and caps
// vcores at half of it.
func maxEntry(c Capacity, r string) vecEntry {
	if c.Mode == ModeInvalid {
		return vecEntry{ModePercent, 100}
	}
	if c.Mode == ModeUnset || emptyVector(c) {
		return vecEntry{ModeAbsolute, 0}
	}
	return capacityEntry(c, r)
}

// EmptyCapacity reports whether, in non-legacy mode, the queue's
// capacity is an empty QueueCapacityVector (unset, or bracketed text that
// is not resource=value entries): ResourceCalculationDriver then never
// visits the queue, so its effective resources are not computed.
func (q *Queue) EmptyCapacity() bool {
	return q.Capacity.Mode == ModeUnset || emptyVector(q.Capacity)
}

// EmptyVector reports whether 3.4's QueueCapacityConfigParser.parse
// returns an empty QueueCapacityVector for c's text although c itself was
// read (emptyVector): "1e2" or "50f" are percentages to getFloat but carry
// a suffix of no capacity type for the vector parser.
func (c Capacity) EmptyVector() bool { return emptyVector(c) }

// emptyVector reports whether QueueCapacityConfigParser returns an empty
// QueueCapacityVector for c: for a bracketed value that matches neither
// pattern, uniformParser for a number whose suffix is neither "" nor "w"
// (uniformTyped). A vector whose memory entry is 0 or missing is kept
// since YARN-11646 (3.4.0): [memory=0,vcores=0] and [vcores=4] are both
// memory absolute 0 (VectorReading.ZeroMemory).
func emptyVector(c Capacity) bool {
	switch c.Mode {
	case ModePercent, ModeWeight:
		return c.Raw != "" && !uniformTyped(c.Raw)
	case ModeAbsolute, ModeVector:
		v, ok := ReadVector(c.Raw)
		return ok && v.Err == "" && v.Empty()
	}
	return false
}

// uniformTyped reports whether QueueCapacityConfigParser.uniformParser
// gives raw a type: with spaces stripped, the leading run of [0-9.] is the
// value and the rest its suffix, which must be "" (percentage) or "w"
// (weight). Forms Float.parseFloat also reads, such as "50f" or "1e2",
// leave a suffix of no type and so an empty vector.
func uniformTyped(raw string) bool {
	s := strings.ReplaceAll(raw, " ", "")
	i := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if i < 0 {
		return s != ""
	}
	return i > 0 && s[i:] == "w"
}

func canonicalResource(name string) string {
	if name == "memory" {
		return "memory-mb"
	}
	return name
}

func get(r Resource, name string) int64 {
	if name == "memory-mb" {
		return r.MemoryMB
	}
	return r.VCores
}

func set(r *Resource, name string, v int64) {
	if name == "memory-mb" {
		r.MemoryMB = v
	} else {
		r.VCores = v
	}
}
