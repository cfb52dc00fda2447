package xmlconf

import "errors"

// ReadOptions bounds what Read accepts.
type ReadOptions struct {
	// MaxBytes is the largest file accepted (0: DefaultMaxBytes).
	MaxBytes int64
	// MaxDepth is the deepest element nesting accepted (0: DefaultMaxDepth).
	MaxDepth int
}

// Limits applied when ReadOptions leaves them zero.
const (
	DefaultMaxBytes = 64 << 20
	DefaultMaxDepth = 64
)

// ReadFile reads one Hadoop configuration file (STUB: being written).
func ReadFile(path string, opts ReadOptions) (*Document, error) {
	return nil, errors.New("xmlconf: reader not implemented yet")
}

// ReadBytes reads a configuration from memory; name is used in positions
// and to resolve relative xi:include hrefs (STUB: being written).
func ReadBytes(name string, data []byte, opts ReadOptions) (*Document, error) {
	return nil, errors.New("xmlconf: reader not implemented yet")
}
