// Package migrate turns a Hadoop 1 (MRv1) queue configuration into a YARN
// Capacity Scheduler configuration that keeps every queue's absolute
// guarantee, ceiling, user limits, state and ACL meaning, and says
// property by property what was mapped, approximated or dropped.
//
// The rules, in the order they apply:
//
//   - Names: a queue name is trimmed; '.', ',', ':' and blanks become '_';
//     "root" becomes "root_"; before YARN 3.3 a repeated leaf name is
//     qualified with its parent's ("ops_etl"). Every rename is a warning.
//   - Capacities are copied (0.20/0.21: the remainder the old scheduler
//     split equally is written explicitly). A level YARN would refuse
//     (children's float fractions not 1 ± 0.0005, e.g. 100.5 or 3 × 33.3)
//     is rescaled ×100/sum and rounded to 2 decimals by the largest
//     remainder, ties to the earlier queue (Rescale), with a warning.
//     Children of a zero-capacity parent become 0.
//   - --group PARENT=q1,q2 puts top-level queues under a new parent whose
//     capacity is the sum of their absolute capacities; members are
//     rescaled to 100 inside it by the same rule.
//   - maximum-capacity: every queue keeps its absolute ceiling (≤ 0 or
//     unset in Hadoop 1 means 100), written relative to the parent's
//     absolute maximum and rounded to 2 decimals; never below the
//     guarantee. A group parent's ceiling is the sum of its members'
//     (at most 100; for YARN 2.x the largest one keeping every member's
//     relative capacity ≤ relative maximum). 0.21 leaves are relative to
//     the parent's guarantee, so m' = m × parentAbsCap / parentAbsMax.
//   - user-limit-factor and minimum-user-limit-percent are copied as
//     resolved (defaults applied); 0.20/0.21 had no factor: absMax/absCap
//     rounded up to 2 decimals.
//   - ACLs: when Hadoop 1 enforced them, root submit is " " and root admin
//     is mapreduce.cluster.administrators, parents get " ", leaves their
//     Hadoop 1 text, unset meaning "*"; otherwise root is "*" and no leaf
//     ACL is written.
//   - Job limits (1.x, only when maximum-system-jobs or an accept factor is
//     set): maximum-applications = the accept limit ceil(S·c/100) × factor,
//     the global one S × default factor (never below the queues' sum);
//     max-parallel-apps = ceil(S·c/100) when asked (YARN 3.3+).
//   - Everything else is listed as dropped with the reason; yarn-site.xml
//     settings (scheduler class, yarn.acl.enable, yarn.admin.acl,
//     application priority) go to a separate file or the report.
//
// What lives here: the Hadoop 1 → YARN edit plan (capacities, grouping,
// limits, ACLs, names), its report and rendering, and the lint check of
// its own output. What does not: reading Hadoop 1 files (xmlconf's
// hadoop1_*.go), the rules that judge a Hadoop 1 configuration and the
// lint rules themselves (validate, which migrate may call), previewing a
// migration on a workload (engine/preview.MigrateHadoop1), flags and
// files on disk (cmd/capq).
package migrate
