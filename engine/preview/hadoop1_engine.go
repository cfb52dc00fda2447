package preview

import (
	"fmt"
	"sort"
	"strings"

	h1 "github.com/capq/capq/engine/hadoop1"
	"github.com/capq/capq/engine/sim"
	h1sim "github.com/capq/capq/engine/sim/hadoop1"
	"github.com/capq/capq/xmlconf"
)

// Hadoop1Pair is a Hadoop 1 migration preview: the old configuration on
// the JobTracker's CapacityTaskScheduler (engine/hadoop1), the migrated one
// on YARN, the same workload on both.
type Hadoop1Pair struct {
	Old      h1.Config
	Profile  h1.Profile
	New      *xmlconf.Model
	Workload *sim.Workload
	Opts     sim.Options
}

// SimulateHadoop1 runs both sides and returns their results with notes on
// what differs between the two schedulers, per queue where it shows.
func SimulateHadoop1(p Hadoop1Pair) (oldRes, newRes *sim.Result, notes []string, err error) {
	oldRes, mp, err := h1sim.Run(p.Old, p.Workload, h1sim.OptionsFor(p.Profile, p.Opts))
	if err != nil {
		return nil, nil, nil, fmt.Errorf("old (Hadoop 1): %w", err)
	}
	newRes, err = sim.Run(p.New, p.Workload, p.Opts)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("new (YARN): %w", err)
	}
	notes = append(notes, fmt.Sprintf("old runs on Hadoop %s's CapacityTaskScheduler (slots), new on YARN's CapacityScheduler (memory)", p.Profile))
	notes = append(notes, mp.Notes...)
	notes = append(notes, p.Old.Warnings...)
	if p.Old.ACLsEnabled {
		notes = append(notes, "Hadoop 1 enforced the queues' acl-submit-job (mapred.acls.enabled); YARN checks acl_submit_applications only with yarn.acl.enable=true in yarn-site.xml, so submissions Hadoop 1 refused may run")
	}
	notes = append(notes, queueNotes(p.Old, mp, oldRes, newRes)...)
	return oldRes, newRes, notes, nil
}

// queueNotes explains each leaf's guarantee on both sides and the waits
// that differ most: slots vs memory, lazy initialization vs AM limits.
func queueNotes(cfg h1.Config, mp h1sim.Mapping, oldRes, newRes *sim.Result) []string {
	var out []string
	byName := map[string]*sim.QueueResult{}
	for i := range newRes.Queues {
		q := &newRes.Queues[i]
		byName[lastName(q.Path)] = q
	}
	qs := append([]h1.QueueConf(nil), cfg.Queues...)
	sort.SliceStable(qs, func(i, k int) bool { return qs[i].Name < qs[k].Name })
	for _, qc := range qs {
		o := oldRes.Queue("root." + qc.Name)
		n := byName[qc.Name]
		if o == nil || n == nil {
			continue
		}
		line := fmt.Sprintf("queue %s: Hadoop 1 guarantees %s%% of the map slots and, separately, of the reduce slots (%s as memory); YARN %s of one memory pool",
			qc.Name, fmtPct(qc.Capacity), mb(o.GuaranteedMB), mb(n.GuaranteedMB))
		switch d := o.WaitP95MS - n.WaitP95MS; {
		case d > -1000 && d < 1000:
			// within a heartbeat or two: not a difference worth a note
		case o.WaitP95MS > n.WaitP95MS:
			line += fmt.Sprintf("; jobs waited longer on Hadoop 1 (p95 %s vs %s): no preemption, and map and reduce slots cannot stand in for each other", ms(o.WaitP95MS), ms(n.WaitP95MS))
		case n.WaitP95MS > o.WaitP95MS:
			line += fmt.Sprintf("; apps wait longer on YARN (p95 %s vs %s): each needs an ApplicationMaster container first, within maximum-am-resource-percent", ms(n.WaitP95MS), ms(o.WaitP95MS))
		}
		out = append(out, line)
	}
	return out
}

func lastName(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '.' {
			return p[i+1:]
		}
	}
	return p
}

func fmtPct(f float32) string { return fmt.Sprintf("%g", f) }

func mb(v int64) string {
	if v >= 1024 {
		return fmt.Sprintf("%.1fG", float64(v)/1024)
	}
	return fmt.Sprintf("%dM", v)
}

func ms(v int64) string {
	switch {
	case v < 0:
		return "-"
	case v < 1000:
		return fmt.Sprintf("%dms", v)
	case v < 60000:
		return fmt.Sprintf("%.1fs", float64(v)/1000)
	}
	return fmt.Sprintf("%dm%02ds", v/60000, v%60000/1000)
}

// SimulateHadoop1Runs is SimulateHadoop1 as the report's runs, the new side
// against p.New and moved leaves compared with themselves (AlignLeaves).
func SimulateHadoop1Runs(p Hadoop1Pair) (oldRun, newRun *Run, notes []string, err error) {
	oldRes, newRes, notes, err := SimulateHadoop1(p)
	if err != nil {
		return nil, nil, nil, err
	}
	oldRun, newRun = FromSim(oldRes, nil), FromSim(newRes, p.New)
	AlignLeaves(oldRun, newRun)
	return oldRun, newRun, notes, nil
}

// Hadoop1Names are a Hadoop 1 preview's side names: the JobTracker's
// (named by its mapred-site.xml and release), the flat migration's, and
// the new side's, which names the --group values when there are any.
func Hadoop1Names(mapredSite string, prof h1.Profile, groups []string) (oldName, flatName, newName string) {
	oldName = "hadoop1 " + mapredSite + " (JobTracker, Hadoop " + prof.String() + ")"
	flatName, newName = "yarn (migrated)", "yarn (migrated)"
	if g := strings.Join(groups, " "); g != "" {
		newName = "yarn (migrated, --group " + g + ")"
	}
	return oldName, flatName, newName
}
