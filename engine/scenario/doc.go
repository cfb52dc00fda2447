// Package scenario runs step-by-step scheduler scripts
// (scenario-format.md): submit apps, update asks, run scheduling passes
// and heartbeats, complete containers, refresh the configuration, change
// nodes, preempt, and check snapshots against expectations.
//
//	sc, err := scenario.Load("testdata/scenarios/x.json") // or Parse(path, data)
//	out := scenario.Run(sc, scenario.Options{Explain: true})
//	err = scenario.WriteText(w, sc, out) // or WriteJSON(w, out)
//	len(out.Failures) > 0                 // an unmet expectation
//
// What lives here: the scenario file format and its bounds (file.go),
// telling YARN scenarios from Hadoop 1 ones (detect.go), the
// op table (ops.go) with each op's run function (steps.go) and text
// (text.go), the expectation checks (expect.go), and the load/refresh
// verdicts, delegated to validate with the running engine as live state
// (checks.go).
//
// What does not: scheduling decisions (package engine), time-driven
// simulation (engine/sim), flags, files on the command line and exit
// codes (cmd/capq). The package reads the scenario's own files
// (config_file) but never prints on its own: output goes to the writer
// the caller gives.
//
// A scenario is untrusted input: a bad file is an error naming
// file:line:col; a step the engine refuses is that step's failure in the
// output, never a panic.
package scenario
