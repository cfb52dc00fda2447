package hadoop1

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"

	h1 "github.com/capq/capq/engine/hadoop1"
)

// Output is a scenario run (hadoop1-scenario-format.md, Output).
type Output struct {
	Startup  Startup       `json:"startup"`
	Warnings []string      `json:"warnings,omitempty"`
	Steps    []*StepResult `json:"steps"`
	// Failures are unmet expectations, one line each naming the field.
	Failures []string `json:"-"`
}

// Startup is whether the scheduler started.
type Startup struct {
	Accepted bool     `json:"accepted"`
	Errors   []string `json:"errors"`
}

// StepResult is one step's outcome.
type StepResult struct {
	Index       int       `json:"index"`
	Op          string    `json:"op"`
	Job         string    `json:"job,omitempty"`
	Accepted    *bool     `json:"accepted,omitempty"`
	Reason      string    `json:"reason,omitempty"`
	Initialized []string  `json:"initialized,omitempty"`
	Failed      []string  `json:"failed,omitempty"`
	Tracker     string    `json:"tracker,omitempty"`
	Tasks       []TaskOut `json:"tasks,omitempty"`
	Reserved    *Reserved `json:"reserved,omitempty"`
	Completed   []string  `json:"completed,omitempty"`
	State       *h1.State `json:"state,omitempty"`
	Why         []string  `json:"why,omitempty"`
	Error       string    `json:"error,omitempty"`
	Failures    []string  `json:"failures,omitempty"`
	heartbeat   bool
}

// TaskOut is one task handed out by a heartbeat.
type TaskOut struct {
	Task     string  `json:"task"`
	Job      string  `json:"job"`
	Type     string  `json:"type"`
	Index    int     `json:"index"`
	Slots    int     `json:"slots"`
	Locality *string `json:"locality"`
}

// Reserved is a tracker's reservations after a heartbeat.
type Reserved struct {
	Map    *string `json:"map"`
	Reduce *string `json:"reduce"`
}

// Options choose what a run checks.
type Options struct {
	// StepExpectations also checks the step-level expectations
	// (submit_job.expect, init_jobs.expect, heartbeat.expect…), which
	// `capq scenario` leaves to the test harness.
	StepExpectations bool
}

// maxRepeat bounds a heartbeat step's repeat (hostile input must not hang).
const maxRepeat = 100000

type runner struct {
	f    *File
	opts Options
	e    *h1.Engine
	tol  float64
	out  *Output
}

// Run runs a parsed scenario.
func Run(f *File, opts Options) *Output {
	r := &runner{f: f, opts: opts, tol: 1e-3, out: &Output{Steps: []*StepResult{}, Startup: Startup{Errors: []string{}}}}
	if f.FloatTolerance != nil {
		r.tol = *f.FloatTolerance
	}
	ok := r.startup()
	r.checkStartup()
	if !ok {
		return r.out
	}
	for i := range f.Steps {
		res := &StepResult{Index: i, Op: f.Steps[i].Op}
		r.step(&f.Steps[i], res)
		for _, m := range res.Failures {
			r.out.Failures = append(r.out.Failures, fmt.Sprintf("step %d (%s): %s", i, res.Op, m))
		}
		r.out.Steps = append(r.out.Steps, res)
	}
	return r.out
}

func (r *runner) startup() bool {
	f := r.f
	mapred := maps.Clone(f.MapredSite)
	if mapred == nil && f.MapredSiteFile == "" {
		mapred = map[string]string{}
	}
	m, err := f.model(mapred, f.CapacityScheduler, f.QueueACLs)
	if err != nil {
		r.out.Startup.Errors = append(r.out.Startup.Errors, err.Error())
		return false
	}
	// What reading the files refused is said even when the JobTracker
	// then fails to start (a refused value is often why).
	r.out.Warnings = append([]string(nil), f.readNotes...)
	cfg, err := h1.FromModel(m)
	if err == nil {
		trackers, terr := f.Cluster.trackerSpecs()
		if terr != nil {
			err = terr
		} else {
			r.e, err = h1.New(cfg, trackers, h1.Options{Profile: f.profile, JobTrackerUser: f.JobTrackerUser, UserGroups: f.UserGroups, Explain: true})
		}
	}
	if err != nil {
		var se *h1.StartupError
		if errors.As(err, &se) {
			r.out.Startup.Errors = append(r.out.Startup.Errors, se.Messages...)
		} else {
			r.out.Startup.Errors = append(r.out.Startup.Errors, err.Error())
		}
		return false
	}
	r.out.Warnings = append(append([]string(nil), cfg.Warnings...), f.readNotes...)
	r.out.Startup.Accepted = true
	return true
}

