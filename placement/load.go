package placement

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/capq/capq/safeio"
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
	// UnknownKey marks a JSON rule's key that is not a rule field
	// (UnknownRuleKeys): a warning of its own.
	UnknownKey bool
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
		if !RuleActive(c, v, "user-group") {
			// CSMappingPlacementRule, which reads the JSON rules, is
			// installed only for user-group, app-name or its own class
			// (CapacityScheduler.updatePlacementRules).
			return s, nil
		}
		return s, s.loadJSON(c, opts)
	}
	return s, []Problem{{Key: KeyFormat, Msg: fmt.Sprintf("Illegal queue mapping format '%s' please use 'legacy' or 'json'", s.Format)}}
}

func (s *Set) loadJSON(c *xmlconf.Conf, opts LoadOptions) []Problem {
	if text, ok, _ := c.Get(KeyJSON); ok {
		data := []byte(strings.TrimSpace(text))
		rules, err := ParseJSON(data)
		if err != nil {
			return []Problem{{Key: KeyJSON, Msg: err.Error()}}
		}
		s.Rules = tag(rules, KeyJSON)
		return unknownKeys(KeyJSON, data)
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
		// MappingRuleCreator.getMappingRulesFromJsonFile hands Jackson the
		// file's bytes (readValue(byte[])), whose bootstrapper skips a
		// byte-order mark and reads UTF-16 and UTF-32 too; the inline
		// value above goes through readValue(String), which refuses a
		// BOM, as ParseJSON does.
		data, _, err = safeio.JacksonUTF8(data)
		if err != nil {
			return []Problem{{Key: KeyJSONFile, Msg: hadoopErr("mapping rules are not valid JSON: %v", err).Error()}}
		}
		rules, err := ParseJSON(data)
		if err != nil {
			return []Problem{{Key: KeyJSONFile, Msg: err.Error()}}
		}
		s.Rules = tag(rules, KeyJSONFile)
		return unknownKeys(KeyJSONFile, data)
	}
	return []Problem{{Key: KeyFormat, Warning: true, Msg: "Mapping rule is set to JSON, but no inline JSON nor a JSON file was provided! Starting with no mapping rules!"}}
}

// unknownKeys are UnknownRuleKeys' findings as problems of key.
func unknownKeys(key string, data []byte) []Problem {
	var out []Problem
	for _, msg := range UnknownRuleKeys(data) {
		out = append(out, Problem{Key: key, Msg: msg, Warning: true, UnknownKey: true})
	}
	return out
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
// it. A rule's keys are read as Jackson reads them, exactly: a key that
// is not a field of the rule, "Create" for "create" included, is not read
// (UnknownRuleKeys names them).
func ParseJSON(data []byte) ([]Rule, error) {
	top, err := description(data)
	if err != nil {
		return nil, hadoopErr("mapping rules are not valid JSON: %v", err)
	}
	raws, err := rawRules(top)
	if err != nil {
		return nil, hadoopErr("mapping rules are not valid JSON: %v", err)
	}
	rules := make([]Rule, len(raws))
	for i, raw := range raws {
		if err := decodeRule(raw, &rules[i]); err != nil {
			return nil, hadoopErr("mapping rules are not valid JSON: rule #%d: %v", i+1, err)
		}
		// An absent (or null) matches is worded apart from an empty one.
		m, ok := raw["matches"]
		if err := checkRule(&rules[i], ok && string(m) != "null"); err != nil {
			return nil, hadoopErr("mapping rule #%d: %v", i+1, err)
		}
	}
	return rules, nil
}

// description decodes the top-level object, and only it: ObjectMapper's
// readValue stops after the value it binds (DeserializationFeature
// FAIL_ON_TRAILING_TOKENS is off by default), so text after it, a second
// object included, is never read and fails nothing.
// Within it, bytes that are not UTF-8 fail as they fail Jackson's
// UTF8StreamJsonParser ("Invalid UTF-8 start byte"); Go's decoder would
// read them as U+FFFD.
func description(data []byte) (map[string]json.RawMessage, error) {
	var top map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&top); err != nil {
		return nil, err
	}
	if read := data[:dec.InputOffset()]; !utf8.Valid(read) {
		at := invalidUTF8At(read)
		return nil, fmt.Errorf("invalid UTF-8 byte 0x%02x at byte %d", read[at], at)
	}
	return top, nil
}

