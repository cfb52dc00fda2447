package xmlconf

import (
	"fmt"
	"strconv"
	"strings"
)

// lookup returns the property in force for key with its value expanded
// as Hadoop 1 Configuration.get does, and marks it consumed.
func (p *h1parser) lookup(c *Conf, key string) (*Property, string, bool) {
	prop, ok := c.Lookup(key)
	if !ok {
		return nil, "", false
	}
	p.consumed[prop] = true
	v, _, err := c.Get(key)
	if err != nil {
		v = prop.Value
	}
	return prop, v, true
}

func origin(queue string) Origin {
	if queue != "" {
		return FromQueue
	}
	return FromGlobal
}

// fallback records that Hadoop silently used def instead of text.
func (p *h1parser) fallback(prop *Property, queue, text, def string) {
	p.add(RuleH1Fallback, prop.ValuePos, queue, prop.Name,
		fmt.Sprintf("%q is not a valid value for %q; the JobTracker silently uses %s", text, prop.Name, def),
		"write the value the scheduler actually used, or fix the typo")
}

func (p *h1parser) intVal(c *Conf, key string, def Value[int32], queue string) Value[int32] {
	prop, text, ok := p.lookup(c, key)
	if !ok {
		return def
	}
	v := Value[int32]{Raw: prop.Value, Origin: origin(queue), Prop: prop}
	n, err := H1GetInt(text)
	if err != nil {
		v.V, v.Err = def.V, err.Error()
		p.fallback(prop, queue, text, fmt.Sprintf("the default %d", def.V))
		return v
	}
	v.V = n
	p.hexQuirk(prop, queue, text, int64(n))
	return v
}

// hexQuirk notes that getInt read "0x…" as hexadecimal.
func (p *h1parser) hexQuirk(prop *Property, queue, text string, n int64) {
	t := strings.TrimPrefix(text, "-")
	if !strings.HasPrefix(t, "0x") && !strings.HasPrefix(t, "0X") {
		return
	}
	p.addSev(RuleH1Fallback, SeverityInfo, prop.ValuePos, queue, prop.Name,
		fmt.Sprintf("%q of %q is read as hexadecimal: %d", text, prop.Name, n), "write the decimal value")
}

func (p *h1parser) longVal(c *Conf, key string, def Value[int64], queue string) Value[int64] {
	prop, text, ok := p.lookup(c, key)
	if !ok {
		return def
	}
	v := Value[int64]{Raw: prop.Value, Origin: origin(queue), Prop: prop}
	n, err := H1GetLong(text)
	if err != nil {
		v.V, v.Err = def.V, err.Error()
		p.fallback(prop, queue, text, fmt.Sprintf("the default %d", def.V))
		return v
	}
	v.V = n
	return v
}

// floatVal reads a float with Float.parseFloat (which trims); unparseable
// text falls back to def silently, as Configuration.getFloat does.
func (p *h1parser) floatVal(c *Conf, key string, def Value[float32], queue string) Value[float32] {
	prop, text, ok := p.lookup(c, key)
	if !ok {
		return def
	}
	v := Value[float32]{Raw: prop.Value, Origin: origin(queue), Prop: prop}
	f, err := ParseJavaFloat(text)
	if err != nil {
		v.V, v.Err = def.V, err.Error()
		p.fallback(prop, queue, text, "the default "+FormatJavaFloat(def.V))
		return v
	}
	v.V = f
	return v
}

// boolVal reads a boolean as Hadoop 1 does: exact "true"/"false" only.
func (p *h1parser) boolVal(c *Conf, key string, def Value[bool], queue string) Value[bool] {
	prop, text, ok := p.lookup(c, key)
	if !ok {
		return def
	}
	v := Value[bool]{Raw: prop.Value, Origin: origin(queue), Prop: prop}
	b, good := H1GetBool(text)
	if !good {
		v.V, v.Err = def.V, fmt.Sprintf("%q is neither \"true\" nor \"false\"", text)
		p.fallback(prop, queue, text, "the default "+strconv.FormatBool(def.V)+" (Hadoop 1 booleans are case-sensitive)")
		return v
	}
	v.V = b
	return v
}

func (p *h1parser) strVal(c *Conf, key, def string) Value[string] {
	prop, text, ok := p.lookup(c, key)
	if !ok {
		return Value[string]{V: def, Raw: def}
	}
	return Value[string]{V: text, Raw: prop.Value, Origin: FromGlobal, Prop: prop}
}

