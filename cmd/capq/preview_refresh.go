package main

import (
	"github.com/capq/capq/engine/preview"
	"github.com/capq/capq/validate"
)

// previewRefresh converts `capq diff`'s verdict and change set into the
// preview report's form (the preview package sits below validate). Only
// queues that changed are kept; unchanged ones are the report's noise.
func previewRefresh(res *validate.RefreshResult, unified string) *preview.Refresh {
	r := &preview.Refresh{Accepted: res.Accepted, HadoopVersion: res.Version.String(), HadoopError: res.HadoopError,
		Findings: []preview.RefreshFinding{}, Queues: []preview.ConfigChange{}, Unified: unified}
	for _, f := range res.Findings {
		r.Findings = append(r.Findings, preview.RefreshFinding{Rule: f.Rule, Severity: f.Severity.String(),
			File: f.File, Line: f.Line, Queue: f.Queue, Message: f.Message})
	}
	for _, q := range res.Queues {
		if q.Change == "unchanged" && len(q.Properties) == 0 {
			continue
		}
		c := preview.ConfigChange{Path: q.Path, Change: q.Change, Action: string(q.Action), Properties: []preview.PropChange{}}
		for _, p := range q.Properties {
			c.Properties = append(c.Properties, preview.PropChange{Name: p.Name, Old: strOr(p.Old), New: strOr(p.New)})
		}
		for _, p := range q.Effective {
			c.Properties = append(c.Properties, preview.PropChange{Name: p.Name + " (effective)", Old: strOr(p.Old), New: strOr(p.New)})
		}
		r.Queues = append(r.Queues, c)
	}
	return r
}

func strOr(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
