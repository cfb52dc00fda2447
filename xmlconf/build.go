package xmlconf

import (
	"sort"
	"strings"
)

// BuildOptions select the Hadoop profile and the cluster size used to
// resolve absolute capacities.
type BuildOptions struct {
	Version Version
	// Cluster is the cluster resource (zero when unknown).
	Cluster Resource
}

// Build turns a merged configuration into the typed queue model, the way
// CapacitySchedulerQueueManager parses the queue tree. It never fails: the
// problems Hadoop would refuse stay visible in the model (Capacity.Err,
// Value.Err) for validate to report; Findings holds the loader's.
func Build(c *Conf, opts BuildOptions) *Model {
	if opts.Version == (Version{}) {
		opts.Version = DefaultVersion
	}
	m := &Model{
		Version: opts.Version, Conf: c, Cluster: opts.Cluster,
		byPath: map[string]*Queue{}, Leaves: map[string][]*Queue{},
	}
	b := &builder{m: m, c: c, v: opts.Version, props: c.setProps()}
	b.userParallel = b.userParallelKeys(b.props)
	b.global()
	m.Root = b.tree()
	b.claimProperties()
	for _, q := range m.Queues {
		b.settings(q)
	}
	b.absoluteCapacities()
	for _, q := range m.Queues {
		b.maxApplications(q)
	}
	m.Findings = append(m.Findings, c.Findings...)
	m.Findings = SortFindings(m.Findings)
	return m
}

type builder struct {
	m *Model
	c *Conf
	v Version
	// props are the configuration's set properties, in no particular order.
	props        []*Property
	userParallel []string
}

// tree walks root.queues recursively. Child lists are read with
// Configuration.getStrings (split on ",", empty tokens dropped) and each
// name trimmed (CapacitySchedulerConfiguration.getQueues), so "a, ,b"
// yields a child named "". A name listed twice is kept once in the tree
// and twice in ChildNames (Hadoop 3.3+ counts it twice in sums).
func (b *builder) tree() *Queue {
	root := b.newQueue(nil, "root")
	stack := []*Queue{root}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		b.m.Queues = append(b.m.Queues, q)
		b.children(q)
		for i := len(q.Children) - 1; i >= 0; i-- {
			stack = append(stack, q.Children[i])
		}
	}
	for _, q := range b.m.Queues {
		if q.IsLeaf() {
			b.m.Leaves[q.Name] = append(b.m.Leaves[q.Name], q)
		}
	}
	return root
}

func (b *builder) newQueue(parent *Queue, name string) *Queue {
	// Sized for a typical queue's dozen properties, so filling it does
	// not regrow the map (this matters with 10,000 queues).
	q := &Queue{Name: name, Parent: parent, Props: make(map[string]*Property, 16)}
	if parent == nil {
		q.Path = name
	} else {
		q.Path = parent.Path + "." + name
		q.Depth = parent.Depth + 1
	}
	b.m.byPath[q.Path] = q
	return q
}

func (b *builder) children(q *Queue) {
	p, ok := b.c.Lookup(q.Key("queues"))
	if ok {
		q.ChildrenProp = p
		val, _ := b.expanded(p)
		for _, tok := range strings.Split(val, ",") {
			if tok == "" {
				continue
			}
			q.ChildNames = append(q.ChildNames, strings.TrimSpace(tok))
		}
	}
	seen := make(map[string]bool, len(q.ChildNames))
	for _, name := range q.ChildNames {
		if seen[name] || b.m.byPath[q.Path+"."+name] != nil {
			continue
		}
		seen[name] = true
		q.Children = append(q.Children, b.newQueue(q, name))
	}
	if len(q.Children) == 0 {
		q.DynamicParent = b.autoCreateEnabled(q)
	}
}

// autoCreateEnabled reports whether q is a parent through auto-creation.
func (b *builder) autoCreateEnabled(q *Queue) bool {
	if b.v.AtLeast(V3_1) {
		if v, _ := HadoopGetBool(b.c.GetOr(q.Key("auto-create-child-queue.enabled"), ""), false); v {
			return true
		}
	}
	if b.v.AtLeast(V3_4) {
		if v, _ := HadoopGetBool(b.c.GetOr(q.Key("auto-queue-creation-v2.enabled"), ""), false); v {
			return true
		}
	}
	return false
}

// expanded returns the ${var}-expanded value of p (the raw value when
// expansion fails; the error is returned for callers that report it).
func (b *builder) expanded(p *Property) (string, error) {
	if !HasVariable(p.Value) {
		return p.Value, nil
	}
	v, err := b.c.Expand(p.Value)
	if err != nil {
		return p.Value, err
	}
	return v, nil
}

// claimProperties files every yarn.scheduler.capacity.root.* key under the
// deepest queue whose path prefixes it; keys that name no queue of the
// tree are orphans.
func (b *builder) claimProperties() {
	for _, p := range b.props {
		key := p.Name
		if !strings.HasPrefix(key, Prefix+"root") {
			continue
		}
		rest := key[len(Prefix):]
		q, suffix := b.owner(rest)
		if q == nil {
			b.m.Orphans = append(b.m.Orphans, p)
			continue
		}
		q.Props[suffix] = p
	}
	sort.Slice(b.m.Orphans, func(i, j int) bool { return b.m.Orphans[i].Name < b.m.Orphans[j].Name })
}

// owner finds the queue a key (without Prefix) belongs to. The suffix must
// be a single segment or start with a known multi-segment prefix
// (accessible-node-labels., user-settings., ...); "root.a.b.capacity" for a
// tree without root.a.b is an orphan, not a property "b.capacity" of root.a.
func (b *builder) owner(rest string) (*Queue, string) {
	// Fast path: most keys are <path>.<suffix> with a one-segment suffix.
	if dot := strings.LastIndexByte(rest, '.'); dot > 0 {
		if q := b.m.byPath[rest[:dot]]; q != nil {
			return q, rest[dot+1:]
		}
	}
	for i := len(rest) - 1; i > 0; i-- {
		if rest[i] != '.' {
			continue
		}
		q := b.m.byPath[rest[:i]]
		if q == nil {
			continue
		}
		suffix := rest[i+1:]
		if dot := strings.IndexByte(suffix, '.'); dot >= 0 && !multiSegmentPrefix(suffix[:dot+1]) {
			return nil, ""
		}
		return q, suffix
	}
	return nil, ""
}

// MultiSegmentPrefixes are the queue property prefixes whose suffix has
// more than one dot-separated segment.
var MultiSegmentPrefixes = []string{
	"accessible-node-labels.", "user-settings.", "leaf-queue-template.", "auto-create-child-queue.",
	"auto-queue-creation-v2.", "ordering-policy.", "intra-queue-preemption.", "user.",
	"multi-node-sorting.", "queue-auto-removal.",
}

func multiSegmentPrefix(first string) bool {
	for _, p := range MultiSegmentPrefixes {
		if p == first {
			return true
		}
	}
	return false
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
