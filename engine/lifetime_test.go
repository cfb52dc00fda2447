package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestAppLifetime follows CapacityScheduler.checkAndGetApplicationLifetime
// and getInheritedDefaultAppLifetime.
func TestAppLifetime(t *testing.T) {
	e := newTestEngine(t, map[string]string{
		p + "root.queues":                         "a,b,c",
		p + "root.a.capacity":                     "30",
		p + "root.b.capacity":                     "30",
		p + "root.c.capacity":                     "40",
		p + "root.a.maximum-application-lifetime": "100",
		p + "root.b.maximum-application-lifetime": "100",
		p + "root.b.default-application-lifetime": "50",
	})
	cases := []struct {
		queue     string
		requested int64
		want      int64
	}{
		{"root.a", 0, 100},   // no default anywhere: the maximum
		{"root.a", 30, 30},   // asked below the maximum
		{"root.a", 300, 100}, // capped
		{"root.b", 0, 50},    // the default
		{"root.b", 300, 100},
		{"root.c", 0, -1}, // nothing configured: no lifetime
		{"root.c", 20, 20},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, e.AppLifetime(c.queue, c.requested), "%s %d", c.queue, c.requested)
	}
}
