package preview

import (
	"fmt"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// RefreshCheck applies capq's refresh rules (the ones `capq diff` uses) to
// a refresh during a simulation, with the engine's live queue states. It
// is the one place that reduces validate's verdict to the engine's list
// of refusals: "RULE: message" for every error finding.
func RefreshCheck(old, new *xmlconf.Model, live *engine.Engine) []string {
	res := validate.Refresh(old, new, validate.RefreshOptions{Live: live})
	if res.Accepted {
		return nil
	}
	var errs []string
	for _, f := range res.Findings {
		if f.Severity == xmlconf.SeverityError {
			errs = append(errs, fmt.Sprintf("%s: %s", f.Rule, f.Message))
		}
	}
	return errs
}

// refreshView is the report's form of the refresh verdict: only queues
// that changed are kept (unchanged ones are the report's noise), and
// values are plain strings ("" when unset).
type refreshView struct {
	Accepted      bool          `json:"accepted"`
	HadoopVersion string        `json:"hadoop_version"`
	HadoopError   string        `json:"hadoop_error,omitempty"`
	Caveats       []string      `json:"caveats,omitempty"`
	Findings      []findingView `json:"findings"`
	Queues        []queueView   `json:"queues"`
	Unified       string        `json:"unified,omitempty"`
	Context       string        `json:"context,omitempty"`
}

type findingView struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	Queue    string `json:"queue,omitempty"`
	Message  string `json:"message"`
}

type queueView struct {
	Path       string     `json:"path"`
	Change     string     `json:"change"`
	Action     string     `json:"action"`
	Properties []propView `json:"properties"`
}

type propView struct {
	Name string `json:"name"`
	Old  string `json:"old"`
	New  string `json:"new"`
}

// refreshOf is r's refresh verdict as the text and JSON show it, or nil.
func refreshOf(r *Report) *refreshView {
	res := r.Refresh
	if res == nil {
		return nil
	}
	v := &refreshView{Accepted: res.Accepted, HadoopVersion: res.Version.String(), HadoopError: res.HadoopError,
		Caveats: res.Caveats, Findings: []findingView{}, Queues: []queueView{}, Unified: r.Unified, Context: r.RefreshContext}
	for _, f := range res.Findings {
		v.Findings = append(v.Findings, findingView{Rule: f.Rule, Severity: f.Severity.String(),
			File: f.File, Line: f.Line, Queue: f.Queue, Message: f.Message})
	}
	for _, q := range res.Queues {
		if q.Change == "unchanged" && len(q.Properties) == 0 {
			continue
		}
		v.Queues = append(v.Queues, queueOf(q))
	}
	return v
}

func queueOf(q validate.QueueChange) queueView {
	c := queueView{Path: q.Path, Change: q.Change, Action: string(q.Action), Properties: []propView{}}
	for _, p := range q.Properties {
		c.Properties = append(c.Properties, propView{Name: p.Name, Old: strOr(p.Old), New: strOr(p.New)})
	}
	for _, p := range q.Effective {
		c.Properties = append(c.Properties, propView{Name: p.Name + " (effective)", Old: strOr(p.Old), New: strOr(p.New)})
	}
	return c
}

func strOr(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// reportJSON is the report as WriteJSON writes it: the report's own
// fields, then the refresh verdict in the report's form (README.md, "capq
// preview JSON"). Encoding it directly, rather than through a MarshalJSON
// method, spares a copy and a re-scan of a day-sized report.
type reportJSON struct {
	*plainReport
	Refresh *refreshView `json:"refresh,omitempty"`
}

// plainReport is Report without methods, so embedding it keeps the
// field order of Report.
type plainReport Report
