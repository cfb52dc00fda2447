package xmlconf

import (
	"errors"
	"fmt"
	"sync/atomic"
)

// RuleExpandLimit is the loader rule for a configuration whose ${var}
// expansion work passed the budget (capq's bound; Hadoop has only the
// depth limit of 20, and a 2 MB file of chained variables took capq 37 s).
const RuleExpandLimit = "XML010"

// Expansion budget: bytes that Expand may produce over the life of one
// Conf, summed over every round of every call. A base of 64 MiB plus 32
// times the values' own size is far above what real configurations need
// (a 100,000-key file with variables in every value uses a few MB) and
// keeps the worst file to well under a second.
const (
	expandBudgetBase   = 64 << 20
	expandBudgetFactor = 32
)

// ErrExpandBudget is wrapped by Expand's error once the budget is spent.
var ErrExpandBudget = errors.New("variable expansion limit reached")

// expandBudget is shared by a Conf and the goroutines that read it (diff
// lints the new side while it compares the old), hence atomic.
type expandBudget struct{ left atomic.Int64 }

func newExpandBudget(valueBytes int64) *expandBudget {
	b := &expandBudget{}
	b.left.Store(expandBudgetBase + expandBudgetFactor*valueBytes)
	return b
}

// spend takes n bytes of work; false once the budget is exhausted.
func (b *expandBudget) spend(n int) bool {
	if b == nil {
		return true
	}
	return b.left.Add(-int64(n)) >= 0
}

func budgetError(expr string) error {
	return fmt.Errorf("%w: ${var} expansion of this configuration went past %d MiB plus 32 times its values' size; capq stops expanding %q and later values", ErrExpandBudget, expandBudgetBase>>20, shorten(expr))
}

// shorten keeps messages readable when a value is huge.
func shorten(s string) string {
	const max = 80
	if len(s) <= max {
		return s
	}
	return s[:max] + "…"
}
