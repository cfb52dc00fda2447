package preview

import (
	"fmt"
	"sort"
	"strings"
)

// Kind is what a metric measures, which decides its units in gates and
// output.
type Kind uint8

// Kinds of metric values.
const (
	KindCount    Kind = iota // a plain number (apps, containers)
	KindDuration             // milliseconds
	KindMemory               // MB
)

// String names the kind for messages.
func (k Kind) String() string {
	return [...]string{"count", "duration", "memory"}[k]
}

// Better says which direction of change is an improvement.
type Better int8

// Directions.
const (
	Neutral Better = 0  // neither (configuration values)
	Lower   Better = -1 // waits, rejections, preemptions
	Higher  Better = 1  // usage: the team got more of the cluster
)

// Metric is one named statistic of a queue or user. The same table
// drives gates, the comparison and every output, so a name means one
// thing everywhere.
type Metric struct {
	Name   string
	Kind   Kind
	Better Better
	// QueueOnly metrics (configuration values) have no meaning for users.
	QueueOnly bool
	Doc       string
	get       func(*Stats) (float64, bool)
}

// Value returns the metric of s and whether it is defined (a percentile
// of no apps is not).
func (m Metric) Value(s *Stats) (float64, bool) {
	if s == nil {
		return 0, false
	}
	return m.get(s)
}

func always(f func(*Stats) float64) func(*Stats) (float64, bool) {
	return func(s *Stats) (float64, bool) { return f(s), true }
}

// series metrics are undefined where no usage series was recorded.
func series(f func(*Stats) float64) func(*Stats) (float64, bool) {
	return func(s *Stats) (float64, bool) { return f(s), s.HasSeries }
}

func dist(pick func(*Stats) *Dist, q func(Dist) int64) func(*Stats) (float64, bool) {
	return func(s *Stats) (float64, bool) {
		d := pick(s)
		if d.N == 0 {
			return 0, false
		}
		return float64(q(*d)), true
	}
}

func distMetrics(prefix, what string, pick func(*Stats) *Dist) []Metric {
	return []Metric{
		{Name: prefix + ".p50", Kind: KindDuration, Better: Lower, Doc: "median " + what, get: dist(pick, func(d Dist) int64 { return d.P50 })},
		{Name: prefix + ".p95", Kind: KindDuration, Better: Lower, Doc: "95th percentile " + what, get: dist(pick, func(d Dist) int64 { return d.P95 })},
		{Name: prefix + ".max", Kind: KindDuration, Better: Lower, Doc: "longest " + what, get: dist(pick, func(d Dist) int64 { return d.Max })},
	}
}

// Metrics lists every metric in output order.
var Metrics = func() []Metric {
	ms := []Metric{
		{Name: "guarantee", Kind: KindMemory, QueueOnly: true, Doc: "guaranteed memory (absolute capacity)", get: always(func(s *Stats) float64 { return float64(s.GuaranteedMB) })},
		{Name: "max", Kind: KindMemory, QueueOnly: true, Doc: "maximum memory (absolute maximum capacity)", get: always(func(s *Stats) float64 { return float64(s.MaxMB) })},
		{Name: "usage.avg", Kind: KindMemory, Better: Higher, Doc: "memory in use, averaged over the run", get: series(func(s *Stats) float64 { return s.UsageAvgMB })},
		{Name: "usage.peak", Kind: KindMemory, Better: Higher, Doc: "most memory in use at once", get: series(func(s *Stats) float64 { return float64(s.UsagePeakMB) })},
	}
	ms = append(ms, distMetrics("first_container", "time from submission to the first container", func(s *Stats) *Dist { return &s.FirstContainer })...)
	ms = append(ms, distMetrics("wait", "waiting time", func(s *Stats) *Dist { return &s.Wait })...)
	ms = append(ms, distMetrics("completion", "time from submission to finish", func(s *Stats) *Dist { return &s.Completion })...)
	return append(ms,
		Metric{Name: "apps.submitted", Kind: KindCount, Doc: "applications submitted", get: always(func(s *Stats) float64 { return float64(s.AppsSubmitted) })},
		Metric{Name: "apps.finished", Kind: KindCount, Better: Higher, Doc: "applications finished within the run", get: always(func(s *Stats) float64 { return float64(s.AppsFinished) })},
		Metric{Name: "apps.rejected", Kind: KindCount, Better: Lower, Doc: "applications rejected at submission", get: always(func(s *Stats) float64 { return float64(s.AppsRejected) })},
		Metric{Name: "containers.preempted", Kind: KindCount, Better: Lower, Doc: "containers preempted", get: always(func(s *Stats) float64 { return float64(s.Preempted) })},
		Metric{Name: "starvation", Kind: KindCount, Better: Lower, Doc: "periods with demand pending and nothing allocated for longer than the threshold (a user: held back below their user limit)", get: series(func(s *Stats) float64 { return float64(s.Starvation.Count) })},
		Metric{Name: "starvation.max", Kind: KindDuration, Better: Lower, Doc: "longest period with demand pending and nothing allocated", get: series(func(s *Stats) float64 { return float64(s.Starvation.MaxMS) })},
		Metric{Name: "held", Kind: KindDuration, Better: Lower, Doc: "app time held back with demand left (user limit, queue maximum, AM limit...), summed over apps and sampled", get: func(s *Stats) (float64, bool) { return float64(s.HeldMS), s.heldKnown }},
	)
}()

