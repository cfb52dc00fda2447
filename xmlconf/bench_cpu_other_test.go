//go:build !unix

package xmlconf

import (
	"runtime/metrics"
)

// cpuSeconds falls back on the Go scheduler's CPU accounting.
func cpuSeconds() float64 {
	s := []metrics.Sample{{Name: "/cpu/classes/user:cpu-seconds"}, {Name: "/cpu/classes/gc/total:cpu-seconds"}}
	metrics.Read(s)
	return s[0].Value.Float64() + s[1].Value.Float64()
}
