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

// tagPlacement reads the two keys as RMAppManager does: conf.getBoolean,
// and conf.getStrings for the whitelist (split on commas, empty tokens
// dropped, nothing trimmed: a name is compared with String.equals).
func (b *builder) tagPlacement() {
	g := &b.m.Global
	g.TagPlacement, _ = b.boolAt(b.globalKey(TagPlacementKey), FromGlobal, false)
	g.TagPlacementWhitelist = nil
	if p, ok := b.stringAt(b.globalKey(TagPlacementWhitelistKey), FromGlobal, ""); ok {
		g.TagPlacementWhitelist = H1SplitNames(p.V)
	}
}
