package validate

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/capq/capq/xmlconf"
)

var boolValueType = reflect.TypeOf(xmlconf.Value[bool]{})

// checkJavaBoolForms is CS017 on booleans spelt with letters only Java
// folds to ASCII. Configuration#getBoolean (StringUtils.equalsIgnoreCase)
// and Boolean.parseBoolean compare with String.equalsIgnoreCase, which
// matches two chars when their Character.toUpperCase (or the lower case
// of that) agree: the long s "ſ" (U+017F) upper-cases to "S", so "falſe"
// is false, as xmlconf.HadoopGetBool reads it (strings.EqualFold folds
// the same orbits). Nobody means to type it, and most tools reading the
// file do not take it for a boolean. Every Value[bool] the model read is
// checked, each property once, where it is written.
func checkJavaBoolForms(p *Pass, seen map[*xmlconf.Property]bool) {
	if p.Model.Conf == nil || !p.Model.Conf.AnyValue(javaOnlyBoolForm) {
		return
	}
	visit := func(q *xmlconf.Queue) func(v reflect.Value) bool {
		return func(v reflect.Value) bool {
			if v.Type() != boolValueType {
				return false
			}
			x := v.Interface().(xmlconf.Value[bool])
			pr := x.Prop
			if pr == nil || x.Err != "" || seen[pr] || !javaOnlyBoolForm(x.Raw) || !readInProfile(p, pr) {
				return true
			}
			seen[pr] = true
			if x.Origin != xmlconf.FromQueue {
				q = nil
			}
			p.ReportHint(p.AtProperty(q, pr), "write "+strconv.FormatBool(x.V),
				"%s is written %q, which only Java's equalsIgnoreCase reads as %t (it folds non-ASCII letters such as \"ſ\" to ASCII)", pr.Name, xmlconf.JavaTrim(x.Raw), x.V)
			return true
		}
	}
	walkValues(reflect.ValueOf(p.Model.Global), visit(nil))
	eachQueue(p.Model, func(q *xmlconf.Queue) { walkValues(reflect.ValueOf(*q), visit(q)) })
}

// javaOnlyBoolForm reports whether a text is "true" or "false" to Java's
// equalsIgnoreCase only through a non-ASCII letter.
func javaOnlyBoolForm(raw string) bool {
	t := xmlconf.JavaTrim(raw)
	if !strings.EqualFold(t, "true") && !strings.EqualFold(t, "false") {
		return false
	}
	for i := 0; i < len(t); i++ {
		if t[i] >= 0x80 {
			return true
		}
	}
	return false
}
