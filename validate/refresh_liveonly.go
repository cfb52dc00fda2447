package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// staticLister is a LiveState that knows every static live queue (the
// REST answer does; the scenario engine's live state is OLD itself).
type staticLister interface{ StaticQueuePaths() []string }

// liveOnly checks the live queues OLD does not define: the ResourceManager
// validates the queues it runs, not the file an admin believes is in
// force (RF016), so one that NEW lacks too must be deletable (RF002).
func (c *refreshCheck) liveOnly() {
	l, ok := c.live.(staticLister)
	if !ok {
		return
	}
	var newByName map[string]*xmlconf.Queue
	if c.v.Less(xmlconf.V3_3) {
		newByName = byShortName(c.new)
	}
	for _, path := range l.StaticQueuePaths() {
		if c.old.Queue(path) != nil {
			continue
		}
		oq := c.liveQueue(path)
		c.hint(ruleRF016, xmlconf.SeverityWarning, c.at(oq), "diff against the file the ResourceManager loaded last",
			"the live scheduler has queue %s, which OLD does not define: OLD is not the configuration in force", path)
		if c.new.Queue(path) != nil || (newByName != nil && newByName[oq.Name] != nil) {
			continue
		}
		c.removal(oq)
	}
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
