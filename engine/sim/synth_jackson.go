package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// SLS reads a SYNTH description with Jackson's default ObjectMapper
// (FAIL_ON_UNKNOWN_PROPERTIES off), which coerces some values into the
// type of the field it fills and refuses others. synthCoerce applies the
// same coercions before capq's typed read, on the fields
// SynthTraceJobProducer's classes declare, and refuses what Jackson
// refuses with the value's file:line:
//
//   - an int or long field (num_jobs, time, priority, rand_seed, the old
//     format's *_max_memory_avg, ...) takes a whole number in its Java
//     range; a number with a fraction or exponent is truncated toward
//     zero (ACCEPT_FLOAT_AS_INT), 1.5 → 1, 1e3 → 1000, unless it is out
//     of range; a string is trimmed and parsed as Integer.parseInt or
//     Long.parseLong do ("10" → 10, "1.5" refused); "", blank and "null"
//     are 0, as null is (FAIL_ON_NULL_FOR_PRIMITIVES is off);
//   - a double field (weights, val, std, the old format's averages)
//     takes any number, or a string parsed as Double.parseDouble does
//     ("2.5", "1e3", "7d"); "", blank and "null" are 0 for a double and
//     null for Sample's Double;
//   - a String field takes a string, or the text of a number or boolean
//     as written (a queue_name of 10 is "10");
//   - a boolean, array or object where a number is wanted, an array or
//     object where a string is wanted, and a number out of its Java
//     type's range are refused, as Jackson fails on them.
//
// Nothing is wrapped or truncated silently beyond what Jackson does. capq
// also refuses a number Jackson would read as infinite or NaN (1e400,
// "NaN", "Infinity"): SLS then fails or draws nonsense, and capq's
// arithmetic would not follow it (FORMAT.md, "What still differs").
//
// The coerced values replace the original tokens on the same lines, so
// the typed read's own errors keep their lines. synthCoerce also records
// where each value of the description starts (by its path, such as
// workloads[0].job_classes[1]) for the errors of the checks that follow.

// jkind is the Java type a SYNTH field is declared with.
type jkind uint8

const (
	jAny     jkind = iota // not declared: ignored whatever it holds
	jInt                  // int
	jLong                 // long
	jDouble               // double
	jDoubleB              // java.lang.Double (null stays null)
	jString               // String
	jObject               // one of SynthTraceJobProducer's classes
	jList                 // List<elem>
	jMap                  // Map<String, String>
)

// jtype is a field's type: its kind and, for classes and lists, what
// they hold.
type jtype struct {
	kind   jkind
	fields map[string]*jtype
	elem   *jtype
}

var (
	jtInt     = &jtype{kind: jInt}
	jtLong    = &jtype{kind: jLong}
	jtDouble  = &jtype{kind: jDouble}
	jtDoubleB = &jtype{kind: jDoubleB}
	jtString  = &jtype{kind: jString}
	jtAny     = &jtype{kind: jAny}
)

func jlist(elem *jtype) *jtype { return &jtype{kind: jList, elem: elem} }

// synthSchema is SynthTraceJobProducer.Trace and the classes under it,
// with each @JsonProperty's Java type.
var synthSchema = func() *jtype {
	sample := &jtype{kind: jObject, fields: map[string]*jtype{
		"val": jtDoubleB, "std": jtDoubleB, "dist": jtString,
		"discrete": jlist(jtString), "weights": jlist(jtDoubleB),
	}}
	task := &jtype{kind: jObject, fields: map[string]*jtype{
		"type": jtString, "count": sample, "time": sample, "max_memory": sample, "max_vcores": sample,
		"priority": jtInt, "execution_type": jtString,
	}}
	job := &jtype{kind: jObject, fields: map[string]*jtype{
		"class_name": jtString, "user_name": jtString, "class_weight": jtDouble, "type": jtString,
		"deadline_factor": sample, "duration": sample, "reservation": sample,
		"tasks": jlist(task), "params": {kind: jMap},
		"map_max_memory_avg": jtLong, "reduce_max_memory_avg": jtLong,
		"map_max_vcores_avg": jtLong, "reduce_max_vcores_avg": jtLong,
		"map_execution_type": jtString, "reduce_execution_type": jtString,
	}}
	for _, k := range []string{"chance_of_reservation", "deadline_factor_avg", "deadline_factor_stddev",
		"dur_avg", "dur_stddev", "mtime_avg", "mtime_stddev", "rtime_avg", "rtime_stddev",
		"mtasks_avg", "mtasks_stddev", "rtasks_avg", "rtasks_stddev",
		"map_max_memory_stddev", "reduce_max_memory_stddev", "map_max_vcores_stddev", "reduce_max_vcores_stddev"} {
		job.fields[k] = jtDouble
	}
	timeSample := &jtype{kind: jObject, fields: map[string]*jtype{"time": jtInt, "weight": jtDouble}}
	workload := &jtype{kind: jObject, fields: map[string]*jtype{
		"workload_name": jtString, "workload_weight": jtDouble, "queue_name": jtString,
		"job_classes": jlist(job), "time_distribution": jlist(timeSample),
		// Not a field of Workload: prose SLS's own syn.json carries,
		// which synthIgnoredKeys does not name.
		"description": jtAny,
	}}
	return &jtype{kind: jObject, fields: map[string]*jtype{
		"description": jtString, "num_nodes": jtInt, "nodes_per_rack": jtInt, "num_jobs": jtInt,
		"rand_seed": jtLong, "workloads": jlist(workload),
	}}
}()

