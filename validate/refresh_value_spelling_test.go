package validate

import (
	"testing"

	"github.com/capq/capq/xmlconf"
)

// TestRefreshLifetimeReading: maximum- and default-application-lifetime
// are getLong (getMaximumLifetimePerQueue, getDefaultLifetimePerQueue:
// trimmed, hex read, -1 when unset). From 3.4 QueueAppLifetimeAndLimitSettings
// reads any negative value of a queue other than root as not set at that
// level, so "-5" is unset there; root keeps what it reads, and so does
// every queue before 3.4. A value written out as the parent's stays
// listed: the inherited default depends on the queue's own maximum.
func TestRefreshLifetimeReading(t *testing.T) {
	const a1, mx, df = "root.a.a1.", "maximum-application-lifetime", "default-application-lifetime"
	runSpellingCases(t, []spellingCase{
		{"maximum with spaces", xmlconf.V3_4, nil, "root.a.a1", a1 + mx, "3600", " 3600 ", false},
		{"maximum in hex", xmlconf.V3_3, nil, "root.a.a1", a1 + mx, "3600", "0xE10", false},
		{"maximum -1 and unset", xmlconf.V2_10, nil, "root.a.a1", a1 + mx, "-1", "", false},
		{"3.4 maximum -5 and unset", xmlconf.V3_4, nil, "root.a.a1", a1 + mx, "-5", "", false},
		{"3.3 maximum -5 and unset", xmlconf.V3_3, nil, "root.a.a1", a1 + mx, "-5", "", true},
		{"3.4 root's maximum -5 and unset", xmlconf.V3_4, nil, "root", "root." + mx, "-5", "", true},
		{"maximum 0 and unset", xmlconf.V3_4, nil, "root.a.a1", a1 + mx, "0", "", true},
		{"maximum 3600.0 does not parse", xmlconf.V3_4, nil, "root.a.a1", a1 + mx, "3600", "3600.0", true},
		{"default with a trailing space", xmlconf.V3_4, nil, "root.a.a1", a1 + df, "600", "600 ", false},
		{"default written as the parent's stays listed", xmlconf.V3_4, map[string]string{"root.a." + df: "600"}, "root.a.a1", a1 + df, "600", "", true},
		{"2.7 reads no lifetime", xmlconf.V2_7, nil, "root.a.a1", a1 + mx, "3600", " 3600", true},
	})
}

// TestRefreshSizeBasedWeightReading: FairOrderingPolicy.configure reads
// ordering-policy.fair.enable-size-based-weight with Boolean.parseBoolean
// (default false), so "TRUE" is "true" and "false" is unset, while a text
// that is neither as written (" true", read as false) stays listed for
// lint.
func TestRefreshSizeBasedWeightReading(t *testing.T) {
	const k = "root.a.a1.ordering-policy.fair.enable-size-based-weight"
	fair := map[string]string{"root.a.a1.ordering-policy": "fair"}
	runSpellingCases(t, []spellingCase{
		{"TRUE and true", xmlconf.V3_4, fair, "root.a.a1", k, "TRUE", "true", false},
		{"false and unset", xmlconf.V2_7, fair, "root.a.a1", k, "false", "", false},
		{"true and unset", xmlconf.V3_4, fair, "root.a.a1", k, "true", "", true},
		{"a space before true stays listed", xmlconf.V3_4, fair, "root.a.a1", k, " true", "false", true},
	})
}

// TestRefreshUserWeightReading: user-settings.<user>.weight is new
// Float(value) (UserWeights.createByConfig, getAllUserWeightsForQueue:
// Float.parseFloat trims), 1.0 for a user no queue names
// (DEFAULT_USER_WEIGHT), so "2" and "2.0" read alike and so do "1" and
// unset. An unset weight a parent sets stays listed (3.4 inherits the
// parent's weights, getUserWeightsFromHierarchy), as does a user name
// the 2.x lines' "\w+" key pattern does not match.
func TestRefreshUserWeightReading(t *testing.T) {
	const a1 = "root.a.a1."
	runSpellingCases(t, []spellingCase{
		{"2 and 2.0", xmlconf.V3_4, nil, "root.a.a1", a1 + "user-settings.alice.weight", "2", "2.0", false},
		{"2.10 2 and ' 2 '", xmlconf.V2_10, nil, "root.a.a1", a1 + "user-settings.alice.weight", "2", " 2 ", false},
		{"1 and unset", xmlconf.V3_4, nil, "root.a.a1", a1 + "user-settings.alice.weight", "1.0", "", false},
		{"a parent's weight written out stays listed", xmlconf.V3_4, map[string]string{"root.a.user-settings.alice.weight": "3"},
			"root.a.a1", a1 + "user-settings.alice.weight", "3", "", true},
		{"2 and 3", xmlconf.V3_4, nil, "root.a.a1", a1 + "user-settings.alice.weight", "2", "3", true},
		{"a name outside \\w", xmlconf.V3_4, nil, "root.a.a1", a1 + "user-settings.al-ice.weight", "2", "2.0", true},
		{"not a float", xmlconf.V3_4, nil, "root.a.a1", a1 + "user-settings.alice.weight", "2", "2x", true},
	})
}

