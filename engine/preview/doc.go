// Package preview answers "what will this config change do to my teams?":
// it compares two simulation runs of the same workload (the old and the new
// configuration), per queue and per user, calls out regressions and
// improvements, evaluates CI gates ("root.eng.qa wait.p95 <= 10m") and
// renders the result as text, JSON or a self-contained HTML report.
//
// The package works on its own small Run type rather than on the
// simulator's result, so comparison, gates and reports can be tested on
// synthetic runs; sim_adapter.go is the one place that converts.
// It never reads XML or prints; cmd/capq wires flags and output.
package preview
