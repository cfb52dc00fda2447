package sim

import (
	"fmt"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
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
		case k == "am.type":
			why = `SLS 3.x reads the AM type from "yarn.sls.am.type" (AMDefinitionFactory.createFromSlsTrace, SLSConfiguration.AM_TYPE); "am.type" is SLS 2.x's key, so these jobs run as "mapreduce" unless they also set "yarn.sls.am.type"`
		case k == "am.memory" || k == "container.memory":
			why = fmt.Sprintf("SLS 3.4 does not read it (it reads %q)", k+"-mb")
		case strings.HasPrefix(k, "am.") || strings.HasPrefix(k, "container."):
			why = "SLS reads it only as a resource type declared in resource-types.xml; capq schedules memory and vcores only"
		}
		sr.w.Warnings = append(sr.w.Warnings, fmt.Sprintf("%s: key %q ignored in %d object(s): %s", ik.first, k, ik.n, why))
	}
}

// streamNote is the warning for every stream job capq runs.
func streamNote(pos string) string {
	return pos + ": the stream AM (StreamAMSimulator) asks again for each container that finishes until the job's end; capq holds each one for the job's duration, without the gaps between a container and its replacement"
}

// holdStreams makes a stream AM's containers last its duration (job.end.ms
// minus job.start.ms in a trace, the duration sample of a SYNTH class):
// StreamAMSimulator replaces every container that finishes until that
// time, then releases them all (the readers set its priority, 20). With
// no positive duration SLS's stream AM finishes at its first heartbeat and
// runs nothing, so the job is refused (and skipped).
func holdStreams(tasks []TaskGroup, durationMS int64) error {
	if durationMS <= 0 || durationMS > MaxTimeMS {
		return fmt.Errorf("the stream AM runs for job.end.ms - job.start.ms = %d ms; SLS's StreamAMSimulator finishes at once and runs no container", durationMS)
	}
	for i := range tasks {
		tasks[i].DurationMS = durationMS
	}
	return nil
}

// UnknownQueueWarnings names the apps of a trace-format workload (one
// whose reader set RejectUnknownQueues) that no leaf of m takes: SLS
// skips such a job (SLSRunner.increaseQueueAppNum throws and AMRunner
// logs it); capq submits it so the result shows Hadoop's rejection.
func UnknownQueueWarnings(m *xmlconf.Model, w *Workload) []string {
	if !w.RejectUnknownQueues || placesDynamically(m) {
		return nil
	}
	var out []string
	for _, a := range w.Apps {
		if _, ok := resolveLeaf(m, a.Queue); !ok {
			out = append(out, fmt.Sprintf("%s: job %q names queue %q, which is not a leaf of the configuration: SLS skips it, capq submits it and reports Hadoop's rejection", a.Pos, a.ID, a.Queue))
		}
	}
	return out
}

// duplicateIDNote is the warning for a job whose id an earlier job took.
// SLS runs both AMs, but AMRunner.runNewAM keeps one per id in amMap, and
// remainingApps starts at amMap's size: slsrun.sh (exitAtTheFinish) stops
// the whole run once that many apps have finished, with apps still running.
func duplicateIDNote(pos, named, id string) string {
	return fmt.Sprintf("%s: job id %q is used twice; renamed %q (SLS runs both, but counts one app per id in AMRunner's amMap: slsrun.sh stops once that many apps have finished, before the last ones end)", pos, named, id)
}
