package scenario

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// checkExpect compares an expect step with the snapshot: only the listed
// fields, numbers within the float tolerance. It returns one message per
// mismatch, naming the field.
func (r *runner) checkExpect(s *Step, st *engine.State) []string {
	state, err := toGeneric(st)
	if err != nil {
		return []string{err.Error()}
	}
	var f []string
	sections := []expectSection{{"queues", s.Queues}, {"apps", s.Apps}, {"users", s.Users}}
	if len(s.Nodes) > 0 {
		var nodes map[string]map[string]any
		dec := json.NewDecoder(strings.NewReader(string(s.Nodes)))
		dec.UseNumber()
		if err := dec.Decode(&nodes); err != nil {
			f = append(f, "nodes: "+err.Error())
		}
		sections = append(sections, expectSection{"nodes", nodes})
	}
	for _, sec := range sections {
		got, _ := state[sec.name].(map[string]any)
		f = append(f, sec.check(got, r.tol)...)
	}
	if len(s.Cluster) > 0 {
		got, _ := state["cluster"].(map[string]any)
		f = append(f, checkFields("cluster", s.Cluster, got, r.tol)...)
	}
	if len(s.LastAssign) > 0 {
		f = append(f, r.checkLastAssignment(s.LastAssign)...)
	}
	return f
}

// expectSection is one part of the snapshot an expect step lists:
// object key → field → expected value.
type expectSection struct {
	name string
	want map[string]map[string]any
}

func (sec expectSection) check(got map[string]any, tol float64) []string {
	var f []string
	for _, key := range sortedKeys(sec.want) {
		obj, ok := got[key].(map[string]any)
		if !ok {
			f = append(f, fmt.Sprintf("%s.%s: not found", sec.name, key))
			continue
		}
		f = append(f, checkFields(sec.name+"."+key, sec.want[key], obj, tol)...)
	}
	return f
}

// checkFields compares the listed fields of one snapshot object.
func checkFields(prefix string, want, got map[string]any, tol float64) []string {
	var f []string
	for _, field := range sortedKeys(want) {
		path := prefix + "." + field
		gv, present := got[field]
		if !present {
			f = append(f, path+": no such field")
			continue
		}
		if msg := compareValue(want[field], gv, tol); msg != "" {
			f = append(f, path+": "+msg)
		}
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
	switch w := want.(type) {
	case json.Number:
		return compareNumber(w, got, tol)
	case map[string]any:
		return compareObject(w, got, tol)
	case []any:
		return compareList(w, got, tol)
	}
	if !reflect.DeepEqual(want, got) {
		return fmt.Sprintf("got %v, want %v", got, want)
	}
	return ""
}

func compareNumber(wn json.Number, got any, tol float64) string {
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

// compareObject checks the listed keys only; a missing key counts as 0
// (the engine leaves zero resources out).
func compareObject(wm map[string]any, got any, tol float64) string {
	gm, ok := got.(map[string]any)
	if !ok {
		return fmt.Sprintf("got %v, want %v", got, wm)
	}
	for _, k := range sortedKeys(wm) {
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

func compareList(wl []any, got any, tol float64) string {
	gl, ok := got.([]any)
	if !ok || len(gl) != len(wl) {
		return fmt.Sprintf("got %v, want %v", got, wl)
	}
	for i := range wl {
		if msg := compareValue(wl[i], gl[i], tol); msg != "" {
			return fmt.Sprintf("[%d]: %s", i, msg)
		}
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

// checkRefreshExpect compares a load/refresh outcome with its expectation;
// m, when not nil, is the model the scheduler runs afterwards.
func checkRefreshExpect(x *RefreshExpect, v verdict, m *xmlconf.Model) []string {
	var f []string
	accepted, errs := v.accepted(), v.errs
	if x.Accepted != nil && *x.Accepted != accepted {
		f = append(f, fmt.Sprintf("accepted = %v, want %v (errors: %s)", accepted, *x.Accepted, strings.Join(messages(errs), "; ")))
	}
	if x.ReasonCode != "" && !slices.Contains(v.codes, x.ReasonCode) {
		f = append(f, fmt.Sprintf("reason_code %q not among the refusals %v", x.ReasonCode, v.codes))
	}
	if len(x.ErrorContainsAny) > 0 && !anyErrorContains(errs, x.ErrorContainsAny) {
		f = append(f, fmt.Sprintf("no error contains any of %q", x.ErrorContainsAny))
	}
	if m != nil {
		f = append(f, checkQueues(x, m)...)
	}
	return f
}

func anyErrorContains(errs []checkError, subs []string) bool {
	for _, e := range errs {
		for _, s := range subs {
			if strings.Contains(e.Msg, s) {
				return true
			}
		}
	}
	return false
}

// checkQueues compares the expected children and absent queues with m.
func checkQueues(x *RefreshExpect, m *xmlconf.Model) []string {
	var f []string
	for _, path := range sortedKeys(x.Children) {
		want := x.Children[path]
		var got []string
		if q := m.Queue(path); q != nil {
			for _, c := range q.Children {
				got = append(got, c.Name)
			}
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			f = append(f, fmt.Sprintf("children of %s = %v, want %v", path, got, want))
		}
	}
	for _, path := range x.QueuesAbsent {
		if m.Queue(path) != nil {
			f = append(f, fmt.Sprintf("queue %s still exists", path))
		}
	}
	return f
}
