package xmlconf

import "strings"

// Keys of the workflow priority mappings (YARN-9760, 2.10).
const (
	// WorkflowMappingsKey lists <workflow-id>:<queue path>:<priority>
	// entries (CapacitySchedulerConfiguration.WORKFLOW_PRIORITY_MAPPINGS).
	WorkflowMappingsKey = Prefix + "workflow-priority-mappings"
	// WorkflowOverrideKey makes the mappings change priorities (default
	// false): WorkflowPriorityMappingsManager#mapWorkflowPriorityForApp
	// maps nothing without it.
	WorkflowOverrideKey = WorkflowMappingsKey + "-override.enable"
	// WorkflowTagPrefixKey is the application tag prefix that names an
	// app's workflow (YarnConfiguration.YARN_WORKFLOW_ID_TAG_PREFIX),
	// read from the ResourceManager's configuration (RMOnlySettings).
	WorkflowTagPrefixKey = "yarn.workflow-id.tag-prefix"
	// DefaultWorkflowTagPrefix is YarnConfiguration.DEFAULT_YARN_WORKFLOW_ID_TAG_PREFIX.
	DefaultWorkflowTagPrefix = "workflowid:"
)

// WorkflowMapping is one workflow-priority-mappings entry
// (WorkflowPriorityMappingsManager.WorkflowPriorityMapping): apps of the
// workflow in Queue, a full queue path, or below it get Priority.
type WorkflowMapping struct {
	WorkflowID, Queue string
	Priority          int32
	// NonASCII is the priority's text when it has non-ASCII digits, which
	// Integer.parseInt reads all the same (Character.digit: "１" is 1);
	// "" for most entries (lint's CS017).
	NonASCII string
}

// WorkflowLowercaseSince is the first profile whose
// WorkflowPriorityMappingsManager lowercases the workflow IDs: YARN-11383
// ("Workflow priority mappings is case sensitive") is under BUG FIXES in
// CHANGELOG.3.3.5.md (released 2023-03-14), so the 3.3 line has it from
// 3.3.5, and the 3.3 profile, like every profile, follows its line's newest
// release. 3.2.4 (2022-07), the last 3.2 release, predates it.
var WorkflowLowercaseSince = V3_3

// ParseWorkflowMappings reads a workflow-priority-mappings value as
// WorkflowPriorityMappingsManager#getWorkflowPriorityMappings does:
// entries are comma separated and their parts colon separated, each
// trimmed and empty ones dropped (StringUtils.getTrimmedStringCollection);
// a repeated entry is read once, where it first appears
// (CapacitySchedulerConfiguration#getWorkflowPriorityMappings reads the
// value with Configuration#getTrimmedStringCollection, a LinkedHashSet),
// so "w:root.a:1,w:root.a:2,w:root.a:1" maps w to 2; an entry needs
// three parts, the last an int (Integer.parseInt). Entries are split as
// version ver's getTrimmedStrings splits them (NewlineListsSince), and
// from WorkflowLowercaseSince the workflow IDs are lowercased, as
// YARN-11383 does to match the lowercased application tags. It returns
// the entries Hadoop builds, in order, and Hadoop's message for each it
// throws on (getWorkflowMappingFromString); one is enough for Hadoop to
// refuse the configuration.
func ParseWorkflowMappings(v string, ver Version) (ms []WorkflowMapping, errs []string) {
	lowerIDs := ver.AtLeast(WorkflowLowercaseSince)
	for _, entry := range TrimmedStringCollection(v, ver) {
		f := TrimmedTokens(entry, ":")
		if len(f) != 3 {
			errs = append(errs, "Illegal workflow priority mapping "+entry)
			continue
		}
		p, err := ParseJavaInt(f[2])
		if err != nil {
			errs = append(errs, "Illegal workflow priority for mapping "+entry)
			continue
		}
		id := f[0]
		if lowerIDs {
			id = JavaLowerCase(id)
		}
		m := WorkflowMapping{WorkflowID: id, Queue: f[1], Priority: p}
		if HasNonASCIIDigit(f[2]) {
			m.NonASCII = f[2]
		}
		ms = append(ms, m)
	}
	return ms, errs
}

// JavaLowerCase is StringUtils.toLowerCase (String.toLowerCase in the
// English locale) for the ASCII letters, the only ones an application
// tag may hold (ApplicationSubmissionContextPBImpl.checkTags); other
// characters are kept.
func JavaLowerCase(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + ('a' - 'A')
		}
		return r
	}, s)
}
