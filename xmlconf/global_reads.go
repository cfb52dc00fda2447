package xmlconf

import (
	"fmt"
	"reflect"
	"strings"
)

// KeyReading is what the model read from one scheduler-wide key: the
// values of every Global setting whose property is that key, in field
// order, by field path ("Preemption.ObserveOnly").
type KeyReading struct {
	Fields []string
	Values []any
	// Err is the first setting whose text did not parse ("" when all did).
	Err string
}

// Read reports whether any setting of g was read from key.
func (r KeyReading) Read() bool { return len(r.Fields) > 0 }

// String renders the values as one text ("1024, 1024 MB / 1 vcores"...).
func (r KeyReading) String() string {
	parts := make([]string, len(r.Values))
	for i, v := range r.Values {
		parts[i] = formatReading(v)
	}
	return strings.Join(parts, ", ")
}

func formatReading(v any) string {
	switch x := v.(type) {
	case float32:
		return FormatJavaFloat(x)
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}

// ReadingOf returns the settings of g read from key, so that a caller can
// ask another model what it reads for the same settings (FieldValues)
// without a second table of defaults: the model's builder holds them.
// A setting counts when its Value names key as its property.
func (g *Global) ReadingOf(key string) KeyReading {
	var r KeyReading
	key = JavaTrim(key)
	walkValues(reflect.ValueOf(g).Elem(), "", func(path string, v reflect.Value) {
		p, _ := v.FieldByName("Prop").Interface().(*Property)
		if p == nil || JavaTrim(p.Name) != key {
			return
		}
		r.Fields = append(r.Fields, path)
		r.Values = append(r.Values, v.FieldByName("V").Interface())
		if e := v.FieldByName("Err").String(); e != "" && r.Err == "" {
			r.Err = e
		}
	})
	return r
}

// FieldValues returns the values of the given settings of g (field paths
// from ReadingOf), and their first parse error.
func (g *Global) FieldValues(fields []string) KeyReading {
	r := KeyReading{Fields: fields}
	root := reflect.ValueOf(g).Elem()
	for _, f := range fields {
		v := root
		for _, name := range strings.Split(f, ".") {
			v = v.FieldByName(name)
		}
		r.Values = append(r.Values, v.FieldByName("V").Interface())
		if e := v.FieldByName("Err").String(); e != "" && r.Err == "" {
			r.Err = e
		}
	}
	return r
}

// valueTypePrefix is the generic Value's type name before its parameter.
const valueTypePrefix = "Value["

// walkValues calls fn for every Value[T] field of the struct s, nested
// structs included.
func walkValues(s reflect.Value, prefix string, fn func(path string, v reflect.Value)) {
	t := s.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() || f.Type.Kind() != reflect.Struct {
			continue
		}
		path := prefix + f.Name
		if strings.HasPrefix(f.Type.Name(), valueTypePrefix) && f.Type.PkgPath() == t.PkgPath() {
			fn(path, s.Field(i))
			continue
		}
		if f.Type.PkgPath() == t.PkgPath() {
			walkValues(s.Field(i), path+".", fn)
		}
	}
}
