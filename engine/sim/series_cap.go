package sim

import (
	"errors"
	"fmt"
)

// ErrSeries is wrapped by the error Run returns when the per-queue series
// would hold more than MaxSeriesPoints points: a long simulated span
// sampled finely (the documented maximum submit time of 2^40 ms sampled
// every minute is 18 million samples a queue) exhausted memory before.
var ErrSeries = errors.New("too many series points")

// MaxSeriesPoints bounds the per-queue series of a run: samples times
// queues. Measured on the bundled example, four million points took
// simulate --format json 8 s and 1.8 GB (the JSON is built whole) and
// preview 0.8 GB; two million keep any run within a few seconds and a
// gigabyte, and still hold the bundled example's six queues for 230 days
// sampled every minute (a generated day is 1,440 samples a queue).
const MaxSeriesPoints = 2_000_000

// seriesCap is the most points this run's series may hold (tests lower it).
func (o Options) seriesCap() int64 {
	if o.maxSeriesPoints > 0 {
		return o.maxSeriesPoints
	}
	return MaxSeriesPoints
}

// checkSeries refuses before the run a run whose series cannot fit: it
// samples at least until its --until, or else until its last submission
// or workload event, each queue of the configuration every SampleMS.
func checkSeries(w *Workload, queues int, opts Options) error {
	if opts.SkipSeries || queues == 0 {
		return nil
	}
	step := opts.SampleMS
	if step <= 0 {
		step = DefaultSampleMS
	}
	var span int64
	if opts.Until > 0 {
		span = opts.Until
	} else {
		for i := range w.Apps {
			span = max(span, w.Apps[i].SubmitMS)
		}
		for i := range w.Events {
			span = max(span, w.Events[i].AtMS)
		}
	}
	per := span/step + 1
	if limit := opts.seriesCap() / int64(queues); per > limit {
		return fmt.Errorf("sim: %w: a run of %s sampled every %s would keep %d points per queue (%d queues), at most %d: raise --sample (or stop earlier with --until)",
			ErrSeries, fmtSpan(span), fmtMS(step), per, queues, limit)
	}
	return nil
}

// roomForSamples reports whether n more samples of every queue, up to
// simulated time until, fit the cap; otherwise it records why the run
// stops (the span a run samples is only known when it ends: work may go
// on long after the last arrival).
func (r *run) roomForSamples(n, until int64) bool {
	if r.opts.SkipSeries {
		return true
	}
	limit := r.opts.seriesCap() / int64(max(len(r.queues), 1))
	if int64(len(r.samples))+n <= limit {
		return true
	}
	if r.stopErr == nil {
		r.stopErr = fmt.Errorf("sim: %w: stopped at simulated time %s with %d of %d applications finished: sampling every %s until %s%s would keep more than %d points per queue (%d queues): raise --sample (or stop earlier with --until)",
			ErrSeries, fmtMS(r.now), r.done, len(r.apps), fmtMS(r.opts.SampleMS), fmtMS(until), inWords(until), limit, len(r.queues))
	}
	return false
}

// inWords is " (34 years)" for a time fmtMS shows in hours past two
// days, else "".
func inWords(ms int64) string {
	if s := fmtSpan(ms); s != fmtMS(ms) {
		return " (" + s + ")"
	}
	return ""
}

// fmtSpan is a simulated span for a message: fmtMS, in days or years
// when long.
func fmtSpan(ms int64) string {
	const day = 24 * 3600 * 1000
	switch {
	case ms >= 2*365*day:
		return fmt.Sprintf("%d years", ms/(365*day))
	case ms >= 2*day:
		return fmt.Sprintf("%d days", ms/day)
	}
	return fmtMS(ms)
}
