package validate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// Parity with Hadoop's own unit tests (TestQueueParsing): the same
// configurations, built from maps, must fail (an error finding of the
// given rule) or pass (no error at all) as they do in Hadoop.

type kv = map[string]string

func conf(pairs ...kv) kv {
	out := kv{}
	for _, p := range pairs {
		for k, v := range p {
			out["yarn.scheduler.capacity."+k] = v
		}
	}
	return out
}

// queueParsing is TestQueueParsing.setupQueueConfiguration.
var queueParsing = kv{
	"root.queues": "a,b,c", "root.a.capacity": "10", "root.a.maximum-capacity": "15",
	"root.b.capacity": "20", "root.c.capacity": "70", "root.c.maximum-capacity": "70",
	"root.a.queues": "a1,a2", "root.a.a1.capacity": "30", "root.a.a1.maximum-capacity": "45",
	"root.a.a2.capacity": "70", "root.a.a2.maximum-capacity": "85",
	"root.b.queues": "b1,b2,b3", "root.b.b1.capacity": "50", "root.b.b1.maximum-capacity": "85",
	"root.b.b2.capacity": "30", "root.b.b2.maximum-capacity": "35", "root.b.b3.capacity": "20", "root.b.b3.maximum-capacity": "35",
	"root.c.queues": "c1,c2,c3,c4", "root.c.c1.capacity": "50", "root.c.c1.maximum-capacity": "55",
	"root.c.c2.capacity": "10", "root.c.c2.maximum-capacity": "25", "root.c.c3.capacity": "35", "root.c.c3.maximum-capacity": "38",
	"root.c.c4.capacity": "5", "root.c.c4.maximum-capacity": "5",
	"root.c.c1.queues": "c11,c12,c13", "root.c.c1.c11.capacity": "15", "root.c.c1.c11.maximum-capacity": "30",
	"root.c.c1.c12.capacity": "45", "root.c.c1.c12.maximum-capacity": "70", "root.c.c1.c13.capacity": "40", "root.c.c1.c13.maximum-capacity": "40",
}

// withLabels is TestQueueParsing.setupQueueConfigurationWithLabels.
var withLabels = kv{
	"root.queues": "a,b", "root.accessible-node-labels.red.capacity": "100", "root.accessible-node-labels.blue.capacity": "100",
	"root.a.capacity": "10", "root.a.maximum-capacity": "15", "root.b.capacity": "90",
	"root.a.queues": "a1,a2", "root.a.accessible-node-labels": "red,blue",
	"root.a.accessible-node-labels.red.capacity": "50", "root.a.accessible-node-labels.red.maximum-capacity": "50",
	"root.a.accessible-node-labels.blue.capacity": "50",
	"root.a.a1.capacity":                          "30", "root.a.a1.maximum-capacity": "45",
	"root.a.a1.accessible-node-labels.red.capacity": "50", "root.a.a1.accessible-node-labels.blue.capacity": "100",
	"root.a.a2.capacity": "70", "root.a.a2.maximum-capacity": "85", "root.a.a2.accessible-node-labels": "red",
	"root.a.a2.accessible-node-labels.red.capacity": "50", "root.a.a2.accessible-node-labels.red.maximum-capacity": "60",
	"root.b.queues": "b1,b2,b3", "root.b.accessible-node-labels": "red,blue",
	"root.b.accessible-node-labels.red.capacity": "50", "root.b.accessible-node-labels.blue.capacity": "50",
	"root.b.b1.capacity": "50", "root.b.b1.maximum-capacity": "85",
	"root.b.b1.accessible-node-labels.red.capacity": "50", "root.b.b1.accessible-node-labels.blue.capacity": "50",
	"root.b.b2.capacity": "30", "root.b.b2.maximum-capacity": "35",
	"root.b.b2.accessible-node-labels.red.capacity": "25", "root.b.b2.accessible-node-labels.blue.capacity": "25",
	"root.b.b3.capacity": "20", "root.b.b3.maximum-capacity": "35",
	"root.b.b3.accessible-node-labels.red.capacity": "25", "root.b.b3.accessible-node-labels.blue.capacity": "25",
}

