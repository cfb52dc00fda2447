package engine

import "github.com/capq/capq/xmlconf"

// zeroGuaranteeNote says how capq computes the user limit of a leaf
// without a guarantee on a profile where that is not pinned. Hadoop's
// newest UsersManager#computeUserLimit caps such a queue's user limit at
// the queue's maximum (getEffectiveMaxCapacityDown, in the same branch as
// a user-limit-factor of -1: "Can happen if dynamic queue has capacity =
// 0%"), and capq does so on every profile from 2.10 on. The 2.8 line's
// LeafQueue and a UsersManager of the 3.0/3.1 era cap it at
// max(guarantee, minimum allocation) × user-limit-factor instead, one
// minimum allocation for the default factor; which release changed it is
// not pinned (the -1 half is YARN-10531, in no 3.3.x changelog), so before
// 3.4 the dry run says which rule it used rather than guess silently.
// 2.7 computes user limits its own way (userlimit27.go).
func (e *Engine) zeroGuaranteeNote() (string, bool) {
	v := e.model.Version
	if v.Less(xmlconf.V2_10) || v.AtLeast(xmlconf.V3_4) {
		return "", false
	}
	for _, q := range e.queues {
		if q.leaf && q.absCap == 0 {
			return q.path + " has no guarantee: capq caps a user of it at the queue's maximum, as Hadoop 3.4's UsersManager#computeUserLimit does; " +
				"the 2.8 and 3.0/3.1-era sources cap a user at max(guarantee, minimum allocation) × user-limit-factor, and which Hadoop " +
				v.String() + " release changed this is not verified", true
		}
	}
	return "", false
}
