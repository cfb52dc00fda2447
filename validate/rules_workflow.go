package validate

import (
	"fmt"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Hadoop parses every workflow-priority-mappings entry (CS059) but checks
// nothing else: an entry that can never match is accepted and maps no app.
// WorkflowPriorityMappingsManager#mapWorkflowPriorityForApp does nothing
// while overrideWithPriorityMappings is false; #getMappedPriority looks
// the app's queues up by getQueuePath, from the leaf to root's children;
// and the application tags it reads are lowercased
// (ApplicationSubmissionContextPBImpl.setApplicationTags), while the
// manager keeps an ID's case until YARN-11383 (3.3.5: xmlconf.
// WorkflowLowercaseSince).

var ruleWorkflowMappingIneffective = &Rule{
	ID: "CS121", Name: "workflow-mapping-ineffective", Category: CatProperties, Severity: xmlconf.SeverityWarning,
	Since: xmlconf.V2_10,
	Docs: Docs{
		Summary: "a workflow-priority-mappings entry that never changes an application's priority",
		Why: "Hadoop accepts any well-formed entry, but maps a priority only while workflow-priority-mappings-override.enable is " +
			"true (false by default), only for a queue named by its full path (getQueuePath: a short name never matches, nor " +
			"does root, where the lookup stops), and only when the lowercased workflowid: tag equals the entry's ID, which " +
			"Hadoop lowercases from 3.3.5 on (YARN-11383, in CHANGELOG.3.3.5.md; the 3.3 profile) and not before.",
		Bad:      "workflow-priority-mappings=Nightly:a1:5   (override unset)",
		Good:     "workflow-priority-mappings=nightly:root.a.a1:5\nworkflow-priority-mappings-override.enable=true",
		Source:   "WorkflowPriorityMappingsManager#mapWorkflowPriorityForApp, #getMappedPriority",
		Versions: "2.10+ (YARN-9760); the upper-case ID check before 3.3",
	},
	Check: checkWorkflowMappings,
}

func checkWorkflowMappings(p *Pass) {
	g := &p.Model.Global
	if len(g.WorkflowMappings) == 0 || workflowMappingsRefused(p.Model) {
		return // nothing to map, or Hadoop refuses the file (CS059)
	}
	at := p.AtKey(xmlconf.WorkflowMappingsKey)
	if !g.WorkflowOverride.V {
		p.ReportHint(at, "set "+xmlconf.WorkflowOverrideKey+"=true",
			"workflow priority mappings change no priority: %s is %s", xmlconf.WorkflowOverrideKey, overrideState(g.WorkflowOverride))
		return
	}
	short := byShortName(p.Model)
	for _, m := range g.WorkflowMappings {
		entry := fmt.Sprintf("%s:%s:%d", m.WorkflowID, m.Queue, m.Priority)
		if msg, hint := mappingQueueProblem(p.Model, short, m.Queue); msg != "" {
			p.ReportHint(at, hint, "workflow priority mapping %q never applies: %s", entry, msg)
		}
		if p.Model.Version.Less(xmlconf.WorkflowLowercaseSince) && xmlconf.JavaLowerCase(m.WorkflowID) != m.WorkflowID {
			p.ReportHint(at, "write the workflow ID in lower case",
				"workflow priority mapping %q never applies: application tags are lowercased and this Hadoop keeps the ID's case (YARN-11383 is 3.3.5)", entry)
		}
	}
}

func overrideState(v xmlconf.Value[bool]) string {
	if v.Set() {
		return "false"
	}
	return "false by default"
}

// mappingQueueProblem says why no app's queue path can equal q, with a
// hint, or "" when one can: q is a queue other than root, or a path an
// auto-creating ancestor may create.
func mappingQueueProblem(m *xmlconf.Model, short map[string]*xmlconf.Queue, q string) (msg, hint string) {
	if q == m.Root.Path {
		return "the lookup stops before root", "name a queue under root"
	}
	if m.Queue(q) != nil {
		return "", ""
	}
	if s := short[q]; s != nil && !strings.Contains(q, ".") {
		return "queues are matched by full path", "did you mean \"" + s.Path + "\"?"
	}
	for path := q; strings.Contains(path, "."); {
		path = path[:strings.LastIndexByte(path, '.')]
		if a := m.Queue(path); a != nil {
			if a.AutoCreate.Legacy.V || a.AutoCreate.V2.V {
				return "", ""
			}
			break
		}
	}
	return "no queue has that path", "name a queue by its full path"
}

// workflowMappingsRefused reports whether an entry fails to parse, so
// that the ResourceManager does not start at all (CS059).
func workflowMappingsRefused(m *xmlconf.Model) bool {
	if m.Conf == nil {
		return false
	}
	v, ok, _ := m.Conf.Get(xmlconf.WorkflowMappingsKey)
	if !ok {
		return false
	}
	_, errs := xmlconf.ParseWorkflowMappings(v, m.Version)
	return len(errs) > 0
}
