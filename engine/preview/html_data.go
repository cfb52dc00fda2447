package preview

import "strconv"

// chartData is what the report's script draws, embedded in the page as
// JSON. Series are resampled to at most chartPoints buckets, each the
// peak of its bucket so caps and spikes stay visible.
type chartData struct {
	// EndMS is the shared x-axis end: the longer of the two runs.
	EndMS int64 `json:"end_ms"`
	// XTicks are round time ticks (minutes or hours) up to the axis end.
	XTicks []int64      `json:"x_ticks_ms"`
	Usage  []usageChart `json:"usage"`
	Waits  []waitChart  `json:"waits"`
	Hidden int          `json:"hidden"`
}

type usageChart struct {
	ID      string  `json:"id"`
	Queue   string  `json:"queue"`
	StepMS  int64   `json:"step_ms"`
	Old     []int64 `json:"old"`
	New     []int64 `json:"new"`
	OldGuar int64   `json:"old_guarantee_mb"`
	NewGuar int64   `json:"new_guarantee_mb"`
	OldMax  int64   `json:"old_max_mb"`
	NewMax  int64   `json:"new_max_mb"`
	// YMaxMB is the y-axis end shared by old and new: the last of YTicks,
	// round ticks in YUnit ("GB", or "MB" for small queues).
	YMaxMB int64   `json:"y_max_mb"`
	YTicks []int64 `json:"y_ticks_mb"`
	YUnit  string  `json:"y_unit"`
}

type waitChart struct {
	ID     string   `json:"id"`
	Queue  string   `json:"queue"`
	Labels []string `json:"labels"`
	Old    []int    `json:"old"`
	New    []int    `json:"new"`
}

const (
	chartPoints = 240
	maxCharts   = 24
)

// waitBins are histogram edges in ms: wide, roughly logarithmic buckets
// people read at a glance (under 1 s, under 10 s, ... over 4 h).
var waitBins = []int64{1000, 10_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_200_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000}

func waitLabels() []string {
	labels := make([]string, 0, len(waitBins)+1)
	prev := "0s"
	for _, b := range waitBins {
		labels = append(labels, prev+"–"+formatDuration(b))
		prev = formatDuration(b)
	}
	return append(labels, "≥"+prev)
}

func histogram(vs []int64) []int {
	h := make([]int, len(waitBins)+1)
	for _, v := range vs {
		i := 0
		for i < len(waitBins) && v >= waitBins[i] {
			i++
		}
		h[i]++
	}
	return h
}

// resample turns a step series into n bucket peaks over [0, end].
func resample(series []Sample, end int64, n int) []int64 {
	out := make([]int64, n)
	if end <= 0 || len(series) == 0 {
		return out
	}
	step := (end + int64(n) - 1) / int64(n)
	for i, p := range series {
		until := end
		if i+1 < len(series) {
			until = series[i+1].T
		}
		if p.T >= end {
			break
		}
		first := p.T / step
		last := first
		if until > p.T {
			last = (until - 1) / step
		}
		for b := first; b <= last && b < int64(n); b++ {
			if p.UsedMB > out[b] {
				out[b] = p.UsedMB
			}
		}
	}
	return out
}

// chartQueues picks the leaf queues to draw: those with callouts first
// (most interesting), then the rest in tree order, at most maxCharts.
func (r *Report) chartQueues() (picked []string, hidden int) {
	seen := map[string]bool{}
	var order []string
	for _, c := range r.Callouts {
		if !seen[c.Subject] && r.Entity(c.Subject) != nil {
			seen[c.Subject] = true
			order = append(order, c.Subject)
		}
	}
	for _, e := range r.Queues {
		if e.Leaf && !seen[e.Name] {
			seen[e.Name] = true
			order = append(order, e.Name)
		}
	}
	if len(order) > maxCharts {
		return order[:maxCharts], len(order) - maxCharts
	}
	return order, 0
}

// queueIndex maps each queue path of r to its run (a 10,000-queue tree
// must not be searched once per row).
func queueIndex(r *Run) map[string]*QueueRun {
	m := map[string]*QueueRun{}
	if r != nil {
		for i := range r.Queues {
			m[r.Queues[i].Path] = &r.Queues[i]
		}
	}
	return m
}

func findQueue(r *Run, path string) *QueueRun {
	if r == nil {
		return nil
	}
	for i := range r.Queues {
		if r.Queues[i].Path == path {
			return &r.Queues[i]
		}
	}
	return nil
}

func (r *Report) charts() chartData {
	end := max(r.OldRun.EndMS, r.NewRun.EndMS)
	d := chartData{EndMS: end, XTicks: timeTicks(end), Usage: []usageChart{}, Waits: []waitChart{}}
	picked, hidden := r.chartQueues()
	d.Hidden = hidden
	step := (end + chartPoints - 1) / chartPoints
	for i, path := range picked {
		uc := usageChart{ID: chartID("usage", i), Queue: path, StepMS: step}
		var ymax int64
		if q := findQueue(r.OldRun, path); q != nil {
			uc.Old = resample(q.Series, end, chartPoints)
			uc.OldGuar, uc.OldMax = q.GuaranteedMB, q.MaxMB
			ymax = max(ymax, q.GuaranteedMB, maxOf(uc.Old))
		}
		if q := findQueue(r.NewRun, path); q != nil {
			uc.New = resample(q.Series, end, chartPoints)
			uc.NewGuar, uc.NewMax = q.GuaranteedMB, q.MaxMB
			ymax = max(ymax, q.GuaranteedMB, maxOf(uc.New))
		}
		uc.YTicks, uc.YUnit = memoryTicks(axisTop(ymax, uc.OldMax, uc.NewMax))
		uc.YMaxMB = uc.YTicks[len(uc.YTicks)-1]
		d.Usage = append(d.Usage, uc)
		ow, nw := r.WaitSamples(path)
		if len(ow)+len(nw) > 0 {
			d.Waits = append(d.Waits, waitChart{ID: chartID("wait", len(d.Waits)), Queue: path, Labels: waitLabels(), Old: histogram(ow), New: histogram(nw)})
		}
	}
	return d
}

// axisTop is the memory a usage chart must show: use and guarantees, and
// each maximum unless it is far above them (a 100 GB queue allowed the
// whole 1000 GB cluster would be a flat line); a maximum above the axis
// is named in the legend instead.
func axisTop(top int64, maxima ...int64) int64 {
	base := top
	for _, m := range maxima {
		if m > 0 && m <= 3*base {
			top = max(top, m)
		}
	}
	return top
}

func chartID(kind string, i int) string { return kind + "-" + strconv.Itoa(i) }

func maxOf(vs []int64) int64 {
	var m int64
	for _, v := range vs {
		m = max(m, v)
	}
	return m
}
