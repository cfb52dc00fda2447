package engine

// The engine's tests check every skipped fair sort against a real one
// and every recalled pass against the pass.
func init() { shortcutChecks = true }
