package preview

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/capq/capq/safeio"
)

// chartJS is Chart.js 4.6.1 (MIT, see assets/NOTICE), embedded so the
// report is one file that works offline and in a CI artifact.
//
//go:embed assets/chart.umd.min.js
var chartJS string

//go:embed assets/report.js
var reportJS string

//go:embed assets/report.css
var reportCSS string

//go:embed assets/report.html.tmpl
var reportTmpl string

// treeRow is one queue of the report's tree: capacities in each config.
type treeRow struct {
	Path, Name string
	Depth      int
	Old, New   *QueueRun
	Changed    bool
	// Bars are the old and new share of the cluster (html_bars.go).
	Bars []queueBar
}

// WriteHTML writes the report as one self-contained HTML page: no
// request leaves it (a Content-Security-Policy forbids any), charts are
// drawn by the embedded Chart.js from data embedded in the page.
func WriteHTML(w io.Writer, r *Report) error {
	data, err := json.Marshal(r.charts())
	if err != nil {
		return fmt.Errorf("preview: chart data: %w", err)
	}
	t, err := template.New("report").Funcs(template.FuncMap{
		"fmtv": func(k Kind, v *float64) string { return FormatValue(k, deref(v), v != nil) },
		"raw":  rawValue,
		"pct":  func(f float64) string { return fmt.Sprintf("%.4g%%", f) },
		"abs":  func(f float64) string { return fmt.Sprintf("%.4g%%", f*100) },
		"gb":   func(mb int64) string { return FormatValue(KindMemory, float64(mb), true) },
		"dur":  formatDuration,
		"mark": func(o string) string { return outcomeMarks[o] },
		"mk": func(v Verdict) string {
			return map[Verdict]string{Regression: " ▼", Improvement: " ▲", Intended: " ="}[v]
		},
		"rel":    relText,
		"lower":  strings.ToLower,
		"delta":  findDelta,
		"indent": func(d int) string { return fmt.Sprintf("padding-left:%.1fem", float64(d)*1.4+0.3) },
		"diffClass": func(line string) string {
			switch {
			case strings.HasPrefix(line, "+"):
				return "add"
			case strings.HasPrefix(line, "-"):
				return "del"
			case strings.HasPrefix(line, "@@"):
				return "hunk"
			}
			return ""
		},
		"lines": func(s string) []string { return strings.Split(strings.TrimSuffix(s, "\n"), "\n") },
	}).Parse(reportTmpl)
	if err != nil {
		return fmt.Errorf("preview: report template: %w", err)
	}
	var buf bytes.Buffer
	whyShown, whyHidden := changedRows(r.Why, maxWhyRows)
	err = t.Execute(&buf, map[string]any{
		"R":           r,
		"Refresh":     refreshOf(r),
		"Tree":        r.tree(),
		"Regs":        r.Regressions(),
		"Imps":        r.Improvements(),
		"Data":        template.JS(data),
		"ChartJS":     template.JS(chartJS),
		"ReportJS":    template.JS(reportJS),
		"CSS":         template.CSS(reportCSS),
		"Columns":     textColumns,
		"Titles":      tableTitles,
		"UserColumns": userColumns,
		"Why":         whyShown,
		"WhyHidden":   whyHidden,
		"Warnings":    warningRows(r),
	})
	if err != nil {
		return fmt.Errorf("preview: render report: %w", err)
	}
	_, err = safeio.HTMLWriter(w).Write(buf.Bytes())
	return err
}

// warningRow is one warning of the report's header: what a side's dry
// run does not model, or why its configuration would not run.
type warningRow struct {
	Side, Text string
}

// warningRows lists both sides' warnings, old first, a warning the two
// sides share once as "both", so the page says what the text and JSON
// outputs say about the dry run's limits.
func warningRows(r *Report) []warningRow {
	inNew := map[string]bool{}
	for _, w := range r.New.Warnings {
		inNew[w] = true
	}
	shared := map[string]bool{}
	var rows []warningRow
	for _, w := range r.Old.Warnings {
		side := "old"
		if inNew[w] {
			side, shared[w] = "both", true
		}
		rows = append(rows, warningRow{side, w})
	}
	for _, w := range r.New.Warnings {
		if !shared[w] {
			rows = append(rows, warningRow{"new", w})
		}
	}
	return rows
}

// rawValue is a value as the JSON output has it ("" for null), for the
// data-value attributes the browser test compares.
func rawValue(v *float64) string {
	if v == nil {
		return ""
	}
	b, _ := json.Marshal(*v)
	return string(b)
}

func findDelta(e Entity, metric string) *Delta {
	for i := range e.Metrics {
		if e.Metrics[i].Metric == metric {
			return &e.Metrics[i]
		}
	}
	return nil
}

func relText(p *float64) string {
	if p == nil {
		return "from 0"
	}
	return relative(*p)
}

// tree lists every queue of either config in tree order.
func (r *Report) tree() []treeRow {
	var rows []treeRow
	oldQ, newQ := queueIndex(r.OldRun), queueIndex(r.NewRun)
	oldC, newC := clusterMB(oldQ), clusterMB(newQ)
	for _, e := range r.Queues {
		o, n := oldQ[e.Name], newQ[e.Name]
		row := treeRow{Path: e.Name, Name: e.Name[strings.LastIndexByte(e.Name, '.')+1:], Depth: strings.Count(e.Name, "."), Old: o, New: n, Bars: r.bars(e.Name, o, n, oldC, newC)}
		row.Changed = o == nil || n == nil || o.Capacity != n.Capacity || o.MaxCapacity != n.MaxCapacity ||
			o.GuaranteedMB != n.GuaranteedMB || o.MaxMB != n.MaxMB
		rows = append(rows, row)
	}
	return rows
}