// synthPositions maps a value's path in the description to its file:line.
type synthPositions map[string]string

// at is the position of path, or "" (posErr then gives none).
func (p synthPositions) at(path string) string { return p[path] }

// coercer walks a SYNTH description's tokens.
type coercer struct {
	dec   *json.Decoder
	r     *posReader
	edits []edit
	pos   synthPositions
}

// edit replaces data[start:end] with text (no newline: lines stay put).
type edit struct {
	start, end int64
	text       string
}

// synthCoerce returns data with Jackson's coercions applied (data itself
// when none applies) and the positions of its values. A malformed
// document is returned as it is, for the typed read to report.
func synthCoerce(name string, data []byte) ([]byte, synthPositions, error) {
	c := &coercer{dec: json.NewDecoder(bytes.NewReader(data)), r: &posReader{name: name, data: data, lastLine: 1}, pos: synthPositions{}}
	c.dec.UseNumber()
	err := c.value(synthSchema, "")
	if se := (*syntaxOrEOF)(nil); errors.As(err, &se) {
		return data, c.pos, nil
	}
	if err != nil {
		return nil, nil, err
	}
	if len(c.edits) == 0 {
		return data, c.pos, nil
	}
	out := make([]byte, 0, len(data))
	last := int64(0)
	for _, e := range c.edits {
		out = append(out, data[last:e.start]...)
		out = append(out, e.text...)
		last = e.end
	}
	return append(out, data[last:]...), c.pos, nil
}

// syntaxOrEOF marks a decoding error of the document itself, which the
// typed read reports with its own words.
type syntaxOrEOF struct{ err error }

func (e *syntaxOrEOF) Error() string { return e.err.Error() }

// token reads the next token and where it starts and ends.
func (c *coercer) token() (json.Token, int64, int64, error) {
	start := c.r.skipSpace(c.dec.InputOffset())
	tok, err := c.dec.Token()
	if err != nil {
		return nil, 0, 0, &syntaxOrEOF{err}
	}
	return tok, start, c.dec.InputOffset(), nil
}

// value reads one value of type t at path.
func (c *coercer) value(t *jtype, path string) error {
	if t.kind == jAny {
		// Undeclared: skipped whole, which is much faster than token by
		// token.
		var skip json.RawMessage
		if err := c.dec.Decode(&skip); err != nil {
			return &syntaxOrEOF{err}
		}
		return nil
	}
	tok, start, end, err := c.token()
	if err != nil {
		return err
	}
	if path != "" && (t.kind == jObject || t.kind == jList || !strings.HasSuffix(path, "]")) {
		// Every value but a list's scalar elements (discrete, weights),
		// whose places no check needs.
		c.pos[path] = c.r.pos(start)
	}
	if d, ok := tok.(json.Delim); ok {
		return c.composite(t, path, d, start)
	}
	switch t.kind {
	case jInt, jLong, jDouble, jDoubleB, jString:
		return c.scalar(t.kind, path, tok, start, end)
	case jList, jMap:
		// Jackson reads null as null, and no other scalar into a List
		// or a Map (ACCEPT_SINGLE_VALUE_AS_ARRAY is off).
		if tok != nil {
			return c.mismatch(t.kind, path, "a "+jsonKind(tok), start)
		}
	}
	// A class's value that is not an object is the typed read's to
	// refuse.
	return nil
}

// childPath is the path of a value of type t under path: an undeclared
// value keeps its parent's (no message names it, and a large one must
// not cost a string per element).
func childPath(t *jtype, path string, child func() string) string {
	if t.kind == jAny {
		return path
	}
	return child()
}

