package sim

import (
	"encoding/json"
	"fmt"

	"github.com/capq/capq/xmlconf"
)

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// jsonString is Java's toString of a JSON value.
func jsonString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case nil:
		return "null"
	}
	return fmt.Sprint(v)
}

// javaLong reads key as Long.parseLong(value.toString()), or def when
// absent.
func javaLong(obj map[string]any, key string, def int64, pos string) (int64, error) {
	v, ok := obj[key]
	if !ok {
		return def, nil
	}
	s := jsonString(v)
	n, err := xmlconf.ParseJavaLong(s)
	if err != nil {
		return 0, posErr(pos, "%s: For input string: %q (want a whole number)", key, s)
	}
	return n, nil
}

// javaInt is Integer.parseInt(value.toString()).
func javaInt(obj map[string]any, key string, def int64, pos string) (int64, error) {
	v, ok := obj[key]
	if !ok {
		return def, nil
	}
	s := jsonString(v)
	n, err := xmlconf.ParseJavaInt(s)
	if err != nil {
		return 0, posErr(pos, "%s: For input string: %q (want a whole number)", key, s)
	}
	return int64(n), nil
}

// firstByte is the first non-space byte of data (0 if none).
func firstByte(data []byte) byte {
	for _, c := range data {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return c
	}
	return 0
}
