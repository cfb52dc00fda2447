package xmlconf

import (
	"fmt"
	"sort"
	"strings"
)

// Loader rule IDs: problems found while merging resources. They are
// facts (Hadoop logs a warning and carries on), not errors; the reader
// leaves Severity zero (or sets a lower one for a harmless variant) and
// validate's loader rules, which declare each severity, judge them.
const (
	RuleDuplicate      = "XML001" // same key defined twice; the last wins
	RuleFinalOverride  = "XML002" // a final key redefined; Hadoop ignores it
	RuleUnresolvedVar  = "XML003" // ${var} left literal
	RuleSubstDepth     = "XML004" // substitution depth 20 exceeded
	RuleIncludeFallbak = "XML005" // an xi:include fell back
	RuleRootElement    = "XML006" // the root element is not <configuration>
	RuleNoName         = "XML007" // a property without a name (ignored) or with an empty one
)

// Entry is the effective definition of one key after all resources are
// merged, with the definitions it replaced or that were refused.
type Entry struct {
	// Prop is the definition in force (nil when the key is only final-marked
	// by an empty value).
	Prop *Property
	// Final is set once any definition of the key was final.
	Final bool
	// Earlier lists definitions replaced by Prop, in order.
	Earlier []*Property
	// Ignored lists definitions refused because the key was already final.
	Ignored []*Property
}

// Conf is the merged view of several resources, like a Hadoop
// Configuration after addResource calls: later definitions win unless an
// earlier one is final. Keys are never expanded; values are expanded on
// Get, as Hadoop's get() does.
type Conf struct {
	entries map[string]*Entry
	// Env resolves ${env.NAME}; nil means "no environment" (every lookup
	// misses), which keeps results independent of the machine.
	Env func(string) (string, bool)
	// Untrusted marks a configuration from anyone (a pull request):
	// ${env.*} is never resolved, whatever Env says (rule XML009).
	Untrusted bool
	// Defaults are the values of Hadoop's default resources
	// (HadoopDefaults), underneath every document: ${var} resolves to
	// them when no document sets var. Build fills them for its version
	// when nil.
	Defaults map[string]string
	// Findings are merge problems: duplicates and refused final overrides.
	Findings []Finding
	// RM is the ResourceManager's own configuration (the yarn-site.xml
	// documents of this merge), from which Hadoop reads the RMOnlySettings.
	// Nil means the merge is the ResourceManager's configuration too, as
	// in Hadoop's tests, which hand MockRM one CapacitySchedulerConfiguration
	// (scenario maps); an empty Conf means no yarn-site.xml was given, so
	// those settings take Hadoop's defaults.
	RM *Conf

	// budget bounds the work of Expand (rule XML010).
	budget *expandBudget

	slab []Entry // entries are carved from here while NewConf runs

	// ordered is the slab after NewConf: every entry in the order its key
	// first appeared. Walking it touches properties in document order,
	// which is several times faster than walking the map for 100,000 keys
	// (the names are then read sequentially, not at random). Set, Unset
	// and Clone drop it; walkers then fall back to the map.
	ordered []Entry
}

func (c *Conf) newEntry() *Entry {
	if len(c.slab) == cap(c.slab) {
		return &Entry{}
	}
	c.slab = append(c.slab, Entry{})
	return &c.slab[len(c.slab)-1]
}

// NewConf merges documents in order, as the ResourceManager layers
// yarn-site.xml and then capacity-scheduler.xml (Configuration.loadProperty).
func NewConf(docs ...*Document) *Conf {
	n, size := 0, int64(0)
	for _, d := range docs {
		if d != nil {
			n += len(d.Props)
			for _, p := range d.Props {
				size += int64(len(p.Value))
			}
		}
	}
	// Sized once: growing a map of 100,000 keys costs more than the parse.
	c := &Conf{entries: make(map[string]*Entry, n), budget: newExpandBudget(size)}
	c.slab = make([]Entry, 0, n)
	for _, d := range docs {
		if d == nil {
			continue
		}
		c.Findings = append(c.Findings, d.Findings...)
		for _, p := range d.Props {
			c.add(p)
		}
	}
	c.ordered, c.slab = c.slab, nil
	return c
}

