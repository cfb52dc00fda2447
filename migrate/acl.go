package migrate

import (
	"fmt"

	"github.com/capq/capq/xmlconf"
)

// emitRootACLs sets root's ACLs explicitly. Hadoop 1 checked only a
// queue's own ACL; YARN grants what any ancestor grants, and root
// defaults to "*", so root must say " " when ACLs were enforced.
func (mg *migration) emitRootACLs() {
	r, m := mg.root, mg.m
	ks, ka := key(r, "acl_submit_applications"), key(r, "acl_administer_queue")
	if !m.ACLsEnabled.V {
		why := "ACLs were not enforced in Hadoop 1 (" + aclSwitch(m) + "): everyone may submit and administer; set explicitly"
		mg.add(ks, "*", why)
		mg.add(ka, "*", why)
		mg.use(m.ACLsEnabled.Prop, Mapped, "yarn-site.xml yarn.acl.enable", "")
		mg.use(m.Admins.Prop, Dropped, "", "ACLs were not enforced, so the cluster administrators had no extra rights to keep")
		return
	}
	mg.use(m.ACLsEnabled.Prop, Mapped, "yarn-site.xml yarn.acl.enable", "")
	mg.add(ks, " ", "nobody at root: Hadoop 1 checked each queue's own ACL only, and YARN's root default \"*\" would open every queue")
	admin, note := m.Admins.Raw, "from "+source(m.Admins.Prop)+": cluster administrators may administer and submit to every queue, as in Hadoop 1"
	if m.Admins.Prop == nil {
		admin, note = " ", xmlconf.H1KeyAdmins+" unset: no administrator besides the JobTracker user"
	}
	mg.use(m.Admins.Prop, Mapped, ka, "")
	mg.add(ka, admin, note)
	mg.finding(RuleAdmins, xmlconf.SeverityInfo, m.Admins.Pos(), "root", ka,
		fmt.Sprintf("root's ACLs are set explicitly: submit %q, administer %q; the user the JobTracker ran as was an implicit administrator, YARN's is the ResourceManager user in yarn.admin.acl", " ", admin), "")
}

func aclSwitch(m *xmlconf.H1Model) string {
	if m.Dialect == xmlconf.H1Dialect021 && !m.Deprecated021 {
		return "<queues aclsEnabled> is not true"
	}
	return xmlconf.H1KeyACLsEnabled + " is not \"true\""
}

// emitQueueACLs writes a queue's ACLs when Hadoop 1 enforced them:
// parents and group parents get " " so inheritance widens nothing;
// leaves get their Hadoop 1 text verbatim, unset meaning "*".
func (mg *migration) emitQueueACLs(n *node) {
	ks, ka := key(n, "acl_submit_applications"), key(n, "acl_administer_queue")
	if !mg.m.ACLsEnabled.V {
		if n.Src != nil {
			for _, v := range []xmlconf.Value[xmlconf.ACL]{n.Src.SubmitACL, n.Src.AdminACL} {
				// H1024 (from the parser) already says the ACL never applied.
				mg.use(v.Prop, Dropped, "", "ACLs were not enforced ("+aclSwitch(mg.m)+"), so this ACL never applied; not carried over")
			}
		}
		return
	}
	if !n.isLeaf() || n.Src == nil {
		why := "parent queue: blank so YARN's downward inheritance does not widen its children's ACLs"
		mg.add(ks, " ", why)
		mg.add(ka, " ", why)
		return
	}
	q := n.Src
	mg.emitACL(n, ks, q.SubmitACL, "acl-submit-job")
	mg.emitACL(n, ka, q.AdminACL, "acl-administer-jobs")
	if q.Running && q.AdminACL.Prop != nil && !xmlconf.H1ACLSubset(q.AdminACL.V, q.SubmitACL.V) {
		mg.finding(RuleAdminNotSubmit, xmlconf.SeverityWarning, aclPos(q), q.FullName, ka,
			fmt.Sprintf("administrators %q of %q are not all in its submit ACL %q: YARN queue administrators may also submit, Hadoop 1's could not", q.AdminACL.Raw, q.FullName, q.SubmitACL.Raw),
			"add them to the submit ACL knowingly, or accept that they can now submit")
	}
}

func aclPos(q *xmlconf.H1Queue) xmlconf.Pos {
	if q.AdminACL.Prop != nil {
		return q.AdminACL.Prop.ValuePos
	}
	return q.Pos
}

func (mg *migration) emitACL(n *node, k string, v xmlconf.Value[xmlconf.ACL], h1 string) {
	q := n.Src
	if v.Prop != nil {
		mg.use(v.Prop, Mapped, k, "")
		mg.add(k, v.Raw, "from "+source(v.Prop))
		return
	}
	sev := xmlconf.SeverityInfo
	what := "submit jobs to"
	if h1 == "acl-administer-jobs" {
		sev, what = xmlconf.SeverityWarning, "kill or reprioritise the jobs of"
	}
	rules := "Hadoop " + mg.m.Dialect.String()
	if mg.m.Dialect == xmlconf.H1Dialect021 {
		rules = "0.21 rules (0.22+ would read it as nobody)"
	}
	also := ""
	if h1 == "acl-administer-jobs" && !q.SubmitACL.V.All {
		also = "; YARN queue administrators may also submit, so everyone can now submit too"
	}
	mg.finding(RuleUnsetACL, sev, q.Pos, q.FullName, k,
		fmt.Sprintf("%s of %q is unset, which meant everyone under %s: anyone may %s it; emitted as \"*\" to keep that%s", h1, q.FullName, rules, what, also),
		"consider tightening it")
	mg.add(k, "*", h1+" unset: everyone in Hadoop 1 (YARN's default for a queue would be nobody)")
}
