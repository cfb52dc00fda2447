package placement

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// legacyRules converts queue-mappings and (when that placement rule runs)
// the application-name mappings to mapping rules, as
// LegacyMappingRuleToJson does: every legacy rule falls back to
// placeDefault and allows creation. Malformed entries are reported with
// Hadoop's message and skipped.
func legacyRules(c *xmlconf.Conf, v xmlconf.Version) ([]Rule, []Problem) {
	var rules []Rule
	var probs []Problem
	if RuleActive(c, v, "user-group") {
		for _, entry := range xmlconf.TrimmedStringCollection(c.GetOr(KeyQueueMappings, ""), v) {
			f := xmlconf.TrimmedTokens(entry, ":")
			switch {
			case len(f) != 3:
				probs = append(probs, Problem{Key: KeyQueueMappings, Msg: "Illegal queue mapping " + entry})
			case f[0] == "u":
				rules = append(rules, userRule(f[1], f[2], entry))
			case f[0] == "g":
				rules = append(rules, groupRule(f[1], f[2], entry))
			default:
				probs = append(probs, Problem{Key: KeyQueueMappings, Msg: "unknown mapping prefix " + f[0]})
			}
		}
	}
	if RuleActive(c, v, "app-name") {
		for _, entry := range xmlconf.TrimmedStringCollection(c.GetOr(KeyAppName, ""), v) {
			f := xmlconf.TrimmedTokens(entry, ":")
			if len(f) != 2 {
				probs = append(probs, Problem{Key: KeyAppName, Msg: "Illegal queue mapping " + entry})
				continue
			}
			rules = append(rules, appRule(f[0], f[1], entry))
		}
	}
	return rules, probs
}

// csMappingRuleClass is CSMappingPlacementRule's getName(), its fully
// qualified class name, as yarn.scheduler.queue-placement-rules may list it.
const csMappingRuleClass = "org.apache.hadoop.yarn.server.resourcemanager.placement.CSMappingPlacementRule"

// RuleActive reports whether the mappings of a placement rule (user-group
// for queue-mappings, app-name for the application-name mappings) are
// read. yarn.scheduler.queue-placement-rules (3.1+) lists the rules,
// user-group alone by default. From 3.4 either name stands for one
// CSMappingPlacementRule that reads both kinds of mapping
// (CapacityScheduler.updatePlacementRules,
// CapacitySchedulerConfiguration.parseLegacyMappingRules); before, each
// name was its own rule class reading its own mappings.
func RuleActive(c *xmlconf.Conf, v xmlconf.Version, rule string) bool {
	rules := RuleEntries(c.GetOr(KeyPlacement, "")) // untrimmed, as updatePlacementRules reads them
	switch {
	case v.Less(xmlconf.V3_1):
		return rule == "user-group"
	case len(rules) == 0:
		rules = []string{"user-group"}
	}
	if v.AtLeast(xmlconf.V3_4) {
		// Any other entry is a class updatePlacementRules loads with
		// PlacementFactory and initializes: CSMappingPlacementRule named
		// by its class reads the same mappings as user-group does.
		return contains(rules, "user-group") || contains(rules, "app-name") || contains(rules, csMappingRuleClass)
	}
	return contains(rules, rule)
}

// RuleEntries is yarn.scheduler.queue-placement-rules as
// Configuration.getStringCollection gives it: the pieces between commas,
// empty ones dropped, none trimmed.
func RuleEntries(raw string) []string {
	var out []string
	for _, s := range strings.Split(raw, ",") {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// UnmodelledRuleClasses are the entries of yarn.scheduler.queue-placement-
// rules (3.1+) that updatePlacementRules loads as classes and capq does
// not model: custom rules, or names the ResourceManager cannot load
// (which lint reports as errors, CS114).
func UnmodelledRuleClasses(c *xmlconf.Conf, v xmlconf.Version) []string {
	if c == nil || v.Less(xmlconf.V3_1) {
		return nil
	}
	var out []string
	for _, name := range RuleEntries(c.GetOr(KeyPlacement, "")) {
		if !BuiltinRuleName(name) && !ModelledRuleClass(name, v) {
			out = append(out, name)
		}
	}
	return out
}

// BuiltinRuleName reports whether a yarn.scheduler.queue-placement-rules
// entry, exactly as getStringCollection gives it (untrimmed), names a
// built-in rule rather than a class to load.
func BuiltinRuleName(name string) bool { return name == "user-group" || name == "app-name" }

// ModelledRuleClass reports whether a placement rule class is one capq
// models: CSMappingPlacementRule from 3.4, which reads the same mappings
// as user-group (CapacityScheduler.updatePlacementRules).
func ModelledRuleClass(class string, v xmlconf.Version) bool {
	return class == csMappingRuleClass && v.AtLeast(xmlconf.V3_4)
}

func legacyBase(typ, match, entry string) Rule {
	t := true
	return Rule{Type: typ, Matches: match, FallbackResult: "placeDefault", Create: &t, Origin: entry}
}

// splitPath splits a target into its parent ("" when none) and leaf.
func splitPath(p string) (parent, leaf string) {
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		return p[:i], p[i+1:]
	}
	return "", p
}

// userRule is createUserMappingRule.
func userRule(match, target, entry string) Rule {
	r := legacyBase("user", match, entry)
	r.Key = KeyQueueMappings
	if match == "%user" {
		r.Matches = "*"
	}
	parent, leaf := splitPath(target)
	switch leaf {
	case "%user":
		r.Policy = "user"
		gp, pleaf := splitPath(parent)
		switch {
		case parent != "" && pleaf == "%primary_group":
			r.Policy, parent = "primaryGroupUser", gp
		case parent != "" && pleaf == "%secondary_group":
			r.Policy, parent = "secondaryGroupUser", gp
		}
	case "%primary_group":
		r.Policy = "primaryGroup"
	case "%secondary_group":
		r.Policy = "secondaryGroup"
	default:
		r.Policy, r.CustomPlacement = "custom", target
	}
	// LegacyMappingRuleToJson writes parentQueue whenever the target has
	// one; the custom policy does not use it.
	r.ParentQueue = parent
	return r
}

// groupRule is createGroupMappingRule.
func groupRule(match, target, entry string) Rule {
	r := legacyBase("group", match, entry)
	r.Key = KeyQueueMappings
	parent, leaf := splitPath(target)
	if leaf == "%user" {
		r.Policy, r.ParentQueue = "user", parent
	} else {
		r.Policy, r.CustomPlacement = "custom", target
	}
	return r
}

// appRule is createApplicationNameMappingRule.
func appRule(match, target, entry string) Rule {
	r := legacyBase("application", match, entry)
	r.Key = KeyAppName
	parent, leaf := splitPath(target)
	if leaf == "%application" {
		r.Policy, r.ParentQueue = "applicationName", parent
	} else {
		r.Policy, r.CustomPlacement = "custom", target
	}
	return r
}
