package scenario

import (
	"bytes"

	"github.com/capq/capq/safeio"
)

// updateAppPriority changes an app's priority at runtime
// (ClientRMService#updateApplicationPriority called by the app's owner,
// CapacityScheduler#updateApplicationPriority). With an expect, a refusal
// is checked like a move's; without one it fails the step.
func (r *runner) updateAppPriority(s *Step, res *StepResult) {
	got, err := r.eng.UpdateAppPriority(s.App, s.newPriority())
	if err == nil {
		res.AppPriority = &got
	}
	r.moveVerdict(s, res, err)
}

// priorityText prints "APP to PRIORITY: verdict", with the priority the
// app got when the cap or a completed state changed it.
func priorityText(b *bytes.Buffer, s *Step, res *StepResult) {
	safeio.Fprintf(b, " %s to %d: %s", s.App, s.newPriority(), stepVerdict(res))
	if res.AppPriority != nil && *res.AppPriority != s.newPriority() {
		safeio.Fprintf(b, " (priority %d)", *res.AppPriority)
	}
	b.WriteString("\n")
}

// newPriority is update_app_priority's priority: the call always carries
// one, 0 when the step names none.
func (s *Step) newPriority() int32 {
	if s.AppPriority == nil {
		return 0
	}
	return *s.AppPriority
}
