//go:build !unix

// Package cputime reads the process's CPU time for the engine's
// benchmarks: the machine they run on is shared, so CPU time says more
// than wall time, and it tells a parallel speed-up from a busy machine.
package cputime

import "time"

// Process is 0 where getrusage is missing: the benchmarks that report CPU
// time then report 0.
func Process() time.Duration { return 0 }
