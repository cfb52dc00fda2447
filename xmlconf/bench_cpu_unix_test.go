//go:build unix

package xmlconf

import "syscall"

// cpuSeconds is the CPU time of this process (all threads, user and
// system), which other processes on a busy machine barely disturb.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
