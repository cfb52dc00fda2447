package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestETAClock(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := start
	c := &etaClock{start: start, now: func() time.Time { return now }}
	tests := []struct {
		after time.Duration
		frac  float64
		want  string
	}{
		{0, 0, "elapsed 0s"},
		{time.Second, 0.01, "elapsed 1s"},
		{10 * time.Second, 0.25, "elapsed 10s, ETA 30s"},
		{90 * time.Second, 0.5, "elapsed 1m30s, ETA 1m30s"},
		{2 * time.Hour, 0.5, "elapsed 2h00m, ETA 2h00m"},
		{20 * time.Second, 1, "elapsed 20s"},
	}
	for _, tt := range tests {
		now = start.Add(tt.after)
		assert.Equal(t, tt.want, c.text(tt.frac))
	}
}
