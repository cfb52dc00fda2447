package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/capq/capq/engine/sim"
)

// runWithEvents runs f with opts.Events writing to a temporary file next
// to path, renamed over path only when f succeeds, so a failed run leaves
// nothing partial behind. With no path it just runs f.
func runWithEvents(path string, f func() (*sim.Result, error), opts *sim.Options) (*sim.Result, error) {
	if path == "" {
		return f()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("--events: %w", err)
	}
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	opts.Events = tmp
	res, err := f()
	if err != nil {
		return nil, err
	}
	// CreateTemp makes the file private; an event log is an ordinary output.
	if err := tmp.Chmod(0o644); err != nil {
		return nil, fmt.Errorf("--events: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return nil, fmt.Errorf("--events: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return nil, fmt.Errorf("--events: %w", err)
	}
	ok = true
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
