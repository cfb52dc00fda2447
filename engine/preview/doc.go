// Package preview answers "what will this config change do to my teams?":
// it compares two simulation runs of the same workload (the old and the new
// configuration), per queue and per user, calls out regressions and
// improvements, evaluates CI gates ("root.eng.qa wait.p95 <= 10m") and
// renders the result as text, JSON or a self-contained HTML report.
//
// The package works on its own small Run type rather than on the
// simulator's result, so comparison, gates and reports can be tested on
// synthetic runs; sim_adapter.go is the one place that converts.
//
// What lives here: the two sides of a preview (Configs: YARNConfigs with
// capq diff's verdict, Hadoop1Configs with the --group merging), running
// the pair (Simulate, Configs.Simulate), comparison, statistics,
// gates, the reports, the refresh verdict the report shows (held as
// validate's RefreshResult), RefreshCheck (the one reduction of that
// verdict to the engine's refusals during a simulation), WithRefreshes
// (how a simulation loads and judges its workload's refresh events) and
// MigrateHadoop1 (the Hadoop 1 configuration migrated without and with
// grouping, for `capq preview --hadoop1`). What does not: simulation
// (engine/sim), refresh rules and diff rendering (validate), migration
// itself (migrate), reading files named on the command line, flags and
// output streams (cmd/capq). It never reads XML or prints.
package preview
