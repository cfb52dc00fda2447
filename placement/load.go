package placement

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Configuration keys read by Load.
const (
	KeyQueueMappings = xmlconf.Prefix + "queue-mappings"
	KeyOverride      = xmlconf.Prefix + "queue-mappings-override.enable"
	KeyFormat        = xmlconf.Prefix + "mapping-rule-format"
	KeyJSON          = xmlconf.Prefix + "mapping-rule-json"
	KeyJSONFile      = xmlconf.Prefix + "mapping-rule-json-file"
	KeyAppName       = "yarn.scheduler.queue-placement-rules.app-name"
	KeyPlacement     = "yarn.scheduler.queue-placement-rules"
)

// Problem is something Load could not read: Hadoop refuses the
// configuration (Warning false) or starts with fewer rules (Warning true).
type Problem struct {
	Key, Msg string
	Warning  bool
}

// LoadOptions tune Load.
type LoadOptions struct {
	// ReadFile reads mapping-rule-json-file; nil means the file is not
	// read (a warning says so).
	ReadFile func(path string) ([]byte, error)
}

// Load reads the mapping rules of a configuration as
// CapacitySchedulerConfiguration.getMappingRules does (3.4): the legacy
// format converts queue-mappings and the application-name mappings in
// that order; the json format reads mapping-rule-json, else
// mapping-rule-json-file, else starts with no rules.
func Load(c *xmlconf.Conf, v xmlconf.Version, opts LoadOptions) (*Set, []Problem) {
	s := &Set{Format: "legacy"}
	if c == nil {
		return s, nil
	}
	s.Override, _ = xmlconf.HadoopGetBool(c.GetOr(KeyOverride, ""), false)
	if v.AtLeast(xmlconf.V3_4) {
		if f, ok, _ := c.Get(KeyFormat); ok {
			s.Format = f
		}
	}
	switch s.Format {
	case "legacy":
		var probs []Problem
		s.Rules, probs = legacyRules(c, v)
		return s, probs
	case "json":
		return s, s.loadJSON(c, opts)
	}
	return s, []Problem{{Key: KeyFormat, Msg: fmt.Sprintf("Illegal queue mapping format '%s' please use 'legacy' or 'json'", s.Format)}}
}

func (s *Set) loadJSON(c *xmlconf.Conf, opts LoadOptions) []Problem {
	if text, ok, _ := c.Get(KeyJSON); ok {
		rules, err := ParseJSON([]byte(strings.TrimSpace(text)))
		if err != nil {
			return []Problem{{Key: KeyJSON, Msg: err.Error()}}
		}
		s.Rules = tag(rules, KeyJSON)
		return nil
	}
	if path, ok, _ := c.Get(KeyJSONFile); ok {
		if opts.ReadFile == nil {
			return []Problem{{Key: KeyJSONFile, Warning: true, Msg: fmt.Sprintf("mapping rules in file %q were not read; capq runs with no mapping rules", strings.TrimSpace(path))}}
		}
		data, err := opts.ReadFile(strings.TrimSpace(path))
		if err != nil {
			// The RM reads the file on its own host: not finding it here
			// is not a refusal, but its rules go unchecked.
			return []Problem{{Key: KeyJSONFile, Warning: true, Msg: fmt.Sprintf("cannot read mapping rule file %q (%v); capq runs with no mapping rules", strings.TrimSpace(path), errText(err))}}
		}
		rules, err := ParseJSON(data)
		if err != nil {
			return []Problem{{Key: KeyJSONFile, Msg: err.Error()}}
		}
		s.Rules = tag(rules, KeyJSONFile)
		return nil
	}
	return []Problem{{Key: KeyFormat, Warning: true, Msg: "Mapping rule is set to JSON, but no inline JSON nor a JSON file was provided! Starting with no mapping rules!"}}
}

func tag(rules []Rule, key string) []Rule {
	for i := range rules {
		rules[i].Key = key
		rules[i].Origin = fmt.Sprintf("rule #%d", i+1)
	}
	return rules
}

// ParseJSON reads a MappingRulesDescription ({"rules":[...]}) and checks
// each rule as MappingRuleCreator does (checkMandatoryParameters, the
// enum values Jackson accepts, createMatcher and createAction's
// checkArgument calls). The first problem is returned, as Hadoop stops at
// it.
func ParseJSON(data []byte) ([]Rule, error) {
	var desc struct {
		Rules []Rule `json:"rules"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&desc); err != nil {
		return nil, hadoopErr("mapping rules are not valid JSON: %v", err)
	}
	if dec.More() {
		return nil, hadoopErr("mapping rules are not valid JSON: data after the top-level object")
	}
	// A second reading tells an absent (or null) matches from an empty
	// one, which Hadoop words differently.
	var raw struct {
		Rules []map[string]json.RawMessage `json:"rules"`
	}
	_ = json.Unmarshal(data, &raw)
	for i := range desc.Rules {
		hasMatches := true
		if i < len(raw.Rules) {
			m, ok := raw.Rules[i]["matches"]
			hasMatches = ok && string(m) != "null"
		}
		if err := checkRule(&desc.Rules[i], hasMatches); err != nil {
			return nil, hadoopErr("mapping rule #%d: %v", i+1, err)
		}
	}
	return desc.Rules, nil
}

func checkRule(r *Rule, hasMatches bool) error {
	switch {
	case r.Policy == "":
		return hadoopErr("Rule policy is undefined")
	case !contains(Policies, r.Policy):
		return hadoopErr("policy %q is not one of %s", r.Policy, strings.Join(Policies, ", "))
	case r.Type == "":
		return hadoopErr("Rule type is undefined")
	case !contains(Types, r.Type):
		return hadoopErr("type %q is not one of %s", r.Type, strings.Join(Types, ", "))
	case !hasMatches:
		return hadoopErr("Match string is undefined")
	case r.Matches == "":
		return hadoopErr("Match string is empty")
	case r.FallbackResult != "" && !contains(Fallbacks, r.FallbackResult):
		return hadoopErr("fallbackResult %q is not one of %s", r.FallbackResult, strings.Join(Fallbacks, ", "))
	case r.Type == "group" && r.Matches == "*":
		return hadoopErr("Cannot match '*' for groups")
	case r.Policy == "custom" && r.CustomPlacement == "":
		return hadoopErr("custom queue is undefined")
	case r.Policy == "setDefaultQueue" && r.Value == "":
		return hadoopErr("default queue is undefined")
	}
	return nil
}

// errText is an error without the file system's wording of the path
// (already in the message).
func errText(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}
