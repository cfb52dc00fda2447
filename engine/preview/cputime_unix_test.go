//go:build unix

package preview

import (
	"syscall"
	"time"
)

// cpuTime is the process's user+system CPU time so far (every thread),
// to tell parallel speed-up from a busy machine in benchmarks.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
