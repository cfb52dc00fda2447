package migrate

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// inventory lists every property of every input file, in file order,
// with what became of it.
func (mg *migration) inventory() []PropertyReport {
	f := mg.m.Files
	var out []PropertyReport
	for _, d := range []*xmlconf.Document{f.MapredSite, f.QueueACLs} {
		if d != nil {
			out = append(out, mg.docInventory(d, mg.m.JT)...)
		}
	}
	if f.CapacityScheduler != nil {
		out = append(out, mg.docInventory(f.CapacityScheduler, mg.m.CS)...)
	}
	if f.MapredQueues != nil {
		out = append(out, mg.queuesInventory()...)
	}
	return out
}

func (mg *migration) docInventory(d *xmlconf.Document, c *xmlconf.Conf) []PropertyReport {
	var out []PropertyReport
	for _, p := range d.Props {
		r := mg.report(p, c)
		out = append(out, r)
	}
	return out
}

func (mg *migration) report(p *xmlconf.Property, c *xmlconf.Conf) PropertyReport {
	r := PropertyReport{File: p.Pos.File, Line: p.ValuePos.Line, Key: p.Name, Value: p.Value}
	if u := mg.usage[p]; u != nil {
		r.Status, r.Targets, r.Reason = u.Status, u.Targets, u.Reason
		return r
	}
	r.Status = Dropped
	r.Reason = mg.dropReason(p, c)
	return r
}

// dropReason explains a property nothing in the migration read.
func (mg *migration) dropReason(p *xmlconf.Property, c *xmlconf.Conf) string {
	if p.Unset {
		return "empty value: Hadoop treats the property as unset"
	}
	if c != nil {
		if cur, ok := c.Lookup(p.Name); ok && cur != p {
			e := c.Entry(p.Name)
			for _, ig := range e.Ignored {
				if ig == p {
					return fmt.Sprintf("refused: %q is final at %s", p.Name, cur.NamePos)
				}
			}
			return fmt.Sprintf("overridden by the definition at %s", cur.NamePos)
		}
	}
	if f := mg.judgedAbout(p); f != nil {
		return f.Message
	}
	switch {
	case isMemoryKey(p.Name):
		return "slot and memory sizing is not a queue setting: size YARN with yarn.nodemanager.resource.memory-mb, yarn.scheduler.minimum/maximum-allocation-mb and mapreduce.{map,reduce}.memory.mb"
	case strings.HasPrefix(p.Name, xmlconf.H1CSPrefix):
		return "not read by the Hadoop " + mg.m.Dialect.String() + " capacity scheduler"
	}
	return "not a queue or scheduler setting: migrate it with the rest of the MapReduce configuration"
}

// judgedAbout is the Hadoop 1 finding that explains p: one placed on p
// itself first, since mapred-queues.xml repeats short keys ("capacity")
// in every queue; else, for the flat files whose keys name their queue,
// the first one about a key of p's name.
func (mg *migration) judgedAbout(p *xmlconf.Property) *xmlconf.Finding {
	var byName *xmlconf.Finding
	for i, f := range mg.judged {
		if f.Property != p.Name || !strings.HasPrefix(f.Rule, "H1") || f.Rule == xmlconf.RuleH1Fallback {
			continue
		}
		if f.Pos == p.Pos || f.Pos == p.NamePos || f.Pos == p.ValuePos {
			return &mg.judged[i]
		}
		if byName == nil {
			byName = &mg.judged[i]
		}
	}
	if mg.m.Files.MapredQueues != nil && p.Pos.File == mg.m.Files.MapredQueues.File {
		return nil
	}
	return byName
}

func isMemoryKey(k string) bool {
	for _, s := range []string{"mapred.cluster.map.memory.mb", "mapred.cluster.reduce.memory.mb", "mapred.cluster.max.map.memory.mb",
		"mapred.cluster.max.reduce.memory.mb", "mapred.tasktracker.map.tasks.maximum", "mapred.tasktracker.reduce.tasks.maximum"} {
		if k == s {
			return true
		}
	}
	return false
}

