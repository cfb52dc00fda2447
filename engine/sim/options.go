package sim

import (
	"io"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// Options tune a run. The zero value runs to completion with one-minute
// samples and no event log.
type Options struct {
	// Seed drives the only randomness of a run: each node's heartbeat
	// offset within the interval (SLS starts every NM at a random point
	// of its first interval). The same seed gives identical results.
	Seed int64
	// Until stops the run at this simulated time (ms); 0 runs until every
	// app has finished or nothing can change any more.
	Until int64
	// SampleMS is the step of the per-queue series (default 60000).
	SampleMS int64
	// Events, when set, receives one JSON line per allocation,
	// reservation, unreservation, release and preemption.
	Events io.Writer
	// Progress, when set, is called now and then with how far the run is.
	Progress func(Progress)
	// LoadConfig resolves the configuration a refresh event names (the
	// engine never reads XML; the caller does). Nil refuses refreshes. An
	// error is a refused refresh, except a *RefreshInputError (the file
	// could not be read at all), which stops the run with it.
	LoadConfig func(name string) (*xmlconf.Model, error)
	// RefreshCheck holds the refresh rules (validate's), or nil.
	RefreshCheck engine.RefreshCheck
	// RejectUnknownQueues submits apps naming a queue the configuration
	// lacks, so they are rejected with Hadoop's message; by default such
	// a workload is refused before the run with the app's position.
	RejectUnknownQueues bool
	// MaxContainers caps the containers (AMs and tasks) a workload may ask
	// for; 0 means DefaultMaxContainers. Memory grows with it.
	MaxContainers int
	// MaxEvents is the run's work budget: the most simulated events
	// (heartbeats, arrivals, AM launches, completions, workload events,
	// preemption and expiry rounds) it processes before it stops with
	// ErrBudget; 0 means DefaultMaxEvents, negative means no budget. A
	// run's time grows with its events, so the budget bounds it for any
	// workload, however many nodes and how long a simulated time it asks.
	MaxEvents int64
	// SkipSeries records no per-queue time series (Result.Series is then
	// empty) for callers that never print it: at 10,000 leaves the series
	// were most of a run's allocated bytes. Nothing else changes.
	SkipSeries bool

	// exhaustive beats every live node every interval while any app is
	// unfinished, like the ResourceManager does; tests use it to show
	// that skipping idle heartbeats changes no result.
	exhaustive bool
	// maxSeriesPoints replaces MaxSeriesPoints (tests).
	maxSeriesPoints int64
	// walkEveryLeaf sets engine.Options.WalkEveryLeaf (tests).
	walkEveryLeaf bool
	// beatFutile runs every heartbeat through the engine, even one that
	// futile shows would assign nothing (tests).
	beatFutile bool
	// slowFutile answers futile heartbeats through heartbeat and settle
	// rather than fastBeat (tests compare the two).
	slowFutile bool
	// oneByOne answers futile heartbeats one at a time, never a stretch
	// at once (fastBulk; tests compare the two).
	oneByOne bool
	// noParkStretch parks the due nodes of a quiet cluster one beat at a
	// time, never a stretch at once (parkStretch; tests compare the two).
	noParkStretch bool
	// noSimpleStretch parks the due nodes of a cluster where simple holds
	// one beat at a time, never a stretch at once (parkStretch; tests
	// compare the two).
	noSimpleStretch bool
	// readMirror reads an elig rank's mirror entry for a futile answer
	// rather than its elig bit (eligCovered; tests compare the two).
	readMirror bool
	// beatReserved runs every heartbeat of a reserved node through the
	// engine, never counting it as a re-reservation (standing.go; tests
	// compare the two).
	beatReserved bool
	// everyEndEpoch ends the futile record's epoch at every container's
	// end, also of one killed or preempted earlier, which changes nothing
	// (containerDone; tests compare the two).
	everyEndEpoch bool
}

// Progress reports how far a run is.
type Progress struct {
	// NowMS is the simulated time; HorizonMS the last submission time
	// (a lower bound of the run's length).
	NowMS, HorizonMS    int64
	AppsDone, AppsTotal int
	ContainersAllocated int64
}

// DefaultMaxContainers is the default Options.MaxContainers: two million
// containers simulate in well under 2 GB.
const DefaultMaxContainers = 2_000_000

// DefaultMaxEvents is the default Options.MaxEvents. A run processes
// around a million events a second on a small cluster (fewer on a large
// one, which the budget weighs), so the default keeps any run within a
// few seconds (issue 12: no input file makes capq run longer than 10 s
// unless the user raised a limit); the bundled examples use a few
// thousand, a generated day of 100 nodes about 10 million.
const DefaultMaxEvents = 5_000_000

// DefaultSampleMS is the default series step.
const DefaultSampleMS = 60000

// DefaultHeartbeatMS is yarn.resourcemanager.nodemanagers.heartbeat-interval-ms's default.
const DefaultHeartbeatMS = xmlconf.DefaultNodeHeartbeatMS
