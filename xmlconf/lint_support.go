package xmlconf

// Each calls fn for every key that is set, with the property in force.
// Lint walks every key several times; sorting 100,000 keys (Keys) each
// time costs more than the rules, and lint sorts its findings at the end
// anyway. Keys come in document order when the Conf was built by NewConf
// and not changed since (sequential memory, several times faster than a
// map walk on large files), else in no particular order.
func (c *Conf) Each(fn func(key string, p *Property)) {
	if c.ordered != nil {
		for i := range c.ordered {
			if p := c.ordered[i].Prop; p != nil {
				fn(p.Name, p)
			}
		}
		return
	}
	for k, e := range c.entries {
		if e.Prop != nil {
			fn(k, e.Prop)
		}
	}
}
