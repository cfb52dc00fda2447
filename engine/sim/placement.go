package sim

import (
	"github.com/capq/capq/engine"
	"github.com/capq/capq/placement"
	"github.com/capq/capq/xmlconf"
)

// placementSpec is the engine submission of an app: the RM runs the
// placement rules on every submission.
func placementSpec(s *App) engine.AppSpec {
	return engine.AppSpec{ID: s.ID, Queue: s.Queue, User: s.User, Groups: s.Groups, AppName: s.AppName, Tags: s.Tags, Placement: true,
		AM: engine.Resource{MemoryMB: s.AM.MemoryMB, VCores: s.AM.VCores}, AMRequested: true, Priority: s.Priority, AMNodeLabel: s.amLabel()}
}

// placesDynamically reports whether submissions may land in queues the
// file does not list: mapping rules or auto-creation are configured. An
// app naming an unknown queue is then placed (or rejected) at run time,
// as the RM does, instead of being an input error.
func placesDynamically(m *xmlconf.Model) bool {
	for _, q := range m.Queues {
		if q.AutoCreate.Legacy.V || q.AutoCreate.V2.V {
			return true
		}
	}
	if m.Conf == nil {
		return false
	}
	s, _ := placement.Load(m.Conf, m.Version, placement.LoadOptions{})
	return len(s.Rules) > 0
}
