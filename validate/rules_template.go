package validate

import (
	"fmt"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Templates checked in as capacity-scheduler.xml (Ansible roles, Helm
// charts, deployment repositories) hold {{ var }} or {% ... %} where the
// rendered file has values. Hadoop gives those braces no meaning:
// Configuration#substituteVars expands only ${...}, so the ResourceManager
// would read "{{ hadoop_root_queues }}" as a queue name and fail on
// "{{ hadoop_maximum_applications }}" as a number. Every rule run on such a
// file reports a consequence of the placeholders (a sum of 0, orphaned
// queues, unparsable numbers), so XML011 says what the file is, once, and
// the queue rules are not run on it.

var ruleTemplate = &Rule{
	ID: "XML011", Name: "unrendered-template", Category: CatLoader, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "the file is an unrendered template: a scheduler property holds {{ ... }} or {% ... %}, or a name holds ${...}",
		Why: "Hadoop's Configuration expands only ${var}; a Jinja, Helm, Go-template or Template Toolkit ([% var %]) placeholder is read literally, " +
			"so the ResourceManager sees a queue named \"{{ queues }}\" or fails to parse \"{{ max_apps }}\" as a number. " +
			"capq reports the file once and runs no queue rules on it: every one of them would only restate the placeholders. " +
			"Lint the rendered file instead (or --disable XML011 to lint the literal text).",
		Bad:      "yarn.scheduler.capacity.root.queues={{ hadoop_root_queues }}",
		Good:     "lint the output of `ansible ... template` / `helm template`: yarn.scheduler.capacity.root.queues=default",
		Source:   "org.apache.hadoop.conf.Configuration#substituteVars (only ${...} is substituted; any other text is the value)",
		Versions: "all",
	},
	Check: checkTemplate,
}

// templateProbe is what the rule and the runner learn from one scan.
type templateProbe struct {
	first       *xmlconf.Property
	key, marker string
	count       int
}

// probeTemplate finds the scheduler properties whose name or value holds a
// template placeholder, remembering the first in file order.
func probeTemplate(m *xmlconf.Model) templateProbe {
	var t templateProbe
	if m == nil || m.Conf == nil {
		return t
	}
	m.Conf.Each(func(k string, p *xmlconf.Property) {
		mark, ok := nameMarker(k)
		if !ok && strings.HasPrefix(k, "yarn.scheduler.") {
			mark, ok = xmlconf.TemplateMarker(p.Value)
		}
		if !ok {
			return
		}
		t.count++
		if t.first == nil || xmlconf.PosLess(p.Pos, t.first.Pos) {
			t.first, t.key, t.marker = p, k, mark
		}
	})
	return t
}

// nameMarker is templateMarker for a property name, where ${...} is a
// placeholder too: Configuration substitutes values, never names, so
// "yarn.scheduler.capacity.root.${queue}.capacity" (FreeMarker, envsubst,
// a shell heredoc) configures no queue.
func nameMarker(k string) (string, bool) {
	if m, ok := xmlconf.TemplateMarker(k); ok {
		return m, true
	}
	i := strings.Index(k, "${")
	if i < 0 {
		return "", false
	}
	j := strings.IndexByte(k[i:], '}')
	if j < 0 {
		return "", false
	}
	return xmlconf.ShortenMarker(k[i : i+j+1]), true
}

// skipsQueueRules reports whether the run is on a template that XML011
// will report, so the rules outside the loader's are left out.
func skipsQueueRules(m *xmlconf.Model, opts Options) bool {
	if !selected(ruleTemplate, opts) || opts.Policy.Disabled(ruleTemplate.ID) {
		return false
	}
	return probeTemplate(m).first != nil
}

func checkTemplate(p *Pass) {
	t := probeTemplate(p.Model)
	if t.first == nil {
		return
	}
	at := Loc{Pos: t.first.NamePos, Property: t.key}
	what := fmt.Sprintf("property name %q holds the template placeholder %q", t.key, t.marker)
	if t.key == t.marker {
		what = fmt.Sprintf("property name %q is a template placeholder", t.key)
	}
	if mark, ok := nameMarker(t.key); !ok || mark != t.marker {
		at.Pos = t.first.ValuePos
		what = fmt.Sprintf("the value of %q holds the template placeholder %q", t.key, t.marker)
	}
	more := ""
	switch {
	case t.count == 2:
		more = " (and 1 more property)"
	case t.count > 2:
		more = fmt.Sprintf(" (and %d more properties)", t.count-1)
	}
	p.ReportHint(at, "lint the rendered file; capq ran no queue rules on this one",
		"%s%s: the file is an unrendered template, and Hadoop would read it literally", what, more)
}

var ruleTemplateText = &Rule{
	ID: xmlconf.RuleTemplateText, Name: "template-statements", Category: CatLoader, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "text between the elements holds a template statement ({% if %}, {% for %}) or placeholder",
		Why: "Hadoop's Configuration parser ignores text outside <name> and <value>, so it reads the literal properties of every " +
			"branch of a {% if %} and one copy of a {% for %} body: the file in the repository is not the one the ResourceManager " +
			"will read. capq lints the literal properties, which may be neither; where a property also holds a placeholder, " +
			"XML011 reports the file instead.",
		Bad:      "{% if prod %}<property>...root.queues=a,b...</property>{% else %}<property>...root.queues=a...</property>{% endif %}",
		Good:     "lint the rendered file: `ansible ... template` / `helm template` output",
		Source:   "org.apache.hadoop.conf.Configuration.Parser#handleCharacters (characters are kept only while a property's child element is open)",
		Versions: "all",
	},
	Check: checkTemplateText,
}

// checkTemplateText reports the reader's XML012 fact unless XML011
// reports the file as a template already.
func checkTemplateText(p *Pass) {
	if p.Model != nil && probeTemplate(p.Model).first != nil {
		return
	}
	judgeLoaderFacts(p)
}