func (r *runner) checkStartup() {
	x := r.f.ExpectStartup
	if x == nil {
		if !r.out.Startup.Accepted {
			r.out.Failures = append(r.out.Failures, "startup: refused: "+strings.Join(r.out.Startup.Errors, "; "))
		}
		return
	}
	if x.Accepted != nil && *x.Accepted != r.out.Startup.Accepted {
		r.out.Failures = append(r.out.Failures, fmt.Sprintf("startup: accepted %v, want %v (%s)", r.out.Startup.Accepted, *x.Accepted, strings.Join(r.out.Startup.Errors, "; ")))
	}
	if x.ErrorContains != "" && !strings.Contains(strings.Join(r.out.Startup.Errors, "\n"), x.ErrorContains) {
		r.out.Failures = append(r.out.Failures, fmt.Sprintf("startup: no error contains %q (got %q)", x.ErrorContains, r.out.Startup.Errors))
	}
}

func (r *runner) fail(res *StepResult, err error) {
	res.Error = err.Error()
	res.Failures = append(res.Failures, "error: "+err.Error())
}

func (r *runner) step(s *Step, res *StepResult) {
	switch s.Op {
	case "submit_job":
		r.submit(s, res)
	case "init_jobs":
		start := s.Start == nil || *s.Start
		ir := r.e.InitPass(start)
		res.Initialized, res.Failed = nonNil(ir.Initialized), ir.Failed
		r.checkInit(s, res)
	case "start_jobs":
		names, err := s.jobNames()
		if err == nil {
			err = r.e.StartJobs(names...)
		}
		if err != nil {
			r.fail(res, err)
		}
	case "heartbeat":
		r.heartbeat(s, res)
	case "complete_tasks":
		r.complete(s, res)
	case "finish_job", "fail_job", "kill_job":
		st := map[string]h1.JobState{"finish_job": h1.Succeeded, "fail_job": h1.Failed, "kill_job": h1.Killed}[s.Op]
		res.Job = s.Job
		if err := r.e.EndJob(s.Job, st, s.FreeSlots == nil || *s.FreeSlots); err != nil {
			r.fail(res, err)
		}
	case "set_priority":
		res.Job = s.Job
		p, err := h1.ParsePriority(s.Priority)
		if err == nil {
			err = r.e.SetPriority(s.Job, p)
		}
		if err != nil {
			r.fail(res, err)
		}
	case "add_trackers", "remove_trackers":
		r.trackers(s, res)
	case "refresh_queues":
		r.refresh(s, res)
	case "snapshot":
		st := r.e.Snapshot()
		res.State = &st
	case "expect":
		st := r.e.Snapshot()
		res.Failures = append(res.Failures, r.checkState(s, &st)...)
	case "why":
		names, err := s.jobNames()
		if err != nil {
			r.fail(res, err)
		}
		for _, j := range names {
			res.Why = append(res.Why, fmt.Sprintf("%s: %s", j, r.e.WhyNot(j)))
		}
	default:
		r.fail(res, fmt.Errorf("unknown op %q", s.Op))
	}
}

func nonNil(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}

