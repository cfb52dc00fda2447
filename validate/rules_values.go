package validate

import (
	"fmt"

	"github.com/capq/capq/xmlconf"
)

var ruleValueSyntax = &Rule{
	ID: "CS058", Name: "value-syntax", Category: CatProperties, Severity: xmlconf.SeverityError,
	// AbstractYarnScheduler.serviceInit and RMAppLifetimeMonitor.serviceInit
	// read these once; refreshQueues does not.
	StartOnlyKeys: []string{xmlconf.MaxAppPriorityKey, xmlconf.SchedulingWaitKey, xmlconf.AppTimeoutsMonitorKey},
	Docs: Docs{
		Summary: "a number cannot be parsed, or a boolean is neither true nor false",
		Why: "getInt/getLong/getFloat throw NumberFormatException (`For input string: \"10.5\"`) and the refresh fails; " +
			"a queue's minimum-user-limit-percent is getInt before 3.4 (CapacitySchedulerConfiguration#getUserLimit; " +
			"getFloat from 3.4), so `50.0` or `12.5` fails there; " +
			"a queue's own max-parallel-apps (3.3+) is read with Integer.parseInt instead (getMaxParallelAppsForQueue), which " +
			"neither trims nor reads 0x hex as getInt does, so `\" 5\"` or a value on its own line fails too; " +
			"yarn.cluster.max-application-priority, the work-preserving-recovery scheduling wait and the application-timeouts " +
			"monitor interval are read only when the ResourceManager starts, which then fails, while a refresh accepts them; " +
			"getBoolean silently falls back to the default for anything but true/false, so `yes` or `1` turn nothing on.",
		Bad:      "root.a.maximum-applications=10.5\nroot.a.disable_preemption=yes",
		Good:     "root.a.maximum-applications=10\nroot.a.disable_preemption=true",
		Source:   "org.apache.hadoop.conf.Configuration#getInt/getFloat/getBoolean, CapacitySchedulerConfiguration#getUserLimit/getMaxParallelAppsForQueue",
		Versions: "all: numbers error, booleans warning",
	},
	Check: func(p *Pass) {
		g := p.Model.Global
		// user.max-parallel-apps is CS124's: only an application's arrival reads it.
		ints := []xmlconf.Value[int32]{g.MaxApplications, g.GlobalQueueMaxApps,
			g.NodeLocalityDelay, g.RackLocalityAddDelay, g.MaxContainerAssignments, g.MaxOffSwitchAssignments, g.MaxAppPriority}
		if parallelAppsRead(p.Version) {
			ints = append(ints, g.MaxParallelApps)
		}
		for _, v := range ints {
			numberErr(p, nil, v.Err, v.Prop, v.Origin)
		}
		for _, v := range []xmlconf.Value[float32]{g.MaxAMResourcePercent, g.MinUserLimitPercent, g.UserLimitFactor} {
			numberErr(p, nil, v.Err, v.Prop, v.Origin)
		}
		allocs := []xmlconf.Value[xmlconf.Resource]{g.CheckedMinAllocation, g.MaxAllocation}
		if g.MinAllocation.Prop != g.CheckedMinAllocation.Prop {
			allocs = append(allocs, g.MinAllocation) // the ResourceManager's own, 3.x
		}
		for _, v := range allocs {
			numberErr(p, nil, v.Err, v.Prop, v.Origin)
		}
		// getLong at the ResourceManager's start (RMAppLifetimeMonitor.serviceInit).
		numberErr(p, nil, g.AppTimeoutsMonitorMS.Err, g.AppTimeoutsMonitorMS.Prop, g.AppTimeoutsMonitorMS.Origin)
		// getLong at the scheduler's start (AbstractYarnScheduler.serviceInit).
		numberErr(p, nil, g.SchedulingWaitMS.Err, g.SchedulingWaitMS.Prop, g.SchedulingWaitMS.Origin)
		for _, v := range []xmlconf.Value[bool]{g.RackLocalityFullReset, g.MultipleAssignments, g.ReservationsContinueLook, g.LegacyQueueMode, g.ACLEnable, g.MonitorEnabled, g.AMAllowNonExclusive} {
			boolErr(p, nil, v)
		}
		eachQueue(p.Model, func(q *xmlconf.Queue) { queueValueErrs(p, q) })
	},
}

func queueValueErrs(p *Pass, q *xmlconf.Queue) {
	for _, v := range []xmlconf.Value[int32]{q.MaxApplications, q.Priority, q.DefaultApplicationPriority, q.AutoCreate.MaxQueues} {
		numberErr(p, q, v.Err, v.Prop, v.Origin)
	}
	if parallelAppsRead(p.Version) {
		queueParallelErr(p, q)
	}
	fl := []xmlconf.Value[float32]{q.MinUserLimitPercent, q.UserLimitFactor, q.MaxAMResourcePercent}
	for _, u := range sortedUsers(q.UserWeights) {
		fl = append(fl, q.UserWeights[u])
	}
	for _, ls := range q.Labels {
		fl = append(fl, ls.MaxAMPercent)
	}
	for _, v := range fl {
		numberErr(p, q, v.Err, v.Prop, v.Origin)
	}
	lifetimeErrs(p, q)
	numberErr(p, q, q.MaxAllocation.Err, q.MaxAllocation.Prop, q.MaxAllocation.Origin)
	for _, v := range []xmlconf.Value[bool]{q.FairSizeBasedWeight, q.DisablePreemption, q.IntraQueuePreemptionDisabled,
		q.Reservable, q.AllowZeroCapacitySum, q.AutoCreate.Legacy, q.AutoCreate.V2, q.AutoCreate.FailOnExceeding} {
		boolErr(p, q, v)
	}
}

