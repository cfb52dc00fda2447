package engine

// The engine's tests check every skipped fair sort against a real one.
func init() { fairSortCheck = true }
