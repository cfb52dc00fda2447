package placement

import (
	"fmt"
	"strings"
)

// Variables are the variables a queue path may use: the immutable ones
// and %default (CSMappingPlacementRule.buildValidationContext).
var Variables = []string{"%user", "%primary_group", "%secondary_group", "%application", "%specified", "%default"}

// ValidateTarget is MappingRuleValidationContextImpl.validateQueuePath:
// a static path must be an existing leaf or creatable; a path with
// variables needs its static prefix to be a parent, or a dynamic
// parent's child. It returns Hadoop's message, or nil.
func ValidateTarget(qs Queues, path string) error {
	if path == "" {
		return hadoopErr("Queue path is empty.")
	}
	parts := strings.Split(path, ".")
	static := true
	for _, p := range parts {
		if p == "" {
			return hadoopErr("Path segment cannot be empty '%s'.", path)
		}
		if contains(Variables, p) {
			static = false
		}
	}
	if static {
		return validateStatic(qs, path)
	}
	return validateDynamic(qs, parts, path)
}

func validateStatic(qs Queues, path string) error {
	norm, err := normalizeRoot(qs, path)
	if err != nil {
		return err
	}
	parent, leaf := splitPath(path)
	switch autoCreation(qs, norm) {
	case ambiguousParent:
		return hadoopErr("Target queue path '%s' contains an ambiguous parent queue '%s' reference.", path, parent)
	case ambiguousQueue:
		return hadoopErr("Target queue is an ambiguous leaf queue '%s'.", path)
	case noParentProvided:
		return hadoopErr("Target queue does not exist and has no parent defined '%s'.", path)
	case noDynamicParent:
		return hadoopErr("Mapping rule specified a parent queue '%s', but it is not a dynamic parent queue, and no queue exists with name '%s' under it.", parent, leaf)
	case queueExists:
		if _, k, _ := qs.Get(norm); k != KindLeaf {
			return hadoopErr("Target queue '%s' but it's not a leaf queue.", path)
		}
	}
	return nil
}

func validateDynamic(qs Queues, parts []string, path string) error {
	if contains(Variables, parts[0]) {
		return nil // not even the root is static: nothing to check
	}
	static, staticParent := parts[0], ""
	for _, p := range parts[1:] {
		if contains(Variables, p) {
			break
		}
		staticParent = static
		static += "." + p
	}
	norm, err := normalizeRoot(qs, static)
	if err != nil {
		return err
	}
	if _, k, ok := qs.Get(norm); ok {
		if k == KindLeaf {
			return hadoopErr("Queue path '%s' is invalid because '%s' is a leaf queue, which can have no other queues under it.", path, norm)
		}
		return nil
	}
	if staticParent != "" {
		np, err := normalizeRoot(qs, staticParent)
		if err != nil {
			return err
		}
		if _, k, ok := qs.Get(np); ok && (k == KindDynamicParent || k == KindManagedParent) {
			return nil
		}
	}
	return hadoopErr("No eligible parent found on path '%s'.", path)
}

// UnknownVariables lists the %words of a path that are not variables:
// Hadoop takes them literally as queue names, which is almost never meant.
func UnknownVariables(path string) []string {
	var out []string
	for _, p := range strings.Split(path, ".") {
		if strings.HasPrefix(p, "%") && !contains(Variables, p) {
			out = append(out, p)
		}
	}
	return out
}

// Terminal reports whether a rule decides every submission that reaches
// it: it matches every user and either rejects, places to default, or
// places with a fallback other than skip. Rules after it never run.
func (r *Rule) Terminal() bool {
	if r.Type != "user" || r.Matches != "*" {
		return false
	}
	switch r.Policy {
	case "reject", "defaultQueue":
		return true
	case "setDefaultQueue":
		return false
	}
	return r.Fallback() != "skip"
}

// RuleIssue is a problem of one rule found by Check.
type RuleIssue struct {
	Rule *Rule
	// Kind is "target" (Hadoop refuses the rule), "variable" or
	// "unreachable" (accepted, almost surely wrong).
	Kind, Msg string
}

// Check validates every rule as CSMappingPlacementRule.initialize does
// (each action's validate) and adds the mistakes Hadoop accepts.
func (s *Set) Check(qs Queues) []RuleIssue {
	var out []RuleIssue
	terminal := -1
	for i := range s.Rules {
		r := &s.Rules[i]
		if terminal >= 0 {
			out = append(out, RuleIssue{r, "unreachable", fmt.Sprintf("%s never runs: %s before it decides every submission", r.Origin, s.Rules[terminal].Origin)})
		}
		path := r.Target()
		if r.Policy == "setDefaultQueue" {
			path = r.Value
		}
		if path != "" {
			for _, u := range UnknownVariables(path) {
				out = append(out, RuleIssue{r, "variable", fmt.Sprintf("%s: '%s' is not a variable (known: %s); Hadoop takes it as a queue name", r.Origin, u, strings.Join(Variables, ", "))})
			}
			// A setDefaultQueue value is not a target: Hadoop's
			// VariableUpdateAction.validate only registers the variable,
			// and a bad %default shows only when a rule places there.
			if err := ValidateTarget(qs, path); err != nil && r.Policy != "setDefaultQueue" {
				out = append(out, RuleIssue{r, "target", err.Error()})
			}
		}
		if terminal < 0 && r.Terminal() {
			terminal = i
		}
	}
	return out
}
