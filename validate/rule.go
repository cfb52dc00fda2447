package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Category groups rules for `capq rules`, --enable/--disable and docs.
type Category string

// Rule categories.
const (
	CatStructure  Category = "structure"
	CatCapacity   Category = "capacity"
	CatSums       Category = "sums"
	CatLabels     Category = "labels"
	CatState      Category = "state"
	CatLimits     Category = "limits"
	CatOrdering   Category = "ordering"
	CatAutoCreate Category = "auto-create"
	CatPlacement  Category = "placement"
	CatProperties Category = "properties"
	CatACL        Category = "acl"
	CatRefresh    Category = "refresh"
	CatLoader     Category = "loader"
	CatHadoop1    Category = "hadoop1"
)

// Docs is what `capq explain` prints for a rule and what SARIF carries as
// help text.
type Docs struct {
	// Summary is one line, lowercase, no final period.
	Summary string
	// Why explains what goes wrong in Hadoop and why the rule exists.
	Why string
	// Bad and Good are short capacity-scheduler.xml fragments (name=value
	// lines are fine) showing the mistake and its fix.
	Bad, Good string
	// Source names the Hadoop class/method the rule mirrors, or "lint"
	// when Hadoop performs no such check.
	Source string
	// Versions says which Hadoop lines the rule applies to and how its
	// severity differs between them, e.g. "2.7–3.2 error; 3.3+ warning".
	Versions string
}

// Rule is one check. A rule is data plus a Check function; the runner
// (Lint) decides whether it runs and stamps its ID and severity on what it
// reports, so Check never builds a Finding by hand.
//
// Adding a rule: write `var ruleXYZ = &Rule{...}` in its own file (for
// Hadoop 1 rules: validate/rules_hadoop1*.go), then add ONE line with the
// variable to the registry list in registry.go, where the position is the
// order `capq rules` prints. Give it a failing and a passing case under
// testdata/lint/<case>/ (see testdata/lint/README.md); the registry test
// fails until both exist (refresh RF rules and migration H1M rules are
// tested by their own engines instead).
// Then refresh the rule listings: CAPQ_UPDATE_GOLDEN=1 go test ./validate
// ./cmd/capq rewrites golden/lint/rules.md and golden/lint/rules.txt.
// IDs are never renamed or reused.
type Rule struct {
	// ID is stable ("CS024"); Name is a short kebab-case alias
	// ("capacity-sum") accepted wherever an ID is.
	ID, Name string
	Category Category
	// Severity is the severity when the profile's Hadoop rejects the
	// configuration (or, for lint-only rules, the default).
	Severity xmlconf.Severity
	// Since and Until bound the versions the rule runs for (zero values:
	// unbounded). A rule outside them is not run at all.
	Since, Until xmlconf.Version
	Docs         Docs
	// Check inspects the model (or the facts the XML loader, the runner
	// or capq migrate recorded) and reports through the pass. Every rule
	// has a Check or, for the refresh rules, a Refresh (TestEveryRuleHasCheck).
	Check func(p *Pass)
	// Refresh is a refresh rule's (RF0xx) check: one step of
	// `yarn rmadmin -refreshQueues`, reading OLD, NEW and the live state
	// through the refresh run, which stamps the rule's ID. Refresh calls
	// them in the ResourceManager's order (refreshOrder).
	Refresh func(c *refreshCheck)
	// StartOnly marks an error the ResourceManager meets only when it
	// starts: refreshQueues does not re-read what the rule checks (the
	// scheduling monitors keep the policies and intervals they started
	// with, SchedulingMonitorManager.updateSchedulingMonitors), so the
	// error does not refuse a refresh. simulate still warns of it.
	StartOnly bool
	// StartOnlyKeys are the properties whose findings of this rule only a
	// start meets, where a refresh meets the rule's other findings (CS058:
	// the numbers AbstractYarnScheduler.serviceInit reads).
	StartOnlyKeys []string
	// AtAppOnly marks an error neither a start nor refreshQueues meets:
	// Hadoop reads what the rule checks only when an application arrives,
	// and fails then (CS124: getMaxParallelAppsForUser). A refresh keeps it
	// at warning, saying so; StartErrors does not list it.
	AtAppOnly bool
	// OnReload, for an AtAppOnly rule, says when refreshQueues meets the
	// error after all (CS124: applications waiting for a max-parallel-apps
	// slot, CSMaxRunningAppsEnforcer#updateRunnabilityOnReload). It leads
	// the hint of the rule's findings in a refresh, and an accepted
	// refresh carries it as a caveat (RefreshResult.Caveats), because the
	// verdict cannot know whether applications are waiting.
	OnReload string
}

// AtStartOnly reports whether f, a finding of r, is one refreshQueues
// does not meet: the rule is StartOnly, or f is about one of its
// StartOnlyKeys.
func (r *Rule) AtStartOnly(f xmlconf.Finding) bool {
	return r.StartOnly || (f.Property != "" && slices.Contains(r.StartOnlyKeys, f.Property))
}

// AppliesTo reports whether the rule runs for Hadoop version v.
func (r *Rule) AppliesTo(v xmlconf.Version) bool {
	if r.Since != (xmlconf.Version{}) && v.Less(r.Since) {
		return false
	}
	if r.Until != (xmlconf.Version{}) && r.Until.Less(v) {
		return false
	}
	return true
}

// Matches reports whether sel names this rule: its ID, its name or its
// category (case-insensitive), or "all".
func (r *Rule) Matches(sel string) bool {
	sel = strings.TrimSpace(sel)
	return strings.EqualFold(sel, r.ID) || strings.EqualFold(sel, r.Name) ||
		strings.EqualFold(sel, string(r.Category)) || strings.EqualFold(sel, "all")
}

// String renders "ID name".
func (r *Rule) String() string { return fmt.Sprintf("%s %s", r.ID, r.Name) }
