package placement

import "fmt"

// Rule is one mapping rule (schema.Rule of MappingRulesDescription): a
// matcher (Type, Matches), an action (Policy with its queue fields) and
// a fallback used when the action's target cannot be used.
type Rule struct {
	// Type is "user", "group" or "application".
	Type string `json:"type"`
	// Matches is the user, group or application name; "*" matches every
	// user (type user only).
	Matches string `json:"matches"`
	// Policy is one of Policies.
	Policy          string `json:"policy"`
	ParentQueue     string `json:"parentQueue,omitempty"`
	CustomPlacement string `json:"customPlacement,omitempty"`
	// Value is the new default queue of setDefaultQueue.
	Value string `json:"value,omitempty"`
	// Create allows the target to be auto-created; MappingRuleCreator
	// defaults it to true when absent.
	Create *bool `json:"create,omitempty"`
	// FallbackResult is "skip" (the default when absent), "placeDefault"
	// or "reject".
	FallbackResult string `json:"fallbackResult,omitempty"`

	// Origin says where the rule came from, for messages: the legacy
	// entry ("u:alice:dev") or "rule #n" of the JSON.
	Origin string `json:"-"`
	// Key is the configuration key the rule was read from.
	Key string `json:"-"`
}

// Policies are the JSON policy names (schema.Rule.Policy).
var Policies = []string{
	"specified", "reject", "defaultQueue", "user", "applicationName", "primaryGroup",
	"secondaryGroup", "primaryGroupUser", "secondaryGroupUser", "custom", "setDefaultQueue",
}

// Fallbacks are the JSON fallbackResult names.
var Fallbacks = []string{"skip", "reject", "placeDefault"}

// Types are the JSON type names.
var Types = []string{"user", "group", "application"}

// CreateAllowed is the effective create flag (true when absent). A
// defaultQueue rule never creates (MappingRuleActions.createPlaceToDefaultAction).
func (r *Rule) CreateAllowed() bool {
	if r.Policy == "defaultQueue" {
		return false
	}
	return r.Create == nil || *r.Create
}

// Fallback is the effective fallback ("skip" when absent).
func (r *Rule) Fallback() string {
	if r.FallbackResult == "" {
		return "skip"
	}
	return r.FallbackResult
}

// Target is the queue pattern a place action uses, as
// MappingRuleCreator.createAction builds it from the policy and
// parentQueue; "" for reject and setDefaultQueue. defaultQueue places to
// %default like any other target (createPlaceToDefaultAction is a
// PlaceToQueueAction), so a %default that cannot be used takes the
// rule's fallback.
func (r *Rule) Target() string {
	under := func(leaf string) string {
		if r.ParentQueue == "" {
			return leaf
		}
		return r.ParentQueue + "." + leaf
	}
	switch r.Policy {
	case "primaryGroup":
		return under("%primary_group")
	case "secondaryGroup":
		return under("%secondary_group")
	case "primaryGroupUser":
		return under("%primary_group.%user")
	case "secondaryGroupUser":
		return under("%secondary_group.%user")
	case "specified":
		return "%specified"
	case "custom":
		return r.CustomPlacement
	case "user":
		return under("%user")
	case "applicationName":
		return under("%application")
	case "defaultQueue":
		return "%default"
	}
	return ""
}

// Places reports whether the rule's action places the application in a
// queue (as opposed to reject or set-default).
func (r *Rule) Places() bool { return r.Target() != "" }

// Set is the rule list of a configuration with the settings that govern
// it.
type Set struct {
	Rules []Rule
	// Override is queue-mappings-override.enable: rules apply to
	// submissions that name a queue too.
	Override bool
	// Format is "legacy" or "json".
	Format string
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// hadoopError carries Hadoop's exact message (capitalized, with its
// punctuation): users search for it, so it is kept verbatim.
type hadoopError string

func (e hadoopError) Error() string { return string(e) }

func hadoopErr(format string, args ...any) error { return hadoopError(fmt.Sprintf(format, args...)) }