// releaseCheck is TestQueueParsing.setupQueueConfigurationWithLabelsAndReleaseCheck:
// capacity above maximum-capacity that 3.x accepts because only the
// absolute values are compared (0.3 <= 0.3, 0.4 <= 0.4).
var releaseCheck = kv{
	"root.queues": "a,b", "root.accessible-node-labels.red.capacity": "100", "root.accessible-node-labels.blue.capacity": "100",
	"root.a.capacity": "50", "root.a.maximum-capacity": "100", "root.b.capacity": "50", "root.b.maximum-capacity": "100",
	"root.a.queues": "a1,a2", "root.a.accessible-node-labels": "red,blue",
	"root.a.accessible-node-labels.red.capacity": "50", "root.a.accessible-node-labels.red.maximum-capacity": "100",
	"root.a.accessible-node-labels.blue.capacity": "30", "root.a.accessible-node-labels.blue.maximum-capacity": "50",
	"root.a.a1.capacity": "60", "root.a.a1.maximum-capacity": "60",
	"root.a.a1.accessible-node-labels.red.capacity": "60", "root.a.a1.accessible-node-labels.red.maximum-capacity": "30",
	"root.a.a1.accessible-node-labels.blue.capacity": "100", "root.a.a1.accessible-node-labels.blue.maximum-capacity": "100",
	"root.a.a2.capacity": "40", "root.a.a2.maximum-capacity": "85", "root.a.a2.accessible-node-labels": "red",
	"root.a.a2.accessible-node-labels.red.capacity": "40", "root.a.a2.accessible-node-labels.red.maximum-capacity": "60",
	"root.b.queues": "b1,b2,b3", "root.b.accessible-node-labels": "red,blue",
	"root.b.accessible-node-labels.red.capacity": "50", "root.b.accessible-node-labels.red.maximum-capacity": "100",
	"root.b.accessible-node-labels.blue.capacity": "70", "root.b.accessible-node-labels.blue.maximum-capacity": "100",
	"root.b.b1.capacity": "10", "root.b.b1.maximum-capacity": "10",
	"root.b.b1.accessible-node-labels.red.capacity": "60", "root.b.b1.accessible-node-labels.red.maximum-capacity": "30",
	"root.b.b1.accessible-node-labels.blue.capacity": "50", "root.b.b1.accessible-node-labels.blue.maximum-capacity": "100",
	"root.b.b2.capacity": "80", "root.b.b2.maximum-capacity": "40",
	"root.b.b2.accessible-node-labels.red.capacity": "30", "root.b.b2.accessible-node-labels.blue.capacity": "25",
	"root.b.b3.capacity": "10", "root.b.b3.maximum-capacity": "25",
	"root.b.b3.accessible-node-labels.red.capacity": "10", "root.b.b3.accessible-node-labels.blue.capacity": "25",
}

func errorsOf(t *testing.T, m map[string]string, v xmlconf.Version) []xmlconf.Finding {
	t.Helper()
	model := xmlconf.Build(xmlconf.FromMap(m, "capacity-scheduler.xml"), xmlconf.BuildOptions{Version: v})
	var errs []xmlconf.Finding
	for _, f := range Lint(model, Options{Version: v}) {
		if f.Severity == xmlconf.SeverityError {
			errs = append(errs, f)
		}
	}
	return errs
}

