package xmlconf

import "strings"

// Keys CapacitySchedulerConfiguration reads with get(...) and a java.lang
// parser instead of a typed getter, one home for the facts (read in the
// stored trunk copy, the 3.4 profile, and the 3.3 line of YARN-9930; the
// 2.x lines read none of the integer ones). A typed getter (getInt,
// getLong, getFloat) trims the value (getTrimmed) and getInt/getLong read
// "0x"/"-0x" as hex; Integer.parseInt and Long.parseLong do neither, so
// " 5", "5\n" or "0x10" throw NumberFormatException there. A leading "+"
// is accepted by both (Java 7 on), and so is any Unicode decimal digit
// (Character.digit: "１０" is 10, javaDigit). Float.parseFloat trims itself
// (FloatingDecimal.readJavaFormatString) and reads ASCII digits only, so a
// raw float read behaves as getFloat does apart from the patterns matched
// before it.
//
//	<queue>.max-parallel-apps       Integer.parseInt, untrimmed, on every
//	                                (re)initialize of the queue (3.3+,
//	                                getMaxParallelAppsForQueue): rawIntAt
//	user.<user>.max-parallel-apps   Integer.parseInt, untrimmed, each time an
//	                                application attempt of the user is added
//	                                (3.3+, getMaxParallelAppsForUser via
//	                                CSMaxRunningAppsEnforcer): rawIntAt
//	(the scheduler-wide max-parallel-apps and user.max-parallel-apps beside
//	them are getInt: intAt)
//	<queue>.capacity, maximum-capacity Float.parseFloat after the absolute,
//	                                weight and vector patterns, matched on the
//	                                untrimmed text (capacity.go)
//	<queue>.capacity "<n>w"         Float.parseFloat of the text before the
//	                                "w" (extractFloatValueFromWeightConfig)
//	[memory=...,vcores=...] values  Long.valueOf of the digits before the
//	                                units, untrimmed (parseLegacyAbsolute)
//	acl_application_max_priority    Integer.parseInt of max_priority and
//	                                default_priority (priority_acl.go)
//	workflow-priority-mappings      Integer.parseInt of the priority
//	                                (workflow.go)
//	<queue>.ordering-policy.fair.enable-size-based-weight
//	                                Boolean.parseBoolean (FairOrderingPolicy#
//	                                configure), untrimmed and unexpanded: the
//	                                map getAppOrderingPolicy builds by
//	                                iterating the Configuration holds raw
//	                                values: rawBoolAt
//	<queue>.user-settings.<user>.weight new Float of the value after
//	                                substituteCommonVariables (UserWeights,
//	                                3.4): trimmed and expanded, as floatAt
//
// Every other number or boolean CapacitySchedulerConfiguration reads goes
// through a typed getter (intAt, longAt, floatAt, boolAt).

// rawIntAt reads key as get(key) followed by Integer.parseInt does: the
// value after variable expansion, untrimmed, decimal only. Err carries
// the NumberFormatException's message (For input string: " 5").
func (b *builder) rawIntAt(key any, origin Origin, def int32) (Value[int32], bool) {
	p, raw, ok := b.lookup(key)
	if !ok {
		return Value[int32]{V: def}, false
	}
	v := Value[int32]{Raw: raw, Origin: origin, Prop: p, V: def}
	n, err := ParseJavaInt(raw)
	if err != nil {
		v.Err = err.Error()
	} else {
		v.V = n
	}
	return v, true
}

// rawBoolAt reads key as Boolean.parseBoolean does on the raw text
// Configuration's iterator hands out (no variable expansion, no trim):
// true only for "true" in any case, false for anything else, silently.
// Err says when the text is neither true nor false as written, so lint can
// warn that Hadoop reads false.
func (b *builder) rawBoolAt(key any, origin Origin) (Value[bool], bool) {
	p, _, ok := b.lookup(key)
	if !ok {
		return Value[bool]{}, false
	}
	v := Value[bool]{Raw: p.Value, Origin: origin, Prop: p, V: strings.EqualFold(p.Value, "true")}
	if !v.V && !strings.EqualFold(p.Value, "false") {
		v.Err = "not true or false as written (Boolean.parseBoolean neither trims nor expands variables); Hadoop reads false"
	}
	return v, true
}
