package hadoop1

import (
	"fmt"
	"strings"
)

// WhyNot explains why a job has no (more) slots right now: "why did this
// job not get a slot?". It reads the job's state, the limits that hold it
// and what the last heartbeats noted when they passed it by.
func (e *Engine) WhyNot(name string) string {
	j, ok := e.job[name]
	if !ok {
		return fmt.Sprintf("no job %q", name)
	}
	q := e.queue[j.Queue]
	switch j.State {
	case Rejected:
		return "the JobTracker refused it: " + j.RejectReason
	case Succeeded, Failed, Killed:
		return fmt.Sprintf("it has ended (%s)", j.State)
	case Initializing:
		return "it is initializing: its setup task has not finished, so the scheduler does not look at it yet"
	case Waiting:
		return e.whyWaiting(q, j)
	}
	var parts []string
	for _, t := range taskTypes {
		if p := e.whyRunning(j, t); p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return "nothing holds it: the next heartbeat of a tracker with free slots gives it a task"
	}
	return strings.Join(parts, "; ")
}

func (e *Engine) whyWaiting(q *Queue, j *Job) string {
	for _, w := range q.waiting {
		if w == j {
			break
		}
		if why := q.queueInitBlock(w); why != "" {
			return fmt.Sprintf("the initialization poller stops scanning the queue at the earlier job %q: %s", w.Name, why)
		}
	}
	if why := q.queueInitBlock(j); why != "" {
		return "the initialization poller has not initialized it: " + why
	}
	if why := q.userInitBlock(j); why != "" {
		return "the initialization poller has not initialized it: " + why
	}
	for _, w := range q.waiting {
		if w == j {
			break
		}
		if w.User == j.User && q.userInitBlock(w) != "" {
			return fmt.Sprintf("the initialization poller has not initialized it: an earlier job %q of the same user is held back, and a user's jobs are initialized in order", w.Name)
		}
	}
	return fmt.Sprintf("it waits for the next initialization poller pass (every %d ms)", e.cfg.InitPollIntervalMS)
}

func (e *Engine) whyRunning(j *Job, t TaskType) string {
	if j.Pending(t) <= 0 {
		if j.running[t] > 0 {
			return fmt.Sprintf("all its %ss are running", t)
		}
		return ""
	}
	if t == Reduce && !j.scheduleReduces() {
		return fmt.Sprintf("reduces wait for reduce slow-start: %d of %d maps finished", j.finished[Map], j.slowstartCount)
	}
	if w := e.why[j]; w != nil && w[t] != "" {
		return fmt.Sprintf("%s: %s", t, w[t])
	}
	free := 0
	for _, tt := range e.trackers {
		if tt.reservedFor[t] == nil || tt.reservedFor[t] == j {
			free += tt.MaxSlots[t] - tt.occupied[t]
		}
	}
	if free == 0 {
		return fmt.Sprintf("%s: every %s slot of the cluster is occupied or reserved", t, t)
	}
	return fmt.Sprintf("%s: no tracker with free %s slots has sent a heartbeat since", t, t)
}