// lifetimeErrs reports a queue's own unreadable lifetime, which
// getMaximumLifetimePerQueue / getDefaultLifetimePerQueue read with
// Configuration.getLong (NumberFormatException fails the refresh: "0x",
// "abc", "1e3"). A bad value leaves the model with the parent's lifetime
// (xmlconf's lifetimes), so its origin is the parent's; the error is the
// queue's own when the property is. Profiles older than the keys do not
// read them (CS005 says so).
func lifetimeErrs(p *Pass, q *xmlconf.Queue) {
	for _, l := range []struct {
		suffix string
		v      xmlconf.Value[int64]
	}{{"maximum-application-lifetime", q.MaxLifetime}, {"default-application-lifetime", q.DefaultLifetime}} {
		s, v := l.suffix, l.v
		if p.Version.Less(suffixSince(s)) || v.Prop == nil || q.Props[s] != v.Prop {
			continue
		}
		numberErr(p, q, v.Err, v.Prop, xmlconf.FromQueue)
	}
}

// parallelAppsRead reports whether profile v reads max-parallel-apps at all
// (YARN-9930, 3.3): before, the key is unknown (CS005) and nothing parses it.
func parallelAppsRead(v xmlconf.Version) bool { return !v.Less(suffixSince("max-parallel-apps")) }

// queueParallelErr is CS058 on a queue's own max-parallel-apps, which
// getMaxParallelAppsForQueue reads with Integer.parseInt (xmlconf/rawnum.go):
// the message says why a value getInt would take is refused.
func queueParallelErr(p *Pass, q *xmlconf.Queue) {
	v := q.MaxParallelApps
	if v.Err == "" || v.Prop == nil || v.Origin != xmlconf.FromQueue {
		numberErr(p, q, v.Err, v.Prop, v.Origin) // the global key's, if any, is reported once
		return
	}
	// The message is Hadoop's own, as refreshQueues reports it.
	p.ReportHint(p.AtProperty(q, v.Prop), "getMaxParallelAppsForQueue reads it with Integer.parseInt: "+rawIntHint(v.Raw), "%s", v.Err)
}

// rawIntHint says what to write instead of a value Integer.parseInt
// refuses: getInt would have trimmed it and read hex, Integer.parseInt
// does neither.
func rawIntHint(raw string) string {
	if n, err := xmlconf.HadoopGetInt(raw); err == nil {
		return fmt.Sprintf("write %d (it neither trims spaces and line breaks nor reads 0x hex, as getInt does)", n)
	}
	return "write a whole number in plain decimal digits, nothing around it"
}

// numberErr reports a value's parse error where it is set (not where it
// is inherited, so one bad key is reported once).
func numberErr(p *Pass, q *xmlconf.Queue, err string, pr *xmlconf.Property, o xmlconf.Origin) {
	if err == "" || pr == nil || (o != xmlconf.FromQueue && o != xmlconf.FromGlobal) {
		return
	}
	if q != nil && o == xmlconf.FromGlobal {
		return // reported once, on the global key
	}
	hint := fmt.Sprintf("%s must be a plain number", pr.Name)
	if xmlconf.HasNonASCIIDigit(pr.Value) {
		// Float.parseFloat reads ASCII digits only (FloatingDecimal).
		hint = fmt.Sprintf("%s must be a plain number in ASCII digits 0-9", pr.Name)
	}
	if q != nil && !q.IsRoot() && !q.IsLeaf() && leafOnlyProp(q, pr) {
		// Parents never read leaf-only keys, so Hadoop does not fail on them.
		p.Accepted(p.AtProperty(q, pr), hint, "%s (ignored on parent %q)", err, q.Path)
		return
	}
	p.ReportHint(p.AtProperty(q, pr), hint, "%s", err)
}

func leafOnlyProp(q *xmlconf.Queue, pr *xmlconf.Property) bool {
	for s, x := range q.Props {
		if x == pr {
			return leafOnly(s)
		}
	}
	return false
}

func boolErr(p *Pass, q *xmlconf.Queue, v xmlconf.Value[bool]) {
	if v.Err == "" || v.Prop == nil || (v.Origin != xmlconf.FromQueue && v.Origin != xmlconf.FromGlobal) {
		return
	}
	if q != nil && v.Origin == xmlconf.FromGlobal {
		return
	}
	p.Accepted(p.AtProperty(q, v.Prop), "write true or false",
		"%s is %q, not true or false; Hadoop silently uses %t", v.Prop.Name, v.Raw, v.V)
}
