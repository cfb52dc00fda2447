package main

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"

	"github.com/capq/capq/engine"
)

// checkExpect compares an expect step with the snapshot: only the listed
// fields, numbers within the float tolerance. It returns one message per
// mismatch, naming the field.
func (r *runner) checkExpect(s *scenarioStep, st *engine.State) []string {
	state, err := toGeneric(st)
	if err != nil {
		return []string{err.Error()}
	}
	var f []string
	sections := []struct {
		name string
		want map[string]map[string]any
	}{{"queues", s.Queues}, {"apps", s.Apps}, {"users", s.Users}}
	if len(s.Nodes) > 0 {
		var nodes map[string]map[string]any
		dec := json.NewDecoder(strings.NewReader(string(s.Nodes)))
		dec.UseNumber()
		if err := dec.Decode(&nodes); err != nil {
			f = append(f, "nodes: "+err.Error())
		}
		sections = append(sections, struct {
			name string
			want map[string]map[string]any
		}{"nodes", nodes})
	}
	for _, sec := range sections {
		got, _ := state[sec.name].(map[string]any)
		for _, key := range sortedKeys(sec.want) {
			obj, ok := got[key].(map[string]any)
			if !ok {
				f = append(f, fmt.Sprintf("%s.%s: not found", sec.name, key))
				continue
			}
			for _, field := range sortedKeys(sec.want[key]) {
				path := fmt.Sprintf("%s.%s.%s", sec.name, key, field)
				gv, present := obj[field]
				if !present {
					f = append(f, path+": no such field")
					continue
				}
				if msg := compareValue(sec.want[key][field], gv, r.tol); msg != "" {
					f = append(f, path+": "+msg)
				}
			}
		}
	}
	if len(s.LastAssign) > 0 {
		f = append(f, r.checkLastAssignment(s.LastAssign)...)
	}
	return f
}

func (r *runner) checkLastAssignment(raw json.RawMessage) []string {
	var want any
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.UseNumber()
	if err := dec.Decode(&want); err != nil {
		return []string{"last_assignment: " + err.Error()}
	}
	got, err := toGeneric(r.last)
	if err != nil {
		return []string{err.Error()}
	}
	var g any = got
	if v, ok := got[""]; ok && len(got) == 1 {
		g = v
	}
	wm, ok := want.(map[string]any)
	if !ok {
		if msg := compareValue(want, g, r.tol); msg != "" {
			return []string{"last_assignment: " + msg}
		}
		return nil
	}
	gm, ok := g.(map[string]any)
	if !ok {
		return []string{fmt.Sprintf("last_assignment: nothing was assigned (%v), want %s", g, string(raw))}
	}
	var f []string
	for _, k := range sortedKeys(wm) {
		if msg := compareValue(wm[k], gm[k], r.tol); msg != "" {
			f = append(f, "last_assignment."+k+": "+msg)
		}
	}
	return f
}

// toGeneric round-trips v through JSON so fields are looked up by their
// output names.
func toGeneric[T any](v T) (map[string]any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		return nil, err
	}
	m, _ := out.(map[string]any)
	if m == nil {
		return map[string]any{"": out}, nil
	}
	return m, nil
}

// compareValue returns "" when got matches want, else "got X, want Y".
func compareValue(want, got any, tol float64) string {
	if m, ok := got.(map[string]any); ok && len(m) == 1 {
		if v, ok := m[""]; ok {
			got = v
		}
	}
	if wn, ok := want.(json.Number); ok {
		gn, ok := got.(json.Number)
		if !ok {
			return fmt.Sprintf("got %v, want %s", got, wn)
		}
		wf, _ := wn.Float64()
		gf, _ := gn.Float64()
		if math.Abs(wf-gf) > tol+1e-12 {
			return fmt.Sprintf("got %s, want %s", gn, wn)
		}
		return ""
	}
	if wm, ok := want.(map[string]any); ok {
		gm, ok := got.(map[string]any)
		if !ok {
			return fmt.Sprintf("got %v, want %v", got, want)
		}
		keys := make([]string, 0, len(wm))
		for k := range wm {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			gv, present := gm[k]
			if !present {
				gv = json.Number("0")
			}
			if msg := compareValue(wm[k], gv, tol); msg != "" {
				return k + ": " + msg
			}
		}
		return ""
	}
	if wl, ok := want.([]any); ok {
		gl, ok := got.([]any)
		if !ok || len(gl) != len(wl) {
			return fmt.Sprintf("got %v, want %v", got, want)
		}
		for i := range wl {
			if msg := compareValue(wl[i], gl[i], tol); msg != "" {
				return fmt.Sprintf("[%d]: %s", i, msg)
			}
		}
		return ""
	}
	if !reflect.DeepEqual(want, got) {
		return fmt.Sprintf("got %v, want %v", got, want)
	}
	return ""
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
