package scenario

import (
	"encoding/json"
	"fmt"
)

// Kind is the engine a scenario file is written for.
type Kind int

const (
	// KindYARN is a Capacity Scheduler scenario (scenario-format.md).
	KindYARN Kind = iota
	// KindHadoop1 is a CapacityTaskScheduler scenario
	// (hadoop1-scenario-format.md).
	KindHadoop1
)

// String names the kind as the "engine" field spells it.
func (k Kind) String() string {
	if k == KindHadoop1 {
		return "hadoop1"
	}
	return "yarn"
}

// Detect tells the two scenario formats apart the way
// hadoop1-scenario-format.md defines it: a file is a Hadoop 1 scenario
// when it has "engine": "hadoop1" or any of mapred_site,
// capacity_scheduler or cluster.trackers; otherwise it is a YARN one.
// Bytes that are not a JSON object are left to Parse, which names the
// place of the error; only an "engine" capq does not know is an error
// here.
func Detect(data []byte) (Kind, error) {
	var probe struct {
		Engine            string          `json:"engine"`
		MapredSite        json.RawMessage `json:"mapred_site"`
		CapacityScheduler json.RawMessage `json:"capacity_scheduler"`
		Cluster           struct {
			Trackers json.RawMessage `json:"trackers"`
		} `json:"cluster"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return KindYARN, nil
	}
	switch probe.Engine {
	case "hadoop1":
		return KindHadoop1, nil
	case "", "yarn":
	default:
		return KindYARN, fmt.Errorf("engine %q: want yarn or hadoop1", probe.Engine)
	}
	if probe.MapredSite != nil || probe.CapacityScheduler != nil || probe.Cluster.Trackers != nil {
		return KindHadoop1, nil
	}
	return KindYARN, nil
}
