package sim

import (
	"fmt"

	"github.com/capq/capq/xmlconf"
)

// rmOnlyWarnings say, for each ResourceManager setting written in
// capacity-scheduler.xml (lint CS111), that Hadoop does not read it there
// and what the run takes instead: above all, that a scheduling monitor
// turned on there is off, so nothing is preempted.
func rmOnlyWarnings(m *xmlconf.Model) []string {
	var out []string
	for _, p := range m.RMOnlyElsewhere {
		s, ok := xmlconf.RMOnly(p.Name, m.Version)
		if !ok {
			continue
		}
		inForce := "Hadoop's default"
		if m.Conf != nil && m.Conf.RM != nil {
			if rm, ok := m.Conf.RM.Lookup(p.Name); ok {
				inForce = fmt.Sprintf("yarn-site.xml's %q", rm.Value)
			}
		}
		w := fmt.Sprintf("%s: %s has no effect in capacity-scheduler.xml: Hadoop reads it from the ResourceManager's configuration "+
			"(yarn-site.xml; give it with --yarn-site or a configuration directory); the run takes %s", p.ValuePos, p.Name, inForce)
		switch {
		case s.Partial != "":
			// Each partly read setting says what still reads it there
			// (RMOnlySetting.Partial), as lint CS111 does.
			w = fmt.Sprintf("%s: %s in capacity-scheduler.xml: Hadoop reads it from the ResourceManager's configuration "+
				"(yarn-site.xml; give it with --yarn-site or a configuration directory), %s; the run takes %s", p.ValuePos, p.Name, s.Partial, inForce)
		case (p.Name == xmlconf.MonitorEnableKey || p.Name == xmlconf.MonitorPoliciesKey) && !m.Global.MonitorEnabled.V:
			w += ": the scheduling monitor is off, so nothing is preempted"
		}
		out = append(out, w)
	}
	return out
}