// TestRefreshAbsoluteCapacityReading: an absolute capacity or maximum is
// the Resource internalGetLabeledResourceRequirementForQueue builds
// (entries in any order, names and the space after a comma trimmed, units
// converted to MiB by UnitsConversionUtil), and from 3.4 also the
// QueueCapacityVector QueueCapacityConfigParser builds (spaces stripped,
// one entry per resource, memory and memory-mb alike), in both queue
// modes. Two spellings of one resource read alike; another amount, or a
// text Hadoop drops entries of, stays listed.
func TestRefreshAbsoluteCapacityReading(t *testing.T) {
	const a1 = "root.a.a1."
	nonLegacy := map[string]string{"legacy-queue-mode.enabled": "false"}
	for k, v := range absoluteTree {
		nonLegacy[k] = v
	}
	runSpellingCases(t, []spellingCase{
		{"resources in another order", xmlconf.V3_4, absoluteTree, "root.a.a1", a1 + "capacity", "[memory=1024,vcores=1]", "[vcores=1,memory=1024]", false},
		{"a space after the comma", xmlconf.V3_4, absoluteTree, "root.a.a1", a1 + "capacity", "[memory=1024,vcores=1]", "[memory=1024, vcores=1]", false},
		{"memory in Gi", xmlconf.V3_4, absoluteTree, "root.a.a1", a1 + "capacity", "[memory=1024,vcores=1]", "[memory=1Gi,vcores=1]", false},
		{"3.1 resources in another order", xmlconf.V3_1, absoluteTree, "root.a.a1", a1 + "capacity", "[memory=1024,vcores=1]", "[vcores=1,memory=1024]", false},
		{"another amount", xmlconf.V3_4, absoluteTree, "root.a.a1", a1 + "capacity", "[memory=1024,vcores=1]", "[memory=1024,vcores=2]", true},
		{"an entry Hadoop drops", xmlconf.V3_4, absoluteTree, "root.a.a1", a1 + "capacity", "[memory=1024,vcores=1,foo=3]", "[foo=3,memory=1024,vcores=1]", true},
		{"2.7 reads no absolute resource", xmlconf.V2_7, nil, "root.a.a1", a1 + "maximum-capacity", "[memory=2048,vcores=2]", "[vcores=2,memory=2048]", true},
		{"maximum in another order", xmlconf.V3_4, absoluteTree, "root.a.a1", a1 + "maximum-capacity", "[memory=2048,vcores=2]", "[vcores=2,memory=2048]", false},
		{"labelled resources in another order", xmlconf.V3_4, absoluteTree, "root.a.a1", a1 + "accessible-node-labels.gpu.capacity", "[memory=1024,vcores=1]", "[vcores=1,memory=1024]", false},
		{"labelled maximum of other resources", xmlconf.V3_3, absoluteTree, "root.a.a1", a1 + "accessible-node-labels.gpu.maximum-capacity", "[memory=1024,vcores=1]", "[memory=2048,vcores=1]", true},
		{"non-legacy resources in another order", xmlconf.V3_4, nonLegacy, "root.a.a1", a1 + "capacity", "[memory=1024,vcores=1]", "[vcores=1, memory=1024]", false},
		{"non-legacy maximum in another order", xmlconf.V3_4, nonLegacy, "root.a.a1", a1 + "maximum-capacity", "[memory=2048,vcores=2]", "[vcores=2,memory=2048]", false},
		{"non-legacy mixed vector in another order", xmlconf.V3_4, nonLegacy, "root.a.a1", a1 + "maximum-capacity", "[memory=50%,vcores=2]", "[vcores=2,memory=50%]", false},
		{"non-legacy vector of another type", xmlconf.V3_4, nonLegacy, "root.a.a1", a1 + "maximum-capacity", "[memory=50%,vcores=2]", "[memory=50,vcores=2]", true},
	})
}
