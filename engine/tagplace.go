package engine

import (
	"strings"

	"github.com/capq/capq/placement"
)

// userIDTagPrefix starts the tag that names the user an app is placed as
// (RMAppManager.USER_ID_PREFIX).
const userIDTagPrefix = "userid="

// placementUser is RMAppManager#getUserNameForPlacement: the user the
// mapping rules place s as, with that user's groups. It is the submitter unless tag-based placement
// is on, the submitter is on the whitelist (String.equals, case and
// spaces included), one of the app's tags names a user, the rules decide
// a queue for that user, and the submitter may submit there
// (CapacityScheduler#checkAccess). A rule that rejects the tag's user
// fails the submission: placeApplication's YarnException is not caught.
func (e *Engine) placementUser(s AppSpec) (string, []string, error) {
	gl := &e.model.Global
	if !gl.TagPlacement.V || !whitelisted(gl.TagPlacementWhitelist, s.User) {
		return s.User, s.Groups, nil
	}
	tagUser, ok := userFromTags(s.Tags)
	if !ok {
		return s.User, s.Groups, nil
	}
	var groups []string
	if e.opts.GroupsOf != nil {
		groups = e.opts.GroupsOf(tagUser)
	}
	out := e.rules.Place(e.placeIndex(), placement.Request{User: tagUser, Queue: s.Queue, AppName: s.AppName, Groups: groups})
	switch {
	case out.Rejected:
		return "", nil, submitErr(ReasonPlacementRejected, "%s", placement.RejectMessage)
	case !out.Decided:
		// "No rule was found for user": the submitter is placed.
		return s.User, s.Groups, nil
	}
	if !e.checkSubmitAccess(out.Queue, s.User, s.Groups) {
		return s.User, s.Groups, nil
	}
	return tagUser, groups, nil
}

func whitelisted(list []string, user string) bool {
	for _, u := range list {
		if u == user {
			return true
		}
	}
	return false
}

// userFromTags is RMAppManager#getUserNameFromApplicationTag over the
// tags as the RM holds them (lowercased, in HashSet order): the first tag
// that starts with "userid=" and splits at "=" into exactly two parts
// (String.split drops trailing empty parts, so "userid=bob=" names bob
// and "userid=" nobody) names the user; a tag that does not is skipped.
func userFromTags(tags []string) (string, bool) {
	for _, t := range appTags(tags) {
		if !strings.HasPrefix(t, userIDTagPrefix) {
			continue
		}
		parts := strings.Split(t, "=")
		for len(parts) > 0 && parts[len(parts)-1] == "" {
			parts = parts[:len(parts)-1]
		}
		if len(parts) == 2 {
			return parts[1], true
		}
	}
	return "", false
}

// checkSubmitAccess is CapacityScheduler#checkAccess for
// SUBMIT_APPLICATIONS: a full path that does not exist yet is checked on
// its nearest existing ancestor, any other unknown name is refused; the
// queue's submit ACL or an ancestor's admits the user
// (AbstractCSQueue#hasAccess, ConfiguredYarnAuthorizer walking up for the
// same ACL). yarn.acl.enable does not gate it.
func (e *Engine) checkSubmitAccess(name, user string, groups []string) bool {
	q := e.existing(name)
	if strings.HasPrefix(name, "root.") {
		for q == nil {
			i := strings.LastIndexByte(name, '.')
			if i < 0 {
				return false
			}
			name = name[:i]
			q = e.existing(name)
		}
	}
	if q == nil {
		return false
	}
	for p := q; p != nil; p = p.parent {
		// A queue created since the last refresh has no entry in the
		// authorizer, which asks its parent (acl_registry.go).
		if e.aclRegistered(p) && p.submitACL.Allows(user, groups) {
			return true
		}
	}
	return false
}
