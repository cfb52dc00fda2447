package xmlconf

import "github.com/capq/capq/safeio"

// ErrExists is safeio.ErrExists, for callers that test for it here.
var ErrExists = safeio.ErrExists

// WriteFileAtomic writes data to path with safeio.WriteFile (temporary
// file beside the target, synced, moved into place; links and devices
// never replaced; an existing file only with force). New code calls
// safeio directly, which also knows "-" and the run's other outputs.
func WriteFileAtomic(path string, data []byte, force bool) error {
	return safeio.WriteFile(path, data, force, nil)
}
