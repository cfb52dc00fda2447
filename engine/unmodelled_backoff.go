package engine

import "github.com/capq/capq/xmlconf"

// appBackoffKey is the scheduler-wide switch of app backoff (YARN-11809,
// Hadoop trunk, which the 3.4 profile follows); a leaf's
// <path>.app-backoff.enabled overrides it, and a leaf without one takes
// it (TestCapacitySchedulerAppBackoff.testAppBackoffConfUpdate).
const appBackoffKey = xmlconf.Prefix + "app-backoff.enabled"

// appBackoffUnmodelled warns about the leaves app backoff is on for. In
// Hadoop a leaf counts each app's missed scheduling opportunities; after
// app-backoff.missed-threshold (default 3) in a row the app is skipped
// for app-backoff.interval-ms (default 3000). capq keeps no such count,
// so it never backs an app off; Hadoop's test of it drives a placement
// constraint, which capq does not model either.
func appBackoffUnmodelled(m *xmlconf.Model) (Warning, bool) {
	if m.Conf == nil || m.Version.Less(xmlconf.V3_4) {
		return Warning{}, false
	}
	global, globalPos := false, xmlconf.Pos{}
	if p, ok := m.Conf.Lookup(appBackoffKey); ok {
		global, _ = xmlconf.HadoopGetBool(m.Conf.GetOr(appBackoffKey, ""), false)
		globalPos = p.ValuePos
	}
	return perQueue(m, func(q *xmlconf.Queue) (Warning, bool) {
		if !q.IsLeaf() {
			return Warning{}, false
		}
		w := Warning{Key: appBackoffKey, Pos: globalPos,
			Feature: "app backoff (an app that misses app-backoff.missed-threshold scheduling opportunities in a row is skipped for app-backoff.interval-ms)",
			Effect:  "apps are never backed off: every pass offers each app its turn"}
		on := global
		key := q.Key("app-backoff.enabled")
		if p, ok := m.Conf.Lookup(key); ok {
			on, _ = xmlconf.HadoopGetBool(m.Conf.GetOr(key, ""), global)
			w.Key, w.Pos = key, p.ValuePos
		}
		return w, on
	})
}
