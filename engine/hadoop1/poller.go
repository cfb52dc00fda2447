package hadoop1

import "fmt"

// InitResult is one poller pass: the jobs initialized and those whose
// initialization failed.
type InitResult struct {
	Initialized, Failed []string
}

// InitPass is one JobInitializationPoller pass (hadoop1-engine.md §4):
// per queue, waiting jobs in list order move to initializing within the
// queue's and users' limits, then JobTracker.initJob runs on each. With
// start, the setup task is taken as done and the job RUNNING at once.
func (e *Engine) InitPass(start bool) InitResult {
	var res InitResult
	for _, qc := range e.cfg.Queues {
		q := e.queue[qc.Name]
		for _, j := range e.jobsToInitialize(q) {
			if !e.initJob(j) {
				res.Failed = append(res.Failed, j.Name)
				continue
			}
			res.Initialized = append(res.Initialized, j.Name)
			if start {
				e.makeRunning(j)
			}
		}
	}
	return res
}

// jobsToInitialize is JobInitializationPoller.getJobsToInitialize.
func (e *Engine) jobsToInitialize(q *Queue) []*Job {
	var out []*Job
	overLimit := map[string]bool{}
	for _, j := range append([]*Job(nil), q.waiting...) {
		if why := q.queueInitBlock(j); why != "" {
			break
		}
		if overLimit[j.User] {
			continue
		}
		if why := q.userInitBlock(j); why != "" {
			overLimit[j.User] = true
			continue
		}
		if j.State != Waiting {
			continue
		}
		q.waiting, _ = remove(q.waiting, j)
		q.initializing = q.insert(q.initializing, j)
		j.State = Initializing
		q.addActive(j)
		out = append(out, j)
	}
	return out
}

// queueInitBlock says why the poller stops scanning the queue at j, or "".
func (q *Queue) queueInitBlock(j *Job) string {
	c := q.Conf
	if n := len(q.running) + len(q.initializing); n >= c.MaxJobsToInit {
		return fmt.Sprintf("queue %q already has %d running and initializing jobs, the most it initializes (maximum-system-jobs × capacity)", c.Name, c.MaxJobsToInit)
	}
	if q.activeTasks+j.DesiredTasks() > c.MaxActiveTasks {
		return fmt.Sprintf("queue %q has %d active tasks; %d more would exceed maximum-initialized-active-tasks %d", c.Name, q.activeTasks, j.DesiredTasks(), c.MaxActiveTasks)
	}
	return ""
}

// userInitBlock says why the poller passes over the user's jobs, or "".
func (q *Queue) userInitBlock(j *Job) string {
	c := q.Conf
	_, i, r := q.userJobs(j.User)
	if i+r >= c.MaxJobsPerUserToInit {
		return fmt.Sprintf("user %q already has %d running and initializing jobs in queue %q, the most it initializes per user", j.User, c.MaxJobsPerUserToInit, c.Name)
	}
	if a := q.userActiveTasks[j.User]; a+j.DesiredTasks() > c.MaxActiveTasksPerUser {
		return fmt.Sprintf("user %q has %d active tasks in queue %q; %d more would exceed maximum-initialized-active-tasks-per-user %d", j.User, a, c.Name, j.DesiredTasks(), c.MaxActiveTasksPerUser)
	}
	return ""
}

// StartJobs ends the setup task of the named INITIALIZING jobs (all when
// names is empty): they become RUNNING (JobQueuesManager.makeJobRunning).
func (e *Engine) StartJobs(names ...string) error {
	if len(names) == 0 {
		for _, j := range e.jobs {
			if j.State == Initializing {
				e.makeRunning(j)
			}
		}
		return nil
	}
	for _, n := range names {
		j, ok := e.job[n]
		if !ok {
			return fmt.Errorf("hadoop1: no job %q", n)
		}
		if j.State != Initializing {
			return fmt.Errorf("hadoop1: job %q is %s, not INITIALIZING", n, j.State)
		}
		e.makeRunning(j)
	}
	return nil
}

func (e *Engine) makeRunning(j *Job) {
	q := e.queue[j.Queue]
	q.initializing, _ = remove(q.initializing, j)
	q.running = q.insert(q.running, j)
	j.State = Running
}
