package preview

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// parser reads one gate line left to right; pos is a byte offset.
type parser struct {
	src       string
	source    string
	line      int
	pos       int
	metricCol int
	m         Metric
	subj      string
	depth     int
	// untrusted keeps the line out of messages (GateOptions.Untrusted).
	untrusted bool
}

// maxDepth bounds brackets and signs so a hostile gate file cannot
// exhaust the stack.
const maxDepth = 64

func (p *parser) eof() bool    { return p.pos >= len(p.src) }
func (p *parser) rest() string { return strings.TrimSpace(p.src[p.pos:]) }

func (p *parser) skipSpace() {
	for !p.eof() && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

// q quotes s for a message, with a leading space: a short excerpt
// (safeio.Excerpt), or nothing when the line is untrusted, so every
// message still reads as a sentence without it.
func (p *parser) q(s string) string {
	if p.untrusted {
		return ""
	}
	return " " + safeio.Excerpt(s)
}

// or is s quoted (a short excerpt), or the word naming it when untrusted.
func (p *parser) or(s, word string) string {
	if p.untrusted {
		return word
	}
	return safeio.Excerpt(s)
}

// in is " in" and q(s), or nothing when untrusted.
func (p *parser) in(s string) string {
	if p.untrusted {
		return ""
	}
	return " in" + p.q(s)
}

func (p *parser) errAt(col int, msg, hint string) error {
	return &ParseError{Source: p.source, Line: p.line, Col: col, Msg: msg, Hint: hint}
}

// subject reads the first word: a queue path, user:NAME or "*".
func (p *parser) subject() (string, error) {
	start := p.pos
	for !p.eof() && !unicode.IsSpace(rune(p.src[p.pos])) {
		p.pos++
	}
	s := p.src[start:p.pos]
	p.subj = s
	switch {
	case s == "*":
	case strings.HasPrefix(s, "user:"):
		if len(s) == len("user:") {
			return "", p.errAt(start+1, "missing user name after \"user:\"", "write e.g. user:alice")
		}
	case s == "root" || strings.HasPrefix(s, "root."):
		if strings.Contains(s, "..") || strings.HasSuffix(s, ".") {
			return "", p.errAt(start+1, "queue path"+p.q(s)+" has an empty segment", "")
		}
	default:
		return "", p.errAt(start+1, "subject"+p.q(s)+" is not a queue path, user:NAME or *", "queue paths start at root, e.g. "+p.or("root."+s, "root.eng.qa"))
	}
	return s, nil
}

// metric reads the metric name, which ends at a space or an operator.
func (p *parser) metric() (Metric, error) {
	p.skipSpace()
	start := p.pos
	p.metricCol = start + 1
	for !p.eof() && !unicode.IsSpace(rune(p.src[p.pos])) && !strings.ContainsRune("<>=!", rune(p.src[p.pos])) {
		p.pos++
	}
	name := p.src[start:p.pos]
	if name == "" {
		return Metric{}, p.errAt(start+1, "missing metric", "one of "+strings.Join(MetricNames(), ", "))
	}
	m, ok := LookupMetric(name)
	if !ok {
		hint := "one of " + strings.Join(MetricNames(), ", ")
		if s := suggest(name, MetricNames()); s != "" {
			hint = fmt.Sprintf("did you mean %q?", s)
		}
		return m, p.errAt(start+1, "unknown metric"+p.q(name), hint)
	}
	p.m = m
	return m, nil
}

// op reads a comparison operator.
func (p *parser) op() (Op, error) {
	p.skipSpace()
	for i, t := range []string{"<=", ">=", "==", "!=", "<", ">"} {
		if strings.HasPrefix(p.src[p.pos:], t) {
			p.pos += len(t)
			return []Op{OpLE, OpGE, OpEQ, OpNE, OpLT, OpGT}[i], nil
		}
	}
	if strings.HasPrefix(p.src[p.pos:], "=") {
		return 0, p.errAt(p.pos+1, "\"=\" is not a comparison", "use == (or <=, >=)")
	}
	found := ", found end of line"
	if !p.eof() {
		found = p.q(p.rest())
		if found != "" {
			found = ", found" + found
		}
	}
	return 0, p.errAt(p.pos+1, "expected a comparison (<=, <, >=, >, ==, !=)"+found, "")
}

// Expr is the right-hand side of a gate: numbers with units, the
// references guarantee, max and old, combined with + - * / and brackets.
type Expr struct {
	// Op is 0 for a literal, 'r' for a reference, or + - * /.
	Op   byte
	Val  float64
	Ref  string
	L, R *Expr
	Kind Kind
	col  int
}

// String writes the expression back in canonical form.
func (e *Expr) String() string {
	switch e.Op {
	case 0:
		return FormatValue(e.Kind, e.Val, true)
	case 'r':
		return e.Ref
	}
	return "(" + e.L.String() + " " + string(e.Op) + " " + e.R.String() + ")"
}

func (p *parser) expr() (Expr, error) {
	e, err := p.sum()
	if err != nil {
		return Expr{}, err
	}
	return *e, nil
}

func (p *parser) sum() (*Expr, error) {
	l, err := p.product()
	for err == nil {
		p.skipSpace()
		if p.eof() || (p.src[p.pos] != '+' && p.src[p.pos] != '-') {
			return l, nil
		}
		op, col := p.src[p.pos], p.pos+1
		p.pos++
		var r *Expr
		if r, err = p.product(); err != nil {
			return nil, err
		}
		if l.Kind != r.Kind && !isZero(l) && !isZero(r) {
			return nil, p.errAt(col, fmt.Sprintf("cannot %s a %s and a %s", map[byte]string{'+': "add", '-': "subtract"}[op], l.Kind, r.Kind), "")
		}
		k := l.Kind
		if isZero(l) {
			k = r.Kind
		}
		l = &Expr{Op: op, L: l, R: r, Kind: k, col: col}
	}
	return nil, err
}

func (p *parser) product() (*Expr, error) {
	l, err := p.factor()
	for err == nil {
		p.skipSpace()
		if p.eof() || (p.src[p.pos] != '*' && p.src[p.pos] != '/') {
			return l, nil
		}
		op, col := p.src[p.pos], p.pos+1
		p.pos++
		var r *Expr
		if r, err = p.factor(); err != nil {
			return nil, err
		}
		var k Kind
		switch {
		case r.Kind == KindCount:
			k = l.Kind
		case op == '*' && l.Kind == KindCount:
			k = r.Kind
		case op == '/' && l.Kind == r.Kind:
			k = KindCount
		default:
			return nil, p.errAt(col, fmt.Sprintf("cannot %s a %s by a %s", map[byte]string{'*': "multiply", '/': "divide"}[op], l.Kind, r.Kind), "scale by a plain number, e.g. guarantee*0.8")
		}
		l = &Expr{Op: op, L: l, R: r, Kind: k, col: col}
	}
	return nil, err
}

func (p *parser) factor() (*Expr, error) {
	p.skipSpace()
	col := p.pos + 1
	if p.depth++; p.depth > maxDepth {
		return nil, p.errAt(col, fmt.Sprintf("expression nested deeper than %d", maxDepth), "")
	}
	defer func() { p.depth-- }()
	if p.eof() {
		return nil, p.errAt(col, "expected a value, found end of line", "e.g. 10m, 200gb, 3, guarantee*0.8 or old*1.1")
	}
	c := p.src[p.pos]
	switch {
	case c == '(':
		p.pos++
		e, err := p.sum()
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.eof() || p.src[p.pos] != ')' {
			return nil, p.errAt(p.pos+1, "missing \")\"", fmt.Sprintf("to close the \"(\" at column %d", col))
		}
		p.pos++
		return e, nil
	case c == '-':
		p.pos++
		e, err := p.factor()
		if err != nil {
			return nil, err
		}
		return &Expr{Op: '-', L: &Expr{Kind: e.Kind}, R: e, Kind: e.Kind, col: col}, nil
	case c >= '0' && c <= '9' || c == '.':
		return p.number()
	case unicode.IsLetter(rune(c)):
		return p.reference()
	}
	return nil, p.errAt(col, "unexpected "+p.or(string(c), "character"), "")
}

// reference reads guarantee, max or old.
func (p *parser) reference() (*Expr, error) {
	start := p.pos
	for !p.eof() && (unicode.IsLetter(rune(p.src[p.pos])) || p.src[p.pos] == '_') {
		p.pos++
	}
	name := strings.ToLower(p.src[start:p.pos])
	col := start + 1
	switch name {
	case "guarantee", "max":
		if strings.HasPrefix(p.subj, "user:") {
			return nil, p.errAt(col, fmt.Sprintf("users have no %q", name), "compare a user's metric with a number or old")
		}
		return &Expr{Op: 'r', Ref: name, Kind: KindMemory, col: col}, nil
	case "old":
		return &Expr{Op: 'r', Ref: name, Kind: p.m.Kind, col: col}, nil
	}
	hint := "references are guarantee, max and old"
	if s := suggest(name, []string{"guarantee", "max", "old"}); s != "" {
		hint = fmt.Sprintf("did you mean %q?", s)
	}
	return nil, p.errAt(col, "unknown reference"+p.q(name), hint)
}

// number reads a number with an optional unit or percent sign.
func (p *parser) number() (*Expr, error) {
	start := p.pos
	for !p.eof() && (isDigit(p.src[p.pos]) || p.src[p.pos] == '.' || unicode.IsLetter(rune(p.src[p.pos]))) {
		p.pos++
	}
	tok := p.src[start:p.pos]
	col := start + 1
	numEnd := 0
	for numEnd < len(tok) && (isDigit(tok[numEnd]) || tok[numEnd] == '.') {
		numEnd++
	}
	num, unit := tok[:numEnd], strings.ToLower(tok[numEnd:])
	if unit == "" {
		v, err := strconv.ParseFloat(num, 64)
		if err != nil {
			return nil, p.errAt(col, p.or(tok, "the value")+" is not a number", "")
		}
		if !p.eof() && p.src[p.pos] == '%' {
			p.pos++
			v /= 100
		}
		return &Expr{Val: v, Kind: KindCount, col: col}, nil
	}
	if mb, ok := memoryUnits[unit]; ok {
		v, err := strconv.ParseFloat(num, 64)
		if err != nil {
			return nil, p.errAt(col, p.or(tok, "the value")+" is not a number", "")
		}
		return &Expr{Val: v * mb, Kind: KindMemory, col: col}, nil
	}
	d, err := time.ParseDuration(strings.ToLower(tok))
	if err != nil && !strings.ContainsAny(unit, "nuµ") && !strings.Contains(err.Error(), "unit") {
		// The units are right but the sum overflows time.Duration: "unknown
		// unit" sent the user to fix an "h" that was fine.
		return nil, p.errAt(col, p.or(tok, "the duration")+" is out of range", "durations go up to 2562047h (about 292 years)")
	}
	if err != nil || strings.ContainsAny(unit, "nuµ") {
		return nil, p.errAt(col+numEnd, "unknown unit"+p.in(tok), "durations take ms, s, m, h (1h30m); memory takes mb, gb, tb (binary: 1gb = 1024mb)")
	}
	return &Expr{Val: float64(d.Milliseconds()), Kind: KindDuration, col: col}, nil
}

// memoryUnits are MB per unit; binary like Hadoop's (1g = 1024 MB). A
// bare "m" means minutes, so megabytes are "mb".
var memoryUnits = map[string]float64{
	"k": 1.0 / 1024, "kb": 1.0 / 1024, "kib": 1.0 / 1024,
	"mb": 1, "mib": 1,
	"g": 1024, "gb": 1024, "gib": 1024,
	"t": 1 << 20, "tb": 1 << 20, "tib": 1 << 20,
	"p": 1 << 30, "pb": 1 << 30, "pib": 1 << 30,
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isZero(e *Expr) bool { return e.Op == 0 && e.Val == 0 }

// checkKind makes sure the right-hand side is in the metric's units.
func (p *parser) checkKind(g Gate, col int) error {
	if g.RHS.Kind == g.Metric.Kind || isZero(&g.RHS) {
		return nil
	}
	if g.RHS.Kind == KindCount {
		return p.errAt(col, fmt.Sprintf("%s is a %s; %s has no unit", g.Metric.Name, g.Metric.Kind, p.or(strings.TrimSpace(p.src[col-1:]), "the right-hand side")), unitHint(g.Metric.Kind))
	}
	return p.errAt(col, fmt.Sprintf("%s is a %s, but the right-hand side is a %s", g.Metric.Name, g.Metric.Kind, g.RHS.Kind), unitHint(g.Metric.Kind))
}

func unitHint(k Kind) string {
	switch k {
	case KindDuration:
		return "add a duration unit: ms, s, m or h (e.g. 10m)"
	case KindMemory:
		return "add a memory unit (e.g. 200gb) or use guarantee/max"
	}
	return "compare with a plain number"
}

// suggest returns the candidate closest to s when it is close enough to
// be a typo.
func suggest(s string, candidates []string) string {
	best, bestD := "", math.MaxInt
	for _, c := range candidates {
		if d := xmlconf.EditDistance(strings.ToLower(s), c); d < bestD {
			best, bestD = c, d
		}
	}
	if bestD <= 2 || (bestD <= 3 && len(s) > 8) {
		return best
	}
	return ""
}
