package sim

import (
	"os"
	"strings"
)

// Every test of the package checks the sweep's room mirror against the
// engine on each futile answer; benchmarks and the scale table
// (CAPQ_SCALE) time the simulator without the check.
func init() {
	checkRoom = os.Getenv("CAPQ_SCALE") == ""
	for _, a := range os.Args {
		if strings.HasPrefix(a, "-test.bench") {
			checkRoom = false
		}
	}
}
