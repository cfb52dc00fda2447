package main

import (
	"fmt"
	"time"
)

// etaClock says how long a run has taken and how long it still needs,
// from the fraction done so far (a straight-line estimate: the simulator
// knows no better end than the last submission).
type etaClock struct {
	start time.Time
	now   func() time.Time
}

func newETAClock() *etaClock { return &etaClock{start: time.Now(), now: time.Now} }

// text is "elapsed 12s, ETA 30s"; the ETA is left out until 2% is done
// (an estimate from almost nothing misleads).
func (c *etaClock) text(frac float64) string {
	el := c.now().Sub(c.start)
	s := "elapsed " + wallDuration(el)
	if frac >= 0.02 && frac < 1 {
		s += ", ETA " + wallDuration(time.Duration(float64(el)*(1-frac)/frac))
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
