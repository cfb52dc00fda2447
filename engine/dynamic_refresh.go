package engine

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// WithDynamic returns m with the engine's auto-created queues added, as
// the scheduler will run it after a refresh: refresh rules compare the
// running tree with this one (dynamic queues are never "removed").
func (e *Engine) WithDynamic(m *xmlconf.Model) *xmlconf.Model {
	nm, _ := e.keepDynamic(m)
	return nm
}

// keepDynamic carries the auto-created queues into a refreshed
// configuration, as reinitialize keeps dynamic queues: each one the new
// file does not list is re-added with the settings it was created with.
// A dynamic queue the new file lists becomes static.
func (e *Engine) keepDynamic(m *xmlconf.Model) (*xmlconf.Model, []string) {
	if len(e.dynamicPaths) == 0 || m.Conf == nil {
		return m, e.dynamicPaths
	}
	c := m.Conf.Clone()
	var left []string
	for _, p := range e.dynamicPaths {
		q := e.byPath[p]
		if q == nil {
			continue
		}
		if m.Queue(p) != nil {
			continue
		}
		left = append(left, p)
		e.addChild(c, parentPath(p), q.name)
		if q.legacyAuto {
			// An AutoCreatedLeafQueue keeps the entitlement it was given.
			e.copyQueueKeys(e.model.Conf, c, p)
			continue
		}
		// Flexible queues are configured afresh from the new file's
		// templates (reinitialize re-applies AutoCreatedQueueTemplate);
		// keys the new file sets on the queue itself win.
		own := map[string]string{}
		for _, k := range c.Keys() {
			if strings.HasPrefix(k, xmlconf.Prefix+p+".") {
				own[k], _, _ = c.Get(k)
			}
		}
		e.applyV2Template(c, parentPath(p), p, q.leaf)
		if !q.leaf {
			c.Set(xmlconf.Prefix+p+"."+v2EnabledSuffix, "true")
		}
		for k, v := range own {
			c.Set(k, v)
		}
	}
	return xmlconf.Build(c, xmlconf.BuildOptions{Version: m.Version, Cluster: m.Cluster}), left
}

// copyQueueKeys copies every key of a queue path from one configuration
// to another.
func (e *Engine) copyQueueKeys(from, to *xmlconf.Conf, path string) {
	for _, k := range from.Keys() {
		if strings.HasPrefix(k, xmlconf.Prefix+path+".") {
			v, _, _ := from.Get(k)
			to.Set(k, v)
		}
	}
}
