// Package hadoop1 runs Hadoop 1 scenarios (hadoop1-scenario-format.md) on
// the slot-mode engine: one scheduling event per step, the way Hadoop 1's
// TestCapacityScheduler drives assignTasks with fake TaskTrackers, with
// expectations and "why did this job not get a slot?" explanations.
//
//	sc, err := hadoop1.Parse(path, data) // hadoop1.Detect(data) tells the format
//	out := hadoop1.Run(sc, hadoop1.Options{})
//	err = hadoop1.WriteText(w, sc, out) // or WriteJSON(w, out)
//	len(out.Failures) > 0               // an unmet expectation
//
// What lives here: the Hadoop 1 scenario file format, its detection and
// the model it builds from its maps and *_file configs (file.go), the
// step runner and its output types (run.go), the expectation checks
// (expect.go) and the text rendering (text.go).
//
// What does not: the slot-mode scheduling decisions themselves (package
// engine/hadoop1), YARN scenarios (engine/scenario), time-driven Hadoop 1
// simulation (engine/sim/hadoop1), flags, files on the command line and
// exit codes (cmd/capq). Output goes only to the writer the caller gives.
//
// A scenario is untrusted input: a bad file is an error naming the file;
// a step the engine refuses is that step's failure, never a panic.
package hadoop1
