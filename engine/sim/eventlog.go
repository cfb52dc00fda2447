package sim

import (
	"sort"
	"strconv"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/safeio"
)

// logEvent writes one JSON line to Options.Events:
//
//	{"t_ms":1000,"kind":"allocated","container":3,"app":"app_1","queue":"root.a",
//	 "node":"node0","memory_mb":1024,"vcores":1,"priority":20,"locality":"OFF_SWITCH"}
//
// kind is allocated, reserved, unreserved, released, marked (selected
// for preemption, killed after max_wait_before_kill unless freed) or
// preempted;
// locality is omitted for unreservations. Written by hand: millions of
// lines go through here. Names come from the workload and the
// configuration, so they go through safeio.AppendJSONString (a NUL, an
// ESC or an invalid byte in an app name stays valid JSON).
func (r *run) logEvent(ev *engine.Event) {
	b := r.lineBuf[:0]
	b = append(b, `{"t_ms":`...)
	b = strconv.AppendInt(b, r.now, 10)
	b = append(b, `,"kind":"`...)
	b = append(b, ev.Kind.String()...)
	b = append(b, `","container":`...)
	b = strconv.AppendInt(b, ev.ContainerID, 10)
	b = append(b, `,"app":`...)
	b = safeio.AppendJSONString(b, ev.App)
	b = append(b, `,"queue":`...)
	b = safeio.AppendJSONString(b, ev.Queue)
	b = append(b, `,"node":`...)
	b = safeio.AppendJSONString(b, ev.Node)
	b = append(b, `,"memory_mb":`...)
	b = strconv.AppendInt(b, ev.Resource.MemoryMB, 10)
	b = append(b, `,"vcores":`...)
	b = strconv.AppendInt(b, ev.Resource.VCores, 10)
	b = append(b, `,"priority":`...)
	b = strconv.AppendInt(b, int64(ev.Priority), 10)
	if ev.Kind != engine.EvUnreserved {
		b = append(b, `,"locality":"`...)
		b = append(b, ev.Locality.String()...)
		b = append(b, '"')
	}
	b = append(b, "}\n"...)
	r.lineBuf = b
	if _, err := r.out.Write(b); err != nil && r.outErr == nil {
		r.outErr = err
	}
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
