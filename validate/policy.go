package validate

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// Policy is a per-rule severity table read from a policy file, the
// generalisation of fs2cs's "conversion rules" file (warning|abort per
// feature) to every lint rule.
//
// Format: one rule per line, `SELECTOR LEVEL`, where SELECTOR is a rule ID,
// a rule name or a category (see `capq rules`) and LEVEL is error, warning,
// info or off. `#` starts a comment; blank lines are ignored; a later line
// wins over an earlier one for the rules it names, so a file can set a
// category and then make exceptions:
//
//	# CI gate for the prod cluster
//	properties warning   # unknown keys never block a merge
//	CS005      error     # ...except typos in property names
//	CS110      off       # we restart the RM on every change anyway
//
// Why this format and not YAML/JSON/properties: it is what the table is
// (rule → level), it diffs and greps line by line in a config repository,
// needs no dependency, and every mistake in it (unknown rule, unknown
// level) is reported with its line number. It reads like fs2cs's
// `<feature>.action=warning|abort`, with levels that match capq's.
type Policy struct {
	entries []policyEntry
}

type policyEntry struct {
	sel  string
	sev  xmlconf.Severity
	off  bool
	line int
}

// PolicyOptions say how to read a policy file.
type PolicyOptions struct {
	// Untrusted keeps the file's content out of error messages: the file
	// may come from a pull request, or be a link to a file of the runner
	// (/proc/self/environ reads as one line of every variable).
	Untrusted bool
}

// ParsePolicy reads a policy file; name is used in error messages.
func ParsePolicy(name string, r io.Reader) (*Policy, error) {
	return ParsePolicyWith(name, r, PolicyOptions{})
}

// ParsePolicyWith is ParsePolicy with options. A bad line's error gives
// file:line and what is expected, quoting at most a short excerpt of the
// line, and none when opts.Untrusted.
func ParsePolicyWith(name string, r io.Reader, opts PolicyOptions) (*Policy, error) {
	pol := &Policy{}
	br := bufio.NewReader(r)
	head, _ := br.Peek(4)
	if err := safeio.RefuseWide(head, ""); err != nil {
		return nil, fmt.Errorf("policy %s: %w", name, err)
	}
	sc := bufio.NewScanner(br)
	var errs []string
	n := 1
	for ; sc.Scan(); n++ {
		text := sc.Text()
		if n == 1 {
			// capq's own format, often edited on Windows: a byte-order
			// mark would read as part of the first rule's name.
			text = strings.TrimPrefix(text, safeio.UTF8BOM)
		}
		line, _, _ := strings.Cut(text, "#")
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if len(pol.entries)+len(errs) == maxPolicyEntries {
			return nil, fmt.Errorf("policy %s:%d: more than %d entries; a policy names each rule or category once", name, n, maxPolicyEntries)
		}
		if len(fields) != 2 {
			errs = append(errs, fmt.Sprintf("%s:%d: want `RULE LEVEL`, got %s", name, n, opts.got(fields)))
			continue
		}
		e, err := parsePolicyEntry(fields[0], fields[1], n, opts)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s:%d: %v", name, n, err))
			continue
		}
		pol.entries = append(pol.entries, e)
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		// n is the line Scan stopped in: name it, as every other error does.
		return nil, fmt.Errorf("policy %s:%d: line longer than %d bytes; a policy line is `RULE LEVEL`", name, n, bufio.MaxScanTokenSize)
	} else if err != nil {
		return nil, fmt.Errorf("policy %s: %w", name, err)
	}
	if len(errs) > maxPolicyErrors {
		errs = append(errs[:maxPolicyErrors], fmt.Sprintf("and %d more", len(errs)-maxPolicyErrors))
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("policy %s", strings.Join(errs, "; "))
	}
	return pol, nil
}

// Bounds on a policy file, which may come from a pull request: a real one
// names each of capq's rules or categories once (a few hundred lines), and
// every entry is matched against every rule. 2,000,000 lines took lint
// over 20 s, and as many bad lines made a 160 MB error message.
const (
	maxPolicyEntries = 10_000
	maxPolicyErrors  = 20
)

// got describes a line of the wrong shape: a short excerpt of it, or only
// its number of fields when untrusted.
func (opts PolicyOptions) got(fields []string) string {
	if opts.Untrusted {
		if len(fields) == 1 {
			return "1 field"
		}
		return fmt.Sprintf("%d fields", len(fields))
	}
	return safeio.Excerpt(strings.Join(fields, " "))
}

func parsePolicyEntry(sel, level string, line int, opts PolicyOptions) (policyEntry, error) {
	if CheckSelectors([]string{sel}) != nil {
		if opts.Untrusted {
			return policyEntry{}, fmt.Errorf("unknown rule in the first field, want a rule ID, name or category (see capq rules)")
		}
		return policyEntry{}, fmt.Errorf("unknown rule %s, want a rule ID, name or category (see capq rules)", safeio.Excerpt(sel))
	}
	e := policyEntry{sel: sel, line: line}
	if strings.EqualFold(level, "off") {
		e.off = true
		return e, nil
	}
	sev, err := xmlconf.ParseSeverity(level)
	if err != nil {
		if opts.Untrusted {
			return policyEntry{}, fmt.Errorf("unknown level in the second field, want error, warning, info or off")
		}
		return policyEntry{}, fmt.Errorf("unknown level %s, want error, warning, info or off", safeio.Excerpt(level))
	}
	e.sev = sev
	return e, nil
}

// severityFor returns the level the policy sets for rule id (0 when it
// sets none) and whether the rule is off. The last matching line wins.
func (pol *Policy) severityFor(id string) (xmlconf.Severity, bool) {
	r := Lookup(id)
	var sev xmlconf.Severity
	off := false
	for _, e := range pol.entries {
		hit := strings.EqualFold(e.sel, id)
		if r != nil {
			hit = r.Matches(e.sel)
		}
		if hit {
			sev, off = e.sev, e.off
		}
	}
	return sev, off
}

// Disabled reports whether the policy turns rule id off (so callers can
// skip running it).
func (pol *Policy) Disabled(id string) bool {
	if pol == nil {
		return false
	}
	_, off := pol.severityFor(id)
	return off
}
