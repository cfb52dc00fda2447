package xmlconf

import "math"

// The typed getters below read one key the way Hadoop's Configuration
// getters do and return it with provenance. A missing key yields def with
// origin FromDefault; unparseable text yields def with Err set.

func (b *builder) prop(key string) (*Property, string, bool) {
	p, ok := b.c.Lookup(key)
	if !ok {
		return nil, "", false
	}
	v, _ := b.expanded(p)
	return p, v, true
}

func (b *builder) floatAt(key string, origin Origin, def float32) (Value[float32], bool) {
	p, raw, ok := b.prop(key)
	if !ok {
		return Value[float32]{V: def}, false
	}
	v := Value[float32]{Raw: raw, Origin: origin, Prop: p, V: def}
	f, err := ParseJavaFloat(raw)
	if err != nil {
		v.Err = err.Error()
	} else {
		v.V = f
	}
	return v, true
}

func (b *builder) intAt(key string, origin Origin, def int32) (Value[int32], bool) {
	p, raw, ok := b.prop(key)
	if !ok {
		return Value[int32]{V: def}, false
	}
	v := Value[int32]{Raw: raw, Origin: origin, Prop: p, V: def}
	n, err := HadoopGetInt(raw)
	if err != nil {
		v.Err = err.Error()
	} else {
		v.V = n
	}
	return v, true
}

func (b *builder) longAt(key string, origin Origin, def int64) (Value[int64], bool) {
	p, raw, ok := b.prop(key)
	if !ok {
		return Value[int64]{V: def}, false
	}
	v := Value[int64]{Raw: raw, Origin: origin, Prop: p, V: def}
	n, err := HadoopGetLong(raw)
	if err != nil {
		v.Err = err.Error()
	} else {
		v.V = n
	}
	return v, true
}

// boolAt follows Configuration.getBoolean: text other than true/false
// (any case, trimmed) silently yields the default; Err records that.
func (b *builder) boolAt(key string, origin Origin, def bool) (Value[bool], bool) {
	p, raw, ok := b.prop(key)
	if !ok {
		return Value[bool]{V: def}, false
	}
	v := Value[bool]{Raw: raw, Origin: origin, Prop: p}
	var good bool
	v.V, good = HadoopGetBool(raw, def)
	if !good {
		v.Err = "not true or false; Hadoop uses the default " + boolText(def)
	}
	return v, true
}

func (b *builder) stringAt(key string, origin Origin, def string) (Value[string], bool) {
	p, raw, ok := b.prop(key)
	if !ok {
		return Value[string]{V: def}, false
	}
	return Value[string]{V: raw, Raw: raw, Origin: origin, Prop: p}, true
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// queueFloat reads a queue key, then (when globalKey is not empty) the
// global key, then def.
func (b *builder) queueFloat(q *Queue, suffix, globalKey string, def float32) Value[float32] {
	if v, ok := b.floatAt(q.Key(suffix), FromQueue, def); ok {
		return v
	}
	if globalKey != "" {
		if v, ok := b.floatAt(globalKey, FromGlobal, def); ok {
			return v
		}
	}
	return Value[float32]{V: def}
}

// inherit copies a parent's effective value, marking it as inherited.
func inherit[T any](parent Value[T]) Value[T] {
	if parent.Origin == FromQueue || parent.Origin == FromParent {
		parent.Origin = FromParent
	}
	return parent
}

// maxInt32 is Integer.MAX_VALUE.
const maxInt32 = math.MaxInt32
