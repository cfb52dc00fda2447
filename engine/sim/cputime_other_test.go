//go:build !unix

package sim

import "time"

// cpuTime is not measured where getrusage is missing; the benchmarks
// that report it then report 0.
func cpuTime() time.Duration { return 0 }
