package validate

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// checkJavaIntForms is CS017 on integers written in a form only Java
// reads, wherever the model read them. Non-ASCII decimal digits ("１０",
// "١٠"): Integer.parseInt and Long.parseLong read every char through
// Character.digit, which takes any Unicode decimal digit, so both
// getInt/getLong and the raw Integer.parseInt reads (xmlconf/rawnum.go)
// accept the value as 10. Nobody means to type them; they come from a
// paste or an input method left in fullwidth mode, and most tools reading
// the file refuse them. Hex ("0x10", "-0x10"): Configuration#getInt and
// #getLong hand what follows a 0x to Integer.parseInt(hex, 16)
// (getHexDigits), so the scheduler-wide keys read that way
// (maximum-applications, node-locality-delay, ...) take it as queue keys
// do; a raw Integer.parseInt read refuses it (the model keeps an Err,
// CS058). Every Value[int32] and Value[int64] the model read is checked
// (found by type, so a new integer key needs no list here), each property
// once, where it is written. Float.parseFloat reads ASCII digits only, so
// a float written so fails instead (numberErr). seen holds the properties
// already reported (a queue's own integer keys).
func checkJavaIntForms(p *Pass, seen map[*xmlconf.Property]bool) {
	// The search below is by reflection, costly on 10,000 queues: only a
	// file with such a value somewhere pays for it.
	if p.Model.Conf == nil || !p.Model.Conf.AnyValue(javaOnlyIntForm) {
		return
	}
	report := func(q *xmlconf.Queue, raw string, n int64, pr *xmlconf.Property) {
		if seen[pr] {
			return
		}
		seen[pr] = true
		reportJavaInt(p, q, pr, raw, n)
	}
	visit := func(q *xmlconf.Queue) func(raw string, n int64, pr *xmlconf.Property, o xmlconf.Origin) {
		return func(raw string, n int64, pr *xmlconf.Property, o xmlconf.Origin) {
			if pr == nil || !javaOnlyIntForm(raw) || !readInProfile(p, pr) {
				return
			}
			switch o {
			case xmlconf.FromGlobal:
				report(nil, raw, n, pr) // a global key, wherever the value was met
			case xmlconf.FromQueue:
				report(q, raw, n, pr)
			}
		}
	}
	eachIntValue(reflect.ValueOf(p.Model.Global), visit(nil))
	eachQueue(p.Model, func(q *xmlconf.Queue) { eachIntValue(reflect.ValueOf(*q), visit(q)) })
}

// javaOnlyIntForm reports whether an integer's text is one only Java's
// parsers read: hex after an optional "-" (getHexDigits, on the trimmed
// text) or a non-ASCII decimal digit.
func javaOnlyIntForm(raw string) bool {
	return hexIntForm(raw) || xmlconf.HasNonASCIIDigit(raw)
}

func hexIntForm(raw string) bool {
	t := strings.TrimPrefix(xmlconf.JavaTrim(raw), "-")
	return strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X")
}

// reportJavaInt reports pr, read as n from raw, in every Java-only form
// the text has: hex, non-ASCII digits, or both ("0x１０" is 16:
// Integer.parseInt(hex, 16) reads a fullwidth digit through
// Character.digit as well).
func reportJavaInt(p *Pass, q *xmlconf.Queue, pr *xmlconf.Property, raw string, n int64) {
	const hexForm = "a hexadecimal form only Hadoop's getInt/getLong accept"
	t := xmlconf.JavaTrim(raw)
	hint := "write " + strconv.FormatInt(n, 10)
	switch hex, digits := hexIntForm(raw), xmlconf.HasNonASCIIDigit(raw); {
	case hex && digits:
		p.ReportHint(p.AtProperty(q, pr), hint,
			"%s is written %q, %s, with non-ASCII digits, which Java's integer parsing reads as %d", pr.Name, t, hexForm, n)
	case hex:
		p.ReportHint(p.AtProperty(q, pr), hint, "%s is written %q, %s", pr.Name, t, hexForm)
	case digits:
		p.ReportHint(p.AtProperty(q, pr), hint,
			"%s is written %q with non-ASCII digits, which Java's integer parsing reads as %d", pr.Name, t, n)
	}
}

var (
	int32ValueType = reflect.TypeOf(xmlconf.Value[int32]{})
	int64ValueType = reflect.TypeOf(xmlconf.Value[int64]{})
	queueType      = reflect.TypeOf(xmlconf.Queue{})
	propertyType   = reflect.TypeOf(xmlconf.Property{})
)

