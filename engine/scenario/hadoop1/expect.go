package hadoop1

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"

	h1 "github.com/capq/capq/engine/hadoop1"
)

// checkState compares an expect step with the snapshot: only the listed
// fields, lists in order, numbers within the float tolerance. It returns
// one message per mismatch, naming the field.
func (r *runner) checkState(s *Step, st *h1.State) []string {
	b, err := json.Marshal(st)
	if err != nil {
		return []string{err.Error()}
	}
	var got map[string]any
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.UseNumber()
	if err := dec.Decode(&got); err != nil {
		return []string{err.Error()}
	}
	want := map[string]any{}
	add := func(name string, v any, n int) {
		if n > 0 {
			want[name] = v
		}
	}
	add("queues", toAny(s.Queues), len(s.Queues))
	add("jobs", toAny(s.JobsState), len(s.JobsState))
	add("trackers", toAny(s.TrackersSt), len(s.TrackersSt))
	add("queue_order", s.QueueOrder, len(s.QueueOrder))
	add("memory", s.Memory, len(s.Memory))
	add("cluster", s.ClusterSt, len(s.ClusterSt))
	var out []string
	compare("", want, got, r.tol, &out)
	return out
}

func toAny(m map[string]map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// compare checks want against got: objects by the listed keys only.
func compare(path string, want, got any, tol float64, out *[]string) {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			*out = append(*out, fmt.Sprintf("%s: got %s, want an object", path, show(got)))
			return
		}
		keys := make([]string, 0, len(w))
		for k := range w {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := strings.TrimPrefix(path+"."+k, ".")
			gv, present := g[k]
			if !present {
				*out = append(*out, p+": not found")
				continue
			}
			compare(p, w[k], gv, tol, out)
		}
	case []any:
		g, ok := got.([]any)
		if !ok && got != nil {
			*out = append(*out, fmt.Sprintf("%s: got %s, want a list", path, show(got)))
			return
		}
		if len(g) != len(w) {
			*out = append(*out, fmt.Sprintf("%s: got %s, want %s", path, show(got), show(want)))
			return
		}
		for i := range w {
			compare(fmt.Sprintf("%s[%d]", path, i), w[i], g[i], tol, out)
		}
	case json.Number:
		wf, _ := w.Float64()
		gn, ok := got.(json.Number)
		gf, err := gn.Float64()
		if !ok || err != nil || math.Abs(wf-gf) > tol {
			*out = append(*out, fmt.Sprintf("%s: got %s, want %s", path, show(got), w))
		}
	default:
		if show(want) != show(got) {
			*out = append(*out, fmt.Sprintf("%s: got %s, want %s", path, show(got), show(want)))
		}
	}
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
