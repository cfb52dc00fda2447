package preview

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/capq/capq/safeio"
)

// WriteGates writes one line per gate result: verdict, subject, metric,
// old and new values against their limits, and why when it is unusual.
func WriteGates(w io.Writer, rs []GateResult) error {
	if len(rs) == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	safeio.Fprintf(tw, "GATE\tSUBJECT\tMETRIC\tOLD\tNEW\tSOURCE\n")
	for _, r := range rs {
		verdict := "PASS"
		if !r.Pass {
			verdict = "FAIL"
		}
		note := ""
		if r.Note != "" {
			note = "  (" + r.Note + ")"
		}
		safeio.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s%s\n", verdict, r.Subject, r.Metric,
			side(r, r.Old, r.OldLimit), side(r, r.New, r.NewLimit), r.Source, note)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := safeio.Fprintf(w, "%d of %d gates failed\n", Failed(rs), len(rs))
	return err
}

// side renders "12m0s <= 10m" for one run.
func side(r GateResult, v, limit *float64) string {
	val := "-"
	if v != nil {
		val = FormatValue(r.kind, *v, true)
	}
	lim := "-"
	if limit != nil {
		lim = FormatValue(r.kind, *limit, true)
	}
	return fmt.Sprintf("%s %s %s", val, r.Op, lim)
}
