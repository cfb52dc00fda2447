package xmlconf

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// JavaTrim trims like java.lang.String.trim: every char <= ' ' at both ends.
func JavaTrim(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// NumberError mirrors Java's NumberFormatException message. Int marks an
// Integer.parseInt/Long.parseLong failure, whose message for "" is
// NumberFormatException.forInputString's, where Float.parseFloat says
// "empty String" (FloatingDecimal). For the hex digits getInt/getLong
// parse in radix 16 this is the Java 8 text; newer JDKs append
// ` under radix 16` (JDK 17 does), and which JDK runs a 3.3+
// ResourceManager is the site's choice, so no message claims either.
type NumberError struct {
	Input string
	Int   bool
}

func (e *NumberError) Error() string {
	if e.Input == "" && !e.Int {
		return "empty String"
	}
	return fmt.Sprintf("For input string: %q", e.Input)
}

// ParseJavaFloat parses s exactly as java.lang.Float.parseFloat does
// (it trims first, accepts NaN, Infinity, exponents, hex floats and an
// f/F/d/D suffix) and returns the float32 result.
func ParseJavaFloat(s string) (float32, error) {
	t := JavaTrim(s)
	if t == "" {
		return 0, &NumberError{Input: ""}
	}
	body, neg := t, false
	if body[0] == '+' || body[0] == '-' {
		neg = body[0] == '-'
		body = body[1:]
	}
	switch body {
	case "NaN":
		return float32(math.NaN()), nil
	case "Infinity":
		if neg {
			return float32(math.Inf(-1)), nil
		}
		return float32(math.Inf(1)), nil
	}
	if n := len(body); n > 0 && strings.ContainsRune("fFdD", rune(body[n-1])) {
		body = body[:n-1]
	}
	if !javaFloatBody(body) {
		return 0, &NumberError{Input: t}
	}
	if neg {
		body = "-" + body
	}
	f, err := strconv.ParseFloat(body, 32)
	if err != nil {
		// Range errors round to ±Inf or 0 in Java, as in Go; anything else
		// was rejected above.
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return float32(f), nil
		}
		return 0, &NumberError{Input: t}
	}
	return float32(f), nil
}

