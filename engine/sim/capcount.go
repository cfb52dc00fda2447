package sim

// containerCount counts the containers a workload asks for, an AM per
// application plus its task containers, against a run's cap. Run's check
// and the trace readers share it, so a reader refuses at the application
// the run would refuse, before it builds the rest.
type containerCount struct {
	limit, n int
}

// newContainerCount counts against limit (0 or less: DefaultMaxContainers).
func newContainerCount(limit int) containerCount {
	if limit <= 0 {
		limit = DefaultMaxContainers
	}
	return containerCount{limit: limit}
}

// add counts n more containers and reports whether the total is still
// within the cap.
func (c *containerCount) add(n int) bool {
	c.n += n
	return c.n <= c.limit
}

// addApps counts apps applications of an AM and tasks containers each (an
// SLS job.count) without building them: it returns the index of the first
// that goes past the cap, or -1 when all fit.
func (c *containerCount) addApps(apps, tasks int) int {
	per := 1 + max(tasks, 0)
	fit := max(c.limit-c.n, 0) / per
	if apps > fit {
		return fit
	}
	c.n += apps * per
	return -1
}

// refuse is the error for application id at pos, the first past the cap.
func (c *containerCount) refuse(pos, id string) error {
	return &capError{posErr(pos, "the workload asks for more than %d containers by application %q (raise the cap with --max-containers)", c.limit, id)}
}

// capError is a workload past the run's container cap: readers pass it up
// as it is, whatever the job or task it was found in.
type capError struct{ err error }

func (e *capError) Error() string { return e.err.Error() }
