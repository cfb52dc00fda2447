package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestQueueCapacityConfigParser reproduces TestQueueCapacityConfigParser
// (hadoop-yarn-server-resourcemanager .../scheduler/capacity/conf/): each
// capacity text must give the QueueCapacityVector entries (type and
// value) the test asserts for memory-mb and vcores, the resources capq
// models (the test's yarn.io/gpu entries are left out); "empty" is the
// empty vector, which ResourceCalculationDriver never visits. Values are
// written as the test's String.format renders its floats ("6.0").
//
// A bracketed text is read by the vector parser alone, as the test does:
// in a ResourceManager "vcores=6.0" also meets
// CapacitySchedulerConfiguration.updateResourceValue's Long.valueOf and
// fails startup, which capq reports on the queue's Capacity instead.
// The cases after the test's own follow setCapacityVector's code.
func TestQueueCapacityConfigParser(t *testing.T) {
	empty := [2]vecEntry{{mode: ModeUnset}, {mode: ModeUnset}}
	for _, tc := range []struct {
		method string
		raw    *string
		want   [2]vecEntry // memory-mb, vcores
	}{
		{"testPercentageCapacityConfig", ptr("50.0"), [2]vecEntry{{ModePercent, 50}, {ModePercent, 50}}},
		{"testWeightCapacityConfig", ptr("6.0w"), [2]vecEntry{{ModeWeight, 6}, {ModeWeight, 6}}},
		{"testAbsoluteCapacityVectorConfig", ptr("[memory-mb=12Gi, vcores=6.0, yarn.io/gpu=10.0]"), [2]vecEntry{{ModeAbsolute, 12 * 1024}, {ModeAbsolute, 6}}},
		{"testAbsoluteCapacityVectorConfig/without gpu", ptr("[memory-mb=12Gi, vcores=6.0]"), [2]vecEntry{{ModeAbsolute, 12 * 1024}, {ModeAbsolute, 6}}},
		{"testMixedCapacityConfig", ptr("[memory-mb=1024.0, vcores=50.0%, yarn.io/gpu=6.0w]"), [2]vecEntry{{ModeAbsolute, 1024}, {ModePercent, 50}}},
		{"testInvalidCapacityConfigs/no key=value", ptr("[memory-100,vcores-60]"), empty},
		{"testInvalidCapacityConfigs/bracketed word", ptr("[invalid]"), empty},
		{"testInvalidCapacityConfigs/empty", ptr(""), empty},
		{"testInvalidCapacityConfigs/not set", nil, empty},
		// YARN-11646 (3.4.0) added it: a memory of 0 keeps the vector.
		{"testZeroAbsoluteCapacityConfig", ptr("[memory-mb=0, vcores=0]"), [2]vecEntry{{ModeAbsolute, 0}, {ModeAbsolute, 0}}},
		// uniformParser types a number by its suffix, "" or "w", after
		// stripping spaces; a Java-only form Float.parseFloat reads
		// ("50f", "1e2", "2e1w") has a suffix of no type: empty vector.
		{"uniformParser/spaces stripped", ptr("6 w"), [2]vecEntry{{ModeWeight, 6}, {ModeWeight, 6}}},
		{"uniformParser/float suffix", ptr("50f"), empty},
		{"uniformParser/exponent", ptr("1e2"), empty},
		{"uniformParser/exponent weight", ptr("2e1w"), empty},
		// setCapacityVector converts a known unit whatever the resource,
		{"setCapacityVector/unit on vcores", ptr("[memory=1024,vcores=2Gi]"), [2]vecEntry{{ModeAbsolute, 1024}, {ModeAbsolute, 2048}}},
		// skips an entry whose suffix (every character outside [0-9.])
		// is not its tail, leaving the resource absolute 0,
		{"setCapacityVector/suffix not the tail", ptr("[memory=50%,vcores=1e1]"), [2]vecEntry{{ModePercent, 50}, {ModeAbsolute, 0}}},
		// keeps a suffix that names no type as absolute,
		{"setCapacityVector/suffix of no type", ptr("[memory=1024,vcores=5%w]"), [2]vecEntry{{ModeAbsolute, 1024}, {ModeAbsolute, 5}}},
		// and QueueCapacityVector.setResource lets a later entry replace an
		// earlier one of the same resource (memory is memory-mb).
		{"setResource/last entry wins", ptr("[memory=1024,memory-mb=2048,vcores=1,vcores=3w]"), [2]vecEntry{{ModeAbsolute, 2048}, {ModeWeight, 3}}},
	} {
		t.Run(tc.method, func(t *testing.T) {
			c := nonLegacyCapacity(tc.raw)
			got := [2]vecEntry{capacityEntry(c, "memory-mb"), capacityEntry(c, "vcores")}
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestQueueCapacityConfigParserRefusedEarlier: the test's remaining
// invalid texts give the parser's empty vector, but a ResourceManager
// never gets there: CapacitySchedulerConfiguration.getNonLabeledQueueCapacity
// reads them with getFloat first and fails startup with a
// NumberFormatException, which capq reports as an invalid capacity.
func TestQueueCapacityConfigParserRefusedEarlier(t *testing.T) {
	for _, raw := range []string{"50nonexistingsuffix", "[]"} {
		c := nonLegacyCapacity(&raw)
		assert.Equal(t, ModeInvalid, c.Mode, raw)
		assert.Contains(t, c.Err, "For input string", raw)
	}
}

// nonLegacyCapacity is root.test's capacity read from raw (nil: not set)
// in 3.4's non-legacy mode; a capacity vector is read by
// parseVectorCapacity alone.
func nonLegacyCapacity(raw *string) Capacity {
	conf := map[string]string{Prefix + "root.queues": "test", Prefix + "legacy-queue-mode.enabled": "false"}
	if raw != nil {
		if vectorPattern.MatchString(*raw) {
			return parseVectorCapacity(Capacity{Raw: *raw})
		}
		conf[Prefix+"root.test.capacity"] = *raw
	}
	m := Build(FromMap(conf, "capacity-scheduler.xml"), BuildOptions{Version: V3_4})
	return m.Queue("root.test").Capacity
}

func ptr(s string) *string { return &s }

// TestQueueCapacityVector reproduces what TestQueueCapacityVector
// (hadoop-yarn-server-resourcemanager .../scheduler/capacity/) asserts of
// memory-mb and vcores, with its vectors written as capacity texts: each
// resource keeps its value and type (getResourceNamesByCapacityType), and
// a vector is mixed once its resources have more than one type
// (isMixedCapacityVector, which capq reads through vectorMode). The
// test's custom resource type is left out: capq models memory and vcores.
func TestQueueCapacityVector(t *testing.T) {
	for _, tc := range []struct {
		method string
		raw    string
		want   [2]vecEntry // memory-mb, vcores
		mixed  bool
	}{
		{"getResourceNamesByCapacityType", "[memory-mb=10%,vcores=6%]", [2]vecEntry{{ModePercent, 10}, {ModePercent, 6}}, false},
		{"isResourceOfType", "[memory-mb=10w,vcores=6%]", [2]vecEntry{{ModeWeight, 10}, {ModePercent, 6}}, true},
		{"testIsMixedType/all percentage", "[vcores=6%,memory-mb=10%]", [2]vecEntry{{ModePercent, 10}, {ModePercent, 6}}, false},
		{"testIsMixedType/vcores turned weight", "[vcores=6%,memory-mb=10%,vcores=6w]", [2]vecEntry{{ModePercent, 10}, {ModeWeight, 6}}, true},
	} {
		t.Run(tc.method, func(t *testing.T) {
			c := nonLegacyCapacity(&tc.raw)
			assert.Equal(t, tc.want, [2]vecEntry{capacityEntry(c, "memory-mb"), capacityEntry(c, "vcores")})
			_, mixed := vectorMode(c)
			assert.Equal(t, tc.mixed, mixed)
		})
	}
}
