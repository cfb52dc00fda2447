package preview

import "github.com/capq/capq/validate"

// Report is a whole preview: the two runs, the comparison, the gates and
// the refresh verdict. Its JSON form is documented in README.md
// ("capq preview JSON").
type Report struct {
	// Teams is the verdict, first in every output: what the change does
	// to each team (leaf queue) whose configuration or results changed.
	Teams []TeamVerdict `json:"teams"`
	Old   Side          `json:"old"`
	New   Side          `json:"new"`
	// Workload names the workload; Seed is the simulation seed.
	Workload string `json:"workload"`
	Seed     int64  `json:"seed"`
	// StarvationMS is the starvation threshold used.
	StarvationMS int64 `json:"starvation_threshold_ms"`
	// WindowMS is the common window both runs' usage averages are taken
	// over: [0, the longer run's end].
	WindowMS int64 `json:"window_ms"`
	Comparison
	// Partitions are each node label's guarantee and use per queue, in
	// both runs (absent without labels).
	Partitions []PartitionCompare `json:"partitions,omitempty"`
	// Why is what held apps back in each run, per leaf queue and user.
	Why   []WhyRow     `json:"why"`
	Gates []GateResult `json:"gates"`
	// Placement lists apps that land in another queue, or are rejected,
	// under the new configuration, grouped by their old queue.
	Placement []PlacementChange `json:"placement"`
	// GatesFailed counts failing gates; a preview exits 1 when positive.
	GatesFailed int `json:"gates_failed"`
	// Refresh is `capq diff`'s verdict and change set, when computed; the
	// JSON shows the queues that changed (see MarshalJSON).
	Refresh *validate.RefreshResult `json:"-"`
	// Unified is a unified text diff of the two files.
	Unified string `json:"-"`
	// RefreshContext qualifies the verdict (a Hadoop 1 preview compares
	// two derived configurations).
	RefreshContext string `json:"-"`
	// Notes explain what differs between the two schedulers.
	Notes []string `json:"notes,omitempty"`

	// OldRun and NewRun keep the series for the HTML report.
	OldRun, NewRun *Run `json:"-"`
	// floorMS is the comparison's duration floor (Options.DurationFloorMS).
	floorMS  int64
	oldStats *RunStats
	newStats *RunStats
	byName   map[string]int
}

// Side summarises one run.
type Side struct {
	// Config names the configuration (file, git:REV:PATH, or a Hadoop 1
	// description).
	Config              string `json:"config"`
	AppsSubmitted       int    `json:"apps_submitted"`
	AppsFinished        int    `json:"apps_finished"`
	AppsRejected        int    `json:"apps_rejected"`
	ContainersAllocated int64  `json:"containers_allocated"`
	SimulatedMS         int64  `json:"simulated_ms"`
	// Warnings name what this side's configuration enables that the
	// engine does not model (and, first, for the old side, the lint
	// errors the ResourceManager would refuse it for).
	Warnings []string `json:"warnings,omitempty"`
}

// Input is what a report is built from.
type Input struct {
	OldName, NewName string
	Workload         string
	Seed             int64
	Old, New         *Run
	Gates            []Gate
	// Refresh, Unified and RefreshContext are copied to the report.
	Refresh        *validate.RefreshResult
	Unified        string
	RefreshContext string
	// Notes explain differences the tables cannot (a Hadoop 1 preview
	// compares two schedulers).
	Notes   []string
	Options Options
}

// Build compares the runs and evaluates the gates. Errors are gates that
// name a queue or user found in neither run.
func Build(in Input) (*Report, []error) {
	o := in.Options.withDefaults()
	o.Stats.WindowMS = CommonWindow(in.Old, in.New)
	olds, news := Compute(in.Old, o.Stats), Compute(in.New, o.Stats)
	r := &Report{
		Old: summarise(in.OldName, in.Old), New: summarise(in.NewName, in.New),
		Workload: in.Workload, Seed: in.Seed, StarvationMS: o.Stats.starvation(), WindowMS: o.Stats.WindowMS,
		Comparison: *Compare(olds, news, o), Refresh: in.Refresh, Unified: in.Unified, RefreshContext: in.RefreshContext, Notes: in.Notes,
		OldRun: in.Old, NewRun: in.New, oldStats: olds, newStats: news, floorMS: o.DurationFloorMS,
		Placement: placementChanges(in.Old, in.New), Partitions: comparePartitions(in.Old, in.New, o.Stats.WindowMS),
	}
	if r.Placement == nil {
		r.Placement = []PlacementChange{}
	}
	r.Teams = r.teams()
	r.Why = r.why()
	var errs []error
	r.Gates, errs = EvalGates(in.Gates, olds, news)
	if r.Gates == nil {
		r.Gates = []GateResult{}
	}
	r.GatesFailed = Failed(r.Gates)
	return r, errs
}

// CommonWindow is the window a comparison averages both runs over: from
// the start to the end of the longer run. Averaging each run over its own
// length would make every queue of the shorter run look busier, changed
// by the configuration or not.
func CommonWindow(old, new *Run) int64 {
	return max(old.EndMS, new.EndMS)
}

func summarise(name string, r *Run) Side {
	s := Side{Config: name, ContainersAllocated: r.ContainersAllocated, SimulatedMS: r.EndMS, Warnings: r.Warnings}
	for _, a := range r.Apps {
		s.AppsSubmitted++
		switch {
		case a.Rejected:
			s.AppsRejected++
		case a.FinishMS >= 0:
			s.AppsFinished++
		}
	}
	return s
}

// Regressions returns the callouts that are regressions.
func (r *Report) Regressions() []Callout { return r.byVerdict(Regression) }

// Improvements returns the callouts that are improvements.
func (r *Report) Improvements() []Callout { return r.byVerdict(Improvement) }

func (r *Report) byVerdict(v Verdict) []Callout {
	var out []Callout
	for _, c := range r.Callouts {
		if c.Verdict == v {
			out = append(out, c)
		}
	}
	return out
}

// WaitSamples returns the sorted waiting times of a queue (or
// "user:NAME") in the old and new runs, for distributions.
func (r *Report) WaitSamples(subject string) (old, new []int64) {
	if s := lookup(r.oldStats, subject); s != nil {
		old = s.Wait.Values
	}
	if s := lookup(r.newStats, subject); s != nil {
		new = s.Wait.Values
	}
	return old, new
}

// Entity returns the compared queue with path p, or nil.
func (r *Report) Entity(p string) *Entity {
	if r.byName == nil {
		r.byName = make(map[string]int, len(r.Queues))
		for k := range r.Queues {
			r.byName[r.Queues[k].Name] = k
		}
	}
	if k, ok := r.byName[p]; ok {
		return &r.Queues[k]
	}
	return nil
}