// eachIntValue calls f for every parsed (Err == "") integer Value inside
// v (walkValues).
func eachIntValue(v reflect.Value, f func(raw string, n int64, pr *xmlconf.Property, o xmlconf.Origin)) {
	walkValues(v, func(v reflect.Value) bool {
		switch v.Type() {
		case int32ValueType:
			if x := v.Interface().(xmlconf.Value[int32]); x.Err == "" {
				f(x.Raw, int64(x.V), x.Prop, x.Origin)
			}
			return true
		case int64ValueType:
			if x := v.Interface().(xmlconf.Value[int64]); x.Err == "" {
				f(x.Raw, x.V, x.Prop, x.Origin)
			}
			return true
		}
		return false
	})
}

// walkValues calls visit on every struct inside v: struct fields, map
// values, slice elements and pointers other than to another queue
// (Parent, Children) or to a raw Property. visit returns true when it
// took the struct, which is then not walked into.
func walkValues(v reflect.Value, visit func(reflect.Value) bool) {
	switch v.Kind() {
	case reflect.Struct:
		if visit(v) {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				walkValues(v.Field(i), visit)
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			walkValues(it.Value(), visit)
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			walkValues(v.Index(i), visit)
		}
	case reflect.Pointer:
		if v.IsNil() || v.Type().Elem() == queueType || v.Type().Elem() == propertyType {
			return
		}
		walkValues(v.Elem(), visit)
	}
}

// readInProfile reports whether the profile reads pr at all (CS005 reports
// the ones it does not, a queue's max-parallel-apps before 3.3 say): the
// model parses such a value anyway, but Hadoop never sees its digits.
func readInProfile(p *Pass, pr *xmlconf.Property) bool {
	rest, ok := strings.CutPrefix(pr.Name, xmlconf.Prefix)
	if !ok {
		return true // a yarn-site key, read by every profile that has it
	}
	if since, ok := globalSince(rest); ok {
		return !p.Version.Less(since)
	}
	// A queue key: the longest queue path owns it, as CS005 finds it.
	for end := len(rest); end > 0; end = strings.LastIndexByte(rest[:end], '.') {
		if p.Model.Queue(rest[:end]) != nil {
			since := suffixSince(strings.TrimPrefix(rest[end:], "."))
			return since.Major == 0 || !p.Version.Less(since)
		}
	}
	return true
}

// checkPriorityDigits is CS017 on the priorities inside two list values,
// which Hadoop reads with Integer.parseInt and so with any Unicode
// decimal digit: a leaf's acl_application_max_priority groups
// (AppPriorityACLConfigurationParser#getPriorityAcl: max_priority,
// default_priority) and workflow-priority-mappings entries
// (WorkflowPriorityMappingsManager#getWorkflowMappingFromString). Both are
// read from 2.10 on (CS005 names them on 2.7), the ACL by leaves only
// (AbstractLeafQueue#setupQueueConfigs).
func checkPriorityDigits(p *Pass) {
	if p.Version.Less(xmlconf.V2_10) || p.Model.Conf == nil || !p.Model.Conf.AnyValue(xmlconf.HasNonASCIIDigit) {
		return
	}
	if pr, ok := p.Model.Conf.Lookup(workflowMappingsKey); ok {
		for _, m := range p.Model.Global.WorkflowMappings {
			if m.NonASCII != "" {
				p.ReportHint(p.AtProperty(nil, pr), "write the priority as "+strconv.Itoa(int(m.Priority)),
					"%s maps workflow %q to priority %q, written with non-ASCII digits, which Integer.parseInt reads as %d",
					pr.Name, m.WorkflowID, m.NonASCII, m.Priority)
			}
		}
	}
	eachLeaf(p.Model, func(q *xmlconf.Queue) {
		pr := q.Props["acl_application_max_priority"]
		if pr == nil {
			return
		}
		for _, g := range q.PriorityACLs {
			for _, s := range g.NonASCII {
				key, text, _ := strings.Cut(s, "=")
				n, _ := xmlconf.ParseJavaInt(text)
				p.ReportHint(p.AtProperty(q, pr), "write "+key+"="+strconv.Itoa(int(n)),
					"%s has %s %q, written with non-ASCII digits, which Integer.parseInt reads as %d", pr.Name, key, text, n)
			}
		}
	})
}