// queuesInventory lists mapred-queues.xml entries (elements and
// <property> attributes) in file order.
func (mg *migration) queuesInventory() []PropertyReport {
	doc := mg.m.Files.MapredQueues
	if mg.m.Dialect != xmlconf.H1Dialect021 || mg.m.Deprecated021 {
		return ignoredQueuesXML(doc)
	}
	var props []*xmlconf.Property
	if p := doc.ACLsEnabled.Prop; p != nil {
		props = append(props, p)
		mg.use(p, Mapped, "yarn-site.xml yarn.acl.enable", "")
	}
	for _, q := range mg.m.Queues {
		for _, p := range q.Props {
			props = append(props, p)
		}
	}
	sort.SliceStable(props, func(i, j int) bool {
		a, b := props[i].Pos, props[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	var out []PropertyReport
	for _, p := range props {
		r := PropertyReport{File: p.Pos.File, Line: p.Pos.Line, Key: p.Name, Value: p.Value, Status: Dropped}
		if u := mg.usage[p]; u != nil {
			r.Status, r.Targets, r.Reason = u.Status, u.Targets, u.Reason
		} else {
			r.Reason = mg.dropReason(p, nil)
		}
		out = append(out, r)
	}
	return out
}

// queueReports compares every queue's absolute guarantee and ceiling.
func (mg *migration) queueReports() []QueueReport {
	var out []QueueReport
	for _, c := range mg.root.Children {
		c.walk(func(n *node) {
			r := QueueReport{Path: n.Path(), AbsCapacityBefore: round4(n.SrcAbsCap), AbsCapacityAfter: round4(n.AbsCap),
				AbsMaxBefore: round4(n.SrcAbsMax), AbsMaxAfter: round4(n.AbsMax)}
			if n.Src != nil {
				r.Source = n.Src.FullName
			} else {
				r.Source = "(new parent " + n.Name + ")"
				r.AbsMaxBefore = round4(mg.wantedMax(n))
			}
			r.Match = math.Abs(r.AbsCapacityBefore-r.AbsCapacityAfter) <= Tolerance && math.Abs(r.AbsMaxBefore-r.AbsMaxAfter) <= Tolerance
			r.Note = mg.queueNote(n, r)
			out = append(out, r)
		})
	}
	return out
}

func (mg *migration) queueNote(n *node, r QueueReport) string {
	var notes []string
	if n.Invalid {
		notes = append(notes, "Hadoop 1 refused its capacity; 0 used")
	}
	if n.Rescaled {
		notes = append(notes, "rescaled: siblings did not sum to 100")
	}
	if len(notes) == 0 && math.Abs(r.AbsCapacityBefore-r.AbsCapacityAfter) > Tolerance {
		notes = append(notes, "members' capacities changed (see them)")
	}
	if math.Abs(r.AbsMaxBefore-r.AbsMaxAfter) > Tolerance {
		if r.AbsMaxAfter < r.AbsMaxBefore {
			notes = append(notes, "ceiling now bounded by the parent's maximum-capacity")
		} else {
			notes = append(notes, "ceiling raised to the guarantee")
		}
	}
	return strings.Join(notes, "; ")
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// ignoredQueuesXML lists a mapred-queues.xml the JobTracker did not read
// (mapred.queue.names was set): every entry is dropped.
func ignoredQueuesXML(doc *xmlconf.H1QueuesDoc) []PropertyReport {
	const why = "mapred-queues.xml is not read: mapred.queue.names is set"
	var out []PropertyReport
	add := func(p *xmlconf.Property) {
		out = append(out, PropertyReport{File: p.Pos.File, Line: p.Pos.Line, Key: p.Name, Value: p.Value, Status: Dropped, Reason: why})
	}
	if p := doc.ACLsEnabled.Prop; p != nil {
		add(p)
	}
	var walk func([]*xmlconf.H1QueueElem)
	walk = func(qs []*xmlconf.H1QueueElem) {
		for _, q := range qs {
			for _, p := range q.Properties {
				add(p)
			}
			walk(q.Children)
		}
	}
	walk(doc.Queues)
	return out
}
