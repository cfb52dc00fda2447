package sim

import (
	"fmt"
	"sort"
	"strings"
)

// fatalErr marks a trace error that stops the read (a bound on the
// input's size), as opposed to a bad job, which SLS skips.
type fatalErr struct{ err error }

func (f *fatalErr) Error() string { return f.err.Error() }

// ignore records the keys of obj that SLS does not read: Jackson hands
// SLS a map and SLS looks up only the keys it knows, so a trace with
// "job.name" is valid. capq says which keys it dropped.
func (sr *slsReader) ignore(obj map[string]any, known map[string]bool, pos string) {
	for k := range obj {
		if known[k] {
			continue
		}
		ik, seen := sr.ignored[k]
		if !seen {
			ik.first = pos
		}
		ik.n++
		sr.ignored[k] = ik
	}
}

// reportIgnored turns the ignored keys into warnings, sorted by key. A
// resource type other than memory and vcores is one SLS would ask for
// (with resource-types.xml) but capq does not schedule.
func (sr *slsReader) reportIgnored() {
	keys := make([]string, 0, len(sr.ignored))
	for k := range sr.ignored {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		ik := sr.ignored[k]
		why := "SLS 3.4 does not read it"
		switch {
		case k == "am.memory" || k == "container.memory":
			why = fmt.Sprintf("SLS 3.4 does not read it (it reads %q)", k+"-mb")
		case strings.HasPrefix(k, "am.") || strings.HasPrefix(k, "container."):
			why = "SLS reads it only as a resource type declared in resource-types.xml; capq schedules memory and vcores only"
		}
		sr.w.Warnings = append(sr.w.Warnings, fmt.Sprintf("%s: key %q ignored in %d object(s): %s", ik.first, k, ik.n, why))
	}
}

// amNotModelled names what capq leaves out of SLS's stream and DAG AMs:
// StreamAMSimulator holds its containers for the job's whole duration,
// asking again for each one that finishes, and DAGAMSimulator asks for a
// container only container.request.delay ms after it starts; capq asks
// every container of both at once and runs each once.
func amNotModelled(pos, amType string, delayed int) []string {
	switch {
	case amType == "stream":
		return []string{pos + ": the stream AM (StreamAMSimulator) asks again for every container that finishes until job.end.ms; capq runs each container once"}
	case amType == "dag" && delayed > 0:
		return []string{fmt.Sprintf("%s: the DAG AM (DAGAMSimulator) asks %d container(s) after their container.request.delay; capq asks them at once", pos, delayed)}
	}
	return nil
}
