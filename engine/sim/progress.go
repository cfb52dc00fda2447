package sim

import (
	"fmt"
	"strings"
	"time"
)

// Fraction is the share of the workload's apps that are done (0 while
// the total is unknown): the simulator knows no better end than the last
// submission, so progress is counted in apps.
func (p Progress) Fraction() float64 {
	if p.AppsTotal <= 0 {
		return 0
	}
	return float64(p.AppsDone) / float64(p.AppsTotal)
}

// Bar renders p as one progress line: a 30-character bar, the
// percentage, the simulated time, apps done and containers allocated.
func (p Progress) Bar() string {
	const width = 30
	frac := p.Fraction()
	n := int(frac * width)
	return fmt.Sprintf("[%s%s] %3.0f%%  %s simulated, %d/%d apps done, %d containers",
		strings.Repeat("#", n), strings.Repeat(".", width-n), frac*100,
		ProgressClock(p.NowMS), p.AppsDone, p.AppsTotal, p.ContainersAllocated)
}

// PairLine renders the progress of two runs side by side ("old 40% (…
// simulated) · new 55% (…)") and returns the slower run's fraction: the
// pair is done when the slower run is, so it drives the ETA.
func PairLine(oldP, newP Progress) (line string, slowest float64) {
	slowest = 1
	parts := make([]string, 2)
	for i, side := range []struct {
		name string
		p    Progress
	}{{"old", oldP}, {"new", newP}} {
		frac := side.p.Fraction()
		slowest = min(slowest, frac)
		parts[i] = fmt.Sprintf("%s %3.0f%% (%s simulated)", side.name, 100*frac, ProgressClock(side.p.NowMS))
	}
	return strings.Join(parts, " · "), slowest
}

// ProgressClock renders a simulated time to the second: 1h02m03s.
func ProgressClock(ms int64) string {
	return fmt.Sprintf("%dh%02dm%02ds", ms/3600000, ms/60000%60, ms/1000%60)
}

// ETA says how long a run has taken (elapsed wall-clock time) and, from
// the fraction done so far, how long it still needs: "elapsed 12s, ETA
// 30s", a straight-line estimate. The ETA is left out until 2% is done
// (an estimate from almost nothing misleads) and once the run is done.
func ETA(elapsed time.Duration, frac float64) string {
	s := "elapsed " + wallDuration(elapsed)
	if frac >= 0.02 && frac < 1 {
		s += ", ETA " + wallDuration(time.Duration(float64(elapsed)*(1-frac)/frac))
	}
	return s
}

// wallDuration renders a wall-clock duration to the second: 7s, 2m05s, 1h02m.
func wallDuration(d time.Duration) string {
	sec := int64(d.Round(time.Second) / time.Second)
	switch {
	case sec < 60:
		return fmt.Sprintf("%ds", sec)
	case sec < 3600:
		return fmt.Sprintf("%dm%02ds", sec/60, sec%60)
	}
	return fmt.Sprintf("%dh%02dm", sec/3600, sec/60%60)
}
