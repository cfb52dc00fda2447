package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
)

// The JSON properties SynthTraceJobProducer's classes declare. Its
// ObjectMapper sets FAIL_ON_UNKNOWN_PROPERTIES to false, so any other key
// is dropped without a word: a misspelt "weigth" leaves a time bucket at
// weight 0. capq names each such key once, as it does for SLS traces.
// "params" is read (SynthJob.getParams) but no AM of SLS 3.4 uses it, and
// the old job class keys are read whether or not "tasks" replaces them.
// A workload's "description", which SLS's own syn.json carries but
// Workload does not declare, is prose that could change nothing: it is
// not named either.
//
// The sets are synthSchema's fields (synth_jackson.go): each field is
// declared once, for the coercions and for this warning.
var (
	synthWorkloadSchema = synthSchema.fields["workloads"].elem
	synthClassSchema    = synthWorkloadSchema.fields["job_classes"].elem

	synthTraceKeys      = fieldSet(synthSchema)
	synthWorkloadKeys   = fieldSet(synthWorkloadSchema)
	synthClassKeys      = fieldSet(synthClassSchema)
	synthTaskKeys       = fieldSet(synthClassSchema.fields["tasks"].elem)
	synthSampleKeys     = fieldSet(synthClassSchema.fields["duration"])
	synthTimeSampleKeys = fieldSet(synthWorkloadSchema.fields["time_distribution"].elem)
)

// fieldSet is the keys a class of the schema declares.
func fieldSet(t *jtype) map[string]bool {
	m := make(map[string]bool, len(t.fields))
	for k := range t.fields {
		m[k] = true
	}
	return m
}

// synthKeys collects the keys SynthTraceJobProducer ignores, by key, with
// the first place each was seen (in the walk's order: a workload's job
// classes, then its time distribution).
type synthKeys map[string]ignoredKey

// synthIgnoredKeys walks a SYNTH description (already decoded once, so
// well formed) and warns once per key SLS drops.
func synthIgnoredKeys(name string, data []byte) []string {
	var root any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if dec.Decode(&root) != nil {
		return nil
	}
	k := synthKeys{}
	obj, _ := root.(map[string]any)
	k.check(obj, synthTraceKeys, "the description")
	for i, wl := range objects(obj["workloads"]) {
		at := fmt.Sprintf("workloads[%d]", i)
		k.check(wl, synthWorkloadKeys, at)
		for j, jc := range objects(wl["job_classes"]) {
			cat := fmt.Sprintf("%s.job_classes[%d]", at, j)
			k.check(jc, synthClassKeys, cat)
			k.samples(jc, cat, "deadline_factor", "duration", "reservation")
			for t, task := range objects(jc["tasks"]) {
				tat := fmt.Sprintf("%s.tasks[%d]", cat, t)
				k.check(task, synthTaskKeys, tat)
				k.samples(task, tat, "count", "time", "max_memory", "max_vcores")
			}
		}
		for j, ts := range objects(wl["time_distribution"]) {
			k.check(ts, synthTimeSampleKeys, fmt.Sprintf("%s.time_distribution[%d]", at, j))
		}
	}
	return k.warnings(name)
}

// objects is the JSON objects of an array value (others are skipped: the
// typed read has refused what Jackson would).
func objects(v any) []map[string]any {
	list, _ := v.([]any)
	out := make([]map[string]any, 0, len(list))
	for _, e := range list {
		if o, ok := e.(map[string]any); ok {
			out = append(out, o)
		}
	}
	return out
}

func (k synthKeys) samples(obj map[string]any, at string, keys ...string) {
	for _, key := range keys {
		if s, ok := obj[key].(map[string]any); ok {
			k.check(s, synthSampleKeys, at+"."+key)
		}
	}
}

func (k synthKeys) check(obj map[string]any, known map[string]bool, at string) {
	for key := range obj {
		if known[key] {
			continue
		}
		ik := k[key]
		ik.count(at, 1)
		k[key] = ik
	}
}

func (k synthKeys) warnings(name string) []string {
	keys := make([]string, 0, len(k))
	for key := range k {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	out := make([]string, 0, len(keys))
	for _, key := range keys {
		ik := k[key]
		out = append(out, fmt.Sprintf("%s: key %q ignored in %d object(s), first in %s: SynthTraceJobProducer does not read it (FAIL_ON_UNKNOWN_PROPERTIES is off)", name, key, ik.n, ik.first))
	}
	return out
}
