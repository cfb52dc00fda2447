package xmlconf

import (
	"fmt"
	"strings"
)

// EditGenerated is the refresh the diff benchmarks time (capq diff's and
// validate's): on a configuration from GenerateConfig (Seed 1), two
// top-level queues trade capacity, so every absolute capacity below them
// moves, and the global AM share doubles, an effective change on every
// leaf. It fails when a pattern is not found exactly once: the benchmark
// would otherwise time a smaller change than it says.
func EditGenerated(old []byte) ([]byte, error) {
	s := string(old)
	for _, r := range [][2]string{
		{"root.ads0.capacity</name>\n    <value>9<", "root.ads0.capacity</name>\n    <value>14<"},
		{"root.eng9.capacity</name>\n    <value>14<", "root.eng9.capacity</name>\n    <value>9<"},
		{"capacity.maximum-am-resource-percent</name>\n    <value>0.1<", "capacity.maximum-am-resource-percent</name>\n    <value>0.2<"},
	} {
		if n := strings.Count(s, r[0]); n != 1 {
			return nil, fmt.Errorf("EditGenerated: %q found %d times in the generated configuration, want once", r[0], n)
		}
		s = strings.Replace(s, r[0], r[1], 1)
	}
	return []byte(s), nil
}
