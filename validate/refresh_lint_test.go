package validate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// findingKey is a finding without its severity and hint: what lint and a
// refresh must agree on (rule, location, message).
type findingKey struct {
	rule, queue, property, message string
	pos                            xmlconf.Pos
}

func agreeKey(f xmlconf.Finding) findingKey {
	return findingKey{f.Rule, f.Queue, f.Property, f.Message, f.Pos}
}

// TestRefreshRefusesLintErrors: on every lint case, a refresh to the
// case's file (from the same file, so no refresh rule objects) refuses
// exactly the errors `capq lint` reports, with the same rule, location and
// message, capq:ignore or not; an error of a start-only rule is kept at
// warning, saying the refresh is accepted and the next start fails. The
// errors come from the one lint run, so a rule registered as a warning
// that reports at error (CS004, CS027 via Pass.Refused) refuses too.
func TestRefreshRefusesLintErrors(t *testing.T) {
	for _, c := range readCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := loadDirWith(t, c.dir, c.version, c.untrusted)
			lint := Run(m, Options{Version: c.version})
			errs := map[findingKey]bool{}
			startOnly, appOnly := map[findingKey]bool{}, map[findingKey]bool{}
			all := append([]xmlconf.Finding{}, lint.Findings...)
			for _, s := range lint.Suppressed {
				all = append(all, s.Finding)
			}
			for _, f := range all {
				if f.Severity != xmlconf.SeverityError {
					continue
				}
				switch {
				case Lookup(f.Rule).AtAppOnly:
					appOnly[agreeKey(f)] = true
				case Lookup(f.Rule).AtStartOnly(f):
					startOnly[agreeKey(f)] = true
				default:
					errs[agreeKey(f)] = true
				}
			}
			r := Refresh(loadDirWith(t, c.dir, c.version, c.untrusted), m, RefreshOptions{Version: c.version})
			gotErrs := map[findingKey]bool{}
			gotStart, gotApp := map[findingKey]bool{}, map[findingKey]bool{}
			for _, f := range r.Findings {
				if Lookup(f.Rule).Category == CatRefresh {
					continue
				}
				switch {
				case f.Severity == xmlconf.SeverityError:
					gotErrs[agreeKey(f)] = true
				case strings.HasPrefix(f.Hint, StartOnlyHint):
					assert.Equal(t, xmlconf.SeverityWarning, f.Severity, f.String())
					gotStart[agreeKey(f)] = true
				case strings.HasPrefix(f.Hint, AppOnlyHint):
					assert.Equal(t, xmlconf.SeverityWarning, f.Severity, f.String())
					gotApp[agreeKey(f)] = true
				}
			}
			assert.Equal(t, errs, gotErrs, "lint errors vs refresh refusals")
			assert.Equal(t, startOnly, gotStart, "start-only lint errors vs refresh warnings")
			assert.Equal(t, appOnly, gotApp, "application-time lint errors vs refresh warnings")
			for _, f := range StartErrors(m, "") {
				assert.False(t, Lookup(f.Rule).AtAppOnly, "a start does not meet %s", f)
			}
			if len(errs) > 0 {
				assert.False(t, r.Accepted)
				assert.NotEmpty(t, r.HadoopError)
			}
		})
	}
}

