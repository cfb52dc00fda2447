package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestRefreshSameReadingIsNoChange: two texts Hadoop parses to the same
// value are no change, whether both sides write the key or one leaves it
// unset: Configuration.getFloat/getInt/getBoolean trim and parse
// ("1" and "1.0", "TRUE" and "true", " 5" and "5"), a maximum-capacity of
// -1 is 100 (getNonLabeledQueueMaximumCapacity), any negative
// maximum-applications is unset (LeafQueue.setupQueueConfigs computes it
// when getMaximumApplicationsPerQueue is below 0), and getConfiguredState
// upper-cases the state. One family of keys per block.
func TestRefreshSameReadingIsNoChange(t *testing.T) {
	const a1, b = "root.a.a1.", "root.b."
	cases := []struct {
		name     string
		v        xmlconf.Version
		key      string // a root.a.a1 (leaf) or root.b (parent) key
		old, new string // "" is unset
		changed  bool
	}{
		// floats: getFloat
		{"user-limit-factor 1 and 1.0", xmlconf.V3_4, a1 + "user-limit-factor", "1", "1.0", false},
		{"2.7 user-limit-factor 2 and ' 2.0 '", xmlconf.V2_7, a1 + "user-limit-factor", "2", " 2.0 ", false},
		{"user-limit-factor 1 and 2", xmlconf.V3_4, a1 + "user-limit-factor", "1", "2", true},
		{"maximum-am-resource-percent 0.2 and .20", xmlconf.V3_3, a1 + "maximum-am-resource-percent", "0.2", ".20", false},
		{"minimum-user-limit-percent 50 and ' 50 '", xmlconf.V3_4, a1 + "minimum-user-limit-percent", "50", " 50 ", false},
		{"2.7 minimum-user-limit-percent 50 and 50.0: getUserLimit is getInt", xmlconf.V2_7, a1 + "minimum-user-limit-percent", "50", "50.0", true},
		{"3.3 minimum-user-limit-percent 50 and 50.0: getUserLimit is getInt", xmlconf.V3_3, a1 + "minimum-user-limit-percent", "50", "50.0", true},
		{"3.4 minimum-user-limit-percent 50 and 50.0: getUserLimit is getFloat", xmlconf.V3_4, a1 + "minimum-user-limit-percent", "50", "50.0", false},
		{"3.1 minimum-user-limit-percent 0x32 and 50: getInt reads hex", xmlconf.V3_1, a1 + "minimum-user-limit-percent", "0x32", "50", false},
		{"a parent reads no user-limit-factor", xmlconf.V3_4, b + "user-limit-factor", "1", "1.0", true},
		// capacities
		{"maximum-capacity -1 and 100", xmlconf.V3_4, a1 + "maximum-capacity", "-1", "100", false},
		{"2.7 maximum-capacity 100.0 and -1", xmlconf.V2_7, a1 + "maximum-capacity", "100.0", "-1", false},
		{"maximum-capacity 50 and 50.0", xmlconf.V3_1, b + "maximum-capacity", "50", "50.0", false},
		{"maximum-capacity -1 and 50", xmlconf.V3_4, a1 + "maximum-capacity", "-1", "50", true},
		{"labelled maximum 100 and 100.0", xmlconf.V3_4, a1 + "accessible-node-labels.gpu.maximum-capacity", "100", "100.0", false},
		{"labelled maximum 100 and -1", xmlconf.V3_4, a1 + "accessible-node-labels.gpu.maximum-capacity", "100", "-1", true},
		{"capacity 30 and 30.0", xmlconf.V2_7, a1 + "capacity", "30", "30.0", false},
		{"capacity 30 and 30.5", xmlconf.V3_4, a1 + "capacity", "30", "30.5", true},
		{"capacity 30 and unset: no default", xmlconf.V3_4, a1 + "capacity", "30", "", true},
		{"capacity as resources with a space after the comma", xmlconf.V3_4, a1 + "capacity", "[memory=1024,vcores=1]", "[memory=1024, vcores=1]", false},
		{"capacity as other resources", xmlconf.V3_4, a1 + "capacity", "[memory=1024,vcores=1]", "[memory=1024,vcores=2]", true},
		{"root capacity 100 and 100.0", xmlconf.V3_4, "root.capacity", "100", "100.0", false},
		// integers: getInt
		{"maximum-applications -1 and unset", xmlconf.V3_4, a1 + "maximum-applications", "-1", "", false},
		{"2.7 maximum-applications -5 and -1", xmlconf.V2_7, a1 + "maximum-applications", "-5", "-1", false},
		{"maximum-applications 100 and ' 100'", xmlconf.V3_4, a1 + "maximum-applications", "100", " 100", false},
		{"maximum-applications -1 and 100", xmlconf.V3_4, a1 + "maximum-applications", "-1", "100", true},
		{"maximum-applications 1.0 does not parse", xmlconf.V3_4, a1 + "maximum-applications", "1", "1.0", true},
		{"priority 0 and unset", xmlconf.V3_4, b + "priority", "0", "", false},
		{"priority 1 and ' 1 '", xmlconf.V2_10, a1 + "priority", "1", " 1 ", false},
		{"2.7 reads no priority", xmlconf.V2_7, a1 + "priority", "0", "", true},
		{"priority 0 and 0.0 does not parse", xmlconf.V3_4, b + "priority", "0", "0.0", true},
		{"default-application-priority 0 and unset", xmlconf.V3_4, a1 + "default-application-priority", "0", "", false},
		{"max-parallel-apps 5 and 5 after a space: parseInt does not trim", xmlconf.V3_4, a1 + "max-parallel-apps", "5", " 5", true},
		// booleans: getBoolean
		{"disable_preemption TRUE and true", xmlconf.V3_4, a1 + "disable_preemption", "TRUE", "true", false},
		{"disable_preemption false and the parent's unset false", xmlconf.V2_7, a1 + "disable_preemption", "false", "", false},
		{"disable_preemption true and unset", xmlconf.V3_4, a1 + "disable_preemption", "true", "", true},
		{"intra-queue disable_preemption False and false", xmlconf.V3_2, b + "intra-queue-preemption.disable_preemption", "False", "false", false},
		{"reservable false and unset", xmlconf.V3_4, b + "reservable", "false", "", false},
		{"allow-zero-capacity-sum FALSE and unset", xmlconf.V3_4, b + "allow-zero-capacity-sum", "FALSE", "", false},
		// the state: getConfiguredState upper-cases it
		{"state running and RUNNING", xmlconf.V3_4, a1 + "state", "running", "RUNNING", false},
		{"state RUNNING and STOPPED", xmlconf.V3_4, a1 + "state", "RUNNING", "STOPPED", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			base := edit(baseConf(), labelTree)
			queue := "root.a.a1"
			switch {
			case tc.key[:len(b)] == b:
				queue = "root.b"
			case tc.key == "root.capacity":
				queue = "root"
			}
			oldConf, newConf := edit(base, map[string]string{tc.key: tc.old}), edit(base, map[string]string{tc.key: tc.new})
			for _, dir := range [][2]map[string]string{{oldConf, newConf}, {newConf, oldConf}} {
				q := changeOf(t, refresh(tc.v, dir[0], dir[1], nil), queue)
				assert.Equal(t, tc.changed, len(q.Properties) == 1, "%+v", q)
				if !tc.changed {
					assert.False(t, q.Changed(), "%+v", q)
					require.Len(t, q.Notes, 1)
					assert.Contains(t, q.Notes[0], "changes nothing")
				}
			}
		})
	}
}