func TestHadoopQueueParsingParity(t *testing.T) {
	cases := []struct {
		name    string
		conf    map[string]string
		fail    string // rule of the expected error; "" = Hadoop accepts
		message string // substring of the message
	}{
		{"testQueueParsing", conf(queueParsing), "", ""},
		{"testQueueParsingShouldTrimSpaces", conf(queueParsing, kv{"root.queues": " a ,b, c", "root.a.queues": "a1, a2 "}), "", ""},
		{"testQueueParsingWithLabels", conf(withLabels), "", ""},
		{"testQueueParsingWithUnusedLabels", conf(queueParsing, kv{"root.accessible-node-labels": "red,blue"}), "", ""},
		{"testQueueParsingWithLabelsInherit", conf(kv{
			"root.queues": "a,b", "root.accessible-node-labels.red.capacity": "100", "root.accessible-node-labels.blue.capacity": "100",
			"root.a.capacity": "10", "root.a.maximum-capacity": "15", "root.a.queues": "a1,a2", "root.a.accessible-node-labels": "red,blue",
			"root.a.accessible-node-labels.red.capacity": "100", "root.a.accessible-node-labels.blue.capacity": "100",
			"root.b.capacity": "90", "root.b.accessible-node-labels": " ",
			"root.a.a1.capacity": "30", "root.a.a1.maximum-capacity": "45",
			"root.a.a1.accessible-node-labels.red.capacity": "50", "root.a.a1.accessible-node-labels.blue.capacity": "100",
			"root.a.a2.capacity": "70", "root.a.a2.maximum-capacity": "85", "root.a.a2.accessible-node-labels": "red",
			"root.a.a2.accessible-node-labels.red.capacity": "50"}), "", ""},
		{"testQueueParsingWithLeafQueueDisableElasticity", conf(releaseCheck), "", ""},
		{"testSingleLevelQueueParsing", conf(kv{
			"root.queues": "a,b", "root.a.capacity": "10", "root.a.maximum-capacity": "15", "root.a.accessible-node-labels": "red,blue",
			"root.a.accessible-node-labels.red.capacity": "90", "root.a.accessible-node-labels.blue.capacity": "90",
			"root.b.capacity": "90", "root.b.accessible-node-labels": "red,blue",
			"root.b.accessible-node-labels.red.capacity": "10", "root.b.accessible-node-labels.blue.capacity": "10"}), "", ""},
		{"testQueueParsingFailWhenSumOfChildrenNonLabeledCapacityNot100Percent", conf(queueParsing, kv{"root.c.c2.capacity": "5"}), "CS024", "children of queue c"},
		{"testQueueParsingFailWhenSumOfChildrenLabeledCapacityNot100Percent", conf(withLabels, kv{"root.b.b3.accessible-node-labels.red.capacity": "24"}), "CS024", "label=red"},
		{"testQueueParsingWithSumOfChildLabelCapacityNot100PercentWithWildCard", conf(withLabels, kv{
			"root.b.b3.accessible-node-labels.red.capacity": "24", "root.accessible-node-labels": "*", "root.b.accessible-node-labels": "*"}), "CS024", "label=red"},
		{"testRMStartWrongNodeCapacity", conf(kv{
			"root.queues": "a", "root.accessible-node-labels.x.capacity": "100", "root.accessible-node-labels.y.capacity": "100",
			"root.accessible-node-labels.z.capacity": "100", "root.a.capacity": "100", "root.a.accessible-node-labels": "x,y,z",
			"root.a.accessible-node-labels.x.capacity": "100", "root.a.accessible-node-labels.y.capacity": "100",
			"root.a.accessible-node-labels.z.capacity": "70"}), "CS024", "label=z"},
		{"testMaxCapacity (b max below capacity)", conf(kv{"root.queues": "a,b", "root.a.capacity": "50", "root.a.maximum-capacity": "60",
			"root.b.capacity": "50", "root.b.maximum-capacity": "45"}), "CS016", "abs-maximum-capacity=0.45"},
	}
	for _, c := range cases {
		for _, v := range []xmlconf.Version{xmlconf.V3_1, xmlconf.V3_3, xmlconf.V3_4} {
			t.Run(c.name+"/"+v.String(), func(t *testing.T) {
				errs := errorsOf(t, c.conf, v)
				if c.fail == "" {
					assert.Empty(t, errs)
					return
				}
				found := false
				for _, f := range errs {
					found = found || (f.Rule == c.fail && strings.Contains(f.Message, c.message))
				}
				if c.fail == "CS016" && v == xmlconf.V3_4 {
					found = !found // 3.4 no longer checks capacity <= maximum-capacity
				}
				assert.True(t, found, "want %s error containing %q, got %v", c.fail, c.message, errs)
			})
		}
	}
}

// TestMixedModesParity pins CS020's exact message and Hadoop's
// declaration-order quirk (an absolute queue clears "percentage seen").
func TestMixedModesParity(t *testing.T) {
	const prefix = "Parent queue 'root' have children queue used mixed of  weight mode, percentage and absolute mode, it is not allowed, please double check, details:"
	cases := []struct {
		name string
		conf map[string]string
		want string // "" = accepted
	}{
		{"testSiblingsMixingWeightAndPercentageRejected", conf(kv{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "1w"}),
			prefix + "{Queue=root.a, label= uses percentage mode}. {Queue=root.b, label= uses weight mode}. {Queue=root.b, label= uses percentage mode}. "},
		{"absolute first, then percentage", conf(kv{"root.queues": "a,b", "root.a.capacity": "[memory=1024,vcores=1]", "root.b.capacity": "50"}),
			prefix + "{Queue=root.a, label= uses absolute mode}. {Queue=root.b, label= uses percentage mode}. "},
		{"percentage first, then absolute", conf(kv{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "[memory=1024,vcores=1]"}), ""},
		{"testZeroWeightAndZeroPercentSiblingsAccepted", conf(kv{"root.queues": "a,b,c,d", "root.a.capacity": "0", "root.b.capacity": "2w",
			"root.c.capacity": "1w", "root.d.capacity": "0w"}), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, f := range errorsOf(t, c.conf, xmlconf.V3_4) {
				if f.Rule == "CS020" {
					got = append(got, f.Message)
				}
			}
			if c.want == "" {
				assert.Empty(t, got)
				return
			}
			assert.Equal(t, []string{c.want}, got)
		})
	}
}