// composite reads an object or array opened by d.
func (c *coercer) composite(t *jtype, path string, d json.Delim, start int64) error {
	if d == '[' {
		if t.kind != jAny && t.kind != jList {
			return c.mismatch(t.kind, path, "an array", start)
		}
		elem := jtAny
		if t.kind == jList {
			elem = t.elem
		}
		for i := 0; c.dec.More(); i++ {
			if err := c.value(elem, childPath(elem, path, func() string { return path + "[" + strconv.Itoa(i) + "]" })); err != nil {
				return err
			}
		}
		_, _, _, err := c.token()
		return err
	}
	if t.kind != jAny && t.kind != jObject && t.kind != jMap {
		return c.mismatch(t.kind, path, "an object", start)
	}
	for c.dec.More() {
		tok, _, _, err := c.token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		ft := jtAny
		switch t.kind {
		case jObject:
			if f, ok := t.fields[key]; ok {
				ft = f
			}
		case jMap:
			ft = jtString
		}
		kp := childPath(ft, path, func() string {
			if path == "" {
				return key
			}
			return path + "." + key
		})
		if err := c.value(ft, kp); err != nil {
			return err
		}
	}
	_, _, _, err := c.token()
	return err
}

// mismatch refuses a value of the wrong shape for its field.
func (c *coercer) mismatch(k jkind, path, what string, start int64) error {
	if path == "" {
		return fmt.Errorf("not a SYNTH description: %s: the description is %s, where SynthTraceJobProducer reads an object (Jackson fails)", c.r.pos(start), what)
	}
	return fmt.Errorf("%s: %s is %s, where SynthTraceJobProducer reads %s (Jackson fails)", c.r.pos(start), pathName(path), what, k)
}

// String is the Java type, as messages name it.
func (k jkind) String() string {
	switch k {
	case jInt:
		return "a Java int"
	case jLong:
		return "a Java long"
	case jDouble, jDoubleB:
		return "a Java double"
	case jString:
		return "a string"
	case jObject:
		return "an object"
	case jList:
		return "a list"
	case jMap:
		return "an object of strings"
	}
	return "any value"
}

func pathName(path string) string {
	if path == "" {
		return "the description"
	}
	return path
}

// scalar coerces one scalar token into a field of kind k.
func (c *coercer) scalar(k jkind, path string, tok json.Token, start, end int64) error {
	at := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s %s", c.r.pos(start), pathName(path), fmt.Sprintf(format, args...))
	}
	raw := string(c.r.data[start:end])
	if k == jString {
		switch tok.(type) {
		case json.Number, bool:
			// StringDeserializer takes a scalar's text as written.
			c.edits = append(c.edits, edit{start, end, strconv.Quote(raw)})
		}
		return nil
	}
	var text string
	fromString := false
	switch v := tok.(type) {
	case nil:
		if k == jDoubleB && strings.HasSuffix(path, "]") {
			return at("is null, which SynthUtils.getWeighted cannot add (SLS fails with a NullPointerException)")
		}
		return nil // 0 for a primitive, null for a Double, as the typed read leaves it
	case bool:
		return at("is %s, where SynthTraceJobProducer reads %s (Jackson does not coerce a boolean to a number)", raw, k)
	case json.Number:
		text = string(v)
	case string:
		text, fromString = v, true
	}
	var out string
	var err error
	switch {
	case fromString && (text == "" || javaTrim(text) == "" || javaTrim(text) == "null"):
		// Jackson reads an empty, blank or "null" string as null: 0 for a
		// primitive, null for Sample's Double.
		out = "0"
		if k == jDoubleB {
			out = "null"
		}
	case k == jDouble || k == jDoubleB:
		out, err = coerceDouble(text, fromString)
	default:
		out, err = coerceWhole(text, fromString, k == jLong)
	}
	if err != nil {
		return at("%s %v", clipText(raw), err)
	}
	if out == "null" && strings.HasSuffix(path, "]") {
		// A weights element: SynthUtils.getWeighted unboxes it.
		return at("%s is read as null, which SynthUtils.getWeighted cannot add (SLS fails with a NullPointerException)", clipText(raw))
	}
	if out != raw {
		c.edits = append(c.edits, edit{start, end, out})
	}
	return nil
}

