package validate

import (
	"encoding/json"
	"io"

	"github.com/capq/capq/safeio"
)

// JSON output is a stable contract (see FORMAT.md):
//
//	{"findings":[{"rule","severity","file","line","column","queue","property","message","hint"}],
//	 "summary":{"files","errors","warnings","infos"}}
//
// Every key is always present ("" or 0 when unknown), findings is [] when
// there are none, and keys are never renamed; new keys may be added.
type jsonReport struct {
	Findings []jsonFinding `json:"findings"`
	Summary  jsonSummary   `json:"summary"`
}

type jsonFinding struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Queue    string `json:"queue"`
	Property string `json:"property"`
	Message  string `json:"message"`
	Hint     string `json:"hint"`
}

type jsonSummary struct {
	Files    int `json:"files"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
}

// WriteJSON prints the report as one indented JSON document.
func WriteJSON(w io.Writer, r Report) error {
	out := jsonReport{Findings: make([]jsonFinding, 0, len(r.Findings))}
	for _, f := range r.Findings {
		out.Findings = append(out.Findings, jsonFinding{
			Rule: f.Rule, Severity: f.Severity.String(), File: f.File, Line: f.Line, Column: f.Col,
			Queue: f.Queue, Property: f.Property, Message: f.Message, Hint: f.Hint,
		})
	}
	out.Summary.Files = len(r.Files)
	out.Summary.Errors, out.Summary.Warnings, out.Summary.Infos = r.Counts()
	enc := json.NewEncoder(safeio.JSONWriter(w))
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
