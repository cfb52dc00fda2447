package xmlconf

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// RuleUntrustedExternal is the loader rule for an external entity or an
// xi:include that untrusted input (ReadOptions.Untrusted) may not read:
// a pull request could otherwise pull /etc/passwd or a CI secret file
// into lint messages, SARIF and annotations.
const RuleUntrustedExternal = "XML008"

// RuleUntrustedEnv is the rule for ${env.*} in untrusted input: it is left
// unexpanded, so no environment value (a CI token) can be printed.
const RuleUntrustedEnv = "XML009"

// refuseExternal records that an external resource was not read.
func (p *parser) refuseExternal(pos Pos, what string) {
	p.doc.Findings = append(p.doc.Findings, Finding{
		Rule: RuleUntrustedExternal, Severity: SeverityError, Pos: pos,
		Message: what + " is not read: the input is untrusted",
		Hint:    "inline the values, or run capq with --untrusted=false on input you trust",
	})
}

// includeAllowed says whether untrusted input may include path: only a
// file inside the top-level file's directory, after resolving symbolic
// links (a link in a pull request may point anywhere). Input without a
// directory of its own (standard input, git:REV:PATH) includes nothing.
func (p *parser) includeAllowed(path string) bool {
	if !p.res.opts.Untrusted {
		return true
	}
	st, err := os.Stat(p.res.top)
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	root, err := filepath.EvalSymlinks(filepath.Dir(p.res.top))
	if err != nil {
		return false
	}
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		// Missing: nothing can be read; the fallback rules apply.
		return true
	}
	root, _ = filepath.Abs(root)
	target, _ = filepath.Abs(target)
	rel, err := filepath.Rel(root, target)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func untrustedIncludeMsg(href string) string {
	return fmt.Sprintf("xi:include %q (outside the configuration's directory)", href)
}
