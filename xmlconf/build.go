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
	if c.Defaults == nil {
		c.Defaults = HadoopDefaults(opts.Version)
	}
	if c.RM != nil && c.RM.Defaults == nil {
		c.RM.Defaults = c.Defaults
	}
	m := &Model{
		Version: opts.Version, Conf: c, Cluster: opts.Cluster,
		byPath: map[string]*Queue{}, Leaves: map[string][]*Queue{},
	}
	b := &builder{m: m, c: c, v: opts.Version, props: c.setProps()}
	b.userParallel = b.userParallelKeys(b.props)
	b.global()
	m.RMOnlyElsewhere = b.rmOnlyElsewhere()
	b.groupProperties()
	m.Root = b.tree()
	if m.TooLarge != nil {
		// Load refuses the model: settings for MaxQueues queues would
		// be work for nothing.
		return m
	}
	b.claimLeftovers()
	m.keyLabels = keyLabels(b.props, b.v)
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
	// groups holds every yarn.scheduler.capacity.root.* property under the
	// text between the prefix and its last dot: the queue path when the
	// suffix is one segment, which is nearly always.
	groups map[string]int32
	bucket [][]*Property
	// autoKeys holds the auto-creation switches by queue path: they have
	// two-segment suffixes, so the tree walk cannot find them in groups,
	// and nearly every file has none.
	autoKeys map[string][]*Property
	// names counts the child names of the tree so far (root included),
	// full is set once they reach MaxQueues: the walk stops there.
	names int
	full  bool
}

// tree walks root.queues recursively. Child lists are read with
// Configuration.getStrings (split on ",", empty tokens dropped) and each
// name trimmed (CapacitySchedulerConfiguration.getQueues), so "a, ,b"
// yields a child named "". A name listed twice is kept once in the tree
// and twice in ChildNames (Hadoop 3.3+ counts it twice in sums).
func (b *builder) tree() *Queue {
	root := b.newQueue(nil, "root")
	b.names = 1
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
	q := &Queue{Name: name, Parent: parent}
	if parent == nil {
		q.Path = name
	} else {
		q.Path = parent.Path + "." + name
		q.Depth = parent.Depth + 1
	}
	b.m.byPath[q.Path] = q
	var own []*Property
	if i, ok := b.groups[q.Path]; ok {
		own = b.bucket[i]
		b.bucket[i] = nil
	}
	// Sized from the queue's own bucket (plus room for a few multi-segment
	// keys) so filling it does not regrow the map.
	q.Props = make(map[string]*Property, len(own)+2)
	for _, p := range own {
		q.Props[p.Name[len(Prefix)+len(q.Path)+1:]] = p
	}
	return q
}

func (b *builder) children(q *Queue) {
	p, ok := q.Props["queues"]
	if ok && !b.full {
		q.ChildrenProp = p
		val, _ := b.expanded(p)
		// Split lazily and count: a wide list must not be held whole
		// before the bound refuses it.
		for name := range QueueNames(val) {
			if b.names >= MaxQueues {
				b.tooManyQueues(p)
				break
			}
			b.names++
			q.ChildNames = append(q.ChildNames, name)
		}
	}
	if b.full {
		return // refused (Model.TooLarge): building the children is waste
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
	// These suffixes have two segments, so the tree walk has not filed
	// them under q yet: groupProperties kept them aside.
	enabled := func(suffix string) bool {
		for _, p := range b.autoKeys[q.Path] {
			if p.Name == q.Key(suffix) {
				raw, _ := b.expanded(p)
				v, _ := HadoopGetBool(raw, false)
				return v
			}
		}
		return false
	}
	return (b.v.AtLeast(V3_1) && enabled("auto-create-child-queue.enabled")) ||
		(b.v.AtLeast(V3_4) && enabled("auto-queue-creation-v2.enabled"))
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

// groupProperties buckets every yarn.scheduler.capacity.root.* property
// by the text before its last dot, so the tree walk finds a queue's own
// properties without building keys or searching the whole configuration.
func (b *builder) groupProperties() {
	b.groups = make(map[string]int32, len(b.props)/8+1)
	for _, p := range b.props {
		if !strings.HasPrefix(p.Name, Prefix+"root") {
			continue
		}
		rest := p.Name[len(Prefix):]
		path := ""
		if dot := strings.LastIndexByte(rest, '.'); dot > 0 {
			path = rest[:dot]
		}
		if dot := strings.LastIndexByte(path, '.'); dot > 0 &&
			(strings.HasSuffix(rest, ".auto-create-child-queue.enabled") || strings.HasSuffix(rest, ".auto-queue-creation-v2.enabled")) {
			if b.autoKeys == nil {
				b.autoKeys = map[string][]*Property{}
			}
			b.autoKeys[path[:dot]] = append(b.autoKeys[path[:dot]], p)
		}
		i, ok := b.groups[path]
		if !ok {
			i = int32(len(b.bucket))
			b.groups[path] = i
			b.bucket = append(b.bucket, nil)
		}
		b.bucket[i] = append(b.bucket[i], p)
	}
}

// claimLeftovers files the properties the tree walk did not take: those
// with a multi-segment suffix (accessible-node-labels.<l>.capacity) go to
// the deepest queue whose path prefixes them; the rest name no queue of
// the tree and are orphans, which Hadoop ignores silently.
func (b *builder) claimLeftovers() {
	for _, group := range b.bucket {
		for _, p := range group {
			q, suffix := b.owner(p.Name[len(Prefix):])
			if q == nil {
				b.m.Orphans = append(b.m.Orphans, p)
				continue
			}
			q.Props[suffix] = p
		}
	}
	b.groups, b.bucket = nil, nil
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