// coerceDouble reads a double as Jackson does: a JSON number as it is,
// a string as Double.parseDouble reads it once trimmed. A value Java
// reads as infinite or NaN is refused (see synthCoerce).
func coerceDouble(text string, fromString bool) (string, error) {
	var f float64
	if fromString {
		v, ok := javaParseDouble(javaTrim(text))
		switch javaTrim(text) {
		case "INF":
			v, ok = math.Inf(1), true // StdDeserializer._checkDoubleSpecialValue
		case "-INF":
			v, ok = math.Inf(-1), true
		}
		if !ok {
			return "", fmt.Errorf("is not a number Double.parseDouble reads (Jackson fails)")
		}
		f = v
	} else {
		v, err := strconv.ParseFloat(text, 64)
		if err != nil && !isRangeErr(err) {
			return "", fmt.Errorf("is not a number")
		}
		f = v
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return "", fmt.Errorf("is not a finite number (Jackson reads it as %v; capq refuses it)", javaDoubleString(f))
	}
	if !fromString {
		return text, nil
	}
	return strconv.FormatFloat(f, 'g', -1, 64), nil
}

// clipText keeps a message readable when the value it quotes is huge (a
// number of 100,000 digits was echoed whole): the first 40 bytes, cut
// on a character boundary, and "…".
func clipText(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	n := max
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

func javaDoubleString(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case f > 0:
		return "Infinity"
	}
	return "-Infinity"
}

// coerceWhole reads an int or long as Jackson does. A JSON number with a
// fraction or exponent is truncated toward zero (ACCEPT_FLOAT_AS_INT)
// when in range; a string is parsed as Integer.parseInt or
// Long.parseLong, which take an optional sign and decimal digits only.
func coerceWhole(text string, fromString, long bool) (string, error) {
	typ, lo, hi := "int", int64(math.MinInt32), int64(math.MaxInt32)
	if long {
		typ, lo, hi = "long", math.MinInt64, math.MaxInt64
	}
	if fromString {
		s := javaTrim(text)
		if !javaDecimal(s) {
			return "", fmt.Errorf("is not a Java %s (Integer.parseInt/Long.parseLong refuse it, and so does Jackson)", typ)
		}
		n, err := strconv.ParseInt(strings.TrimPrefix(s, "+"), 10, 64)
		if err != nil || n < lo || n > hi {
			return "", fmt.Errorf("is out of Java %s range (Jackson fails)", typ)
		}
		return strconv.FormatInt(n, 10), nil
	}
	if !strings.ContainsAny(text, ".eE") {
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil || n < lo || n > hi {
			return "", fmt.Errorf("is out of Java %s range (Jackson fails)", typ)
		}
		return text, nil
	}
	// ParserBase.convertNumberToInt/Long: the double, checked against
	// the type's range as a double, then cast.
	f, err := strconv.ParseFloat(text, 64)
	if (err != nil && !isRangeErr(err)) || math.IsInf(f, 0) || f < float64(lo) || f > float64(hi) {
		return "", fmt.Errorf("is out of Java %s range (Jackson fails)", typ)
	}
	if f >= float64(hi) {
		return strconv.FormatInt(hi, 10), nil // (long) of 2^63 saturates
	}
	return strconv.FormatInt(int64(f), 10), nil
}

// javaDecimal says s is what Integer.parseInt accepts in base 10: an
// optional sign and ASCII digits (Java also takes other scripts' digits,
// which capq refuses).
func javaDecimal(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// javaTrim is String.trim: every leading and trailing char <= ' '.
func javaTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
}

// javaParseDouble is Double.parseDouble on a trimmed string: an optional
// sign, then "NaN", "Infinity", a decimal literal (digits with an
// optional point and exponent) or a hexadecimal one (0x digits, point,
// p exponent), either optionally ending in f, F, d or D. Go's ParseFloat
// reads the same numbers the same (both round correctly) once the
// suffix is cut; it also takes forms Java refuses (underscores, "inf"),
// which the character check refuses first (Go, like Java, refuses hex
// without a p exponent).
func javaParseDouble(s string) (float64, bool) {
	body := s
	if body != "" && (body[0] == '+' || body[0] == '-') {
		body = body[1:]
	}
	switch body {
	case "NaN":
		return math.NaN(), true
	case "Infinity":
		if s[0] == '-' {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	}
	if n := len(body); n > 0 && strings.ContainsRune("fFdD", rune(body[n-1])) {
		body, s = body[:n-1], s[:len(s)-1]
	}
	if body == "" {
		return 0, false
	}
	hex := len(body) > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')
	for i := 0; i < len(body); i++ {
		ch := body[i]
		ok := ch >= '0' && ch <= '9' || ch == '.' || ch == '+' || ch == '-'
		if hex {
			ok = ok || ch == 'x' || ch == 'X' || ch == 'p' || ch == 'P' || ch >= 'a' && ch <= 'f' || ch >= 'A' && ch <= 'F'
		} else {
			ok = ok || ch == 'e' || ch == 'E'
		}
		if !ok {
			return 0, false
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !isRangeErr(err) {
		return 0, false
	}
	return f, true
}