// TestRefreshNonLegacyMaximumReading: in 3.4's non-legacy mode a
// maximum-capacity is read as QueueCapacityConfigParser types it
// (nonLegacyMaximum): "-1" and "1e2" are both the empty vector that
// parseConfiguredMaximumCapacityVector replaces with its default, "100" a
// percentage vector, and "50" and "50.0" one percentage.
func TestRefreshNonLegacyMaximumReading(t *testing.T) {
	for _, tc := range []struct {
		old, new string
		changed  bool
	}{
		{"-1", "1e2", false},
		{"-1", "100", true},
		{"50", "50.0", false},
		{"50", "-1", true},
	} {

		base := edit(baseConf(), nonLegacyWeights)
		oldConf := edit(base, map[string]string{"root.a.a1.maximum-capacity": tc.old})
		newConf := edit(base, map[string]string{"root.a.a1.maximum-capacity": tc.new})
		for _, dir := range [][2]map[string]string{{oldConf, newConf}, {newConf, oldConf}} {
			q := changeOf(t, refresh(xmlconf.V3_4, dir[0], dir[1], nil), "root.a.a1")
			assert.Equal(t, tc.changed, len(q.Properties) == 1, "%q → %q: %+v", tc.old, tc.new, q)
		}
	}
}

// TestRefreshNonLegacyCapacityReading: a 3.4 non-legacy capacity is read
// as getNonLabeledQueueCapacity and QueueCapacityConfigParser both read
// it: "1w" and "1.0w" are one weight (internalGetLabeledQueueWeight, the
// uniform parser), "30" and "30.0" one percentage, but "10" and "1e1"
// differ, as the parser gives the second no type (an empty vector).
func TestRefreshNonLegacyCapacityReading(t *testing.T) {
	for _, tc := range []struct {
		key, old, new string
		changed       bool
	}{
		{"root.a.a1.capacity", "1w", "1.0w", false},
		{"root.a.a1.capacity", "1w", "2w", true},
		{"root.b.b3.capacity", "20", "20.0", false},
		{"root.b.b3.capacity", "20", "2e1", true},
	} {
		base := edit(baseConf(), nonLegacyWeights)
		oldConf := edit(base, map[string]string{tc.key: tc.old})
		newConf := edit(base, map[string]string{tc.key: tc.new})
		for _, dir := range [][2]map[string]string{{oldConf, newConf}, {newConf, oldConf}} {
			q := changeOf(t, refresh(xmlconf.V3_4, dir[0], dir[1], nil), tc.key[:len(tc.key)-len(".capacity")])
			assert.Equal(t, tc.changed, len(q.Properties) == 1, "%q → %q: %+v", tc.old, tc.new, q)
		}
	}
}

