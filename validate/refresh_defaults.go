package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// defaultRead gives what Hadoop reads for one own key of a queue, and
// whether that reading is sound (false: the text does not parse, so the
// raw change stays listed for the lint rule that judges it).
type defaultRead func(q *xmlconf.Queue, v xmlconf.Version) (string, bool)

// defaultReads are the own keys whose unset reading is a default that
// depends on the queue or the profile, so that writing the default out (or
// dropping it) changes nothing Hadoop reads:
//   - submit and administer ACLs: "*" on root, " " elsewhere
//     (CapacitySchedulerConfiguration.getAcl);
//   - reservation ACLs: "*" on every queue (getReservationAcl);
//   - a leaf's user limits and AM share: the scheduler-wide key, read for
//     user limits only from 3.4 (YARN-10928), else Hadoop's constant
//     (getUserLimit, getUserLimitFactor,
//     getMaximumApplicationMasterResourcePerQueuePercent).
var defaultReads = map[string]defaultRead{
	"acl_submit_applications":     func(q *xmlconf.Queue, _ xmlconf.Version) (string, bool) { return q.SubmitACL.V.String(), true },
	"acl_administer_queue":        func(q *xmlconf.Queue, _ xmlconf.Version) (string, bool) { return q.AdminACL.V.String(), true },
	"acl_administer_reservations": reservationACL("acl_administer_reservations"),
	"acl_list_reservations":       reservationACL("acl_list_reservations"),
	"acl_submit_reservations":     reservationACL("acl_submit_reservations"),
	"minimum-user-limit-percent":  leafFloat(func(q *xmlconf.Queue) xmlconf.Value[float32] { return q.MinUserLimitPercent }),
	"user-limit-factor":           leafFloat(func(q *xmlconf.Queue) xmlconf.Value[float32] { return q.UserLimitFactor }),
	"maximum-am-resource-percent": leafFloat(func(q *xmlconf.Queue) xmlconf.Value[float32] { return q.MaxAMResourcePercent }),
}

// reservationACL reads a reservation ACL as getReservationAcl: plain get
// with "*" for every queue, root or not.
func reservationACL(suffix string) defaultRead {
	return func(q *xmlconf.Queue, v xmlconf.Version) (string, bool) {
		raw := "*"
		if p := q.Props[suffix]; p != nil {
			raw = p.Value
		}
		return xmlconf.ParseACL(raw, v).String(), true
	}
}

// leafFloat reads a leaf-only number; a parent does not read it, so a
// change there is left to lint.
func leafFloat(get func(*xmlconf.Queue) xmlconf.Value[float32]) defaultRead {
	return func(q *xmlconf.Queue, _ xmlconf.Version) (string, bool) {
		val := get(q)
		return strconv.FormatFloat(float64(val.V), 'g', -1, 32), q.IsLeaf() && val.Err == ""
	}
}

// sameAsDefault splits off the raw changes where one side leaves the key
// unset and the other writes what Hadoop would read anyway: no change to
// the running queue, so they do not make it "modified". Each becomes a
// note, so the JSON still shows the edit.
func sameAsDefault(oq, nq *xmlconf.Queue, props []PropChange, v xmlconf.Version) (kept []PropChange, notes []string) {
	kept = props[:0:0]
	for _, pc := range props {
		suffix := strings.TrimPrefix(pc.Name, nq.Key(""))
		read := defaultReads[suffix]
		if read == nil || (pc.Old == nil) == (pc.New == nil) {
			kept = append(kept, pc)
			continue
		}
		ov, ook := read(oq, v)
		nv, nok := read(nq, v)
		if !ook || !nok || ov != nv {
			kept = append(kept, pc)
			continue
		}
		notes = append(notes, fmt.Sprintf("%s %s → %s changes nothing: Hadoop %s reads %q for %s when it is unset",
			suffix, quoteOrUnset(pc.Old), quoteOrUnset(pc.New), v, nv, nq.Path))
	}
	return kept, notes
}

// restartDefaultReads are restart-only keys (RF013) with what a restarted
// ResourceManager would read for them, from the built model or, for the
// booleans the model does not keep, Configuration.getBoolean's reading
// (default false). false: the text does not parse, so RF013 still speaks.
var restartDefaultReads = map[string]func(m *xmlconf.Model, key string) (string, bool){
	xmlconf.Prefix + "resource-calculator": func(m *xmlconf.Model, _ string) (string, bool) {
		return m.Global.ResourceCalculator.V, m.Global.ResourceCalculator.Err == ""
	},
	xmlconf.MinAllocationMBKey: func(m *xmlconf.Model, _ string) (string, bool) {
		v := m.Global.MinAllocation
		return strconv.FormatInt(v.V.MemoryMB, 10), v.Err == ""
	},
	xmlconf.MinAllocationVcoresKey: func(m *xmlconf.Model, _ string) (string, bool) {
		v := m.Global.MinAllocation
		return strconv.FormatInt(v.V.VCores, 10), v.Err == ""
	},
	xmlconf.Prefix + "legacy-queue-mode.enabled": func(m *xmlconf.Model, _ string) (string, bool) {
		return strconv.FormatBool(m.Global.LegacyQueueMode.V), m.Global.LegacyQueueMode.Err == ""
	},
	xmlconf.MonitorEnableKey: func(m *xmlconf.Model, _ string) (string, bool) {
		return strconv.FormatBool(m.Global.MonitorEnabled.V), m.Global.MonitorEnabled.Err == ""
	},
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

// restartSameAsDefault reports whether a restart-only key that one side
// leaves unset is written on the other as what the ResourceManager reads
// anyway (DefaultResourceCalculator, 1024 MB, false, ...): a restart
// would change nothing, so RF013 has nothing to ask.
func (c *refreshCheck) restartSameAsDefault(pc PropChange) bool {
	read := restartDefaultReads[pc.Name]
	if read == nil || (pc.Old == nil) == (pc.New == nil) || c.old == nil || c.new == nil {
		return false
	}
	ov, ook := read(c.old, pc.Name)
	nv, nok := read(c.new, pc.Name)
	return ook && nok && ov == nv
}
