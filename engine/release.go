package engine

import "fmt"

// ReleaseContainer completes one running container (or cancels a
// reservation) by id.
func (e *Engine) ReleaseContainer(id int64) error {
	if e.ReleaseRunning(id) {
		return nil
	}
	for _, n := range e.nodes {
		if n.reserved != nil && n.reserved.id == id {
			e.unreserve(n.reserved)
			return nil
		}
	}
	return fmt.Errorf("unknown container %d", id)
}

// ReleaseRunning completes the running container id as ReleaseContainer
// does and reports whether there was one. It never looks for a
// reservation of that id (a scan of every node), so a caller that
// releases only what it was allocated learns cheaply that a container
// is gone (killed or preempted).
func (e *Engine) ReleaseRunning(id int64) bool {
	c := e.container(id)
	if c == nil {
		return false
	}
	e.release(c, EvReleased)
	e.afterKeptRelease(c.a)
	return true
}

// SetTag keeps tag with the running container id for the caller, and
// reports whether there is one; its release event (EvReleased,
// EvPreempted), Running and EachRunning return it as Event.Tag. The
// scheduler never reads it, so OnEvent may set it, on the container's
// EvAllocated.
func (e *Engine) SetTag(id, tag int64) bool {
	c := e.container(id)
	if c == nil {
		return false
	}
	c.tag = tag
	return true
}

// Running returns the running container id as an event (Kind
// EvAllocated), and whether there is one.
func (e *Engine) Running(id int64) (Event, bool) {
	c := e.container(id)
	if c == nil {
		return Event{}, false
	}
	return c.event(EvAllocated), true
}

// EachRunning calls f with every running container, in id order, as
// Running returns it. f must not change the engine.
func (e *Engine) EachRunning(f func(Event)) {
	e.containers.Each(func(_ int64, c **container) { f((*c).event(EvAllocated)) })
}

// CompleteContainers releases the app's oldest n running containers
// (n < 0: all). It returns how many were released.
func (e *Engine) CompleteContainers(appID string, n int) (int, error) {
	a := e.appByID[appID]
	if a == nil {
		return 0, fmt.Errorf("unknown application %s", appID)
	}
	if !a.amContainer {
		if n < 0 || n > a.nLive {
			n = a.nLive
		}
		for i := 0; i < n; i++ {
			e.release(a.oldest(), EvReleased)
		}
		e.afterKeptRelease(a)
		return n, nil
	}
	// The modelled AM container is never completed here (only
	// FinishApp releases it).
	var picked []*container
	a.eachLive(func(c *container) {
		if c.priority != AMPriority && (n < 0 || len(picked) < n) {
			picked = append(picked, c)
		}
	})
	for _, c := range picked {
		e.release(c, EvReleased)
	}
	e.afterKeptRelease(a)
	return len(picked), nil
}

// afterKeptRelease drops the user of an app between attempts once the
// containers it kept are gone, as Hadoop dropped it with the attempt
// (AbstractLeafQueue.removeApplicationAttempt).
func (e *Engine) afterKeptRelease(a *app) {
	if a.noAttempt {
		e.dropIdleUser(a.u)
	}
}

// LiveContainers returns the ids of an app's running containers, oldest
// first.
func (e *Engine) LiveContainers(appID string) []int64 {
	a := e.appByID[appID]
	if a == nil {
		return nil
	}
	ids := make([]int64, 0, a.nLive)
	a.eachLive(func(c *container) { ids = append(ids, c.id) })
	return ids
}

// container is the running container with that id, or nil.
func (e *Engine) container(id int64) *container {
	c, _ := e.containers.Get(id)
	return c
}

// setContainer records (c) or forgets (nil) the running container id.
func (e *Engine) setContainer(id int64, c *container) {
	if c == nil {
		e.containers.Delete(id)
		return
	}
	e.containers.Set(id, c)
}
