package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
)

// readOldJobKeys converts job classes of the old format (no "tasks":
// mtasks_avg, mtime_avg, map_max_memory_avg, ...) the way
// SynthTraceJobProducer.validateJobDef does: a map task definition at
// priority 20 and a reduce one at priority 10, each value a distribution
// of the given average and standard deviation; the job's duration from
// dur_avg/dur_stddev and its reservation chance from
// chance_of_reservation; map_max_memory_avg and the other size averages
// are Java longs, so Jackson drops their fraction.
func readOldJobKeys(data []byte, tr *synthTrace) error {
	var raw struct {
		Workloads []struct {
			Classes []synthOldJobKeys `json:"job_classes"`
		} `json:"workloads"`
	}
	// The first value only, as the typed read and Jackson's readValue
	// (FAIL_ON_TRAILING_TOKENS is off): json.Unmarshal refused what
	// follows it without a line.
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&raw); err != nil {
		return fmt.Errorf("not a SYNTH description: %w", err)
	}
	for i := range tr.Workloads {
		for j := range tr.Workloads[i].Classes {
			jc := &tr.Workloads[i].Classes[j]
			if jc.Tasks != nil || i >= len(raw.Workloads) || j >= len(raw.Workloads[i].Classes) {
				continue
			}
			o := raw.Workloads[i].Classes[j]
			jc.Old, jc.Type, jc.converted = o, "mapreduce", true
			jc.Deadline = dist(o.DeadlineAvg, o.DeadlineStd)
			jc.Duration = dist(o.DurAvg, o.DurStd)
			jc.Reservation = &synthSample{Val: &o.ChanceOfReservation}
			jc.Tasks = []synthTaskDef{
				{Type: "map", Priority: mrPriorityMap, Count: dist(o.MTasksAvg, o.MTasksStd), Time: dist(o.MTimeAvg, o.MTimeStd),
					MaxMemory: dist(math.Trunc(o.MapMemAvg), o.MapMemStd), MaxVcores: dist(math.Trunc(o.MapVcAvg), o.MapVcStd), ExecType: o.MapExec},
				{Type: "reduce", Priority: mrPriorityReduce, Count: dist(o.RTasksAvg, o.RTasksStd), Time: dist(o.RTimeAvg, o.RTimeStd),
					MaxMemory: dist(math.Trunc(o.RedMemAvg), o.RedMemStd), MaxVcores: dist(math.Trunc(o.RedVcAvg), o.RedVcStd), ExecType: o.RedExec},
			}
		}
	}
	return nil
}

func dist(avg, std float64) *synthSample {
	return &synthSample{Val: &avg, Std: &std}
}