// javaFloatBody checks the unsigned, suffix-free part of a Java float
// literal: decimal with optional exponent, or hex with a mandatory p
// exponent.
func javaFloatBody(b string) bool {
	if len(b) > 2 && b[0] == '0' && (b[1] == 'x' || b[1] == 'X') {
		return javaHexFloat(b[2:])
	}
	i, digits := 0, 0
	for i < len(b) && isDigit(b[i]) {
		i, digits = i+1, digits+1
	}
	if i < len(b) && b[i] == '.' {
		i++
		for i < len(b) && isDigit(b[i]) {
			i, digits = i+1, digits+1
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		return exponentDigits(b[i:])
	}
	return i == len(b)
}

func javaHexFloat(b string) bool {
	i, digits := 0, 0
	for i < len(b) && isHex(b[i]) {
		i, digits = i+1, digits+1
	}
	if i < len(b) && b[i] == '.' {
		i++
		for i < len(b) && isHex(b[i]) {
			i, digits = i+1, digits+1
		}
	}
	if digits == 0 || i >= len(b) || (b[i] != 'p' && b[i] != 'P') {
		return false
	}
	return exponentDigits(b[i+1:])
}

func exponentDigits(e string) bool {
	if len(e) > 0 && (e[0] == '+' || e[0] == '-') {
		e = e[1:]
	}
	if e == "" {
		return false
	}
	for i := 0; i < len(e); i++ {
		if !isDigit(e[i]) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isHex(c byte) bool {
	return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

// IsPlainDecimal reports whether s (trimmed) is an ordinary decimal number
// such as "50", "-1" or "12.5": no exponent, suffix, hex, NaN or Infinity.
// Lint uses it to flag Java-only spellings that Hadoop accepts.
func IsPlainDecimal(s string) bool {
	t := JavaTrim(s)
	if t != "" && (t[0] == '+' || t[0] == '-') {
		t = t[1:]
	}
	if t == "" || strings.ContainsAny(t, "eExXpPfFdDN") {
		return false
	}
	return javaFloatBody(t)
}

// ParseJavaInt parses s as java.lang.Integer.parseInt (no trimming: a
// caller that trims first says so): an optional sign ("+" or "-") and at
// least one digit as Character.digit reads it, within int32.
func ParseJavaInt(s string) (int32, error) {
	v, err := parseJavaInteger(s, 10, 32)
	return int32(v), err
}

// ParseJavaLong parses s as java.lang.Long.parseLong (and Long.valueOf).
func ParseJavaLong(s string) (int64, error) { return parseJavaInteger(s, 10, 64) }

// parseJavaInteger follows Integer.parseInt(s, radix) and
// Long.parseLong(s, radix): a first char below '0' must be a lone sign
// followed by something, every other char must be a digit of the radix
// (javaDigit: any Unicode decimal digit, so "１０" and "١٠" are 10), and
// the value is accumulated negatively against the type's limit, so
// -2^(bits-1) parses and 2^(bits-1) overflows.
func parseJavaInteger(s string, radix, bits int) (int64, error) {
	fail := &NumberError{Input: s, Int: true}
	if s == "" {
		return 0, fail
	}
	i, neg := 0, false
	if s[0] < '0' {
		switch s[0] {
		case '-':
			neg = true
		case '+':
		default:
			return 0, fail
		}
		if len(s) == 1 {
			return 0, fail
		}
		i = 1
	}
	limit := -(int64(1)<<(bits-1) - 1)
	if neg {
		limit = -(int64(1) << (bits - 1))
	}
	r64 := int64(radix)
	multmin := limit / r64
	var result int64
	for _, c := range s[i:] {
		d := int64(javaDigit(c, radix))
		if d < 0 || result < multmin {
			return 0, fail
		}
		result *= r64
		if result < limit+d {
			return 0, fail
		}
		result -= d
	}
	if neg {
		return result, nil
	}
	return -result, nil
}

// javaDigit is Character.digit(char, radix) for radix 10 or 16: a Unicode
// decimal digit (category Nd) has its digit value, an ASCII or fullwidth
// Latin letter has 10 for A on; -1 when it is none or not below radix.
// Integer.parseInt reads chars (UTF-16 units), so a digit outside the
// Basic Multilingual Plane arrives as two surrogates, neither a digit.
// Go's BMP Nd table (Unicode 15) is the one JDK 17 (Unicode 13) has,
// compared code point by code point in TestJavaDigitMatchesJDK17; Java 8
// (Unicode 6.2) lacks the scripts Unicode 7 added (Sinhala Lith U+0DE6,
// Myanmar Tai Laing U+A9F0), which CS017 flags as non-ASCII anyway.
func javaDigit(c rune, radix int) int {
	d := -1
	switch {
	case c >= '0' && c <= '9':
		d = int(c - '0')
	case c >= 'a' && c <= 'z':
		d = int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		d = int(c-'A') + 10
	case c >= '\uFF21' && c <= '\uFF3A': // fullwidth A-Z
		d = int(c-'\uFF21') + 10
	case c >= '\uFF41' && c <= '\uFF5A': // fullwidth a-z
		d = int(c-'\uFF41') + 10
	case c > 0x7f && c <= 0xffff:
		d = ndValue(c)
	}
	if d >= radix {
		return -1
	}
	return d
}

// ndValue is the decimal value of a BMP Nd digit, -1 for anything else.
// Unicode encodes every decimal digit set as ten consecutive code points
// from 0 to 9, and Go's table keeps each set (or run of adjacent sets) as
// one stride-1 range starting at a zero.
func ndValue(c rune) int {
	for _, r := range unicode.Nd.R16 {
		if uint16(c) < r.Lo {
			return -1
		}
		if uint16(c) <= r.Hi {
			return int(uint16(c)-r.Lo) % 10
		}
	}
	return -1
}

// HasNonASCIIDigit reports whether s holds a digit outside ASCII that
// Java's integer parsers read (fullwidth "１０", Arabic-Indic "١٠"): Hadoop
// accepts the value, but it is surely a typo or a paste from elsewhere.
func HasNonASCIIDigit(s string) bool {
	ascii := true
	for i := 0; i < len(s) && ascii; i++ {
		ascii = s[i] < 0x80
	}
	if ascii {
		return false
	}
	for _, c := range s {
		if c > 0x7f && c <= 0xffff && javaDigit(c, 16) >= 0 {
			return true
		}
	}
	return false
}

// HadoopGetInt parses a value the way Configuration.getInt does: trimmed,
// "0x"/"-0x" prefixes read as hex, otherwise Integer.parseInt.
func HadoopGetInt(s string) (int32, error) {
	v, err := hadoopGetInteger(s, 32)
	return int32(v), err
}

// HadoopGetLong parses a value the way Configuration.getLong does.
func HadoopGetLong(s string) (int64, error) { return hadoopGetInteger(s, 64) }

func hadoopGetInteger(s string, bits int) (int64, error) {
	t := JavaTrim(s)
	neg := strings.HasPrefix(t, "-")
	rest := strings.TrimPrefix(t, "-")
	if strings.HasPrefix(rest, "0x") || strings.HasPrefix(rest, "0X") {
		hex := rest[2:]
		if neg {
			hex = "-" + hex
		}
		v, err := parseJavaInteger(hex, 16, bits)
		if err != nil {
			return 0, &NumberError{Input: hex, Int: true}
		}
		return v, nil
	}
	return parseJavaInteger(t, 10, bits)
}

// HadoopGetBool reads a boolean the way Configuration.getBoolean does:
// trimmed (getTrimmed), then StringUtils.equalsIgnoreCase against "true"
// and "false", which is String.equalsIgnoreCase: locale-free, and it
// matches the long s "ſ" to "s" ("falſe" is false) as strings.EqualFold
// does, where a lower-casing would not. Anything else yields def and
// ok=false so callers can warn that the text was ignored.
func HadoopGetBool(s string, def bool) (v bool, ok bool) {
	t := JavaTrim(s)
	switch {
	case strings.EqualFold(t, "true"):
		return true, true
	case strings.EqualFold(t, "false"):
		return false, true
	}
	return def, false
}

// FormatJavaFloat renders f the way Java's Float.toString does for the
// values that appear in Hadoop messages ("50.0", "0.99", "1.0E-4").
func FormatJavaFloat(f float32) string {
	switch {
	case math.IsNaN(float64(f)):
		return "NaN"
	case math.IsInf(float64(f), 1):
		return "Infinity"
	case math.IsInf(float64(f), -1):
		return "-Infinity"
	}
	a := math.Abs(float64(f))
	if f == 0 || (a >= 1e-3 && a < 1e7) {
		s := strconv.FormatFloat(float64(f), 'f', -1, 32)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(float64(f), 'E', -1, 32)
	mant, exp, _ := strings.Cut(s, "E")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	neg := strings.HasPrefix(exp, "-")
	exp = strings.TrimLeft(strings.TrimLeft(exp, "+-"), "0")
	if neg {
		exp = "-" + exp
	}
	return mant + "E" + exp
}
