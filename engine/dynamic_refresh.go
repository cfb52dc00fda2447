package engine

import (
	"strconv"
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
	var left, legacy []string
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
			legacy = append(legacy, p)
			continue
		}
		// Flexible queues are configured afresh from the new file's
		// templates (reinitialize re-applies AutoCreatedQueueTemplate).
		e.configureFlexible(c, p, q.leaf)
	}
	e.reinitLegacy(m, c, legacy)
	nm := xmlconf.Build(c, xmlconf.BuildOptions{Version: m.Version, Cluster: m.Cluster})
	for _, p := range left {
		if q := nm.Queue(p); q != nil {
			q.AutoCreated = true
		}
	}
	return nm, left
}

// reinitLegacy configures the AutoCreatedLeafQueues a refresh keeps, as
// ManagedParentQueue.reinitialize does: each leaf takes the new file's
// leaf-queue-template (AutoCreatedLeafQueue.reinitialize:
// setLeafQueueConfigs), its guarantee is reset to 0, and the policy
// (GuaranteedOrZeroCapacityOverTimePolicy.computeQueueManagementChanges)
// gives the template capacity to the leaves with applications, oldest
// first, while the parent's guarantee has room
// (TestCapacitySchedulerAutoQueueCreation#
// testReinitializeQueuesWithAutoCreatedLeafQueues). A parent with
// fail-on-exceeding-parent-capacity keeps its leaves' entitlements.
func (e *Engine) reinitLegacy(m *xmlconf.Model, c *xmlconf.Conf, paths []string) {
	used := map[string]float64{}
	for _, p := range paths {
		pp := parentPath(p)
		mq := m.Queue(pp)
		if mq == nil || mq.AutoCreate.FailOnExceeding.V {
			e.copyQueueKeys(e.model.Conf, c, p)
			continue
		}
		capPct := applyLegacyTemplate(c, pp, p)
		setLegacyMaxApps(c, p, mq.AbsCapacity, capPct, m.Global.MaxApplications.V)
		want := 0.0
		if e.byPath[p].apps > 0 && used[pp]+capPct <= 100+1e-3 {
			want = capPct
			used[pp] += capPct
		}
		c.Set(xmlconf.Prefix+p+".capacity", strconv.FormatFloat(want, 'g', -1, 64))
	}
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

// explicitDynamic are the settings a file may give a flexible dynamic
// queue by its own path; every other key there is ignored in favour of
// the dynamic defaults and templates (TestCapacitySchedulerNewQueue-
// AutoCreation#testExplicitSettingsOfDynamicLeafQueue: "ignored, except
// for its priority"; its weight and state are honoured too), and its
// maximum-applications (#testAutoQueueCreationMaxAppUpdate: a configured
// root.e1.maximum-applications of 50 beats global-queue-max-application).
var explicitDynamic = map[string]bool{"capacity": true, "priority": true, "state": true, "maximum-applications": true}

// configureFlexible writes a flexible dynamic queue's settings into c:
// the dynamic defaults and the parent's templates, then the explicit
// settings the file may give it; a dynamic parent keeps auto-creation on.
func (e *Engine) configureFlexible(c *xmlconf.Conf, path string, leaf bool) {
	pre := xmlconf.Prefix + path + "."
	own := map[string]string{}
	for _, k := range c.Keys() {
		if suffix, ok := strings.CutPrefix(k, pre); ok && !strings.Contains(suffix, ".") {
			own[suffix], _, _ = c.Get(k)
			c.Unset(k)
		}
	}
	e.applyV2Template(c, parentPath(path), path, leaf)
	if !leaf {
		c.Set(pre+v2EnabledSuffix, "true")
	} else {
		// The last queue of a created path is a LeafQueue whatever the file
		// says of auto-creation on that path (CapacitySchedulerQueueManager.
		// createAutoQueue: addDynamicLeafQueue), and reinitialize keeps it
		// one; TestCapacitySchedulerNewQueueAutoCreation#
		// testAutoQueueCreationMaxAppUpdate creates root.e, which has
		// auto-queue-creation-v2 enabled, and casts it to LeafQueue.
		c.Unset(pre + v2EnabledSuffix)
		c.Unset(pre + legacyEnabledSuffix)
	}
	for suffix, v := range own {
		if explicitDynamic[suffix] {
			c.Set(pre+suffix, v)
		}
	}
}
