package sim

import (
	"strconv"
	"strings"
	"time"
)

// ParseDuration reads a simulated span as the command line gives it:
// "90m", "1h30m", "500ms" or a bare number of milliseconds.
func ParseDuration(s string) (int64, error) {
	if n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64); err == nil {
		return n, nil
	}
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		return 0, err
	}
	return d.Milliseconds(), nil
}
