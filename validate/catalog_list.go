package validate

import (
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// CatalogKind says which table of the catalog a key comes from.
type CatalogKind string

// The catalog's tables, in the order Catalog lists them.
const (
	KindGlobal     CatalogKind = "global"     // yarn.scheduler.capacity.<key>
	KindFamily     CatalogKind = "family"     // a global key with a free middle part
	KindQueue      CatalogKind = "queue"      // yarn.scheduler.capacity.<queue>.<suffix>
	KindLabel      CatalogKind = "label"      // <queue>.accessible-node-labels.<label>.<suffix>
	KindUser       CatalogKind = "user"       // <queue>.user-settings.<user>.weight
	KindOrdering   CatalogKind = "ordering"   // <queue>.ordering-policy.<param>
	KindTemplate   CatalogKind = "template"   // <queue>.<template prefix><suffix>
	KindPreemption CatalogKind = "preemption" // yarn.resourcemanager.monitor.capacity.preemption.<key>
	KindSite       CatalogKind = "site"       // a yarn-site.xml key capq reads for simulation
)

// CatalogKey is one key the lint catalog knows, in a profile that reads it.
type CatalogKey struct {
	Kind CatalogKind
	// Name is the key as its table spells it: after the prefix for global
	// keys, the per-queue suffix for queue keys, with placeholders
	// (<label>, <user>, <name>) where the key has a free part, and the
	// full key for preemption and yarn-site keys.
	Name string
}

// Catalog lists every key the catalog knows that Hadoop v reads, sorted
// by kind then name: what a tool that must decide something about each
// key (the dry run's classification of what it models) walks.
func Catalog(v xmlconf.Version) []CatalogKey {
	var out []CatalogKey
	add := func(k CatalogKind, name string, since xmlconf.Version) {
		if since.Major == 0 || !v.Less(since) {
			out = append(out, CatalogKey{k, name})
		}
	}
	for k := range globalKeys {
		add(KindGlobal, k, globalKeySince[k])
	}
	for _, f := range globalFamilies {
		for _, t := range f.tails {
			add(KindFamily, f.prefix+"<name>."+t, f.since)
		}
	}
	for s := range queueSuffixes {
		add(KindQueue, s, suffixSince(s))
	}
	for s := range labelSuffixes {
		add(KindLabel, labelKeyForm+s, suffixSince(labelKeyForm+s))
	}
	add(KindUser, "user-settings.<user>.weight", suffixSince("user-settings."))
	for p := range orderingPolicyParams {
		add(KindOrdering, "ordering-policy."+p, xmlconf.Version{})
	}
	for _, pre := range queueTemplatePrefixes {
		add(KindTemplate, pre+"<suffix>", suffixSince(pre))
	}
	for k, since := range preemptionKeys {
		add(KindPreemption, preemptionPrefix+k, since)
	}
	for _, s := range siteKeys {
		add(KindSite, s.key, s.since)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Key is the full property name of k on queue (for per-queue kinds), with
// its placeholders filled by label, user, name and, for a template, the
// templated suffix.
func (k CatalogKey) Key(queue, label, user, name, suffix string) string {
	r := strings.NewReplacer("<label>", label, "<user>", user, "<name>", name, "<suffix>", suffix)
	n := r.Replace(k.Name)
	switch k.Kind {
	case KindGlobal, KindFamily:
		return xmlconf.Prefix + n
	case KindPreemption, KindSite:
		return n
	}
	return xmlconf.Prefix + queue + "." + n
}
