package scenario

import (
	"bytes"
	"strings"

	"github.com/capq/capq/safeio"
)

// The ops that move or kill applications (CapacityScheduler.
// moveApplication, AbstractYarnScheduler.moveAllApps and
// killAllAppsInQueue) or end and start their attempts
// (doneApplicationAttempt, addApplicationAttempt).

// moveApp moves app to queue. With an expect, a refusal is checked like
// a submit_app's (MOVE_REJECTED); without one it fails the step.
func (r *runner) moveApp(s *Step, res *StepResult) {
	path, err := r.eng.MoveApp(s.App, s.Queue)
	r.moveWarnings(res)
	if err == nil {
		res.Queue = path
	}
	r.moveVerdict(s, res, err)
	if s.Expect != nil && s.Expect.Queue != "" && err == nil && s.Expect.Queue != path {
		res.Failures = append(res.Failures, "queue = \""+path+"\", want \""+s.Expect.Queue+"\"")
	}
}

// moveAllApps moves every app under from to queue. Hadoop only logs the
// apps whose move is refused, so they are listed as the step's errors
// and the step is accepted; an unknown source or target refuses it.
func (r *runner) moveAllApps(s *Step, res *StepResult) {
	moved, refused, err := r.eng.MoveAllApps(s.From, s.Queue)
	r.moveWarnings(res)
	res.Moved = moved
	if err == nil && res.Moved == nil {
		res.Moved = []string{}
	}
	for _, e := range refused {
		res.Errors = append(res.Errors, e.Error())
	}
	r.moveVerdict(s, res, err)
}

// killAllApps kills every app under queue.
func (r *runner) killAllApps(s *Step, res *StepResult) {
	killed, err := r.eng.KillAllApps(s.Queue)
	res.KilledApps = killed
	if err == nil && res.KilledApps == nil {
		res.KilledApps = []string{}
	}
	r.moveVerdict(s, res, err)
}

// removeAttempt ends the app's attempt (AppAttemptRemovedSchedulerEvent),
// keeping its running containers with keep_containers; the app waits in
// the scheduler for add_attempt.
func (r *runner) removeAttempt(s *Step, res *StepResult) {
	r.errorResult(res, r.eng.RemoveAttempt(s.App, s.KeepContainers))
}

// addAttempt gives an app between attempts its next one
// (AppAttemptAddedSchedulerEvent, transferStateFromPreviousAttempt).
func (r *runner) addAttempt(s *Step, res *StepResult) {
	r.errorResult(res, r.eng.AddAttempt(s.App))
}

// attemptText prints "APP: verdict", saying when containers were kept.
func attemptText(b *bytes.Buffer, s *Step, res *StepResult) {
	b.WriteString(" " + s.App)
	if s.KeepContainers {
		b.WriteString(" keeping its running containers")
	}
	safeio.Fprintf(b, ": %s\n", stepVerdict(res))
}

// moveVerdict records a move or kill step's outcome: a refusal fails the
// step unless an expect judges it.
func (r *runner) moveVerdict(s *Step, res *StepResult, err error) {
	if s.Expect == nil {
		r.errorResult(res, err)
		return
	}
	res.Accepted = boolp(err == nil)
	var v verdict
	if err != nil {
		res.Reason = err.Error()
		v = refusal("MOVE_REJECTED", err.Error())
	}
	res.Failures = append(res.Failures, checkRefreshExpect(s.Expect, v, r.eng.Model())...)
}

// moveWarnings puts on the scenario's first move step what a move does in
// Hadoop that capq does not model.
func (r *runner) moveWarnings(res *StepResult) {
	if r.moveWarned {
		return
	}
	r.moveWarned = true
	res.Warnings = warningTexts(r.eng.MoveWarnings())
}

// moveText prints "APP to QUEUE: verdict", "FROM to QUEUE: verdict" or
// "QUEUE: verdict", then what moved or was killed, errors and warnings.
func moveText(b *bytes.Buffer, s *Step, res *StepResult) {
	switch s.Op {
	case "move_app":
		safeio.Fprintf(b, " %s to %s: %s", s.App, s.Queue, stepVerdict(res))
		if res.Queue != "" && res.Queue != s.Queue {
			safeio.Fprintf(b, " (in %s)", res.Queue)
		}
	case "move_all_apps":
		safeio.Fprintf(b, " %s to %s: %s", s.From, s.Queue, stepVerdict(res))
		if res.Moved != nil {
			safeio.Fprintf(b, ", moved %d app(s) %s", len(res.Moved), strings.Join(res.Moved, ", "))
		}
	default:
		safeio.Fprintf(b, " %s: %s", s.Queue, stepVerdict(res))
		if res.KilledApps != nil {
			safeio.Fprintf(b, ", killed %d app(s) %s", len(res.KilledApps), strings.Join(res.KilledApps, ", "))
		}
	}
	b.WriteString("\n")
	for _, e := range res.Errors {
		safeio.Fprintf(b, "      error: %s\n", e)
	}
}
