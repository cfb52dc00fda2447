package xmlconf

import (
	"errors"
	"fmt"
)

// MaxQueues bounds the queue tree capq builds. Real clusters have at most
// tens of thousands of queues and capq's benchmarks use 10,000 leaves; at
// 100,000 lint and tree take a few seconds and well under a gigabyte, while
// a 4 MB root.queues of 500,000 names used to exhaust memory. Hadoop has no
// such bound, but no ResourceManager runs such a tree either.
const MaxQueues = 100_000

// ErrTooLarge is wrapped by Model.TooLarge: the configuration passes one
// of capq's size bounds, so capq refuses it rather than run out of memory.
var ErrTooLarge = errors.New("configuration too large")

// tooManyQueues stops the tree walk at MaxQueues names: the model keeps
// the queues built so far and TooLarge says why it is incomplete.
func (b *builder) tooManyQueues(p *Property) {
	b.full = true
	if b.m.TooLarge != nil {
		return
	}
	b.m.TooLarge = fmt.Errorf("%s: %w: with %s the queue tree passes %s queues, at most %s are supported "+
		"(real clusters have tens of thousands at most)", p.ValuePos, ErrTooLarge, p.Name, thousands(MaxQueues), thousands(MaxQueues))
}

// tooManyQueues records in the Hadoop 1 model that its file set names
// more than MaxQueues queues (the YARN bound: 150,000 flat queues took
// migrate a minute and 1.3 GB before it failed on its own output), so
// that no queue is built; it reports whether it did.
func (p *h1parser) tooManyQueues(n int, pos Pos) bool {
	if n <= MaxQueues {
		return false
	}
	p.m.TooLarge = fmt.Errorf("%s: %w: the Hadoop 1 files name %s queues, at most %s are supported "+
		"(real clusters have tens of thousands at most)", pos, ErrTooLarge, thousands(n), thousands(MaxQueues))
	return true
}

// thousands writes n with comma separators, as the README writes limits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// MaxLabelPairs bounds queues × node labels where capq holds a value for
// every queue in every label: tree --format json lists each queue's
// capacities in every partition (Hadoop's REST lists only the labels set
// on the queue; capq the zeros too, so every queue has the same columns),
// and the engine keeps every queue's state in every partition. A 22 KB
// file naming 2,000 labels for 2,000 queues made that 4,000,000 entries
// and ran out of memory (250,000 take tree --format json 2.5 s and
// 260 MB). Real clusters have a few labels: 10,000 queues may have 25.
const MaxLabelPairs = 250_000

// CheckLabelPairs refuses, wrapping ErrTooLarge, a configuration whose
// queues × labels passes MaxLabelPairs, naming the labels it could have.
func CheckLabelPairs(queues, labels int) error {
	if labels == 0 || int64(queues)*int64(labels) <= MaxLabelPairs {
		return nil
	}
	return fmt.Errorf("%w: %s node labels for %s queues, at most %s are supported "+
		"(capq holds every queue's capacities in every label, at most %s in all)",
		ErrTooLarge, thousands(labels), thousands(queues), thousands(max(MaxLabelPairs/queues, 1)), thousands(MaxLabelPairs))
}
