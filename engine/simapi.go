package engine

// This file is owned by the simulator (engine/sim): the few read-only
// accessors a time-driven simulation needs that the rest of the API does
// not give cheaply. Nothing here changes scheduler state.

// QueueResources returns every queue's effective guarantee and maximum
// resource (the values ParentQueue.updateClusterResource computed for the
// current cluster), in QueuePaths order. Unlike Snapshot it allocates
// two slices and walks nothing else, so a simulator can call it after
// every node change or refresh.
func (e *Engine) QueueResources() (guarantee, maximum []Resource) {
	guarantee = make([]Resource, len(e.queues))
	maximum = make([]Resource, len(e.queues))
	for i, q := range e.queues {
		guarantee[i], maximum[i] = q.guarantee, q.maxRes
	}
	return guarantee, maximum
}
