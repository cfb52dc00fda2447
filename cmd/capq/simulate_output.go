package main

import (
	"fmt"
	"io"
	"time"

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

// progressBar draws sim.Progress.Bar on the terminal's stderr, redrawn in
// place, with the wall-clock ETA (sim.ETA).
func progressBar(s *streams) func(sim.Progress) {
	start := time.Now()
	return func(p sim.Progress) {
		fmt.Fprintf(s.errOut, "\r%s; %s\033[K", p.Bar(), sim.ETA(time.Since(start), p.Fraction()))
	}
}