// A child listed twice is only a lint warning (CS004), but in 3.3+ Hadoop
// counts its capacity twice and setChildQueues refuses the sum: the refresh
// is refused with CS004's message and location and Hadoop's sum message
// (ParentQueue#setChildQueues). Before 3.3 parseQueue refuses it first
// (CS003, CapacitySchedulerQueueManager#parseQueue).
func TestRefreshRefusesChildListedTwice(t *testing.T) {
	base := baseConf()
	dup := edit(base, map[string]string{"root.queues": "a,b,a"})
	runCases(t, []refreshCase{
		{"child listed twice", v33_34, base, dup, nil, false, "ILLEGAL_CAPACITY_SUM", `child "a" of "root" is listed more than once`},
		// Before 3.3 parseQueue parses root.a twice and its first leaf
		// a1 meets itself in the short-name map.
		{"child listed twice before 3.3", append(append([]xmlconf.Version{}, v2x...), v31_32...), base, dup, nil, false,
			ReasonInvalidConfiguration, "Two leaf queues were named a1. Leaf queue names must be distinct"},
	})
	r := refresh(xmlconf.V3_4, base, dup, nil)
	require.Len(t, r.Findings, 1)
	f := r.Findings[0]
	assert.Equal(t, "CS004", f.Rule)
	assert.Equal(t, pre+"root.queues", f.Property)
	assert.Equal(t, "Failed to re-init queues : Illegal capacity sum of 1.105 for children of queue root for label=. "+
		"It should be either 0 or 1.0", r.HadoopError)
	assert.Equal(t, "Failed to re-init queues : Illegal capacity of 1.105 for children of queue root",
		refresh(xmlconf.V3_3, base, dup, nil).HadoopError)
}

// A capacity vector that legacy queue mode reads as unset breaks the sum
// that the same percentage would make (CS027 at error).
func TestRefreshRefusesVectorIgnoredInLegacyMode(t *testing.T) {
	base := baseConf()
	vec := edit(base, map[string]string{"root.a.a1.capacity": "[memory=30%,vcores=30%]"})
	r := refresh(xmlconf.V3_4, base, vec, nil)
	assert.False(t, r.Accepted)
	require.NotEmpty(t, r.Refusals())
	assert.Equal(t, Refusal{Code: "ILLEGAL_CAPACITY_SUM", Rule: "CS027", Message: r.Errors()[0]}, r.Refusals()[0])
	assert.Contains(t, r.HadoopError, "Illegal capacity sum of 0.7 for children of queue a")
}

// Start-only errors do not refuse a refresh; the diff says what happens
// instead: the running scheduler keeps what it started with and the next
// start fails (CapacityScheduler#initScheduler reads the calculator and
// the multi-node policies, AbstractYarnScheduler#serviceInit the
// scheduling wait, reinitialize does not).
func TestRefreshStartOnlyErrorsSayWhatHappens(t *testing.T) {
	base := baseConf()
	cases := []struct {
		name string
		rule string
		set  map[string]string
	}{
		{"resource types with the default calculator", "CS055", map[string]string{"yarn.resource-types": "yarn.io/gpu"}},
		{"multi-node policy without class", "CS057", map[string]string{"root.multi-node-placement-enabled": "true",
			"root.multi-node-sorting.policy.names": "binpack"}},
		{"scheduling wait not a number", "CS058", map[string]string{"yarn.resourcemanager.work-preserving-recovery.scheduling-wait-ms": "10.5"}},
		{"monitor policy not loadable", "CS079", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true",
			"yarn.resourcemanager.scheduler.monitor.policies": "ProportionalCapacityPreemptionPolicy"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			set := map[string]string{}
			for k, v := range tc.set {
				if strings.HasPrefix(k, "root.") {
					k = strings.TrimPrefix(k, "root.")
					k = pre + k
				}
				set[k] = v
			}
			target := edit(base, set)
			var lintIDs []string
			for _, f := range StartErrors(build(xmlconf.V3_4, target), "") {
				lintIDs = append(lintIDs, f.Rule)
			}
			require.Contains(t, lintIDs, tc.rule, "the file must be an error at start")
			r := refresh(xmlconf.V3_4, base, target, nil)
			assert.True(t, r.Accepted, "%v", r.Errors())
			var found bool
			for _, f := range r.Findings {
				if f.Rule == tc.rule {
					found = true
					assert.Equal(t, xmlconf.SeverityWarning, f.Severity)
					assert.True(t, strings.HasPrefix(f.Hint, StartOnlyHint), f.Hint)
				}
			}
			assert.True(t, found, "%s is in the diff: %v", tc.rule, r.Findings)
		})
	}
}

