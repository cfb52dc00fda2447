package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Readers of ACL keys. Hadoop's AccessControlList keeps an ACL as a set
// of users and a set of groups (buildACL: split(" ", 2), each part a comma
// list of trimmed, non-blank names, "*" in either part admitting
// everyone), and the checks ask only for membership (isUserInList), so a
// reading is xmlconf.ACL.Canonical: names in another order, twice, or
// with spaces around a comma read alike, while a space that moves a name
// from the users to the groups does not.

// aclRead reads a queue's own submit or administer ACL as getAcl does
// (the model's value: root "*", another queue " " when unset).
func aclRead(get func(*xmlconf.Queue) xmlconf.Value[xmlconf.ACL]) defaultRead {
	return func(q *xmlconf.Queue, _ readCtx) (string, bool) { return get(q).V.Canonical(), true }
}

// templateACLKeys are the ACL keys an auto-created queue reads with
// getAcl or getReservationAcl (each an AccessControlList).
var templateACLKeys = []string{
	"acl_submit_applications", "acl_administer_queue",
	"acl_administer_reservations", "acl_list_reservations", "acl_submit_reservations",
}

// templateACLReader reads an ACL key of an auto-creation template
// (leaf-queue-template.*, auto-queue-creation-v2.{template,leaf-template,
// parent-template}.*): the created queue reads the text as an
// AccessControlList. Only a text on each side is a reading: an unset
// template key leaves the created queue to a wildcard template or to its
// own default, which this parent's keys do not decide.
func templateACLReader(suffix string) defaultRead {
	for _, prefix := range queueTemplatePrefixes {
		if rest, ok := strings.CutPrefix(suffix, prefix); ok && slices.Contains(templateACLKeys, rest) {
			return func(q *xmlconf.Queue, rc readCtx) (string, bool) {
				p := q.Props[suffix]
				if p == nil || p.Unset || strings.Contains(p.Value, "${") {
					return "", false // unset, or a variable the created queue's conf expands
				}
				return xmlconf.ParseACL(p.Value, rc.v).Canonical(), true
			}
		}
	}
	return nil
}

// priorityACLs reads a leaf's acl_application_max_priority as
// AppPriorityACLConfigurationParser.getPriorityAcl (unset: "*", no group)
// and AppPriorityACLsManager.addPrioirityACLs keep it: each group's max
// priority capped at yarn.cluster.max-application-priority, its default
// and its ACL (a set, as above), the groups sorted by max priority with
// Collections.sort, which is stable. getMappedPriorityAclForUGI takes the
// last group of the list that admits the user, so the order of groups of
// one (capped) max priority counts and stays in the reading. Where no
// file capq read sets the cluster's maximum, capping could make any
// groups ties, so the groups keep their written order. A parent does not
// read the key, and a group Hadoop cannot parse (CS059) leaves the change
// listed.
func priorityACLs(q *xmlconf.Queue, rc readCtx) (string, bool) {
	raw := "*"
	if p := q.Props["acl_application_max_priority"]; p != nil && !p.Unset {
		if raw = p.Value; strings.Contains(raw, "${") {
			return "", false // Configuration.get expands it; the model reads the expansion
		}
	}
	groups, errs := xmlconf.ParsePriorityACL(raw, rc.v)
	clusterMax := rc.m.Global.MaxAppPriority
	if !q.IsLeaf() || len(errs) > 0 || clusterMax.Err != "" {
		return "", false
	}
	type entry struct {
		max  int32
		text string
	}
	entries := make([]entry, len(groups))
	for i, g := range groups {
		m := g.Max
		if clusterMax.Prop != nil {
			m = min(m, clusterMax.V)
		}
		entries[i] = entry{m, priorityGroupText(g, m)}
	}
	if clusterMax.Prop != nil {
		slices.SortStableFunc(entries, func(a, b entry) int { return int(a.max) - int(b.max) })
	}
	var sb strings.Builder
	for _, e := range entries {
		sb.WriteString(e.text)
	}
	return sb.String(), true
}

// priorityGroupText renders one group in the key's own syntax with its
// ACL's sets sorted and its max priority as Hadoop keeps it.
func priorityGroupText(g xmlconf.PriorityACLGroup, max int32) string {
	who := "user=*"
	if !g.ACL.All {
		users, groups, _ := strings.Cut(g.ACL.Canonical(), " ")
		who = "user=" + users
		if groups != "" {
			who += " group=" + groups
		}
	}
	text := fmt.Sprintf("[%s max_priority=%d", who, max)
	if g.HasDefault {
		text += fmt.Sprintf(" default_priority=%d", g.Default)
	}
	return text + "]"
}
