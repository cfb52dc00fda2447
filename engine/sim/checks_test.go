package sim

import (
	"os"
	"strings"

	"github.com/capq/capq/engine"
)

// Every test of the package checks the sweep's room mirror against the
// engine on each futile answer, every skipped fair sort against a real
// one and every recalled pass against the pass; benchmarks and the scale table (CAPQ_SCALE) time the
// simulator without the checks.
func init() {
	checkRoom = os.Getenv("CAPQ_SCALE") == ""
	for _, a := range os.Args {
		if strings.HasPrefix(a, "-test.bench") {
			checkRoom = false
		}
	}
	engine.SetShortcutChecksForTests(checkRoom)
}
