package preview

// Who a team verdict names: the users of a queue and short queue names.

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

// usersOf lists, sorted, the users who submitted to queue in either run.
func (r *Report) usersOf(queue string) []string {
	seen := map[string]bool{}
	for _, run := range []*Run{r.OldRun, r.NewRun} {
		if run == nil {
			continue
		}
		for _, a := range run.Apps {
			if a.Queue == queue {
				seen[a.User] = true
			}
		}
	}
	var out []string
	for _, u := range r.Users {
		if seen[u.Name] {
			out = append(out, u.Name)
		}
	}
	return out
}

// soleUser reports whether u is the only user who submitted to queue.
func (r *Report) soleUser(queue, u string) bool {
	us := r.usersOf(queue)
	return len(us) == 1 && us[0] == u
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func (r *Report) user(name string) *Entity {
	for i := range r.Users {
		if r.Users[i].Name == name {
			return &r.Users[i]
		}
	}
	return nil
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