// metricAliases are other spellings users reach for.
var metricAliases = map[string]string{
	"ttfc.p50": "first_container.p50", "ttfc.p95": "first_container.p95", "ttfc.max": "first_container.max",
	"first-container.p50": "first_container.p50", "first-container.p95": "first_container.p95", "first-container.max": "first_container.max",
	"rejected": "apps.rejected", "preempted": "containers.preempted", "starvation.count": "starvation",
	"usage.average": "usage.avg", "usage.max": "usage.peak",
}

// LookupMetric finds a metric by name or alias.
func LookupMetric(name string) (Metric, bool) {
	name = strings.ToLower(name)
	if a, ok := metricAliases[name]; ok {
		name = a
	}
	for _, m := range Metrics {
		if m.Name == name {
			return m, true
		}
	}
	return Metric{}, false
}

// MetricNames returns every metric name, sorted, for messages.
func MetricNames() []string {
	names := make([]string, len(Metrics))
	for i, m := range Metrics {
		names[i] = m.Name
	}
	sort.Strings(names)
	return names
}

// FormatValue renders a metric value in its kind's units: durations as
// 1h2m3s or 250ms, memory as GB with one decimal (or MB below 1 GB).
func FormatValue(k Kind, v float64, ok bool) string {
	if !ok {
		return "-"
	}
	switch k {
	case KindDuration:
		return formatDuration(int64(v + 0.5))
	case KindMemory:
		if v < 1024 && v > -1024 {
			return fmt.Sprintf("%.0f MB", v)
		}
		return fmt.Sprintf("%.1f GB", v/1024)
	}
	if v == float64(int64(v)) {
		return fmt.Sprintf("%d", int64(v))
	}
	return fmt.Sprintf("%.2f", v)
}

// formatDuration writes ms compactly: 0s, 250ms, 12s, 10m, 1h2m3s, 12.5s.
func formatDuration(ms int64) string {
	neg := ms < 0
	if neg {
		ms = -ms
	}
	var s string
	switch {
	case ms == 0:
		s = "0s"
	case ms < 1000:
		s = fmt.Sprintf("%dms", ms)
	case ms < 60_000 && ms%1000 != 0:
		s = fmt.Sprintf("%.1fs", float64(ms)/1000)
	default:
		sec := ms / 1000
		h, m, r := sec/3600, sec/60%60, sec%60
		if h > 0 {
			s += fmt.Sprintf("%dh", h)
		}
		if m > 0 {
			s += fmt.Sprintf("%dm", m)
		}
		if r > 0 || s == "" {
			s += fmt.Sprintf("%ds", r)
		}
	}
	if neg {
		return "-" + s
	}
	return s
}
