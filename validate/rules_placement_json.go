package validate

import (
	"github.com/capq/capq/placement"
	"github.com/capq/capq/xmlconf"
)

// Lint of the mapping rules as placement reads them (one reading for the
// engine and the linter): the JSON format's syntax and targets, and, for
// both formats, unknown variables and rules that can never match.

func mappingRules(p *Pass) (*placement.Set, []placement.Problem) {
	sh := p.sh()
	if sh.mapping == nil {
		set, probs := placement.Load(p.Model.Conf, p.Version, placement.LoadOptions{ReadFile: placement.ConfFileReader(p.Model.Conf)})
		sh.mapping = &mappingLoad{set, probs}
	}
	return sh.mapping.set, sh.mapping.probs
}

var ruleMappingJSON = &Rule{
	ID: "CS074", Name: "mapping-rule-json", Category: CatPlacement, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_4,
	Docs: Docs{
		Summary: "mapping-rule-json is not a valid MappingRulesDescription",
		Why: "With mapping-rule-format=json the ResourceManager parses the rules at every (re)initialization " +
			"(MappingRuleCreator); invalid JSON, an unknown type/policy/fallbackResult, or a rule missing what its policy needs " +
			"(`Rule policy is undefined`, `Match string is empty`, `Cannot match '*' for groups`, `custom queue is undefined`, " +
			"`default queue is undefined`) fails it.",
		Bad:      `mapping-rule-json={"rules":[{"type":"group","matches":"*","policy":"primaryGroup"}]}`,
		Good:     `mapping-rule-json={"rules":[{"type":"user","matches":"*","policy":"user","parentQueue":"root.users"}]}`,
		Source:   "MappingRuleCreator#getMappingRules, checkMandatoryParameters, createMatcher, createAction",
		Versions: "3.4+",
	},
	Check: func(p *Pass) {
		reportLoadProblems(p, "see the JSON format in the Capacity Scheduler docs (rules: type, matches, policy, ...)", func(pr placement.Problem) bool {
			return !pr.Warning && (pr.Key == placement.KeyJSON || pr.Key == placement.KeyJSONFile)
		})
	},
}

var ruleMappingJSONTarget = &Rule{
	ID: "CS075", Name: "mapping-rule-json-target", Category: CatPlacement, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_4,
	Docs: Docs{
		Summary: "a JSON mapping rule places into a queue that does not exist, is not a leaf, is ambiguous, or under a parent that cannot create it",
		Why: "CSMappingPlacementRule.initialize validates every rule's target against the queue tree and, with the default " +
			"fail-on-error, refuses to start: `Target queue does not exist and has no parent defined '<q>'.`, `Target queue '<q>' " +
			"but it's not a leaf queue.`, `Mapping rule specified a parent queue '<p>', but it is not a dynamic parent queue, and no " +
			"queue exists with name '<leaf>' under it.`, `Queue path '<q>' is invalid because '<p>' is a leaf queue, which can have " +
			"no other queues under it.`, `No eligible parent found on path '<q>'.`",
		Bad:      `{"rules":[{"type":"user","matches":"*","policy":"user","parentQueue":"root.default"}]}   (root.default is a leaf)`,
		Good:     `{"rules":[{"type":"user","matches":"*","policy":"user","parentQueue":"root.users"}]}   (root.users has auto-queue-creation-v2.enabled)`,
		Source:   "MappingRuleValidationContextImpl#validateQueuePath",
		Versions: "3.4+",
	},
	Check: func(p *Pass) {
		if p.Model.Conf == nil {
			return
		}
		s, _ := mappingRules(p)
		if s.Format != "json" {
			return // legacy targets: CS072
		}
		for _, is := range s.Check(placement.ModelQueues(p.Model)) {
			if is.Kind == "target" {
				p.ReportHint(p.AtKey(is.Rule.Key), "point the rule at a leaf, or at a parent with auto-queue-creation-v2.enabled", "%s: %s", is.Rule.Origin, is.Msg)
			}
		}
	},
}

var ruleMappingVariable = &Rule{
	ID: "CS076", Name: "mapping-rule-variable", Category: CatPlacement, Severity: xmlconf.SeverityWarning,
	Since: xmlconf.V3_4,
	Docs: Docs{
		Summary: "a mapping rule's queue path uses a %word that is not a variable",
		Why: "Only %user, %primary_group, %secondary_group, %application, %specified and %default are replaced; any other %word " +
			"is taken literally as a queue name (CSMappingPlacementRule's VariableContext), which is almost never meant (a typo such as %usr).",
		Bad:      "queue-mappings=u:%user:root.users.%usr",
		Good:     "queue-mappings=u:%user:root.users.%user",
		Source:   "CSMappingPlacementRule#buildValidationContext, VariableContext#replacePathVariables",
		Versions: "3.4+",
	},
	Check: func(p *Pass) {
		reportMappingIssues(p, "variable", "did you mean one of %user, %primary_group, %secondary_group, %application, %specified, %default?")
	},
}

