package engine

import (
	"strconv"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// SetTime tells the engine the simulated time (ms); it stamps queue use
// for the expiry of dynamic queues and runs the multi-node sorters that
// fell due.
func (e *Engine) SetTime(ms int64) {
	e.nowMS = ms
	if e.mn != nil {
		e.mn.tick(e, ms)
	}
}

// DynamicQueues returns the auto-created queues that exist, in creation
// order.
func (e *Engine) DynamicQueues() []string {
	var out []string
	for _, p := range e.dynamicPaths {
		if q := e.byPath[p]; q != nil && q.dynamic {
			out = append(out, p)
		}
	}
	return out
}

// ExpireQueues is AutoCreatedQueueDeletionPolicy: flexible (v2) dynamic
// queues with no applications for auto-queue-creation-v2.
// queue-expiration-time seconds (300 by default) are removed, leaves
// with no children; a dynamic parent left childless goes in a later round,
// as the policy removes one level per run. Queues whose
// queue-auto-removal.enable is false stay. It returns the removed paths.
func (e *Engine) ExpireQueues(nowMS int64) []string {
	if len(e.dynamicPaths) == 0 {
		return nil
	}
	e.nowMS = nowMS
	expiry := int64(defaultExpirySeconds)
	if v, ok, _ := e.model.Conf.Get(keyV2Expiry); ok {
		if n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil {
			expiry = n
		}
	}
	var removed []string
	for i := len(e.dynamicPaths) - 1; i >= 0; i-- {
		q := e.byPath[e.dynamicPaths[i]]
		if q == nil || !q.dynamic || q.apps > 0 || len(q.children) > 0 {
			continue
		}
		if !e.autoRemoval(q) || nowMS-q.lastUsedMS < expiry*1000 {
			continue
		}
		removed = append(removed, q.path)
		if q.parent != nil {
			q.parent.lastUsedMS = max(q.parent.lastUsedMS, q.lastUsedMS)
		}
	}
	if len(removed) == 0 {
		return nil
	}
	e.dropQueues(removed)
	return removed
}

// autoRemoval is queue-auto-removal.enable of the queue (true unless set
// false on it or its parent).
func (e *Engine) autoRemoval(q *queue) bool {
	for _, p := range []string{q.path, parentPath(q.path)} {
		if v, ok, _ := e.model.Conf.Get(xmlconf.Prefix + p + "." + keyV2AutoRemoval); ok {
			b, _ := xmlconf.HadoopGetBool(v, true)
			return b
		}
	}
	return true
}

// dropQueues removes queues from the working configuration and rebuilds.
func (e *Engine) dropQueues(paths []string) {
	c := e.model.Conf.Clone()
	for _, p := range paths {
		parent, name := parentPath(p), p[len(parentPath(p))+1:]
		key := xmlconf.Prefix + parent + ".queues"
		cur, _, _ := c.Get(key)
		var keep []string
		for _, n := range strings.Split(cur, ",") {
			if strings.TrimSpace(n) != name && strings.TrimSpace(n) != "" {
				keep = append(keep, strings.TrimSpace(n))
			}
		}
		c.Set(key, strings.Join(keep, ","))
		for _, k := range c.Keys() {
			if strings.HasPrefix(k, xmlconf.Prefix+p+".") {
				c.Unset(k)
			}
		}
	}
	var left []string
	for _, p := range e.dynamicPaths {
		if !contains(paths, p) {
			left = append(left, p)
		}
	}
	e.dynamicPaths = left
	m := xmlconf.Build(c, xmlconf.BuildOptions{Version: e.model.Version, Cluster: e.model.Cluster})
	drf := e.g.rc.drf
	e.setModel(m)
	e.g.rc.drf = drf
	e.clusterChanged()
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
