package xmlconf

// Keys of application-tag based placement (RMAppManager#
// getUserNameForPlacement), read from the ResourceManager's configuration
// (RMOnlySettings): RMAppManager keeps the Configuration it was built with.
const (
	// TagPlacementKey turns it on (YarnConfiguration.
	// APPLICATION_TAG_BASED_PLACEMENT_ENABLED, default false).
	TagPlacementKey = "yarn.resourcemanager.application-tag-based-placement.enable"
	// TagPlacementWhitelistKey lists the submitters whose apps may be
	// placed as the user a userid=<name> tag names
	// (APPLICATION_TAG_BASED_PLACEMENT_USER_WHITELIST, no default).
	TagPlacementWhitelistKey = "yarn.resourcemanager.application-tag-based-placement.username.whitelist"
)

// TagPlacementSince is the first profile that reads the two keys:
// RMAppManager#getUserNameForPlacement is YARN-9886 ("Queue mapping based
// on userid passed through application tag", with YARN-9991's 'userid'
// prefix), both under IMPROVEMENTS in CHANGELOG.3.3.0.md and in no 3.2.x
// or 3.1.x changelog; the 3.3.4 API's jdiff lists
// APPLICATION_TAG_BASED_PLACEMENT_ENABLED among its additions.
var TagPlacementSince = V3_3

// tagPlacement reads the two keys as RMAppManager does: conf.getBoolean,
// and conf.getStrings for the whitelist (split on commas, empty tokens
// dropped, nothing trimmed: a name is compared with String.equals). An
// older ResourceManager has no such code: every app is placed as its
// submitter, whatever the keys say.
func (b *builder) tagPlacement() {
	g := &b.m.Global
	g.TagPlacement, g.TagPlacementWhitelist = Value[bool]{}, nil
	if !b.v.AtLeast(TagPlacementSince) {
		return
	}
	g.TagPlacement, _ = b.boolAt(b.globalKey(TagPlacementKey), FromGlobal, false)
	if p, ok := b.stringAt(b.globalKey(TagPlacementWhitelistKey), FromGlobal, ""); ok {
		g.TagPlacementWhitelist = H1SplitNames(p.V)
	}
}