var ruleMappingUnreachable = &Rule{
	ID: "CS077", Name: "mapping-rule-unreachable", Category: CatPlacement, Severity: xmlconf.SeverityWarning,
	Since: xmlconf.V3_4,
	Docs: Docs{
		Summary: "a mapping rule comes after a rule that decides every submission, so it never runs",
		Why: "Rules are evaluated in order and the first that places, places to default or rejects wins " +
			"(CSMappingPlacementRule#getPlacementForApp). A rule matching every user that rejects, places to default, or places " +
			"with a placeDefault or reject fallback (every legacy u:%user:... mapping) ends the evaluation for everyone.",
		Bad:      "queue-mappings=u:%user:root.users.%user,u:alice:root.adhoc",
		Good:     "queue-mappings=u:alice:root.adhoc,u:%user:root.users.%user",
		Source:   "CSMappingPlacementRule#getPlacementForApp; LegacyMappingRuleToJson (legacy rules fall back to placeDefault)",
		Versions: "3.4+",
	},
	Check: func(p *Pass) {
		reportMappingIssues(p, "unreachable", "move the more specific rule before the catch-all one")
	},
}

var ruleMappingJSONMissing = &Rule{
	ID: "CS078", Name: "mapping-rule-json-missing", Category: CatPlacement, Severity: xmlconf.SeverityWarning,
	Since: xmlconf.V3_4,
	Docs: Docs{
		Summary: "mapping-rule-format is json but no rules are given, or their file cannot be read here",
		Why: "Without mapping-rule-json or mapping-rule-json-file the ResourceManager logs `Mapping rule is set to JSON, but no inline " +
			"JSON nor a JSON file was provided! Starting with no mapping rules!` and places nothing. capq reads " +
			"mapping-rule-json-file at its absolute path or next to the configuration (a regular file up to 16 MiB); the " +
			"ResourceManager reads it on its own host, so a file missing here is a warning and its rules go unchecked.",
		Bad:      "mapping-rule-format=json   (and nothing else)",
		Good:     `mapping-rule-format=json, mapping-rule-json={"rules":[...]}`,
		Source:   "CapacitySchedulerConfiguration#getMappingRules",
		Versions: "3.4+",
	},
	Check: func(p *Pass) {
		reportLoadProblems(p, "", func(pr placement.Problem) bool { return pr.Warning && !pr.UnknownKey })
	},
}

var ruleMappingJSONUnknownKey = &Rule{
	ID: "CS113", Name: "mapping-rule-json-unknown-key", Category: CatPlacement, Severity: xmlconf.SeverityWarning,
	Since: xmlconf.V3_4,
	Docs: Docs{
		Summary: "a JSON mapping rule has a key that is not a rule field, so what it says does not happen",
		Why: "MappingRuleCreator reads the rules with Jackson, whose field names are case-sensitive: a misspelled or " +
			"differently cased key (`Create`, `fallbackresult`, `parent`) is not read as the field it was meant for, and the rule " +
			"keeps that field's default (create true, fallbackResult skip).",
		Bad:      `{"rules":[{"type":"user","matches":"*","policy":"user","parentQueue":"root.users","Create":false}]}`,
		Good:     `{"rules":[{"type":"user","matches":"*","policy":"user","parentQueue":"root.users","create":false}]}`,
		Source:   "MappingRuleCreator#getMappingRulesFromJson (Jackson ObjectMapper), schema.Rule",
		Versions: "3.4+",
	},
	Check: func(p *Pass) {
		reportLoadProblems(p, "", func(pr placement.Problem) bool { return pr.UnknownKey })
	},
}

// reportLoadProblems reports the problems of reading the mapping rules
// that keep selects, at their key, with hint when there is one.
func reportLoadProblems(p *Pass, hint string, keep func(placement.Problem) bool) {
	if p.Model.Conf == nil {
		return
	}
	_, probs := mappingRules(p)
	for _, pr := range probs {
		if keep(pr) {
			p.ReportHint(p.AtKey(pr.Key), hint, "%s", pr.Msg)
		}
	}
}

// reportMappingIssues reports the placement checker's issues of one kind
// (variable, unreachable) at the rule that has them, with hint.
func reportMappingIssues(p *Pass, kind, hint string) {
	if p.Model.Conf == nil {
		return
	}
	s, _ := mappingRules(p)
	for _, is := range s.Check(placement.ModelQueues(p.Model)) {
		if is.Kind == kind {
			p.ReportHint(p.AtKey(is.Rule.Key), hint, "%s", is.Msg)
		}
	}
}
