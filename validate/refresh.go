package validate

import (
	"github.com/capq/capq/xmlconf"
)

// RefreshOptions say how Refresh judges a change.
type RefreshOptions struct {
	// Version is the Hadoop profile (zero: the new model's, else the default).
	Version xmlconf.Version
	// Live is the running scheduler's queue states and application counts
	// (the ResourceManager's /ws/v1/cluster/scheduler, or the engine of
	// `capq scenario`). Nil: the OLD file's effective states stand for the
	// live states and no queue is assumed to hold applications.
	Live LiveState
	// Lint configures the lint run on NEW whose errors also refuse the
	// refresh (Version is taken from here when set above).
	Lint Options
	// Warnings also lints OLD and lists NEW's lint warnings that OLD does
	// not have (RefreshResult.Introduced), as `capq diff` shows them.
	Warnings bool
}

// RefreshResult is what `yarn rmadmin -refreshQueues` would do with NEW
// while OLD is in force: the verdict, the findings behind it and the
// change set queue by queue.
type RefreshResult struct {
	Version xmlconf.Version `json:"hadoop_version"`
	// Accepted is false when any finding is an error: a refresh rule (RF0xx)
	// refuses the change, or NEW has a lint error refreshQueues meets.
	Accepted bool `json:"accepted"`
	// Findings are the refresh findings and NEW's lint errors (those only
	// a start meets kept at warning, with StartOnlyHint), sorted.
	Findings []xmlconf.Finding `json:"findings"`
	// Queues is every queue of OLD and NEW (moved queues once, under their
	// new path), in tree order.
	Queues []QueueChange `json:"queues"`
	// Introduced are NEW's lint warnings that OLD does not have, by rule
	// and queue (RefreshOptions.Warnings): what the change adds for a
	// reviewer. They never refuse the refresh.
	Introduced []xmlconf.Finding `json:"introduced_warnings,omitempty"`
	// Global lists scheduler-wide properties that changed.
	Global []PropChange `json:"global,omitempty"`
	// GlobalNotes explain scheduler-wide edits that change nothing Hadoop
	// reads (a key written out as its default, or dropped), left out of
	// Global.
	GlobalNotes []string `json:"global_notes,omitempty"`
	// HadoopError is what rmadmin would print for the first failure in the
	// order the ResourceManager checks (empty when accepted).
	HadoopError string `json:"hadoop_error,omitempty"`
	// Caveats say when an accepted refresh fails after all, on what the
	// files do not show (Rule.OnReload: applications waiting for a
	// max-parallel-apps slot).
	Caveats []string `json:"caveats,omitempty"`
}

// Errors returns the messages of the findings that refuse the refresh, in
// the order Hadoop would meet them (the first is the one it reports).
func (r *RefreshResult) Errors() []string {
	var out []string
	for _, f := range r.ordered() {
		out = append(out, f.Message)
	}
	return out
}

