package validate

import (
	"fmt"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// ruleACLSplitAfterComma is CS120: a queue ACL written as a list with a
// blank after a comma ("hadoop, q1,q2", seen in a public Hadoop 2.4
// configuration). AccessControlList splits the text once at the first
// blank, so the users are the names before it and every name after it is
// a group: the users listed after the blank can never match as users.
var ruleACLSplitAfterComma = &Rule{
	ID: "CS120", Name: "acl-blank-after-comma", Category: CatACL, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "a queue ACL has a blank after a comma, so the names after it are groups, not users",
		Why: "An ACL is \"users groups\": AccessControlList splits the value once at the first blank, and each side is a " +
			"comma list. In \"alice, bob\" the user list is \"alice,\" and bob is read as a group, so user bob is " +
			"not admitted (unless a group of his is named bob). Hadoop accepts the value without a word.",
		Bad:      "root.eng.acl_submit_applications=\"alice, bob\"",
		Good:     "root.eng.acl_submit_applications=\"alice,bob\"   (or \"alice,bob eng-group\" for users and groups)",
		Source:   "org.apache.hadoop.security.authorize.AccessControlList#AccessControlList(String); CapacitySchedulerConfiguration#getAcl",
		Versions: "all",
	},
	Check: func(p *Pass) {
		eachQueue(p.Model, func(q *xmlconf.Queue) {
			checkACLSplit(p, q, "acl_submit_applications", q.SubmitACL)
			checkACLSplit(p, q, "acl_administer_queue", q.AdminACL)
		})
	},
}

func checkACLSplit(p *Pass, q *xmlconf.Queue, suffix string, v xmlconf.Value[xmlconf.ACL]) {
	if v.Origin != xmlconf.FromQueue || v.V.All {
		return
	}
	// A comma against the first blank, on either side ("alice, bob",
	// "alice ,bob"), says the author wrote one list across it.
	users, groups, found := strings.Cut(v.V.Raw, " ")
	if !found || !(strings.HasSuffix(users, ",") || strings.HasPrefix(groups, ",")) || len(v.V.Users) == 0 || len(v.V.Groups) == 0 {
		return
	}
	joined := strings.Join(append(append([]string(nil), v.V.Users...), v.V.Groups...), ",")
	p.ReportHint(AtValue(p, q, v),
		fmt.Sprintf("write %q if they are all users; the blank separates the user list from the group list", joined),
		"%s of %q is %q: Hadoop splits users from groups at the first blank, so %s %s read as %s",
		suffix, q.Path, v.V.Raw, quotedNames(v.V.Groups), isAre(len(v.V.Groups)), groupWord(len(v.V.Groups)))
}

func quotedNames(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func groupWord(n int) string {
	if n == 1 {
		return "a group, not a user"
	}
	return "groups, not users"
}
