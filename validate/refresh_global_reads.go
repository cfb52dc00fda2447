package validate

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// unmodelledGlobalReads are scheduler-wide keys the model does not keep,
// with what the ResourceManager reads for them: Configuration.getBoolean
// with default false (CapacitySchedulerConfiguration
// .getMultiNodePlacementEnabled, CapacityScheduler.initScheduler's
// scheduleAsynchronously). Every other key is read through the model
// (xmlconf.Global.ReadingOf), whose builder holds Hadoop's defaults.
var unmodelledGlobalReads = map[string]func(m *xmlconf.Model, key string) (string, bool){
	xmlconf.Prefix + "multi-node-placement-enabled":   confBoolRead,
	xmlconf.Prefix + "schedule-asynchronously.enable": confBoolRead,
}

func confBoolRead(m *xmlconf.Model, key string) (string, bool) {
	if m.Conf == nil {
		return "false", true
	}
	raw, set := m.Conf.Raw(key)
	if !set {
		return "false", true
	}
	v, ok := xmlconf.HadoopGetBool(raw, false)
	return strconv.FormatBool(v), ok
}

// globalReading compares what Hadoop reads for a scheduler-wide key on
// the side that sets it (set) and on the other (other), which leaves it
// unset or sets it too: the model's settings that name the key on set,
// and the same settings on other, which hold other's text or their
// default there. same is false when they differ, when the model does not
// read the key (unknown, not read on this profile, or read from
// yarn-site.xml only) or when a side's text does not parse: the raw
// change then stays listed.
func globalReading(set, other *xmlconf.Model, key string) (read string, same bool) {
	if rest, ok := strings.CutPrefix(key, xmlconf.Prefix); ok {
		if since, ok := globalSince(rest); ok && set.Version.Less(since) {
			return "", false // never read on this profile: CS005 says it is ignored
		}
		if user, ok := parallelAppsUser(rest); ok {
			return userParallelReading(set, other, user)
		}
	}
	if key == xmlconf.MonitorPoliciesKey {
		return monitorPoliciesReading(set, other)
	}
	if f := unmodelledGlobalReads[key]; f != nil {
		sv, sok := f(set, key)
		uv, uok := f(other, key)
		return sv, sok && uok && sv == uv
	}
	sr := set.Global.ReadingOf(key)
	if !sr.Read() || sr.Err != "" {
		return "", false
	}
	ur := other.Global.FieldValues(sr.Fields)
	return sr.String(), ur.Err == "" && reflect.DeepEqual(sr.Values, ur.Values)
}

// monitorPoliciesReading compares the monitor policies as each profile's
// ResourceManager takes them (xmlconf.MonitorPolicyNames): before 3.1
// createPolicyMonitors starts one monitor per entry of getClasses'
// trimmed list, in order, so "a, b" is "a,b" but "a,a" is two monitors;
// from 3.1 SchedulingMonitorManager.updateSchedulingMonitors keeps the
// untrimmed getStrings entries in a set, so order and repeats do not
// count and spaces do.
func monitorPoliciesReading(set, other *xmlconf.Model) (string, bool) {
	names := func(m *xmlconf.Model) []string {
		n := slices.Clone(m.Global.MonitorPolicyNames)
		if m.Version.AtLeast(xmlconf.V3_1) {
			slices.Sort(n)
			n = slices.Compact(n)
		}
		return n
	}
	sn := names(set)
	return strings.Join(sn, ","), slices.Equal(sn, names(other))
}

// globalSameAsDefault splits off the scheduler-wide changes where Hadoop
// reads the same value on both sides: one leaves the key unset and the
// other writes what Hadoop reads anyway (DefaultResourceCalculator, 1024
// MB, maximum-applications 10000, ...), or both write texts it parses
// alike ("TRUE" and "true", " 10000" and "10000"), as sameReading does for
// queue keys: nothing the scheduler reads changes, so neither the change
// list nor RF013's restart speaks of it. Each becomes a note, so the JSON
// still shows the edit.
func (c *refreshCheck) globalSameAsDefault(props []PropChange) (kept []PropChange, notes []string) {
	kept = props[:0:0]
	for _, pc := range props {
		set, other := c.new, c.old
		if pc.New == nil {
			set, other = c.old, c.new
		}
		sv, same := globalReading(set, other, pc.Name)
		switch {
		case !same:
			kept = append(kept, pc)
		case pc.Old != nil && pc.New != nil:
			notes = append(notes, fmt.Sprintf("%s %s → %s changes nothing: Hadoop %s reads both as %q",
				pc.Name, quoteOrUnset(pc.Old), quoteOrUnset(pc.New), c.v, sv))
		default:
			notes = append(notes, fmt.Sprintf("%s %s → %s changes nothing: Hadoop %s reads %q when it is unset",
				pc.Name, quoteOrUnset(pc.Old), quoteOrUnset(pc.New), c.v, sv))
		}
	}
	return kept, notes
}

// parallelAppsUser returns the user of a user.<user>.max-parallel-apps
// key (rest: the name after yarn.scheduler.capacity.); the default user's
// user.max-parallel-apps is a plain Global setting.
func parallelAppsUser(rest string) (string, bool) {
	user, ok := strings.CutPrefix(rest, "user.")
	if !ok {
		return "", false
	}
	user, ok = strings.CutSuffix(user, ".max-parallel-apps")
	return user, ok && user != ""
}

// userParallelReading compares what getMaxParallelAppsForUser reads for
// user on the side that sets user.<user>.max-parallel-apps and on the
// other, which sets it too or leaves it to the default user's key (or its
// Integer.MAX_VALUE): written as that, the user's limit is the same.
func userParallelReading(set, other *xmlconf.Model, user string) (string, bool) {
	sv, own := set.MaxParallelAppsForUser(user)
	uv, _ := other.MaxParallelAppsForUser(user)
	if !own || sv.Err != "" || uv.Err != "" {
		return "", false
	}
	return strconv.Itoa(int(sv.V)), sv.V == uv.V
}