func (r *runner) submit(s *Step, res *StepResult) {
	res.Job = s.Job
	p, err := h1.ParsePriority(s.Priority)
	if err != nil {
		r.fail(res, err)
		return
	}
	spec := h1.JobSpec{Name: s.Job, User: s.User, Queue: s.Queue, Priority: p, Maps: 1, Reduces: s.Reduces,
		MapMemoryMB: s.MapMemoryMB, ReduceMemoryMB: s.ReduceMemoryMB, LocalityWaitFactor: s.LocalityWaitFactor,
		ReduceSlowstart: s.ReduceSlowstart, Conf: s.Conf, InitNow: s.InitNow, InitFails: s.InitFails}
	if s.Maps != nil {
		spec.Maps = *s.Maps
	}
	if s.MapLocations != nil {
		spec.MapLocations = *s.MapLocations
		if spec.MapLocations == nil {
			spec.MapLocations = [][]string{}
		}
	}
	sr, err := r.e.Submit(spec)
	if err != nil {
		r.fail(res, err)
		return
	}
	res.Accepted, res.Reason = &sr.Accepted, sr.Reason
	if !sr.Accepted {
		res.Why = []string{r.e.WhyNot(s.Job)}
	}
	r.checkAccepted(s, res, sr.Accepted, sr.Reason)
}

// checkAccepted checks a submit_job or refresh_queues step's
// expect {accepted, reason_contains}.
func (r *runner) checkAccepted(s *Step, res *StepResult, accepted bool, reason string) {
	if !r.opts.StepExpectations || len(s.Expect) == 0 {
		return
	}
	var x struct {
		Accepted       *bool  `json:"accepted"`
		ReasonContains string `json:"reason_contains"`
	}
	if err := json.Unmarshal(s.Expect, &x); err != nil {
		res.Failures = append(res.Failures, "expect: "+err.Error())
		return
	}
	if x.Accepted != nil && *x.Accepted != accepted {
		res.Failures = append(res.Failures, fmt.Sprintf("accepted %v, want %v (%s)", accepted, *x.Accepted, reason))
	}
	if x.ReasonContains != "" && !strings.Contains(reason, x.ReasonContains) {
		res.Failures = append(res.Failures, fmt.Sprintf("reason %q does not contain %q", reason, x.ReasonContains))
	}
}

