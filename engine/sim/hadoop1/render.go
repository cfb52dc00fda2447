package hadoop1

import (
	"io"

	h1 "github.com/capq/capq/engine/hadoop1"
	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/safeio"
)

// Write renders a Hadoop 1 run in the YARN run's shapes: JSON as
// sim.RenderJSON, text as sim.RenderText followed by the engine's profile
// and the notes of the mapping and the configuration (warnings), so an
// approximation is never silent.
func Write(w io.Writer, format string, res *sim.Result, prof h1.Profile, mp Mapping, warnings []string) error {
	if format == "json" {
		return sim.RenderJSON(w, res)
	}
	err := sim.RenderText(w, res)
	safeio.Fprintf(w, "\nHadoop 1 engine (CapacityTaskScheduler, profile %s):\n", prof)
	for _, n := range append(mp.Notes, warnings...) {
		safeio.Fprintf(w, "  - %s\n", n)
	}
	return err
}
