package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/safeio"
)

// runWithEvents runs f with opts.Events writing to path through a
// safeio.File: a temporary file beside path, moved into place only when f
// succeeds and every write did, so a failed or interrupted run leaves
// nothing partial behind and a full disk is an error, not exit 0. With no
// path it just runs f; "-" streams to standard output.
func runWithEvents(path string, force bool, stdout io.Writer, f func() (*sim.Result, error), opts *sim.Options) (*sim.Result, error) {
	if path == "" {
		return f()
	}
	out, err := safeio.Create(path, force, stdout)
	if err != nil {
		return nil, fmt.Errorf("--events: %w", err)
	}
	defer out.Abort()
	opts.Events = out
	res, err := f()
	if err != nil {
		return nil, err
	}
	if err := out.Commit(); err != nil {
		return nil, fmt.Errorf("--events: %w", err)
	}
	return res, nil
}

// progressBar draws a one-line progress bar on the terminal's stderr.
// Progress is measured against the last submission time, the only end
// the simulator knows in advance.
func progressBar(s *streams) func(sim.Progress) {
	clock := newETAClock()
	return func(p sim.Progress) {
		frac := 0.0
		if p.AppsTotal > 0 {
			frac = float64(p.AppsDone) / float64(p.AppsTotal)
		}
		const width = 30
		n := int(frac * width)
		fmt.Fprintf(s.errOut, "\r[%s%s] %3.0f%%  %s simulated, %d/%d apps done, %d containers; %s\033[K",
			strings.Repeat("#", n), strings.Repeat(".", width-n), frac*100,
			simDuration(p.NowMS), p.AppsDone, p.AppsTotal, p.ContainersAllocated, clock.text(frac))
	}
}

func simDuration(ms int64) string {
	return fmt.Sprintf("%dh%02dm%02ds", ms/3600000, ms/60000%60, ms/1000%60)
}