func (r *runner) checkInit(s *Step, res *StepResult) {
	if !r.opts.StepExpectations || len(s.Expect) == 0 {
		return
	}
	var x struct {
		Initialized []string `json:"initialized"`
		Failed      []string `json:"failed"`
	}
	if err := json.Unmarshal(s.Expect, &x); err != nil {
		res.Failures = append(res.Failures, "expect: "+err.Error())
		return
	}
	if x.Initialized != nil && !sameSet(x.Initialized, res.Initialized) {
		res.Failures = append(res.Failures, fmt.Sprintf("initialized %v, want %v", res.Initialized, x.Initialized))
	}
	if x.Failed != nil && !sameSet(x.Failed, res.Failed) {
		res.Failures = append(res.Failures, fmt.Sprintf("failed %v, want %v", res.Failed, x.Failed))
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	n := map[string]int{}
	for _, x := range a {
		n[x]++
	}
	for _, x := range b {
		if n[x]--; n[x] < 0 {
			return false
		}
	}
	return true
}

func (r *runner) heartbeat(s *Step, res *StepResult) {
	res.Tracker, res.heartbeat = s.Tracker, true
	res.Tasks = []TaskOut{}
	if s.Repeat > maxRepeat {
		r.fail(res, fmt.Errorf("repeat %d: at most %d", s.Repeat, maxRepeat))
		return
	}
	n := max(1, s.Repeat)
	var last h1.HeartbeatResult
	for i := 0; i < n; i++ {
		hr, err := r.e.Heartbeat(s.Tracker)
		if err != nil {
			r.fail(res, err)
			return
		}
		last = hr
		for _, a := range hr.Tasks {
			t := TaskOut{Task: a.Name(), Job: a.Job.Name, Type: a.Type.String(), Index: a.Index, Slots: a.Slots}
			if a.Type == h1.Map {
				l := a.Locality.String()
				t.Locality = &l
			}
			res.Tasks = append(res.Tasks, t)
		}
	}
	res.Reserved = &Reserved{}
	if j := last.Reserved[h1.Map]; j != "" {
		res.Reserved.Map = &j
	}
	if j := last.Reserved[h1.Reduce]; j != "" {
		res.Reserved.Reduce = &j
	}
	res.Why = r.whyAfterHeartbeat()
	r.checkHeartbeat(s, res)
}

// whyAfterHeartbeat explains every unfinished job that still has pending
// tasks: why it did not get a slot.
func (r *runner) whyAfterHeartbeat() []string {
	var out []string
	for _, j := range r.e.Jobs() {
		if j.State.Done() || (j.State == h1.Running && j.Pending(h1.Map) <= 0 && j.Pending(h1.Reduce) <= 0) {
			continue
		}
		out = append(out, fmt.Sprintf("%s: %s", j.Name, r.e.WhyNot(j.Name)))
	}
	return out
}

func (r *runner) checkHeartbeat(s *Step, res *StepResult) {
	if !r.opts.StepExpectations {
		return
	}
	var got, loc []string
	for _, t := range res.Tasks {
		got = append(got, t.Task)
		if t.Locality != nil {
			loc = append(loc, *t.Locality)
		}
	}
	if len(s.Expect) > 0 {
		var want []string
		if err := json.Unmarshal(s.Expect, &want); err != nil {
			res.Failures = append(res.Failures, "expect: "+err.Error())
		} else if strings.Join(want, ",") != strings.Join(got, ",") {
			res.Failures = append(res.Failures, fmt.Sprintf("tasks %v, want %v", nonNil(got), want))
		}
	}
	if s.ExpectCount != nil && *s.ExpectCount != len(got) {
		res.Failures = append(res.Failures, fmt.Sprintf("%d tasks, want %d", len(got), *s.ExpectCount))
	}
	if s.ExpectLocality != nil && strings.Join(s.ExpectLocality, ",") != strings.Join(loc, ",") {
		res.Failures = append(res.Failures, fmt.Sprintf("localities %v, want %v", loc, s.ExpectLocality))
	}
}

func (r *runner) complete(s *Step, res *StepResult) {
	res.Job = s.Job
	t, err := h1.ParseTaskType(s.Type)
	if err != nil {
		r.fail(res, err)
		return
	}
	done, err := r.e.CompleteTasks(s.Job, t, s.Tasks, s.Count)
	res.Completed = done
	if err != nil {
		r.fail(res, err)
	}
}

func (r *runner) trackers(s *Step, res *StepResult) {
	if s.Op == "remove_trackers" {
		var names []string
		if err := json.Unmarshal(s.Trackers, &names); err != nil {
			r.fail(res, fmt.Errorf("trackers: want a list of names: %w", err))
			return
		}
		if err := r.e.RemoveTrackers(names...); err != nil {
			r.fail(res, err)
		}
		return
	}
	var ts []Tracker
	if err := json.Unmarshal(s.Trackers, &ts); err != nil {
		r.fail(res, fmt.Errorf("trackers: %w", err))
		return
	}
	specs, err := Cluster{Trackers: ts}.trackerSpecs()
	if err == nil {
		err = r.e.AddTrackers(specs...)
	}
	if err != nil {
		r.fail(res, err)
	}
}

func (r *runner) refresh(s *Step, res *StepResult) {
	f := r.f
	mapred := maps.Clone(f.MapredSite)
	if mapred == nil {
		mapred = map[string]string{}
	}
	maps.Copy(mapred, s.MapredSiteSet)
	cs := maps.Clone(f.CapacityScheduler)
	if cs == nil {
		cs = map[string]string{}
	}
	maps.Copy(cs, s.CapacityScheduler)
	acls := maps.Clone(f.QueueACLs)
	if s.QueueACLs != nil {
		if acls == nil {
			acls = map[string]string{}
		}
		maps.Copy(acls, s.QueueACLs)
	}
	m, err := f.model(mapred, cs, acls)
	if err != nil {
		r.fail(res, err)
		return
	}
	cfg, err := h1.FromModel(m)
	if err == nil {
		err = r.e.Refresh(cfg)
	}
	ok := err == nil
	res.Accepted = &ok
	var se *h1.StartupError
	switch {
	case errors.As(err, &se):
		res.Reason = strings.Join(se.Messages, "; ")
	case err != nil:
		res.Reason = err.Error()
	}
	r.checkAccepted(s, res, ok, res.Reason)
	if !ok {
		return
	}
	f.MapredSite, f.CapacityScheduler, f.QueueACLs = mapred, cs, acls
}
