package xmlconf

import (
	"fmt"
	"strings"
)

// capacityConfRefusals are the refusals that CapacitySchedulerConf and
// CapacityTaskScheduler.start raise (H1002-H1009): read only when the
// JobTracker runs the CapacityTaskScheduler. QueueManager's own refusals
// (queue names, states, mapred-queues.xml) stop every scheduler and are
// not in this set.
var capacityConfRefusals = map[string]bool{
	RuleH1CapacityMissing: true, RuleH1CapacityIllegal: true, RuleH1CapacitySum: true,
	RuleH1MaxCapacity: true, RuleH1UserLimit: true, RuleH1TaskLimits: true,
	RuleH1AcceptFactor: true, RuleH1GlobalIllegal: true,
}

const jtFailsHint = "the JobTracker fails"

// noteSchedulerNotInEffect rewrites the hint of a capacity scheduler
// refusal when the given mapred-site.xml runs another scheduler (H1011):
// the JobTracker starts with it today (JobQueueTaskScheduler never reads
// capacity-scheduler.xml), and fails only once H1011 is fixed. Saying
// "the JobTracker fails" there was a false alarm on a working FIFO
// JobTracker (martamoragues/BigData's conf dir: mapred-site.xml without
// a taskScheduler, and mapred-queue-acls.xml).
func (p *h1parser) noteSchedulerNotInEffect() {
	m := p.m
	if !m.otherScheduler() {
		return
	}
	cls := m.Scheduler.V
	if i := strings.LastIndexByte(cls, '.'); i >= 0 && i+1 < len(cls) {
		cls = cls[i+1:]
	}
	now := fmt.Sprintf("the JobTracker runs %s (H1011), which never reads this, and starts; "+
		"with the CapacityTaskScheduler it fails", cls)
	for i := range m.Findings {
		f := &m.Findings[i]
		if capacityConfRefusals[f.Rule] && strings.HasPrefix(f.Hint, jtFailsHint) {
			f.Hint = now + strings.TrimPrefix(f.Hint, jtFailsHint)
		}
	}
}

// otherScheduler: the given mapred-site.xml runs a scheduler other than the
// CapacityTaskScheduler (without one the class is unknown).
func (m *H1Model) otherScheduler() bool {
	return m.Files.MapredSite != nil && m.Scheduler.V != H1CapacityTaskSchd
}

// RefusalNotInEffect reports whether fact f is a capacity scheduler
// refusal that this JobTracker never meets, since its mapred-site.xml runs
// another scheduler: lint reports it as a warning, H1011 being the error.
// The Hadoop 1 engine, which simulates as if the CapacityTaskScheduler
// ran, still refuses it (H1Refuses).
func (m *H1Model) RefusalNotInEffect(f Finding) bool {
	return m.otherScheduler() && capacityConfRefusals[f.Rule]
}
