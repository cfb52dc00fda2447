//go:build unix

// Package cputime reads the process's CPU time for the engine's
// benchmarks: the machine they run on is shared, so CPU time says more
// than wall time, and it tells a parallel speed-up from a busy machine.
package cputime

import (
	"syscall"
	"time"
)

// Process is the process's user and system CPU time so far, every thread.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
