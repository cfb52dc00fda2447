package engine

// SetPreemptCache sets the preemption round's cache mode for the
// external tests ("on", "off" or "check": reuse, but recompute every
// reused total and panic when it went stale); the returned function
// restores the previous mode.
func SetPreemptCache(mode string) (restore func()) {
	m := map[string]cacheMode{"on": cacheOn, "off": cacheOff, "check": cacheCheck}[mode]
	return setPreemptCacheMode(m)
}
