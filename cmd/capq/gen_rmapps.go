package main

import (
	"fmt"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/xmlconf"
)

// fromRM builds a workload from the RM's apps answer (and nodes answer,
// when given), printing the assumptions the conversion makes and what it
// left out, then the offered utilization over the span of the apps.
func (o genWorkloadOptions) fromRM(m *xmlconf.Model, s *streams) (*sim.Workload, error) {
	if o.amMemory <= 0 || o.rmTaskMemory <= 0 {
		return nil, fmt.Errorf("--am-memory and --rm-task-memory must be positive")
	}
	cluster, err := o.rmCluster(s)
	if err != nil {
		return nil, err
	}
	name, data, err := o.config.readArg(o.fromRMApps, s)
	if err != nil {
		return nil, fmt.Errorf("--from-rm-apps: %w", err)
	}
	w, err := sim.ReadRMApps(name, data, m, sim.RMAppsOptions{AM: engine.Resource{MemoryMB: o.amMemory, VCores: 1}, TaskMemoryMB: o.rmTaskMemory, Cluster: *cluster})
	if err != nil {
		return nil, err
	}
	s.notes("assumption", sim.RMAppsAssumptions)
	s.notes("warning", w.Warnings)
	reportOffered(s, w, sim.SpanMS(w), "built", "")
	return w, nil
}

// rmCluster is the cluster the RM apps run on: --rm-nodes' answer when
// given (its warnings printed), else --nodes x --node-memory.
func (o genWorkloadOptions) rmCluster(s *streams) (*sim.Cluster, error) {
	if o.rmNodes == "" {
		c := o.gen.Cluster()
		return &c, nil
	}
	name, data, err := o.config.readArg(o.rmNodes, s)
	if err != nil {
		return nil, fmt.Errorf("--rm-nodes: %w", err)
	}
	c, warns, err := sim.ReadRMNodes(name, data)
	if err != nil {
		return nil, err
	}
	s.notes("warning", warns)
	return c, nil
}
