package validate

import "strings"

// CloseRules returns the IDs of the rules whose ID or name contains id
// (case-insensitive), for a "did you mean" after an unknown rule; none
// when there are more than five, as a long list helps nobody.
func CloseRules(id string) []string {
	var hits []string
	for _, r := range Rules() {
		if strings.Contains(strings.ToLower(r.ID+" "+r.Name), strings.ToLower(id)) {
			hits = append(hits, r.ID)
		}
	}
	if len(hits) > 5 {
		return nil
	}
	return hits
}