// CS058 on a number a refresh reads still refuses it (getInt throws in
// LeafQueue#setupQueueConfigs): only the rule's StartOnlyKeys are kept.
func TestRefreshValueSyntaxOnQueueRefuses(t *testing.T) {
	base := baseConf()
	runCases(t, []refreshCase{
		{"maximum-applications 10.5", v3x, base, edit(base, map[string]string{"root.a.a1.maximum-applications": "10.5"}), nil,
			false, "NUMBER_FORMAT", ""},
		// getMaxParallelAppsForQueue: Integer.parseInt, untrimmed, on every reinitialize.
		{"max-parallel-apps with a space", []xmlconf.Version{xmlconf.V3_3, xmlconf.V3_4}, base,
			edit(base, map[string]string{"root.a.a1.max-parallel-apps": " 5"}), nil, false, "NUMBER_FORMAT", ""},
		{"max-parallel-apps in hex", []xmlconf.Version{xmlconf.V3_4}, base,
			edit(base, map[string]string{"root.a.a1.max-parallel-apps": "0x10"}), nil, false, "NUMBER_FORMAT", ""},
		{"max-parallel-apps with a plus", []xmlconf.Version{xmlconf.V3_4}, base,
			edit(base, map[string]string{"root.a.a1.max-parallel-apps": "+5"}), nil, true, "", ""},
	})
}

func TestIntroducedWarnings(t *testing.T) {
	w := func(rule, queue, prop, msg string) xmlconf.Finding {
		return xmlconf.Finding{Rule: rule, Severity: xmlconf.SeverityWarning, Queue: queue, Property: prop, Message: msg}
	}
	errAt := w("CS024", "root", pre+"root.queues", "sum")
	errAt.Severity = xmlconf.SeverityError
	cases := []struct {
		name     string
		old, new []xmlconf.Finding
		want     []xmlconf.Finding
	}{
		{"same rule and key, other value", []xmlconf.Finding{w("CS106", "root.b", pre+"root.b.capacity", "0.8")},
			[]xmlconf.Finding{w("CS106", "root.b", pre+"root.b.capacity", "0.5")}, nil},
		{"same rule, another queue", []xmlconf.Finding{w("CS106", "root.b", pre+"root.b.capacity", "0.8")},
			[]xmlconf.Finding{w("CS106", "root.a", pre+"root.a.capacity", "0.5")},
			[]xmlconf.Finding{w("CS106", "root.a", pre+"root.a.capacity", "0.5")}},
		{"same queue, another key", []xmlconf.Finding{w("CS005", "root.a", pre+"root.a.capcity", "typo")},
			[]xmlconf.Finding{w("CS005", "root.a", pre+"root.a.capcity", "typo"), w("CS005", "root.a", pre+"root.a.user-limit-factr", "typo")},
			[]xmlconf.Finding{w("CS005", "root.a", pre+"root.a.user-limit-factr", "typo")}},
		{"a global key", nil, []xmlconf.Finding{w("CS111", "", "yarn.resourcemanager.scheduler.monitor.enable", "rm")},
			[]xmlconf.Finding{w("CS111", "", "yarn.resourcemanager.scheduler.monitor.enable", "rm")}},
		{"neither queue nor key: by message", []xmlconf.Finding{w("XML006", "", "", "root element")},
			[]xmlconf.Finding{w("XML006", "", "", "root element"), w("XML006", "", "", "other")},
			[]xmlconf.Finding{w("XML006", "", "", "other")}},
		{"errors and infos are not listed", nil, []xmlconf.Finding{errAt, {Rule: "CS107", Severity: xmlconf.SeverityInfo, Queue: "root.a"}}, nil},
		{"a warning OLD had at another rule is new", []xmlconf.Finding{w("CS101", "root.a", pre+"root.a.capacity", "x")},
			[]xmlconf.Finding{w("CS106", "root.a", pre+"root.a.capacity", "x")},
			[]xmlconf.Finding{w("CS106", "root.a", pre+"root.a.capacity", "x")}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, introducedWarnings(tc.old, tc.new))
		})
	}
}

