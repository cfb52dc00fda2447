package engine

import "fmt"

// ReleaseContainer completes one running container (or cancels a
// reservation) by id.
func (e *Engine) ReleaseContainer(id int64) error {
	if c := e.container(id); c != nil {
		e.release(c, EvReleased)
		e.afterKeptRelease(c.a)
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
