// Command capq lints, diffs, migrates and dry-runs Hadoop YARN Capacity
// Scheduler configurations. This package only wires flags to the library
// packages; it is the one place that touches os.Args, stdio and exit codes.
//
// What lives here: cobra commands, flags and their validation into
// options structs, input loading (files, directories, "-" for standard
// input, git:REV:PATH, --yarn-site and --live-state), the streams a
// command may touch, where outputs go and the exit codes (exit.go).
// What does not: anything a test outside cmd would want to call —
// parsing and building the model (xmlconf), rules, refresh verdicts and
// diff rendering (validate), migration (migrate), tree rendering
// (xmlconf/tree), scheduling, simulation, scenarios and previews
// (engine, engine/sim, engine/scenario, engine/preview).
// cmd/capq/layers_test.go checks every package's imports against the
// layering in README.md.
package main
