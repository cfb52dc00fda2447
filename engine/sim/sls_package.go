package sim

import (
	"fmt"

	"github.com/capq/capq/engine"
)

// packager gives every container of a (phase, priority, allocation id)
// the size of the first one, as SLS asks for them:
// AMSimulator.packageRequests builds one ResourceRequest per resource name
// and container.allocation.id from the first container it meets and only
// counts the later ones, so a later container of another size is asked
// for (and runs) at the first size. Containers of another allocation id
// get their own request and size (allocIDKeys).
type packager struct {
	first   map[[3]int64]engine.Resource
	resized []resized
}

type resized struct {
	count    int
	from, to engine.Resource
	priority int32
	allocID  int64
}

func (p *packager) size(g *TaskGroup, allocID int64) {
	k := [3]int64{int64(g.Phase), int64(g.Priority), allocID}
	f, seen := p.first[k]
	if !seen {
		p.first[k] = engine.Resource{MemoryMB: g.MemoryMB, VCores: g.VCores}
		return
	}
	if f == (engine.Resource{MemoryMB: g.MemoryMB, VCores: g.VCores}) {
		return
	}
	p.resized = append(p.resized, resized{count: g.Count, from: engine.Resource{MemoryMB: g.MemoryMB, VCores: g.VCores}, to: f,
		priority: g.Priority, allocID: allocID})
	g.MemoryMB, g.VCores = f.MemoryMB, f.VCores
}

func (p *packager) warnings(pos string) []string {
	var out []string
	for _, r := range p.resized {
		out = append(out, fmt.Sprintf("%s: %d container(s) of %d MB, %d vcores asked at %d MB, %d vcores, the first size at priority %d and container.allocation.id %d (AMSimulator.packageRequests: one request per priority and allocation id, sized by its first container)",
			pos, r.count, r.from.MemoryMB, r.from.VCores, r.to.MemoryMB, r.to.VCores, r.priority, r.allocID))
	}
	return out
}