// Refusal is one reason the ResourceManager refuses the refresh.
type Refusal struct {
	Code    string `json:"reason_code"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// Refusals returns every refusal in the order Hadoop would meet them (the
// first is the one it reports); empty when the refresh is accepted.
func (r *RefreshResult) Refusals() []Refusal {
	var out []Refusal
	for _, f := range r.ordered() {
		out = append(out, Refusal{Code: ReasonCode(f), Rule: f.Rule, Message: f.Message})
	}
	return out
}

// ReasonCode returns the reason code of the first refusal in Hadoop's
// order (QUEUE_DELETE_NOT_STOPPED, …), or "" when the refresh is accepted.
func (r *RefreshResult) ReasonCode() string {
	if fs := r.ordered(); len(fs) > 0 {
		return ReasonCode(fs[0])
	}
	return ""
}

// ReasonCodes returns the distinct reason codes of every refusal, sorted
// by Hadoop's order of checks.
func (r *RefreshResult) ReasonCodes() []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range r.ordered() {
		c := ReasonCode(f)
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// Refresh decides whether the ResourceManager, running OLD, would accept
// NEW on `yarn rmadmin -refreshQueues` in the chosen Hadoop version, and
// describes the change queue by queue. It never fails: models with no
// queue tree give an empty change set and NEW's lint errors.
func Refresh(old, new *xmlconf.Model, opts RefreshOptions) *RefreshResult {
	v := refreshVersion(new, opts)
	res := &RefreshResult{Version: v, Findings: []xmlconf.Finding{}, Queues: []QueueChange{}}
	// Lint reads NEW only and the refresh rules only read both models, so
	// they run side by side (the large part of a 10,000-queue diff).
	lintDone := make(chan Result, 1)
	go func() { lintDone <- lintRun(new, opts.Lint, v) }()
	oldDone := make(chan Result, 1)
	if opts.Warnings {
		// OLD's lint is only the baseline of the warnings NEW introduces.
		o := opts.Lint
		o.File = ""
		go func() { oldDone <- lintRun(old, o, v) }()
	}
	rc := newRefreshCheck(old, new, v, opts)
	rc.res = res
	if old != nil && new != nil && old.Root != nil && new.Root != nil {
		rc.run()
		res.Findings = append(res.Findings, rc.findings...)
		res.Queues = rc.changes()
		res.Global, res.GlobalNotes = rc.globalChanges(), rc.globalNotes
	}
	newLint := <-lintDone
	res.Findings = append(res.Findings, lintErrors(newLint, false)...)
	if opts.Warnings {
		res.Introduced = introducedWarnings((<-oldDone).Findings, newLint.Findings)
	}
	res.finish(rc)
	return res
}

// StartErrors are m's lint errors, the reasons the ResourceManager would
// refuse to start with m or to refresh to it (capq:ignore does not hide
// them): what simulate warns about before a dry run of such a file.
func StartErrors(m *xmlconf.Model, file string) []xmlconf.Finding {
	if m == nil {
		return nil
	}
	return lintErrors(lintRun(m, Options{File: file}, m.Version), true)
}

// AppTimeErrors returns m's lint errors the ResourceManager meets neither
// at start nor on refreshQueues but when an application arrives
// (Rule.AtAppOnly, CS124): a dry run says so, since it cannot exit.
func AppTimeErrors(m *xmlconf.Model, file string) []xmlconf.Finding {
	if m == nil {
		return nil
	}
	var out []xmlconf.Finding
	for _, f := range lintRun(m, Options{File: file}, m.Version).Findings {
		if r := Lookup(f.Rule); r != nil && r.AtAppOnly && f.Severity == xmlconf.SeverityError {
			out = append(out, f)
		}
	}
	return out
}

func refreshVersion(new *xmlconf.Model, opts RefreshOptions) xmlconf.Version {
	switch {
	case opts.Version != (xmlconf.Version{}):
		return opts.Version
	case opts.Lint.Version != (xmlconf.Version{}):
		return opts.Lint.Version
	case new != nil && new.Version != (xmlconf.Version{}):
		return new.Version
	}
	return xmlconf.DefaultVersion
}

// finish sorts the findings, derives the verdict, lets RF001 word the
// first refusal and classifies each queue's action from the findings that
// name it.
func (r *RefreshResult) finish(rc *refreshCheck) {
	r.Findings = xmlconf.SortFindings(r.Findings)
	r.Accepted = true
	for _, f := range r.Findings {
		if f.Severity == xmlconf.SeverityError {
			r.Accepted = false
		}
	}
	rc.rule = ruleRF001
	ruleRF001.Refresh(rc)
	classifyActions(r)
	if r.Accepted {
		r.Caveats = reloadCaveats(r.Findings)
	}
}

// wrapRefusal is RF001's check: the first refusal in Hadoop's order of
// checks is what rmadmin prints, wrapped by CapacityScheduler.reinitialize.
func (c *refreshCheck) wrapRefusal() {
	if fs := c.res.ordered(); len(fs) > 0 {
		c.res.HadoopError = hadoopError(c.v, fs[0])
	}
}

// hadoopError wraps a cause the way CapacityScheduler.reinitialize does
// (RF001): 3.x appends the cause's message, 2.x only chains the cause.
// Checks that run before the wrapper (the mutable store, CS051) are
// reported bare.
func hadoopError(v xmlconf.Version, f xmlconf.Finding) string {
	if msg, ok := restatedRefusal(f); ok {
		f.Message = msg // CS004/CS027 report what breaks CS024's sum
	}
	switch {
	case f.Rule == ruleRFMutableStore.ID || f.Rule == "CS051":
		return f.Message
	case v.Major < 3:
		return "Failed to re-init queues"
	}
	return "Failed to re-init queues : " + f.Message
}
