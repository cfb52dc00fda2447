package preview

import (
	"errors"
	"testing"

	"github.com/capq/capq/safeio"
)

// FuzzParseGates: any input parses or fails with a positioned error (or,
// for a file in UTF-16 or UTF-32, one about the whole file); never a
// panic, and a parsed gate's kinds agree.
func FuzzParseGates(f *testing.F) {
	for _, s := range []string{
		"root.eng.qa wait.p95 <= 10m",
		"root.support usage.avg >= guarantee*0.8 # c",
		"user:a completion.max <= old*1.2 + (5m - 30s)/2",
		"* starvation == 0\nroot.x usage.peak < 2tb",
		"root.a usage.avg >= 80% * guarantee",
		"root.a wait.p95 <= -(-1m)",
		"root.a wait.p95 <= 1e309h",
		"root.a wait.p95 <= ((((",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		gates, errs := ParseGates("f.txt", []byte(src))
		for _, err := range errs {
			var pe *ParseError
			var wide *safeio.WideError
			if errors.As(err, &wide) {
				continue
			}
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("error without a position: %v", err)
			}
		}
		for _, g := range gates {
			if g.RHS.Kind != g.Metric.Kind && !isZero(&g.RHS) {
				t.Fatalf("%q: metric %s and value %s", g.Text, g.Metric.Kind, g.RHS.Kind)
			}
			_ = g.RHS.String()
			evalExpr(&g.RHS, &Stats{}, 1, true)
		}
	})
}