// FromMap builds a Conf from a plain map (scenario files, tests). Every
// property is attributed to origin with no line. An empty value sets
// nothing, as an empty <value> element does.
func FromMap(m map[string]string, origin string) *Conf {
	return FromMapKeepEmpty(m, nil, origin)
}

// FromMapKeepEmpty is FromMap where the keys in empty whose value is ""
// hold the empty string as their value, as the attribute form
// <property name=".." value=""/> of a file does (Configuration keeps it:
// an empty ACL then admits nobody, where an unset one takes its default).
func FromMapKeepEmpty(m map[string]string, empty map[string]bool, origin string) *Conf {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	d := &Document{File: origin}
	for _, k := range keys {
		p := &Property{Name: strings.TrimSpace(k), Value: m[k], Unset: m[k] == "" && !empty[k]}
		p.Pos = Pos{File: origin}
		p.NamePos, p.ValuePos = p.Pos, p.Pos
		d.Props = append(d.Props, p)
	}
	return NewConf(d)
}

// add applies one definition with Configuration.loadProperty's rules: an
// empty value sets nothing but can still make the key final.
func (c *Conf) add(p *Property) {
	e := c.entries[p.Name]
	if e == nil {
		e = c.newEntry()
		c.entries[p.Name] = e
	}
	switch {
	case e.Final:
		if !p.Unset && (e.Prop == nil || e.Prop.Value != p.Value) {
			e.Ignored = append(e.Ignored, p)
			c.Findings = append(c.Findings, Finding{
				Rule: RuleFinalOverride, Pos: p.NamePos, Property: p.Name,
				Message: fmt.Sprintf("%q is final at %s; this definition is ignored", p.Name, finalPos(e)),
				Hint:    "remove this definition or the <final>true</final> of the earlier one",
			})
		}
	case !p.Unset:
		if e.Prop != nil {
			e.Earlier = append(e.Earlier, e.Prop)
			c.Findings = append(c.Findings, duplicateFinding(e.Prop, p))
		}
		e.Prop = p
	}
	if p.Final {
		e.Final = true
		if e.Prop == nil && p.Unset {
			// Remember where the key became final for later messages.
			e.Earlier = append(e.Earlier, p)
		}
	}
}

// duplicateFinding is XML001 for p redefining earlier. Redefining a key
// with the same value changes nothing, so it is only info (issue 20:
// Ambari-generated files repeat keys with identical values).
func duplicateFinding(earlier, p *Property) Finding {
	f := Finding{
		Rule: RuleDuplicate, Pos: p.NamePos, Property: p.Name,
		Message: fmt.Sprintf("%q is also defined at %s; this later definition wins", p.Name, earlier.NamePos),
		Hint:    "keep one definition of each property",
	}
	if earlier.Value == p.Value {
		f.Severity = SeverityInfo
		f.Message = fmt.Sprintf("%q is also defined at %s with the same value", p.Name, earlier.NamePos)
	}
	return f
}

func finalPos(e *Entry) Pos {
	if e.Prop != nil && e.Prop.Final {
		return e.Prop.NamePos
	}
	for _, p := range e.Earlier {
		if p.Final {
			return p.NamePos
		}
	}
	if e.Prop != nil {
		return e.Prop.NamePos
	}
	return Pos{}
}

// Lookup returns the property in force for key, or false when the key is
// not set (absent, or only empty values). Like Configuration.get, it trims
// key first, so a property whose attribute-form name has spaces around it
// is never found.
func (c *Conf) Lookup(key string) (*Property, bool) {
	e := c.entries[JavaTrim(key)]
	if e == nil || e.Prop == nil {
		return nil, false
	}
	return e.Prop, true
}

