package main

import (
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/engine/sim"
)

// contendedDayFlags are the flags of #19's contended day as
// engine/sim/BENCHMARKS.md documents them (after --config).
const contendedDayFlags = "--nodes 10000 --task-memory 2048,4096,8192 --task-duration 70m --target-utilization 0.95 --burst-share 0 --seed 1"

// genOptionsOf parses gen workload's flags as the command does and
// returns the generator options they give.
func genOptionsOf(t *testing.T, args ...string) sim.GenOptions {
	t.Helper()
	var o genWorkloadOptions
	cmd := &cobra.Command{Use: "workload"}
	o.bind(cmd)
	require.NoError(t, cmd.ParseFlags(args))
	o.appsSet, o.targetSet = cmd.Flags().Changed("apps"), cmd.Flags().Changed("target-utilization")
	require.NoError(t, o.parse())
	return o.gen
}

// TestGenDefaultsAreCommandGenOptions: the in-process generated days that
// start from sim.CommandGenOptions are the command's days without flags.
func TestGenDefaultsAreCommandGenOptions(t *testing.T) {
	assert.Equal(t, sim.CommandGenOptions(), genOptionsOf(t))
	withApps := sim.CommandGenOptions()
	withApps.Apps, withApps.TargetUtilization = 2000, 0
	assert.Equal(t, withApps, genOptionsOf(t, "--apps", "2000"), "--apps turns the target off, bursts stay")
}

// TestContendedDayIsTheCommand: sim.ContendedDay (TestScaleTable's
// contended days) is the day the documented command generates, and
// BENCHMARKS.md documents that command.
func TestContendedDayIsTheCommand(t *testing.T) {
	assert.Equal(t, sim.ContendedDay(10000), genOptionsOf(t, strings.Fields(contendedDayFlags)...))
	doc, err := os.ReadFile("../../engine/sim/BENCHMARKS.md")
	require.NoError(t, err)
	assert.Contains(t, string(doc), "capq gen workload --config cs1000.xml "+contendedDayFlags)
}
