package xmlconf

// Each calls fn for every key that is set, with the property in force, in
// no particular order. Lint walks every key several times; sorting 100,000
// keys (Keys) each time costs more than the rules, and lint sorts its
// findings at the end anyway.
func (c *Conf) Each(fn func(key string, p *Property)) {
	for k, e := range c.entries {
		if e.Prop != nil {
			fn(k, e.Prop)
		}
	}
}
