package sim

import "fmt"

// RefreshInputError says that the configuration a refresh event names
// could not be read at all: missing, not readable, past the size bound,
// outside the workload's directory. That is a failure of an input the
// user named, not a refresh the ResourceManager refuses, so Run stops
// with it (a caller exits as for any unreadable input) instead of
// recording a refused refresh, which is for a configuration that reads
// but that refreshQueues would not take. Options.LoadConfig returns one
// (AtMS unset: Run sets it) for such a file; a check before the run
// (preview.CheckRefreshes) returns the same for the same file, so the
// two say it alike.
type RefreshInputError struct {
	AtMS int64
	Err  error
}

// Error names the event by its time, then the failure (which names the
// file).
func (e *RefreshInputError) Error() string { return fmt.Sprintf("event at %d ms: %v", e.AtMS, e.Err) }

// Unwrap gives the failure, so its hint and kind stay reachable.
func (e *RefreshInputError) Unwrap() error { return e.Err }
