package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Rumen's JobTraceReader maps each job onto LoggedJob with Jackson, and
// JsonObjectMapperParser.getNext returns null on a JsonMappingException:
// a job Jackson cannot map ends the trace there, for
// SLSUtils.parseNodesFromRumenTrace and AMRunner.startAMFromRumenTrace
// alike. A long field holding a number past Java's long (a CDF's
// "maximum": 9223372036854776000, Long.MAX_VALUE as a double prints it) is
// such a job. jacksonLong and jacksonInt are LoggedJob's long and int fields as
// Jackson's default ObjectMapper reads them, so capq finds the same job.

// jacksonLong is a Java long field: an integer in range, a fraction
// truncated (ACCEPT_FLOAT_AS_INT), a numeric string (Long.parseLong after
// trim), null as 0 (a primitive's default).
type jacksonLong int64

// jacksonInt is a Java int field, read as jacksonLong but in int's range.
type jacksonInt int32

// rumenMapError is a value Jackson cannot map onto its LoggedJob field.
type rumenMapError struct{ msg string }

func (e *rumenMapError) Error() string { return e.msg }

func (v *jacksonLong) UnmarshalJSON(b []byte) error {
	n, err := javaIntegral(b, "long", math.MinInt64, math.MaxInt64)
	*v = jacksonLong(n)
	return err
}

func (v *jacksonInt) UnmarshalJSON(b []byte) error {
	n, err := javaIntegral(b, "int", math.MinInt32, math.MaxInt32)
	*v = jacksonInt(n)
	return err
}

// javaIntegral reads one JSON value as Jackson's primitive number
// deserializers do (NumberDeserializers._parseLongPrimitive and
// _parseIntPrimitive with the default features).
func javaIntegral(b []byte, typ string, lo, hi int64) (int64, error) {
	b = bytes.TrimSpace(b)
	outOfRange := func(text string) error {
		return &rumenMapError{fmt.Sprintf("%s is out of range of a Java %s", text, typ)}
	}
	switch {
	case string(b) == "null":
		return 0, nil
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return 0, err
		}
		s = strings.TrimSpace(s)
		if s == "" {
			return 0, nil
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if errors.Is(err, strconv.ErrRange) || err == nil && (n < lo || n > hi) {
			return 0, outOfRange(strconv.Quote(s))
		}
		if err != nil {
			return 0, &rumenMapError{fmt.Sprintf("%q is not a valid Java %s", s, typ)}
		}
		return n, nil
	case len(b) > 0 && (b[0] == '-' || b[0] >= '0' && b[0] <= '9'):
		if bytes.ContainsAny(b, ".eE") {
			f, err := strconv.ParseFloat(string(b), 64)
			if err != nil || f < float64(lo) || f > float64(hi) {
				return 0, outOfRange(string(b))
			}
			if f >= math.MaxInt64 { // 2^63 itself: Java's (long) cast saturates
				return math.MaxInt64, nil
			}
			return int64(f), nil // and truncates
		}
		n, ok := new(big.Int).SetString(string(b), 10)
		if !ok || !n.IsInt64() || n.Int64() < lo || n.Int64() > hi {
			return 0, outOfRange(string(b))
		}
		return n.Int64(), nil
	}
	return 0, &rumenMapError{fmt.Sprintf("%s is not a Java %s", b, typ)}
}

// rumenMapFailure says whether a job's decoding failed as Jackson's
// mapping would (a value that does not fit its field), not as its parsing
// (malformed JSON, which stops SLS).
func rumenMapFailure(err error) bool {
	var me *rumenMapError
	var te *json.UnmarshalTypeError
	return errors.As(err, &me) || errors.As(err, &te)
}

// rumenNestedParseError says whether a malformed or truncated job breaks
// inside the value of one of its fields (an array or object, such as
// mapTasks), where Jackson's BeanDeserializer wraps the parser's
// exception into a JsonMappingException (wrapAndThrow, WRAP_EXCEPTIONS on
// by default), so JobTraceReader ends the trace there and the jobs before
// it run; a break between the job's own fields is the parser's exception,
// which stops SLS. The job starts at start; the error is at errAt (the end
// of the data for a truncated file).
func rumenNestedParseError(data []byte, start int64, err error) (at int64, nested bool) {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		at = se.Offset
	case errors.Is(err, io.ErrUnexpectedEOF):
		at = int64(len(data))
	default:
		return 0, false
	}
	depth, inString, escaped := 0, false, false
	for i := start; i < at && i < int64(len(data)); i++ {
		c := data[i]
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case inString && c == '"':
			inString = false
		case inString:
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
		}
	}
	// SyntaxError.Offset is just past the offending byte: a bracket that
	// opens or closes there is not yet the parser's.
	if errors.As(err, &se) && at > start && at <= int64(len(data)) {
		switch data[at-1] {
		case '{', '[':
			depth--
		case '}', ']':
			depth++
		}
	}
	return at, depth >= 2
}
