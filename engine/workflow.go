package engine

import (
	"fmt"

	"github.com/capq/capq/xmlconf"
)

// Limits ApplicationSubmissionContextPBImpl.checkTags puts on an app's
// tags (YarnConfiguration.APPLICATION_MAX_TAGS, APPLICATION_MAX_TAG_LENGTH).
const (
	MaxAppTags      = 10
	MaxAppTagLength = 100
)

// CheckTags returns the IllegalArgumentException message with which
// ApplicationSubmissionContextPBImpl.checkTags refuses an app's tags on
// the client, before anything is submitted: more than MaxAppTags, one
// longer than MaxAppTagLength, or one with a character that is not
// printable ASCII (isAsciiPrintable; older clients let control
// characters through, but no tag that means anything to the scheduler
// holds one). A reader refuses such an input.
func CheckTags(tags []string) error {
	if len(tags) > MaxAppTags {
		//lint:ignore ST1005 Hadoop's exact message, which users search for
		return fmt.Errorf("Too many applicationTags, a maximum of only %d are allowed!", MaxAppTags)
	}
	for _, t := range tags {
		if len(t) > MaxAppTagLength {
			//lint:ignore ST1005 Hadoop's exact message, which users search for
			return fmt.Errorf("Tag %s is too long, maximum allowed length of a tag is %d", t, MaxAppTagLength)
		}
		for i := 0; i < len(t); i++ {
			if t[i] < 32 || t[i] > 126 {
				//lint:ignore ST1005 Hadoop's exact message, which users search for
				return fmt.Errorf("A tag can only have ASCII characters! Invalid tag - %q", t)
			}
		}
	}
	return nil
}

// appTags are the tags as the ResourceManager holds them (RMApp.
// getApplicationTags): lowercased (ApplicationSubmissionContextPBImpl.
// setApplicationTags, StringUtils.toLowerCase) into a java.util.HashSet,
// so duplicates collapse and they iterate in its bucket order.
func appTags(tags []string) []string {
	seen := make(map[string]bool, len(tags))
	out := make([]string, 0, len(tags))
	for _, t := range tags {
		if t = xmlconf.JavaLowerCase(t); !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return xmlconf.JavaHashOrder(out, func(s string) string { return s })
}

// workflowID is the workflow the app's tags name, as
// WorkflowPriorityMappingsManager#mapWorkflowPriorityForApp takes it: of
// the trimmed tags that start with the prefix, the last one iterated,
// without the prefix ("" when none does).
func workflowID(tags []string, prefix string) string {
	id := ""
	for _, t := range appTags(tags) {
		if t = xmlconf.JavaTrim(t); len(t) >= len(prefix) && t[:len(prefix)] == prefix {
			id = t[len(prefix):]
		}
	}
	return id
}

// workflowConf is what the workflow priority mappings need at submission.
type workflowConf struct {
	// byQueue maps a queue path and workflow ID to the priority an app of
	// that workflow gets; nil maps nothing.
	byQueue map[string]map[string]int32
	// tagPrefix starts the tag that names an app's workflow.
	tagPrefix string
}

// compileWorkflow indexes the workflow priority mappings by queue path
// and workflow ID, a later entry replacing an earlier one (HashMap.put in
// #getWorkflowPriorityMappings). The index is nil, mapping nothing, unless
// workflow-priority-mappings-override.enable is on
// (overrideWithPriorityMappings) and an entry exists
// (priorityMappings.size() > 0).
func compileWorkflow(gl *xmlconf.Global) workflowConf {
	w := workflowConf{tagPrefix: gl.WorkflowTagPrefix.V}
	if !gl.WorkflowOverride.V || len(gl.WorkflowMappings) == 0 {
		return w
	}
	w.byQueue = map[string]map[string]int32{}
	for _, m := range gl.WorkflowMappings {
		if w.byQueue[m.Queue] == nil {
			w.byQueue[m.Queue] = map[string]int32{}
		}
		w.byQueue[m.Queue][m.WorkflowID] = m.Priority
	}
	return w
}

// mapWorkflowPriority is WorkflowPriorityMappingsManager#
// mapWorkflowPriorityForApp, which CapacityScheduler#addApplication calls
// on a new submission once the leaf is known, before the leaf takes the
// app (not on recovery, a move or a new attempt). The first mapping of the
// app's workflow found from the leaf up (#getMappedPriority; keys are
// full queue paths, root is never looked at) replaces the app's priority,
// through CapacityScheduler#checkAndGetApplicationPriority on the leaf:
// capped at the cluster maximum, then refused, as the whole submission
// is, when the leaf's priority ACLs do not admit the user at it.
func (e *Engine) mapWorkflowPriority(s *AppSpec, q *queue) error {
	if e.wf.byQueue == nil || len(s.Tags) == 0 {
		return nil
	}
	id := workflowID(s.Tags, e.wf.tagPrefix)
	if id == "" {
		return nil
	}
	for p := q; p.parent != nil; p = p.parent {
		prio, ok := e.wf.byQueue[p.path][id]
		if !ok {
			continue
		}
		prio = min(prio, e.g.maxAppPriority)
		if e.g.priorityACLEnable && !e.priorityAllowed(q, s.User, s.Groups, prio) {
			// The YarnException wraps the AccessControlException, so its
			// message is the cause's toString.
			//lint:ignore ST1005 Hadoop's exact message, which users search for
			return fmt.Errorf("Failed to submit application %s submitted by user %s reason: %s", s.ID, s.User,
				diagnostics(aclError("User %s does not have permission to submit/update %s for %d", s.User, s.ID, prio)))
		}
		s.Priority = &prio
		return nil
	}
	return nil
}
