package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// sumCause says why a parent's CS024 sum fails when the failure is only
// the consequence of a child problem another rule reports: a child listed
// twice (CS004; Hadoop 3.3+ counts it twice) or a capacity vector that
// legacy queue mode reads as not set (CS027). The children as the user
// meant them — each once, the vector at its uniform percentage — sum to
// 100. Issue 20: one finding per cause, so CS024 stays quiet there and
// the cause reports at error with the sum in its detail.
type sumCause struct {
	msg        string // Hadoop's CS024 message, for the cause's hint
	duplicates bool   // a child is listed twice
	vectors    map[*xmlconf.Queue]bool
}

// restatedSum returns the cause of q's CS024 failure, or nil when the sum
// is fine or wrong on its own (then CS024 reports it).
func restatedSum(p *Pass, q *xmlconf.Queue) *sumCause {
	c := checkChildren(p.Model, q, p.Version)
	if c == nil || c.rule != "CS024" || (strings.Contains(c.msg, "label=") && !strings.Contains(c.msg, "label=. ")) {
		return nil
	}
	sc := &sumCause{msg: c.msg, duplicates: len(childList(q)) > len(q.Children)}
	var sum float32
	for _, ch := range q.Children {
		f := percentFraction(ch, "", p.Version)
		if pc, ok := uniformVectorPercent(ch.Capacity); ok && p.Model.Global.LegacyQueueMode.V {
			f = pc / 100
			if sc.vectors == nil {
				sc.vectors = map[*xmlconf.Queue]bool{}
			}
			sc.vectors[ch] = true
		}
		sum += f
	}
	if (!sc.duplicates && sc.vectors == nil) || abs32(1-sum) > precision {
		return nil
	}
	return sc
}

// uniformVectorPercent is the percentage of a capacity vector whose
// entries are all the same percentage ("[memory=50%,vcores=50%]").
func uniformVectorPercent(c xmlconf.Capacity) (float32, bool) {
	if c.Mode != xmlconf.ModeVector || len(c.Vector) == 0 {
		return 0, false
	}
	v := c.Vector[0].Value
	for _, e := range c.Vector {
		if e.Mode != xmlconf.ModePercent || e.Value != v {
			return 0, false
		}
	}
	return float32(v), true
}

// consequence is the hint a cause carries: what Hadoop then does.
func (sc *sumCause) consequence(fix string) string {
	return fix + sumRefusal + sc.msg
}

// sumRefusal joins a cause's fix to the CS024 message Hadoop refuses the
// file with (restatedRefusal reads it back).
const sumRefusal = "; Hadoop then refuses the file: "

// restatedRefusal returns the CS024 message behind an error a cause
// reports in its place (CS004, CS027 at error): what refreshQueues
// prints, and its reason code, is the sum's.
func restatedRefusal(f xmlconf.Finding) (string, bool) {
	if f.Severity != xmlconf.SeverityError || f.Rule == "CS024" {
		return "", false
	}
	i := strings.LastIndex(f.Hint, sumRefusal)
	if i < 0 {
		return "", false
	}
	return f.Hint[i+len(sumRefusal):], true
}
