package preview

// Round axis ticks in the unit a chart shows, computed here (not by
// Chart.js, whose automatic steps are MB steps labelled as GB: 195 / 391
// / 586 GB) so the page and its tests agree on them.

// maxTicks bounds the intervals of an axis: more crowd a 390 px chart.
const maxTicks = 5

// memoryTicks returns ticks from 0 in MB at a round step of GB (1, 2, 5
// times a power of ten; MB steps below 1 GB) covering top, and the unit
// the labels are in.
func memoryTicks(topMB int64) (ticks []int64, unit string) {
	if topMB <= 0 {
		topMB = 1
	}
	unitMB, unit := int64(1024), "GB"
	if topMB < 1024 {
		unitMB, unit = 1, "MB"
	}
	step := niceStep(float64(topMB)/float64(unitMB)) * unitMB
	return upTo(topMB, step), unit
}

// niceStep is the smallest of 1, 2, 5 × 10^k (k ≥ 0) that covers v in at
// most maxTicks intervals.
func niceStep(v float64) int64 {
	for p := int64(1); ; p *= 10 {
		for _, m := range []int64{1, 2, 5} {
			if float64(m*p*maxTicks) >= v {
				return m * p
			}
		}
	}
}

// timeSteps are the steps of a time axis: minutes, then hours.
var timeSteps = []int64{60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000,
	10_800_000, 14_400_000, 21_600_000, 43_200_000, 86_400_000}

// timeTicks returns ticks from 0 at a round step of minutes or hours
// covering end.
func timeTicks(endMS int64) []int64 {
	step := timeSteps[len(timeSteps)-1]
	for _, s := range timeSteps {
		if s*8 >= endMS {
			step = s
			break
		}
	}
	for step*8 < endMS {
		step *= 2
	}
	return upTo(max(endMS, 1), step)
}

func upTo(top, step int64) []int64 {
	out := []int64{0}
	for v := step; ; v += step {
		out = append(out, v)
		if v >= top {
			return out
		}
	}
}
