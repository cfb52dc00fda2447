package placement

import (
	"strings"
)

// RejectMessage is what the RM tells the client when a mapping rule
// rejects a submission (CSMappingPlacementRule hides the details).
const RejectMessage = "Application submission have been rejected by a mapping rule. Please see the logs for details"

// Request is one submission as placement sees it.
type Request struct {
	// User submits; Queue is the queue asked for ("" or "default" = none);
	// AppName is the application name.
	User, Queue, AppName string
	// Groups are the user's groups in the group provider's order: the
	// first is %primary_group, the rest are %secondary_group candidates.
	Groups []string
}

// Outcome is the placement decision.
type Outcome struct {
	// Decided is false when the rules have no jurisdiction or no rule
	// applied: the submitted queue is used as is.
	Decided bool
	// Queue is the full path of the target; Create says it does not exist
	// yet and the rule allows creating it.
	Queue  string
	Create bool
	// Rejected says a rule (or a failed placeDefault) refused the app.
	Rejected bool
	// Rule is the origin of the deciding rule; Trace explains the rules
	// that were tried and skipped.
	Rule  string
	Trace []string
}

// Place evaluates the rules in order, as
// CSMappingPlacementRule.getPlacementForApp does: only for submissions to
// "default" unless override is on; the first rule that places, places to
// default, or rejects decides; a rule whose target cannot be used takes
// its fallback.
func (s *Set) Place(qs Queues, r Request) Outcome {
	var out Outcome
	if s == nil || len(s.Rules) == 0 {
		return out
	}
	if r.Queue != "" && r.Queue != "default" && !s.Override {
		return out
	}
	vars := newVars(qs, r)
	for i := range s.Rules {
		rule := &s.Rules[i]
		res := evaluate(rule, vars)
		if res == "place" {
			q, create, err := normalize(qs, vars.target, rule.CreateAllowed())
			if err == nil {
				out.Decided, out.Queue, out.Create, out.Rule = true, q, create, rule.Origin
				return out
			}
			out.Trace = append(out.Trace, rule.Origin+": cannot place to '"+vars.target+"': "+err.Error()+" (fallback "+rule.Fallback()+")")
			res = rule.Fallback()
		}
		switch res {
		case "placeDefault":
			out.Decided, out.Rule = true, rule.Origin
			q, _, err := normalize(qs, vars.replacePath("%default"), false)
			if err != nil {
				out.Trace = append(out.Trace, rule.Origin+": default queue: "+err.Error())
				out.Rejected = true
				return out
			}
			out.Queue = q
			return out
		case "reject":
			out.Decided, out.Rejected, out.Rule = true, true, rule.Origin
			return out
		}
	}
	return out
}

// evaluate is MappingRule.evaluate: "skip" when the matcher does not
// match, else the action's result ("place" with vars.target set,
// "reject", or "skip" after setDefaultQueue). Only a fallback yields
// "placeDefault".
func evaluate(r *Rule, v *vars) string {
	if !v.matches(r) {
		return "skip"
	}
	switch r.Policy {
	case "reject":
		return "reject"
	case "setDefaultQueue":
		// UpdateDefaultAction: %default becomes the value (variables
		// replaced) and evaluation continues.
		v.values["%default"] = v.replace(r.Value)
		return "skip"
	}
	v.target = v.replacePath(r.Target())
	return "place"
}

// vars is the VariableContext of one submission.
type vars struct {
	qs        Queues
	values    map[string]string
	secondary []string // nil: %secondary_group is a plain variable
	groups    []string
	user      string // as submitted, before cleanName
	target    string
}

func newVars(qs Queues, r Request) *vars {
	v := &vars{qs: qs, values: map[string]string{}, groups: r.Groups, user: r.User}
	v.values["%user"] = cleanName(r.User)
	v.values["%specified"] = ""
	if r.Queue != "" && r.Queue != "default" {
		v.values["%specified"] = r.Queue
	}
	v.values["%application"] = r.AppName
	v.values["%default"] = "root.default"
	// setupGroupsForVariableContext: no groups leaves both group
	// variables undefined (they stay literal); one group makes
	// %secondary_group empty.
	if len(r.Groups) > 0 {
		v.values["%primary_group"] = cleanName(r.Groups[0])
		if len(r.Groups) == 1 {
			v.values["%secondary_group"] = ""
		} else {
			for _, g := range r.Groups[1:] {
				v.secondary = append(v.secondary, cleanName(g))
			}
		}
	}
	return v
}

// cleanName replaces dots, which would split a queue path ("_dot_").
func cleanName(s string) string { return strings.ReplaceAll(s, ".", "_dot_") }

// matches is the rule's matcher (MappingRuleMatchers): the match value
// has its variables replaced first (VariableMatcher, UserGroupMatcher),
// so "%user" matches every user and "%application" every application.
// A user is compared by the name they submitted with, not its cleaned
// %user (VariableMatcher prefers the variable's original value), and a
// group against the provider's group names as they are.
func (v *vars) matches(r *Rule) bool {
	if r.Type == "user" && r.Matches == "*" {
		return true
	}
	want := v.replace(r.Matches)
	switch r.Type {
	case "user":
		return want == v.user
	case "group":
		return contains(v.groups, want)
	case "application":
		return want == v.values["%application"]
	}
	return false
}

// replacePath is VariableContext.replacePathVariables: each path segment
// that is a variable is replaced; %secondary_group is the first candidate
// group that exists as a queue under the segments before it
// (SecondaryGroupVariable.evaluateInPath), else "".
func (v *vars) replacePath(p string) string {
	parts := strings.Split(p, ".")
	for i, part := range parts {
		if part == "%secondary_group" && v.secondary != nil {
			parts[i] = v.secondaryIn(strings.Join(parts[:i], "."))
			continue
		}
		if val, ok := v.values[part]; ok {
			parts[i] = val
		}
	}
	return strings.Join(parts, ".")
}

func (v *vars) secondaryIn(parent string) string {
	for _, g := range v.secondary {
		name := g
		if parent != "" {
			name = parent + "." + g
		}
		if _, _, ok := v.qs.Get(name); ok {
			return g
		}
	}
	return ""
}

// replace is VariableContext.replaceVariables: every known variable
// anywhere in the string.
func (v *vars) replace(s string) string {
	for _, k := range []string{"%secondary_group", "%primary_group", "%application", "%specified", "%default", "%user"} {
		if val, ok := v.values[k]; ok {
			s = strings.ReplaceAll(s, k, val)
		}
	}
	return s
}