// invalidUTF8At is the offset of the first byte of b that does not start
// a valid UTF-8 sequence (len(b) if none).
func invalidUTF8At(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// rawRules is the description's "rules" (MappingRulesDescription): the
// exact key only, as Jackson matches it, so "Rules" gives none.
func rawRules(top map[string]json.RawMessage) ([]map[string]json.RawMessage, error) {
	var raws []map[string]json.RawMessage
	if r, ok := top["rules"]; ok {
		if err := json.Unmarshal(r, &raws); err != nil {
			return nil, err
		}
	}
	return raws, nil
}

func sortedKeys(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ruleKeys are the fields of a JSON mapping rule (schema.Rule), as Jackson
// matches them: exactly.
var ruleKeys = []string{"type", "matches", "policy", "parentQueue", "customPlacement", "value", "create", "fallbackResult"}

// decodeRule decodes a rule from its known keys only: Go's decoder would
// also take a key that differs in case ("Create"), which Jackson does not.
func decodeRule(raw map[string]json.RawMessage, r *Rule) error {
	known := make(map[string]json.RawMessage, len(raw))
	for k, v := range raw {
		if contains(ruleKeys, k) {
			known[k] = v
		}
	}
	b, err := json.Marshal(known)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, r)
}

// UnknownRuleKeys lists the keys of JSON mapping rules that are not rule
// fields ("rule #2: key \"Create\""), with the field a case slip meant,
// and the description's keys other than "rules". Hadoop ignores them: its
// schema (src/main/json_schema/MappingRulesDescription.json) does not
// forbid additional properties, so the generated classes keep them aside
// (GeneratePojos' default jsonschema2pojo configuration), and Jackson
// matches field names case-sensitively. What they say does not happen.
// Text that is not valid JSON gives none (ParseJSON reports it).
func UnknownRuleKeys(data []byte) []string {
	top, err := description(data)
	if err != nil {
		return nil
	}
	raws, err := rawRules(top)
	if err != nil {
		return nil
	}
	var out []string
	more := 0
	note := func(msg string) {
		if len(out) < maxUnknownKeys {
			out = append(out, msg)
		} else {
			more++
		}
	}
	for _, k := range sortedKeys(top) {
		if k != "rules" {
			note(fmt.Sprintf("key %q beside \"rules\" is not read (the description has only \"rules\"; case matters)", k))
		}
	}
	for i, raw := range raws {
		for _, k := range sortedKeys(raw) {
			if !contains(ruleKeys, k) {
				note(unknownRuleKey(i, k))
			}
		}
	}
	if more > 0 {
		out = append(out, fmt.Sprintf("and %d more keys that are not read (the first %d are named)", more, maxUnknownKeys))
	}
	return out
}

// maxUnknownKeys bounds UnknownRuleKeys' list: a file of a hundred
// thousand stray keys gets twenty findings and a count, not a finding
// each.
const maxUnknownKeys = 20

// unknownRuleKey is the finding for key k of rule #i+1, naming the field
// a case slip meant.
func unknownRuleKey(i int, k string) string {
	for _, f := range ruleKeys {
		if strings.EqualFold(f, k) {
			return fmt.Sprintf("rule #%d: key %q is not read: fields are case-sensitive, this is %q", i+1, k, f)
		}
	}
	return fmt.Sprintf("rule #%d: key %q is not a field of a mapping rule, so Hadoop does not read it (fields: %s; case matters)", i+1, k, strings.Join(ruleKeys, ", "))
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
