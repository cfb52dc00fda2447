package preview

import "sort"

// Who a team verdict names: the users of a queue and short queue names.

// verdictIndex is what the verdict looks up per queue, built once: a
// preview of thousands of queues must not scan every app per queue.
type verdictIndex struct {
	// users lists each queue's users (either run) in the report's order:
	// those whose apps all went to that queue, since a user's figures
	// span every queue they used (the Users table has the others).
	users  map[string][]string
	userAt map[string]int
	// pairs are each queue's apps (by the new run's queue) present in
	// both runs, old then new.
	pairs   map[string][][2]*AppRun
	floorMS int64
}

func (r *Report) index() *verdictIndex {
	ix := &verdictIndex{users: map[string][]string{}, userAt: map[string]int{}, pairs: map[string][][2]*AppRun{},
		floorMS: r.floorMS}
	seen := map[[2]string]bool{}
	olds := map[string]*AppRun{}
	for _, run := range []*Run{r.OldRun, r.NewRun} {
		if run == nil {
			continue
		}
		for i := range run.Apps {
			a := &run.Apps[i]
			seen[[2]string{a.Queue, a.User}] = true
			if run == r.OldRun {
				olds[a.ID] = a
			} else if o := olds[a.ID]; o != nil {
				ix.pairs[a.Queue] = append(ix.pairs[a.Queue], [2]*AppRun{o, a})
			}
		}
	}
	for i, u := range r.Users {
		ix.userAt[u.Name] = i
	}
	for k := range seen {
		if _, ok := ix.userAt[k[1]]; ok && r.onlyIn(k[1], k[0]) {
			ix.users[k[0]] = append(ix.users[k[0]], k[1])
		}
	}
	for _, us := range ix.users {
		sort.Slice(us, func(i, j int) bool { return ix.userAt[us[i]] < ix.userAt[us[j]] })
	}
	return ix
}

// sameItems reports whether a user's items repeat the team's (a team of
// one user), so the user line would say nothing new.
func sameItems(u, q []VerdictItem) bool {
	for _, it := range u {
		found := false
		for _, qi := range q {
			if qi.Metric == it.Metric && eqPtr(qi.Old, it.Old) && eqPtr(qi.New, it.New) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// shortNames maps each queue path to its last component when no other
// leaf shares it, else to the path.
func shortNames(es []Entity) map[string]string {
	count := map[string]int{}
	for _, e := range es {
		count[e.Name[lastDot(e.Name)+1:]]++
	}
	out := map[string]string{}
	for _, e := range es {
		short := e.Name[lastDot(e.Name)+1:]
		if count[short] == 1 {
			out[e.Name] = short
		} else {
			out[e.Name] = e.Name
		}
	}
	return out
}

// onlyIn reports whether every app of user u, in each run, went to queue.
func (r *Report) onlyIn(u, queue string) bool {
	for _, rs := range []*RunStats{r.oldStats, r.newStats} {
		if rs == nil {
			continue
		}
		if s := rs.Users[u]; s != nil && s.queues > 0 && (s.queues != 1 || s.onlyQueue != queue) {
			return false
		}
	}
	return true
}