// TestRefreshListReadings: lists Hadoop splits and trims read alike when
// only their spelling differs: getQueues (StringTokenizer on commas, each
// name trimmed), getAccessibleNodeLabels (a set, root's always "*", unset
// the parent's) and getDefaultNodeLabelExpression (trimmed).
func TestRefreshListReadings(t *testing.T) {
	for _, tc := range []struct {
		name, queue, key, old, new string
		changed                    bool
	}{
		{"children with spaces", "root.a", "root.a.queues", "a1,a2", " a1 , a2 ", false},
		{"children with an empty token", "root.a", "root.a.queues", "a1,a2", "a1,,a2", false},
		{"children in another order", "root.a", "root.a.queues", "a1,a2", "a2,a1", true},
		{"a child of spaces only", "root.a", "root.a.queues", "a1,a2", "a1,a2, ", true},
		{"children of spaces only on both sides", "root.a", "root.a.queues", "a1, ,a2", "a1,  ,a2", true},
		{"labels in another order", "root.a", "root.a.accessible-node-labels", "gpu,ssd", "ssd, gpu", false},
		{"labels other", "root.a", "root.a.accessible-node-labels", "gpu", "ssd", true},
		{"root's labels are always *", "root", "root.accessible-node-labels", "gpu", "", false},
		{"a child's labels written as its parent's", "root.a.a1", "root.a.a1.accessible-node-labels", "gpu", "", false},
		{"expression with spaces", "root.a.a1", "root.a.a1.default-node-label-expression", "gpu", " gpu ", false},
		{"empty expression and unset stay listed", "root.b.b1", "root.b.b1.default-node-label-expression", " ", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := edit(baseConf(), map[string]string{"root.a.accessible-node-labels": "gpu"})
			oldConf, newConf := edit(base, map[string]string{tc.key: tc.old}), edit(base, map[string]string{tc.key: tc.new})
			for _, dir := range [][2]map[string]string{{oldConf, newConf}, {newConf, oldConf}} {
				q := changeOf(t, refresh(xmlconf.V3_4, dir[0], dir[1], nil), tc.queue)
				assert.Equal(t, tc.changed, len(q.Properties) == 1, "%+v", q)
			}
		})
	}
}
