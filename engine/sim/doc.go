// Package sim runs workloads through the engine in simulated time: "a day
// of last week's jobs on the current config, in seconds".
//
// A run (Run) keeps one event queue ordered by (time, kind, insertion):
// application arrivals, AM heartbeats, container completions, timed
// workload events (refresh, nodes added or lost) and node heartbeats. Each
// node heartbeats every yarn.resourcemanager.nodemanagers.heartbeat-interval-ms
// (default 1000) at a seeded random offset, as SLS starts its NMs. An app
// is submitted at its submit time and asks for its AM container
// (priority 0); once the AM is allocated, its first AM heartbeat (one
// AM heartbeat interval later) asks for phase 0's task containers; each
// container is released its duration after allocation; when a phase is
// done the next is asked for, and after the last the app finishes and
// the engine releases the AM. The AMs of SLS, Rumen and SYNTH traces
// (Workload.SLSAMs) keep SLS's timing instead (slsams.go): steps every
// AM heartbeat from submission, containers launched two steps after
// their allocation, completions seen two steps after the node's
// heartbeat that reports them, the AM released at its node's heartbeat;
// and their nodes first beat one interval after their offsets, as
// NMSimulator's do (its firstStep does not beat).
//
// Time jumps over idle periods: a node without room for the minimum
// allocation (and without a reservation) is never woken; a node with room
// is parked as soon as a heartbeat achieves nothing, and a change (arrival,
// release, refresh, node change) wakes only the parked node that beats
// next when that is exact (run.simple: no locality requests, no
// reservation, nodes of one size), else every parked node. Either way the
// result is exactly that of beating every node every interval:
// TestShortcutsKeepTheEventLog compares the event logs byte for byte.
//
// Workloads come from ReadNative (the native JSON format, FORMAT.md),
// ReadSLS (SLS traces exactly as SLS's AMRunner reads them, with
// ReadSLSNodes for --nodes topologies and the typed sls-runner.xml
// settings of xmlconf.SLSSettingsFromConf) and Generate (seeded synthetic workloads); Detect tells
// the formats apart. Results (Result) are deterministic and
// self-describing so two runs of one workload on two configurations can
// be compared queue by queue, user by user and app by app; RenderText and
// RenderJSON print them.
//
// The package never reads XML (the caller loads configurations, including
// those refresh events name, through Options.LoadConfig) nor configuration
// keys (it takes typed settings: xmlconf.Global.NodeHeartbeatMS,
// xmlconf.SLSSettings), and never prints except to the writers it is
// given. It keeps no parallel books: queue usage and free node resources
// are read from the engine (Engine.QueueAllocated, NodeFree, NodeTotal);
// what it keeps itself is what the engine does not: time integrals and
// peaks, waits, and per-user allocated memory (the engine's per-user
// figure includes reservations).
//
// What lives here: simulated time, workloads and their formats, results
// and their rendering, and the text of a run's progress (Progress.Bar,
// PairLine, ETA; the caller draws it and reads the wall clock). What does not: scheduling decisions (engine),
// scenarios and previews (engine/scenario, engine/preview), refresh rules
// (validate, reached through Options.RefreshCheck). sim imports engine and
// xmlconf only.
package sim
