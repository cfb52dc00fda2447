package main

import (
	h1scenario "github.com/capq/capq/engine/scenario/hadoop1"
)

// runHadoop1ScenarioCmd runs a Hadoop 1 scenario (hadoop1-scenario-format.md)
// on the slot-mode engine; the file was detected as one by its keys.
func runHadoop1ScenarioCmd(o scenarioOptions, path string, data []byte, s *streams) error {
	sc, err := h1scenario.ParseWith(path, data, o.readOptions(s))
	if err != nil {
		return cannotRun(err)
	}
	out := h1scenario.Run(sc, h1scenario.Options{})
	if o.format == "json" {
		err = h1scenario.WriteJSON(s.out, out)
	} else {
		err = h1scenario.WriteText(s.out, sc, out)
	}
	return scenarioVerdict(err, sc.ID, out.Failures, s)
}