// Entry returns the merge record of key (nil when never mentioned).
func (c *Conf) Entry(key string) *Entry { return c.entries[JavaTrim(key)] }

// Raw returns the unexpanded value of key, like Configuration.getRaw.
func (c *Conf) Raw(key string) (string, bool) {
	p, ok := c.Lookup(key)
	if !ok {
		return "", false
	}
	return p.Value, true
}

// Get returns the value of key with ${var} expanded, like
// Configuration.get. An expansion that exceeds Hadoop's depth limit
// returns an error carrying Hadoop's message.
func (c *Conf) Get(key string) (string, bool, error) {
	raw, ok := c.Raw(key)
	if !ok {
		return "", false, nil
	}
	v, err := c.Expand(raw)
	return v, true, err
}

// GetOr returns the expanded value of key, or def when it is unset. An
// expansion error yields the raw value (callers that care use Get).
func (c *Conf) GetOr(key, def string) string {
	v, ok, err := c.Get(key)
	if !ok {
		return def
	}
	if err != nil {
		raw, _ := c.Raw(key)
		return raw
	}
	return v
}

// Keys returns every key that is set, sorted.
func (c *Conf) Keys() []string {
	keys := make([]string, 0, len(c.entries))
	for k, e := range c.entries {
		if e.Prop != nil {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// setProps returns the property in force for every set key, unsorted
// (Keys sorts; the model builder does not need it to, and reading the
// properties here saves it a second map lookup per key).
func (c *Conf) setProps() []*Property {
	props := make([]*Property, 0, len(c.entries))
	if c.ordered != nil {
		for i := range c.ordered {
			if p := c.ordered[i].Prop; p != nil {
				props = append(props, p)
			}
		}
		return props
	}
	for _, e := range c.entries {
		if e.Prop != nil {
			props = append(props, e.Prop)
		}
	}
	return props
}

// AnyValue reports whether pred holds for the written value of some set
// key, here or in the ResourceManager's configuration (RM): a cheap gate
// before a rule searches the model for what such a value became.
func (c *Conf) AnyValue(pred func(string) bool) bool {
	for _, e := range c.entries {
		if e.Prop != nil && pred(e.Prop.Value) {
			return true
		}
	}
	return c.RM != nil && c.RM != c && c.RM.AnyValue(pred)
}

// Len returns the number of keys that are set.
func (c *Conf) Len() int {
	n := 0
	for _, e := range c.entries {
		if e.Prop != nil {
			n++
		}
	}
	return n
}

// Set defines key programmatically (scenario refresh steps, migration),
// replacing any earlier definition, final or not.
func (c *Conf) Set(key, value string) {
	key = JavaTrim(key) // as Configuration.set does
	p := &Property{Name: key, Value: value, Unset: value == ""}
	c.ordered = nil
	if value == "" {
		delete(c.entries, key)
		return
	}
	c.entries[key] = &Entry{Prop: p}
}

// Unset removes key.
func (c *Conf) Unset(key string) {
	c.ordered = nil
	delete(c.entries, JavaTrim(key))
}

// Clone returns an independent copy whose entries can be changed without
// touching c. Properties themselves are shared (they are never mutated).
func (c *Conf) Clone() *Conf {
	// RM is shared: nothing changes the ResourceManager's configuration.
	n := &Conf{entries: make(map[string]*Entry, len(c.entries)), Env: c.Env, Defaults: c.Defaults, Untrusted: c.Untrusted, budget: c.budget, RM: c.RM}
	for k, e := range c.entries {
		ce := *e
		n.entries[k] = &ce
	}
	n.Findings = append([]Finding(nil), c.Findings...)
	return n
}

// Map returns the set keys and their raw values.
func (c *Conf) Map() map[string]string {
	m := make(map[string]string, len(c.entries))
	for k, e := range c.entries {
		if e.Prop != nil {
			m[k] = e.Prop.Value
		}
	}
	return m
}
