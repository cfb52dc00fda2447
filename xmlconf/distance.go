package xmlconf

// EditDistance is the Levenshtein distance between a and b, for "did you
// mean" suggestions (property names, flags, gate metrics). Inputs longer
// than 64 bytes are compared only for equality: a suggestion for them is
// unlikely, and the quadratic table would let a hostile input cost time.
func EditDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		if a == b {
			return 0
		}
		return 1 << 20
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
