package validate

import (
	"errors"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Rules of untrusted input (capq lint on a pull request) and of bounded
// expansion. XML008 comes from the reader; XML009 and XML010 look at the
// values. None of them ever prints what an entity, include or variable
// would have produced.

var ruleUntrustedExternal = &Rule{
	ID: xmlconf.RuleUntrustedExternal, Name: "untrusted-external-resource", Category: CatLoader, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "untrusted input names an external entity or an xi:include outside its directory; it is not read",
		Why: "In CI (CI set, --untrusted, or a git: input) the configuration may come from anyone's pull request. " +
			"Reading `<!ENTITY x SYSTEM \"file:///etc/passwd\">` or an include of a secrets file would copy that file " +
			"into lint messages, SARIF and public annotations. capq reads neither and lints the rest.",
		Bad:  `<!DOCTYPE configuration [<!ENTITY x SYSTEM "file:///etc/passwd">]> ... <value>&x;</value>`,
		Good: "write the value in the file, or include a file next to it (xi:include href=\"queues.xml\")",
		Source: "org.apache.hadoop.conf.Configuration: a restricted Resource (restrictParser) reads no DTD and fails on any xi:include " +
			"(Parser#handleInclude: \"XInclude is not supported for restricted resources\"); capq keeps includes inside the input's directory and reports instead of failing",
		Versions: "all",
	},
	// The reader reports what it refused to read; the rule judges it.
	Check: judgeLoaderFacts,
}

var ruleUntrustedEnv = &Rule{
	ID: xmlconf.RuleUntrustedEnv, Name: "untrusted-environment-variable", Category: CatLoader, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "untrusted input refers to ${env.NAME}; capq does not expand it",
		Why: "Configuration.substituteVars reads ${env.NAME} from the environment. On a CI runner that is where tokens live; " +
			"expanding them in untrusted input would print them in findings. capq leaves the reference as it is, " +
			"so checks of that value see the literal text.",
		Bad:      "<value>${env.GITHUB_TOKEN}</value>",
		Good:     "write the value, or lint trusted input with --untrusted=false",
		Source:   "org.apache.hadoop.conf.Configuration#substituteVars: with restrictSystemProps (setRestrictSystemProps) env.* and system properties are not substituted",
		Versions: "all",
	},
	Check: checkUntrustedEnv,
}

func checkUntrustedEnv(p *Pass) {
	if p.Model == nil || p.Model.Conf == nil || !p.Model.Conf.Untrusted {
		return // trusted input, or a Hadoop 1 file set (LintHadoop1 passes no YARN model)
	}
	p.sh().load(p.Model)
	for _, i := range p.sh().withVars {
		key, pr := p.sh().keys[i], p.sh().props[i]
		for _, name := range envRefs(pr.Value) {
			p.ReportHint(Loc{Pos: pr.ValuePos, Property: key}, "write the value in the file, or run capq with --untrusted=false on input you trust",
				"%s: ${env.%s} is not expanded: the input is untrusted", key, name)
		}
	}
}

// envRefs lists the NAME of every ${env.NAME…} in v, in order.
func envRefs(v string) []string {
	var out []string
	for {
		i := strings.Index(v, "${env.")
		if i < 0 {
			return out
		}
		v = v[i+len("${env."):]
		end := strings.IndexAny(v, "}$ ")
		if end < 0 {
			return out
		}
		if name := v[:end]; name != "" {
			out = append(out, name)
		}
		v = v[end:]
	}
}

var ruleExpandLimit = &Rule{
	ID: xmlconf.RuleExpandLimit, Name: "expansion-limit", Category: CatLoader, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "${var} expansion of the configuration does more work than capq allows; later values stay unexpanded",
		Why: "Chains of variables can make a small file expand into gigabytes (each of 20 rounds may double a value). " +
			"Hadoop only limits the depth; capq also bounds the bytes produced (64 MiB plus 32 times the values' size) " +
			"so no file takes more than a second, and says where it stopped.",
		Bad:      "a=${b}${b}, b=${c}${c}, ... referenced by many yarn.* keys",
		Good:     "flatten the chain; write the values",
		Source:   "capq (Hadoop's Configuration#substituteVars bounds only the depth, MAX_SUBST = 20)",
		Versions: "all",
	},
	Check: checkExpandLimit,
}

// checkExpandLimit reports the first value whose expansion hit the budget;
// every later one fails the same way, so one finding says it all.
func checkExpandLimit(p *Pass) {
	if p.Model == nil || p.Model.Conf == nil {
		return // a Hadoop 1 file set (LintHadoop1 passes no YARN model)
	}
	c := p.Model.Conf
	p.sh().load(p.Model)
	for _, i := range p.sh().withVars {
		key, pr := p.sh().keys[i], p.sh().props[i]
		if _, err := c.Expand(pr.Value); errors.Is(err, xmlconf.ErrExpandBudget) {
			p.Report(Loc{Pos: pr.ValuePos, Property: key}, "%s: %s", key, err.Error())
			return
		}
	}
}
