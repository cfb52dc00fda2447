package preview

// outcomeMarks put a symbol beside each outcome so the verdict reads
// without colour (a terminal, a CI log, a colour-blind reader).
var outcomeMarks = map[string]string{
	"worse": "▼", "better": "▲", "mixed": "◆", "intended": "=", "changed": "·", "added": "+", "removed": "-",
}

// writeTeams writes the verdict: one line per changed team, its users
// indented under it.
func writeTeams(ew *errWriter, ts []TeamVerdict) {
	if len(ts) == 0 {
		ew.printf("Verdict: no team changed beyond the tolerance\n\n")
		return
	}
	ew.printf("Verdict: what happens to your teams\n")
	for _, t := range ts {
		ew.printf("  %s %s %s\n", outcomeMarks[t.Outcome], t.Outcome, t.Text)
		if t.WhyText != "" {
			ew.printf("      why: %s\n", t.WhyText)
		}
		for _, u := range t.Users {
			ew.printf("      %s %s\n", outcomeMarks[u.Outcome], u.Text)
		}
		if t.MoreUsers > 0 {
			ew.printf("      ... and %d more users (see Users)\n", t.MoreUsers)
		}
	}
	ew.printf("  (▼ worse, ▲ better, = only what the change intends; \"intended\" marks a lower ceiling doing its job)\n\n")
}
