package validate

import (
	"strings"

	"github.com/capq/capq/placement"
	"github.com/capq/capq/xmlconf"
)

const mappingKey = xmlconf.Prefix + "queue-mappings"

// mapping is one parsed legacy queue mapping (u:user:queue / g:group:queue).
type mapping struct {
	raw, kind, source, queue, key string
}

const appNameKey = "yarn.scheduler.queue-placement-rules.app-name"

// placementRuleActive reports whether a placement rule's (user-group,
// app-name) mappings are read, as placement.RuleActive decides. Only
// active rules' mappings are parsed and validated on refresh.
func placementRuleActive(c *xmlconf.Conf, v xmlconf.Version, rule string) bool {
	return placement.RuleActive(c, v, rule)
}

// legacyMappings splits queue-mappings (and, when that rule is active,
// the app-name mappings) as Hadoop does; bad entries are returned
// separately with Hadoop's message and the key they came from.
func legacyMappings(c *xmlconf.Conf, v xmlconf.Version) (good []mapping, bad [][2]string) {
	if c == nil {
		return nil, nil
	}
	if placementRuleActive(c, v, "app-name") {
		for _, entry := range xmlconf.TrimmedStringCollection(c.GetOr(appNameKey, ""), v) {
			f := xmlconf.TrimmedTokens(entry, ":")
			if len(f) != 2 {
				bad = append(bad, [2]string{appNameKey, "Illegal queue mapping " + entry})
				continue
			}
			good = append(good, mapping{raw: entry, kind: "app", source: f[0], queue: f[1], key: appNameKey})
		}
	}
	if !placementRuleActive(c, v, "user-group") {
		return good, bad
	}
	for _, entry := range xmlconf.TrimmedStringCollection(c.GetOr(mappingKey, ""), v) {
		f := xmlconf.TrimmedTokens(entry, ":")
		switch {
		case len(f) != 3:
			bad = append(bad, [2]string{mappingKey, "Illegal queue mapping " + entry})
		case f[0] != "u" && f[0] != "g":
			bad = append(bad, [2]string{mappingKey, "unknown mapping prefix " + f[0]})
		default:
			good = append(good, mapping{raw: entry, kind: f[0], source: f[1], queue: f[2], key: mappingKey})
		}
	}
	return good, bad
}

var ruleMappingSyntax = &Rule{
	ID: "CS070", Name: "mapping-syntax", Category: CatPlacement, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary:  "a legacy queue mapping is not u:<user>:<queue>, g:<group>:<queue> or (app-name) <app>:<queue>",
		Why:      "Every refresh re-reads the mappings of the active placement rules; a malformed entry fails it: `Illegal queue mapping <entry>` or `unknown mapping prefix <p>`.",
		Bad:      "yarn.scheduler.capacity.queue-mappings=u:alice,x:bob:dev",
		Good:     "yarn.scheduler.capacity.queue-mappings=u:alice:dev,g:ops:ops",
		Source:   "CapacitySchedulerConfiguration#getQueueMappings",
		Versions: "all",
	},
	Check: func(p *Pass) {
		_, bad := legacyMappings(p.Model.Conf, p.Version)
		for _, b := range bad {
			hint := "write u:<user>:<queue> or g:<group>:<queue>, comma separated"
			if b[0] == appNameKey {
				hint = "write <application>:<queue>, comma separated"
			}
			p.ReportHint(p.AtKey(b[0]), hint, "%s", b[1])
		}
	},
}

var ruleMappingFormat = &Rule{
	ID: "CS071", Name: "mapping-rule-format", Category: CatPlacement, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_4,
	Docs: Docs{
		Summary:  "mapping-rule-format is neither legacy nor json",
		Why:      "`Illegal queue mapping format '<f>' please use 'legacy' or 'json'`.",
		Bad:      "yarn.scheduler.capacity.mapping-rule-format=JSON5",
		Good:     "yarn.scheduler.capacity.mapping-rule-format=json",
		Source:   "CapacitySchedulerConfiguration#getMappingRules",
		Versions: "3.4+",
	},
	Check: func(p *Pass) {
		key := xmlconf.Prefix + "mapping-rule-format"
		if p.Model.Conf == nil {
			return
		}
		f, ok, _ := p.Model.Conf.Get(key)
		if ok && f != "legacy" && f != "json" {
			p.Report(p.AtKey(key), "Illegal queue mapping format '%s' please use 'legacy' or 'json'", f)
		}
	},
}

