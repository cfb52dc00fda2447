package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// staticLister is a LiveState that knows every static live queue (the
// REST answer does; the scenario engine's live state is OLD itself).
type staticLister interface{ StaticQueuePaths() []string }

// liveOnlyQueues returns stand-ins for the live queues OLD does not
// define: the ResourceManager validates the queues it runs, not the file
// an admin believes is in force. RF016 reports each; one NEW lacks too
// must be deletable (RF002, removals).
func (c *refreshCheck) liveOnlyQueues() []*xmlconf.Queue {
	l, ok := c.live.(staticLister)
	if !ok {
		return nil
	}
	var out []*xmlconf.Queue
	for _, path := range l.StaticQueuePaths() {
		if c.old.Queue(path) == nil {
			out = append(out, c.liveQueue(path))
		}
	}
	return out
}

// liveOnly is RF016's check.
func (c *refreshCheck) liveOnly() {
	for _, oq := range c.liveOnlyQueues() {
		c.hint(xmlconf.SeverityWarning, c.at(oq), "diff against the file the ResourceManager loaded last",
			"the live scheduler has queue %s, which OLD does not define: OLD is not the configuration in force", oq.Path)
	}
}

// foundInNew reports whether Hadoop finds a live-only queue in NEW: by
// path, or before 3.3 by short name.
func (c *refreshCheck) foundInNew(oq *xmlconf.Queue) bool {
	if c.new.Queue(oq.Path) != nil {
		return true
	}
	if c.v.Less(xmlconf.V3_3) {
		if c.newByName == nil {
			c.newByName = byShortName(c.new)
		}
		return c.newByName[oq.Name] != nil
	}
	return false
}

// liveQueue stands in for a live queue OLD lacks, with OLD's queues (or
// further stand-ins) as ancestors so findings can be located.
func (c *refreshCheck) liveQueue(path string) *xmlconf.Queue {
	if q := c.old.Queue(path); q != nil {
		return q
	}
	q := &xmlconf.Queue{Path: path, Name: path[strings.LastIndexByte(path, '.')+1:]}
	if dot := strings.LastIndexByte(path, '.'); dot > 0 {
		q.Parent = c.liveQueue(path[:dot])
	}
	return q
}
