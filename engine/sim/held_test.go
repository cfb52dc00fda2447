package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A user above its user limit with demand left waits on the user limit
// (AbstractLeafQueue.canAssignToUser), and the result says for how long.
func TestHeldUserLimit(t *testing.T) {
	res := simulate(t, "seeds-example", "small.json", Options{Seed: 7, SampleMS: 10000, RejectUnknownQueues: true})
	assert.Contains(t, res.Held, HeldResult{Queue: "root.engineering.development", User: "alice", Reason: "user_limit", AppMS: 220_000, Apps: 2})
	for _, h := range res.Held {
		assert.Zero(t, h.AppMS%10000, "sampled: a multiple of the sample step")
	}
}

// With development capped at 40% (240 GB), its apps wait on the queue's
// maximum (AbstractCSQueue.canAssignToThisQueue), which the old
// configuration never made them do.
func TestHeldQueueMaximum(t *testing.T) {
	reasons := func(cfg string) map[string]int64 {
		out := map[string]int64{}
		for _, h := range simulate(t, cfg, "seeds-example.json", Options{Seed: 1}).Held {
			if h.Queue == "root.engineering.development" {
				out[h.Reason] += h.AppMS
			}
		}
		return out
	}
	assert.Zero(t, reasons("seeds-example")["queue_max"])
	assert.GreaterOrEqual(t, reasons("seeds-dev-max40")["queue_max"], int64(30*60_000))
}
