package engine

// AppLifetime returns the lifetime in seconds an app submitted to the
// leaf gets (0 or less: none), as CapacityScheduler.
// checkAndGetApplicationLifetime computes it from the app's requested
// lifetime (0 or less: none asked): the queue's default when none is
// asked, capped by the queue's maximum. The default is inherited, and a
// hierarchy that sets none uses the maximum (AbstractLeafQueue.
// getInheritedDefaultAppLifetime).
func (e *Engine) AppLifetime(leafPath string, requested int64) int64 {
	mq := e.model.Queue(leafPath)
	if mq == nil {
		return 0
	}
	maxLT := mq.MaxLifetime.V
	def := mq.DefaultLifetime.V
	if def < 0 {
		def = maxLT
	}
	switch {
	case maxLT <= 0 && requested <= 0:
		return def
	case maxLT <= 0:
		return requested
	case requested <= 0:
		return def
	case requested > maxLT:
		return maxLT
	}
	return requested
}
