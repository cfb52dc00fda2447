package sim

import (
	"fmt"
	"strings"
)

// admitNodes drops the nodes the ResourceManager refuses to register:
// ResourceTrackerService.registerNodeManager sends SHUTDOWN to a node
// manager with less memory or fewer vcores than
// yarn.scheduler.minimum-allocation-mb and -vcores (whatever the resource
// calculator, on every Hadoop line), so it never joins the cluster. It
// returns the nodes kept (specs itself when all are) and a warning naming
// the refused ones, "" when there are none.
func (r *run) admitNodes(specs []NodeSpec) ([]NodeSpec, string) {
	var kept []NodeSpec
	var refused []string
	for i, s := range specs {
		if s.MemoryMB >= r.minMem && s.VCores >= r.minVC {
			if kept != nil {
				kept = append(kept, s)
			}
			continue
		}
		if kept == nil {
			kept = append(make([]NodeSpec, 0, len(specs)-1), specs[:i]...)
		}
		refused = append(refused, fmt.Sprintf("%s (%d MB, %d vcores)", s.ID, s.MemoryMB, s.VCores))
	}
	if refused == nil {
		return specs, ""
	}
	return kept, refusedNodesWarning(refused, r.minMem, r.minVC)
}

// refusedNodesWarning names at most five refused nodes and counts the rest.
func refusedNodesWarning(refused []string, minMem, minVC int64) string {
	const shown = 5
	list := strings.Join(refused[:min(len(refused), shown)], ", ")
	if len(refused) > shown {
		list += fmt.Sprintf(" and %d more", len(refused)-shown)
	}
	return fmt.Sprintf("%d node(s) have less than the minimum allocation (%d MB, %d vcores) and never join the cluster (ResourceTrackerService.registerNodeManager sends them SHUTDOWN): %s",
		len(refused), minMem, minVC, list)
}
