package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lateApp is submitted at the documented maximum submit time, 2^40 ms.
const lateApp = `{"cluster":{"nodes":[{"count":1,"memory_mb":4096,"vcores":4}]},"apps":[{"id":"a","queue":"support","user":"u","submit_ms":1099511627776,"am":{"memory_mb":1024,"vcores":1},"tasks":[{"count":1,"memory_mb":1024,"vcores":1,"duration_ms":1000,"priority":1}]}]}`

// The series (samples times queues) are bounded: a run whose series
// cannot fit is refused up front when its span is known, or stopped when
// the cap is reached, never after memory is exhausted.
func TestSeriesCap(t *testing.T) {
	late, err := ReadNative("late.json", []byte(lateApp))
	require.NoError(t, err)
	m := loadModel(t, "seeds-example")
	full := simulate(t, "seeds-example", "seeds-example.json", Options{Seed: 1})
	points := int64(len(full.Series.TimesMS) * len(full.Series.Queues))
	cases := []struct {
		name string
		w    *Workload
		opts Options
		want []string // empty: the run succeeds
	}{
		{"a submission 34 years out, refused up front", late, Options{},
			[]string{"a run of 34 years sampled every 1m00s would keep 18325194 points per queue (6 queues), at most 333333: raise --sample"}},
		{"--until sets the span", loadWorkload(t, "seeds-example.json"), Options{Until: 1 << 40, SampleMS: 1000},
			[]string{"would keep", "raise --sample (or stop earlier with --until)"}},
		{"a fine step found during the run", loadWorkload(t, "seeds-example.json"), Options{SampleMS: 1},
			[]string{"would keep 600001 points per queue"}},
		{"work after the last arrival, stopped at the cap", loadWorkload(t, "seeds-example.json"), Options{maxSeriesPoints: points - 1},
			[]string{"stopped at simulated time", "with 6 of 8 applications finished", "sampling every 1m00s until 4h00m would keep more than 240 points per queue (6 queues)"}},
		{"exactly at the cap", loadWorkload(t, "seeds-example.json"), Options{maxSeriesPoints: points}, nil},
		{"no series kept, no cap", late, Options{SkipSeries: true}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.opts.Seed = 1
			res, err := Run(m, c.w, c.opts)
			if len(c.want) == 0 {
				require.NoError(t, err)
				assert.NotNil(t, res)
				return
			}
			require.ErrorIs(t, err, ErrSeries)
			for _, s := range c.want {
				assert.Contains(t, err.Error(), s)
			}
		})
	}
}

func TestFmtSpan(t *testing.T) {
	for ms, want := range map[int64]string{
		90_000:                 "1m30s",
		3 * 24 * 3600 * 1000:   "3 days",
		1 << 40:                "34 years",
		47 * 3600 * 1000:       "47h00m",
		2 * 365 * 86400 * 1000: "2 years",
	} {
		assert.Equal(t, want, fmtSpan(ms), ms)
	}
}
