package preview

import (
	"fmt"
	"strings"

	"github.com/capq/capq/safeio"
)

// Gate is one parsed assertion: SUBJECT METRIC OP EXPR, such as
// `root.eng.qa wait.p95 <= 10m` or `root.support usage.avg >= guarantee*0.8`.
type Gate struct {
	// Text is the assertion as written (trimmed, without a comment).
	Text string
	// Source says where it came from: "gates.txt:3" or "--assert #2".
	Source string
	// Subject is a queue path, "user:NAME", or "*" (every leaf queue).
	Subject string
	Metric  Metric
	Op      Op
	RHS     Expr
}

// Op is a comparison operator.
type Op uint8

// Operators.
const (
	OpLE Op = iota
	OpLT
	OpGE
	OpGT
	OpEQ
	OpNE
)

var opText = [...]string{"<=", "<", ">=", ">", "==", "!="}

// String returns the operator as written.
func (o Op) String() string { return opText[o] }

// holds applies the operator.
func (o Op) holds(a, b float64) bool {
	switch o {
	case OpLE:
		return a <= b
	case OpLT:
		return a < b
	case OpGE:
		return a >= b
	case OpGT:
		return a > b
	case OpEQ:
		return a == b
	}
	return a != b
}

// IsUser reports whether the gate is about a user.
func (g Gate) IsUser() bool { return strings.HasPrefix(g.Subject, "user:") }

// ParseError is a gate that could not be parsed, with its position
// (1-based line and column in the source).
type ParseError struct {
	Source string // file name or "--assert"
	Line   int
	Col    int
	Msg    string
	Hint   string
}

// Error renders file:line:col: message (hint).
func (e *ParseError) Error() string {
	s := fmt.Sprintf("%s:%d:%d: %s", e.Source, e.Line, e.Col, e.Msg)
	if e.Hint != "" {
		s += "; " + e.Hint
	}
	return s
}

// ParseAssert parses one --assert rule; n numbers it for messages.
func ParseAssert(rule string, n int) (Gate, error) {
	g, err := parseLine(rule, fmt.Sprintf("--assert #%d", n), 1, false)
	if err != nil {
		return g, err
	}
	if g.Subject == "" {
		return g, &ParseError{Source: fmt.Sprintf("--assert #%d", n), Line: 1, Col: 1, Msg: "empty assertion", Hint: "write e.g. 'root.eng.qa wait.p95 <= 10m'"}
	}
	return g, nil
}

// ParseAsserts parses every --assert rule, numbered from 1; every bad
// rule is reported (one error each, in order).
func ParseAsserts(rules []string) ([]Gate, []error) {
	var gates []Gate
	var errs []error
	for i, r := range rules {
		g, err := ParseAssert(r, i+1)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		gates = append(gates, g)
	}
	return gates, errs
}

// GateOptions say how to read a gate file.
type GateOptions struct {
	// Untrusted keeps the file's content out of error messages: the file
	// may come from a pull request, or be a link to a file of the runner
	// (/proc/self/environ reads as one line of every variable). Errors
	// still give file:line:column and what is expected.
	Untrusted bool
}

// ParseGates parses a gate file: one assertion per line; blank lines and
// text after '#' are ignored. Every bad line is reported (one error each,
// in line order), quoting at most a short excerpt of it.
func ParseGates(name string, data []byte) ([]Gate, []error) {
	return ParseGatesWith(name, data, GateOptions{})
}

// ParseGatesWith is ParseGates with options.
func ParseGatesWith(name string, data []byte, opts GateOptions) ([]Gate, []error) {
	var gates []Gate
	var errs []error
	bad := 0
	if err := safeio.RefuseWide(data, ""); err != nil {
		return nil, []error{fmt.Errorf("%s: %w", name, err)}
	}
	data, _ = safeio.CutBOM(data) // capq's own format: an editor's byte-order mark is skipped
	for i, line := range strings.Split(string(data), "\n") {
		g, err := parseLine(strings.TrimSuffix(line, "\r"), name, i+1, opts.Untrusted)
		if (err != nil || g.Subject != "") && len(gates)+bad == maxGates {
			return nil, append(errs, fmt.Errorf("%s:%d: more than %d gate lines", name, i+1, maxGates))
		}
		if err != nil {
			if bad++; bad <= maxGateErrors {
				errs = append(errs, err)
			}
			continue
		}
		if g.Subject != "" {
			g.Source = fmt.Sprintf("%s:%d", name, i+1)
			gates = append(gates, g)
		}
	}
	if bad > maxGateErrors {
		errs = append(errs, fmt.Errorf("%s: and %d more bad lines", name, bad-maxGateErrors))
	}
	return gates, errs
}

// Bounds on a gate file, which may come from a pull request: a real one
// holds a few dozen gates. 200,000 bad lines (3 MB) printed 24 MB of
// errors; every gate is evaluated and printed.
const (
	maxGates      = 10_000
	maxGateErrors = 20
)

// parseLine parses one line; a line with only a comment gives a zero
// Gate and no error.
func parseLine(line, source string, lineNo int, untrusted bool) (Gate, error) {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	p := &parser{src: line, source: source, line: lineNo, untrusted: untrusted}
	g := Gate{Source: source, Text: strings.TrimSpace(line)}
	p.skipSpace()
	if p.eof() {
		return Gate{}, nil
	}
	var err error
	if g.Subject, err = p.subject(); err != nil {
		return g, err
	}
	if g.Metric, err = p.metric(); err != nil {
		return g, err
	}
	if g.Metric.QueueOnly && g.IsUser() {
		return g, p.errAt(p.metricCol, fmt.Sprintf("%q is a queue setting; users have none", g.Metric.Name), "")
	}
	if g.Op, err = p.op(); err != nil {
		return g, err
	}
	p.skipSpace()
	rhsCol := p.pos + 1
	if g.RHS, err = p.expr(); err != nil {
		return g, err
	}
	p.skipSpace()
	if !p.eof() {
		return g, p.errAt(p.pos+1, "unexpected "+p.or(p.rest(), "text")+" after the expression", "one assertion per line")
	}
	if err := p.checkKind(g, rhsCol); err != nil {
		return g, err
	}
	return g, nil
}