var ruleMappingTarget = &Rule{
	ID: "CS072", Name: "mapping-target", Category: CatPlacement, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "a queue mapping targets a queue that does not exist, is a parent, or is ambiguous",
		Why: "Mappings are validated on every refresh and a bad target fails it (3.4, which validates them as mapping rules, " +
			"targets with %user and the like too: `Path root '<p>' does not exist. Path '<q>' is invalid`, `Target queue '<q>' but " +
			"it's not a leaf queue.`, `Target queue is an ambiguous leaf queue '<q>'.`, `Queue path '<q>' is invalid because '<p>' " +
			"is a leaf queue, which can have no other queues under it.`; ≤3.3: `mapping contains invalid or non-leaf queue <q>`, " +
			"`mapping contains ambiguous leaf queue reference <q>`).",
		Bad:      "queue-mappings=u:alice:eng   (eng is a parent)",
		Good:     "queue-mappings=u:alice:dev",
		Source:   "MappingRuleValidationContextImpl (≤3.3 UserGroupMappingPlacementRule; 2.x CapacityScheduler#initializeQueueMappings)",
		Versions: "all",
	},
	Check: func(p *Pass) {
		if p.Version.AtLeast(xmlconf.V3_4) {
			reportLegacyTargets(p)
			return
		}
		good, _ := legacyMappings(p.Model.Conf, p.Version)
		for _, mp := range good {
			if msg := mappingTargetError(p, mp.queue); msg != "" {
				p.ReportHint(p.AtKey(mp.key), "map to an existing leaf queue (full path from 3.3 on)", "%s", msg)
			}
		}
	},
}

// reportLegacyTargets checks the legacy mappings as Hadoop 3.4 does: they
// become mapping rules (LegacyMappingRuleToJson) and each rule's target is
// validated by MappingRuleValidationContextImpl#validateQueuePath, so a
// target with variables is checked too (its static prefix must exist and
// must not be a leaf) and a path whose first part is no queue fails with
// "Path root '<p>' does not exist".
func reportLegacyTargets(p *Pass) {
	if p.Model.Conf == nil {
		return
	}
	s, _ := mappingRules(p)
	if s == nil || s.Format != "legacy" {
		return
	}
	for _, is := range s.Check(placement.ModelQueues(p.Model)) {
		if is.Kind == "target" {
			p.ReportHint(p.AtKey(is.Rule.Key), "map to an existing leaf queue (full path from 3.3 on)", "%s", is.Msg)
		}
	}
}

// mappingTargetError returns the message of Hadoop before 3.4
// (UserGroupMappingPlacementRule) for a bad static target, or "" when the
// target is fine or contains a variable (%user, ...), which those versions
// do not check.
func mappingTargetError(p *Pass, target string) string {
	m, v := p.Model, p.Version
	if strings.Contains(target, "%") {
		return ""
	}
	if !strings.Contains(target, ".") {
		return shortTargetError(p, target)
	}
	if q := m.Queue(target); q != nil {
		if q.IsLeaf() {
			return ""
		}
		return "mapping contains invalid or non-leaf queue " + target
	}
	if v.Less(xmlconf.V3_1) {
		return "mapping contains invalid or non-leaf queue " + target
	}
	parentPath, leaf := target[:strings.LastIndexByte(target, '.')], target[strings.LastIndexByte(target, '.')+1:]
	pq := p.sh().queueByName(m, parentPath)
	switch {
	case pq != nil && pq.DynamicParent || pq != nil && (pq.AutoCreate.Legacy.V || pq.AutoCreate.V2.V):
		return ""
	case pq != nil:
		return "mapping contains leaf queue [" + leaf + "] and invalid parent queue which does not have auto creation of leaf queues enabled [" + parentPath + "]"
	}
	return "mapping contains invalid or non-leaf queue [" + leaf + "] and invalid parent queue [" + parentPath + "]"
}

func shortTargetError(p *Pass, name string) string {
	m, v := p.Model, p.Version
	leaves := m.Leaves[name]
	switch {
	case len(leaves) == 1:
		return ""
	case len(leaves) > 1 && v.AtLeast(xmlconf.V3_3):
		return "mapping contains ambiguous leaf queue reference " + name
	case len(leaves) > 1:
		return "" // ≤3.2 refuses duplicate leaf names anyway (CS003)
	}
	return "mapping contains invalid or non-leaf queue " + name
}

var rulePlacementRules = &Rule{
	ID: "CS073", Name: "duplicate-placement-rules", Category: CatPlacement, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_1,
	Docs: Docs{
		Summary:  "yarn.scheduler.queue-placement-rules lists a rule twice",
		Why:      "`Invalid PlacementRule inputs which contains duplicate rule strings`.",
		Bad:      "yarn.scheduler.queue-placement-rules=user-group,app-name,user-group",
		Good:     "yarn.scheduler.queue-placement-rules=user-group,app-name",
		Source:   "CapacitySchedulerConfigValidator#validatePlacementRules",
		Versions: "3.1+",
	},
	Check: func(p *Pass) {
		key := placement.KeyPlacement
		if p.Model.Conf == nil {
			return
		}
		// validatePlacementRules compares the entries untrimmed.
		seen := map[string]bool{}
		for _, r := range placement.RuleEntries(p.Model.Conf.GetOr(key, "")) {
			if seen[r] {
				p.Report(p.AtKey(key), "Invalid PlacementRule inputs which contains duplicate rule strings")
				return
			}
			seen[r] = true
		}
	},
}
