package validate

import (
	"fmt"
	"sort"

	"github.com/capq/capq/xmlconf"
)

// rmOnlyInForce makes the scheduler-wide changes say what Hadoop reads for
// the ResourceManager-only settings (xmlconf.RMOnlySettings without a
// Partial reader): their value in the ResourceManager's own configuration
// (Conf.RM, yarn-site.xml), never a definition in capacity-scheduler.xml,
// which has no effect there (CS111). So a change written only in
// capacity-scheduler.xml is no change, with a note instead of a listing
// and an RF013 restart, and a change in yarn-site.xml under an unchanged
// capacity-scheduler.xml definition is one. It applies when both sides
// were read with the ResourceManager's configuration (Conf.RM set, as
// capq diff does; a nil RM means the merge is that configuration).
func (c *refreshCheck) rmOnlyInForce(props []PropChange) ([]PropChange, []string) {
	if c.old.Conf == nil || c.new.Conf == nil || c.old.Conf.RM == nil || c.new.Conf.RM == nil {
		return props, nil
	}
	orm, nrm := c.old.Conf.RM, c.new.Conf.RM
	kept := make([]PropChange, 0, len(props))
	var notes []string
	seen := map[string]bool{}
	for _, pc := range props {
		if !c.rmOnlyWhole(pc.Name) {
			kept = append(kept, pc)
			continue
		}
		seen[pc.Name] = true
		rc := rmChange(orm, nrm, pc.Name)
		if rc == nil {
			notes = append(notes, fmt.Sprintf("%s %s → %s in capacity-scheduler.xml changes nothing: Hadoop %s reads it "+
				"only from the ResourceManager's configuration (yarn-site.xml), where it is %s (CS111)",
				pc.Name, quoteOrUnset(pc.Old), quoteOrUnset(pc.New), c.v, rmValue(nrm, pc.Name)))
			continue
		}
		kept = append(kept, *rc)
	}
	// A yarn-site.xml change the merged configuration hides under an
	// unchanged capacity-scheduler.xml definition.
	for _, rm := range []*xmlconf.Conf{orm, nrm} {
		rm.Each(func(k string, _ *xmlconf.Property) {
			if seen[k] || !c.rmOnlyWhole(k) {
				return
			}
			seen[k] = true
			if rc := rmChange(orm, nrm, k); rc != nil {
				kept = append(kept, *rc)
			}
		})
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].Name < kept[j].Name })
	return kept, notes
}

// rmOnlyWhole reports whether Hadoop reads key only from the
// ResourceManager's configuration in this profile (a Partial setting is
// also read from the scheduler's, so its capacity-scheduler.xml value
// still does something).
func (c *refreshCheck) rmOnlyWhole(key string) bool {
	s, ok := xmlconf.RMOnly(key, c.v)
	return ok && s.Partial == ""
}

// rmChange is key's change between two ResourceManager configurations,
// nil when it has none.
func rmChange(old, new *xmlconf.Conf, key string) *PropChange {
	ov, ook := old.Raw(key)
	nv, nok := new.Raw(key)
	if ook == nok && ov == nv {
		return nil
	}
	pc := propChange(key, ov, ook, nv, nok)
	return &pc
}

// rmValue quotes key's value in the ResourceManager's configuration, or
// says it is unset there.
func rmValue(rm *xmlconf.Conf, key string) string {
	if v, ok := rm.Raw(key); ok {
		return fmt.Sprintf("%q", v)
	}
	return "unset"
}
