package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/capq/capq/engine/scenario"
	h1scenario "github.com/capq/capq/engine/scenario/hadoop1"
	"github.com/capq/capq/safeio"
)

type scenarioOptions struct {
	readFlags
	format string
}

func newScenarioCmd(s *streams) *cobra.Command {
	var o scenarioOptions
	cmd := &cobra.Command{
		Use:   "scenario FILE.json",
		Short: "Run a step-by-step scheduler scenario",
		Long:  helpText("scenario"),
		Args:  exactArgs(1, "one scenario file"),
		RunE:  func(_ *cobra.Command, args []string) error { return runScenarioCmd(o, args[0], s) },
	}
	cmd.Flags().StringVar(&o.format, "format", "text", "output format: text or json")
	o.readFlags.bind(cmd)
	completeValues(cmd, "format", fixed(textJSON))
	return cmd
}

func runScenarioCmd(o scenarioOptions, path string, s *streams) error {
	if o.format != "text" && o.format != "json" {
		return cannotRun(badValue("format", o.format, textJSON))
	}
	lim, err := o.limits(o.isUntrusted(s))
	if err != nil {
		return cannotRun(err)
	}
	// Bounded, and a FIFO or device is refused rather than read.
	data, err := safeio.ReadFile(path, lim)
	if err != nil {
		return cannotRun(fmt.Errorf("scenario: %w", err))
	}
	if h1scenario.Detect(data) {
		return runHadoop1ScenarioCmd(o, path, data, s)
	}
	// The bytes already read, not the file again: a FIFO's second open
	// waited for a writer that had gone (a hang), and a file replaced in
	// between was detected as one scenario and run as another.
	sc, err := scenario.ParseWith(path, data, o.readOptions(s))
	if err != nil {
		return cannotRun(err)
	}
	out := scenario.Run(sc, scenario.Options{Explain: o.format == "text"})
	if o.format == "json" {
		err = scenario.WriteJSON(s.out, out)
	} else {
		err = scenario.WriteText(s.out, sc, out)
	}
	return scenarioVerdict(err, sc.ID, out.Failures, s)
}

// scenarioVerdict maps a scenario run to its exit: a write error is 2, an
// unmet expectation 1 with each failure on stderr (YARN and Hadoop 1 alike).
func scenarioVerdict(writeErr error, id string, failures []string, s *streams) error {
	if writeErr != nil {
		return cannotRun(writeErr)
	}
	if len(failures) > 0 {
		safeio.Fprintf(s.errOut, "capq: scenario %s: %d expectation(s) not met\n", id, len(failures))
		for _, f := range failures {
			safeio.Fprintf(s.errOut, "  %s\n", f)
		}
		return exitWith(exitFindings)
	}
	return nil
}
