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

// qprop is prop for a key of queue q. It reads q.Props (filled by
// claimProperties) rather than building the full key and searching the
// whole configuration: a 10,000-queue file has ~45 such reads per queue.
func (b *builder) qprop(q *Queue, suffix string) (*Property, string, bool) {
	p, ok := q.Props[suffix]
	if !ok {
		return nil, "", false
	}
	v, _ := b.expanded(p)
	return p, v, true
}

// queueKey marks a getter key as a suffix of q rather than a full key.
type queueKey struct {
	q      *Queue
	suffix string
}

// rmKey marks a getter key as one Hadoop reads from the ResourceManager's
// own configuration in this profile (RMOnly): it is looked up in Conf.RM.
type rmKey string

// lookup resolves a full key (string), an rmKey or a queueKey.
func (b *builder) lookup(key any) (*Property, string, bool) {
	switch k := key.(type) {
	case queueKey:
		return b.qprop(k.q, k.suffix)
	case rmKey:
		return b.rmProp(string(k))
	}
	return b.prop(key.(string))
}

// rmProp is prop in the ResourceManager's configuration, expanded there.
func (b *builder) rmProp(key string) (*Property, string, bool) {
	rm := b.c.RM
	if rm == nil {
		return b.prop(key)
	}
	p, ok := rm.Lookup(key)
	if !ok {
		return nil, "", false
	}
	if !HasVariable(p.Value) {
		return p, p.Value, true
	}
	v, err := rm.Expand(p.Value)
	if err != nil {
		return p, p.Value, true
	}
	return p, v, true
}

// globalKey is key as the builder's profile reads it: an rmKey when Hadoop
// takes it from the ResourceManager's configuration, else the full key.
func (b *builder) globalKey(key string) any {
	if _, ok := RMOnly(key, b.v); ok {
		return rmKey(key)
	}
	return key
}

func (b *builder) floatAt(key any, origin Origin, def float32) (Value[float32], bool) {
	p, raw, ok := b.lookup(key)
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

func (b *builder) intAt(key any, origin Origin, def int32) (Value[int32], bool) {
	p, raw, ok := b.lookup(key)
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

func (b *builder) longAt(key any, origin Origin, def int64) (Value[int64], bool) {
	p, raw, ok := b.lookup(key)
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
func (b *builder) boolAt(key any, origin Origin, def bool) (Value[bool], bool) {
	p, raw, ok := b.lookup(key)
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

func (b *builder) stringAt(key any, origin Origin, def string) (Value[string], bool) {
	p, raw, ok := b.lookup(key)
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

// inherit copies a parent's effective value, marking it as inherited.
func inherit[T any](parent Value[T]) Value[T] {
	if parent.Origin == FromQueue || parent.Origin == FromParent {
		parent.Origin = FromParent
	}
	return parent
}

// maxInt32 is Integer.MAX_VALUE.
const maxInt32 = math.MaxInt32