// Refresh lists the warnings NEW adds only when asked (capq diff asks;
// scenario and preview do not pay for OLD's lint), and they never refuse.
func TestRefreshIntroducedWarnings(t *testing.T) {
	base := edit(baseConf(), map[string]string{"root.b.b2.capacity": "0.8"})
	target := edit(base, map[string]string{"root.b.b2.capacity": "0.5", "root.b.b1.capacity": "79.5",
		"root.a.a1.user-limit-factr": "2"})
	o, n := build(xmlconf.V3_4, base), build(xmlconf.V3_4, target)
	assert.Empty(t, Refresh(o, n, RefreshOptions{Version: xmlconf.V3_4}).Introduced)
	r := Refresh(o, n, RefreshOptions{Version: xmlconf.V3_4, Warnings: true})
	assert.True(t, r.Accepted)
	require.Len(t, r.Introduced, 1, "%v", r.Introduced)
	assert.Equal(t, "CS005", r.Introduced[0].Rule)
	assert.Equal(t, "root.a.a1", r.Introduced[0].Queue)
	assert.Equal(t, pre+"root.a.a1.user-limit-factr", r.Introduced[0].Property)
}

// CS057 looks up each name as
// CapacitySchedulerConfiguration#getMultiNodePlacementPolicies does:
// getTrimmedStrings then String.trim, which keeps a no-break space, so
// "\u00a0bp" is another policy than "bp" and has no class.
func TestMultiNodeNamesLikeGetMultiNodePlacementPolicies(t *testing.T) {
	target := edit(baseConf(), map[string]string{pre + "multi-node-placement-enabled": "true",
		pre + "multi-node-sorting.policy.names":    "bp, \u00a0bp ,bp",
		pre + "multi-node-sorting.policy.bp.class": "org.apache.hadoop.yarn.server.resourcemanager.scheduler.placement.ResourceUsageMultiNodeLookupPolicy"})
	var msgs []string
	for _, f := range StartErrors(build(xmlconf.V3_4, target), "") {
		if f.Rule == "CS057" {
			msgs = append(msgs, f.Message)
		}
	}
	assert.Equal(t, []string{"\u00a0bp Class is not configured or not an instance of org.apache.hadoop.yarn.server.resourcemanager.scheduler.placement.MultiNodeLookupPolicy"}, msgs)
}

// The class value is read with get then String.trim
// (getMultiNodePlacementPolicies), which keeps a no-break space: the class
// "\u00a0org..." does not load and the ResourceManager does not start,
// where Go's TrimSpace would have found the class.
func TestMultiNodeClassJavaTrimmed(t *testing.T) {
	const cls = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.placement.ResourceUsageMultiNodeLookupPolicy"
	for raw, fails := range map[string]bool{" \t" + cls + "\n": false, "\u00a0" + cls: true, cls + "\u2003": true} {
		target := edit(baseConf(), map[string]string{pre + "multi-node-placement-enabled": "true",
			pre + "multi-node-sorting.policy.names": "bp", pre + "multi-node-sorting.policy.bp.class": raw})
		n := 0
		for _, f := range StartErrors(build(xmlconf.V3_4, target), "") {
			if f.Rule == "CS057" {
				n++
			}
		}
		assert.Equal(t, fails, n == 1, "%q", raw)
	}
}