// aclVal reads an ACL with conf.get(key, def): an empty <value> is unset,
// so def applies; that quirk is reported because it is easily misread.
func (p *h1parser) aclVal(c *Conf, key, def, queue string) Value[ACL] {
	prop, text, ok := p.lookup(c, key)
	if !ok {
		v := Value[ACL]{V: H1ParseACL(def), Raw: def}
		p.reportEmptyACL(key, def, queue)
		return v
	}
	v := Value[ACL]{V: H1ParseACL(text), Raw: prop.Value, Origin: origin(queue), Prop: prop}
	p.aclQuirks(prop, text, queue)
	return v
}

func (p *h1parser) reportEmptyACL(key, def, queue string) {
	for _, ep := range p.jtProps() {
		if ep.Name == key && ep.Unset {
			who := "everyone"
			if def != "*" {
				who = "nobody"
			}
			p.add(RuleH1ACLQuirk, ep.ValuePos, queue, key,
				fmt.Sprintf("%q has an empty value, which Hadoop treats as unset: the default %q (%s) applies", key, def, who),
				`write " " (a single blank) for nobody, or "*" for everyone`)
			return
		}
	}
}

// aclQuirks warns when the text is split where the author likely did not
// mean it: a leading newline or tab makes every name before the first
// space a user list that is empty, so intended users become groups.
func (p *h1parser) aclQuirks(prop *Property, text, queue string) {
	a := H1ParseACL(text)
	if a.All {
		return
	}
	t := JavaTrim(text)
	users, _, _ := cutSpace(text)
	if t != "" && JavaTrim(users) == "" && text[0] != ' ' {
		p.add(RuleH1ACLQuirk, prop.ValuePos, queue, prop.Name,
			fmt.Sprintf("ACL %q starts with a line break or tab: Hadoop splits at the first space, so %s are read as groups", text, quoteList(a.Groups)),
			"write users and groups on one line: \"user1,user2 group1,group2\"")
		return
	}
	for _, u := range a.Users {
		if containsBlank(u) {
			p.add(RuleH1ACLQuirk, prop.ValuePos, queue, prop.Name,
				fmt.Sprintf("ACL %q has a line break or tab inside the user list, so user %q can never match", text, u),
				"separate users with commas only")
			return
		}
	}
	p.aclBlankAfterComma(prop, text, queue, a)
}

// aclBlankAfterComma is YARN's CS120 for Hadoop 1: AccessControlList(String)
// (1.x; QueueManager's own ACL class in 0.20) splits the text once at the
// first blank, aclString.split(" ", 2), users before it and groups after,
// so in "hadoop, q2,q1" q2 and q1 are groups. A comma against that blank,
// on either side, says the author wrote one list across it.
func (p *h1parser) aclBlankAfterComma(prop *Property, text, queue string, a ACL) {
	users, groups, found := cutSpace(text)
	if !found || !(strings.HasSuffix(users, ",") || strings.HasPrefix(groups, ",")) || len(a.Users) == 0 || len(a.Groups) == 0 {
		return
	}
	all := strings.Join(append(append([]string(nil), a.Users...), a.Groups...), ",")
	readAs := "are read as groups, not users"
	if len(a.Groups) == 1 {
		readAs = "is read as a group, not a user"
	}
	p.add(RuleH1ACLQuirk, prop.ValuePos, queue, prop.Name,
		fmt.Sprintf("ACL %q has a blank after a comma: Hadoop splits users from groups at the first blank, so %s %s",
			text, quoteList(a.Groups), readAs),
		fmt.Sprintf("write %q if they are all users; the blank separates the user list from the group list", all))
}

func cutSpace(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

func containsBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' {
			return true
		}
	}
	return false
}

func quoteList(items []string) string {
	if len(items) == 0 {
		return "no names"
	}
	out := ""
	for i, it := range items {
		if i > 0 {
			out += ", "
		}
		out += strconv.Quote(it)
	}
	return out
}

// jtProps lists the JobTracker conf's properties in load order.
func (p *h1parser) jtProps() []*Property {
	var out []*Property
	for _, d := range []*Document{p.m.Files.MapredSite, p.m.Files.QueueACLs} {
		if d != nil {
			out = append(out, d.Props...)
		}
	}
	return out
}