// CapacitySchedulerConfiguration#getMultiNodePlacementPolicies gives the
// name "default" (DEFAULT_NODE_SORTING_POLICY) the class
// ResourceUsageMultiNodeLookupPolicy when its .class key is unset, in every
// copy read since 3.2; any other name without a class, or "default" with an
// empty or blank one, stops the ResourceManager.
func TestMultiNodeDefaultPolicyHasClass(t *testing.T) {
	for _, tc := range []struct {
		names string
		class map[string]string
		fails bool
	}{
		{"default", nil, false},
		{"default,bp", nil, true},
		{"Default", nil, true},
		{"default", map[string]string{pre + "multi-node-sorting.policy.default.class": "  "}, true},
	} {
		set := map[string]string{pre + "multi-node-placement-enabled": "true", pre + "multi-node-sorting.policy.names": tc.names}
		for k, v := range tc.class {
			set[k] = v
		}
		n := 0
		for _, v := range []xmlconf.Version{xmlconf.V3_2, xmlconf.V3_4} {
			for _, f := range StartErrors(build(v, edit(baseConf(), set)), "") {
				if f.Rule == "CS057" {
					n++
				}
			}
		}
		assert.Equal(t, tc.fails, n > 0, "%s %v", tc.names, tc.class)
	}
}

// A user's max-parallel-apps is read only when an application attempt is
// added (CSMaxRunningAppsEnforcer): refreshQueues accepts " 5", and the
// refresh warns of what happens then (CS124, AppOnlyHint).
func TestRefreshUserParallelAppsAccepted(t *testing.T) {
	base := baseConf()
	target := edit(base, map[string]string{pre + "user.alice.max-parallel-apps": " 5"})
	for _, v := range []xmlconf.Version{xmlconf.V3_3, xmlconf.V3_4} {
		r := refresh(v, base, target, nil)
		assert.True(t, r.Accepted, "%s: %v", v, r.Errors())
		var found bool
		for _, f := range r.Findings {
			if f.Rule == "CS124" {
				found = true
				assert.Equal(t, xmlconf.SeverityWarning, f.Severity)
				assert.True(t, strings.HasPrefix(f.Hint, AppOnlyHint), f.Hint)
			}
		}
		assert.True(t, found, "%s: CS124 is in the diff: %v", v, r.Findings)
		assert.Empty(t, StartErrors(build(v, target), ""), "%s: the ResourceManager starts with it", v)
		// CapacityScheduler#reinitialize ends in CSMaxRunningAppsEnforcer#
		// updateRunnabilityOnReload, which reads the value when applications
		// wait for a slot: the verdict carries that caveat.
		require.Len(t, r.Caveats, 1, "%s", v)
		assert.Contains(t, r.Caveats[0], "updateRunnabilityOnReload")
		assert.True(t, strings.HasSuffix(r.Caveats[0], "(CS124: "+pre+"user.alice.max-parallel-apps)"), r.Caveats[0])
	}
	for _, v := range []xmlconf.Version{xmlconf.V3_3, xmlconf.V3_4} {
		assert.Empty(t, refresh(v, base, base, nil).Caveats, "%s: no caveat without CS124", v)
	}
}

// TestRefreshLabelKeyThrowsBeforeQueuesParse34: in 3.4
// CapacitySchedulerQueueManager#reinitializeQueues builds
// ConfiguredNodeLabels (getConfiguredNodeLabelsByQueue over every key)
// before parseQueue, so a leftover key with nothing after its label
// throws StringIndexOutOfBoundsException first and rmadmin prints that,
// not the capacity sum the same leftover label breaks at root
// (ParentQueue#setChildQueues, which never runs).
func TestRefreshLabelKeyThrowsBeforeQueuesParse34(t *testing.T) {
	base := baseConf()
	bad := edit(base, map[string]string{
		"root.old.accessible-node-labels.gpu":          "10",
		"root.old.accessible-node-labels.gpu.capacity": "10",
	})
	r := refresh(xmlconf.V3_4, base, bad, nil)
	assert.False(t, r.Accepted)
	assert.Contains(t, r.HadoopError, `has nothing after label "gpu"`)
	assert.NotContains(t, r.HadoopError, "Illegal capacity sum")
}
