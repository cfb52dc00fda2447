package sim

import "math/bits"

// bitmap is a set of small integers with a summary word per 64 words, so
// finding the next member costs a few word reads even when members are
// few and far apart (an idle cluster's handful of due nodes among 10,000:
// a plain scan read up to 157 words per event).
type bitmap struct {
	words []uint64
	sum   []uint64 // bit w set: words[w] != 0
}

func newBitmap(n int) bitmap {
	w := (n + 63) / 64
	return bitmap{words: make([]uint64, w), sum: make([]uint64, (w+63)/64)}
}

func (b *bitmap) set(r int) {
	w := r / 64
	b.words[w] |= 1 << (r % 64)
	b.sum[w/64] |= 1 << (w % 64)
}

func (b *bitmap) clear(r int) {
	w := r / 64
	b.words[w] &^= 1 << (r % 64)
	if b.words[w] == 0 {
		b.sum[w/64] &^= 1 << (w % 64)
	}
}

// first is the smallest member in [from, to), or -1.
func (b *bitmap) first(from, to int) int {
	if from >= to {
		return -1
	}
	w := from / 64
	if x := b.words[w] >> (from % 64); x != 0 {
		return b.within(from+bits.TrailingZeros64(x), to)
	}
	// The next non-empty word after w, through the summary.
	w++
	for s := w / 64; s < len(b.sum); s++ {
		x := b.sum[s]
		if s == w/64 {
			x &^= (1 << (w % 64)) - 1
		}
		if x != 0 {
			nw := s*64 + bits.TrailingZeros64(x)
			return b.within(nw*64+bits.TrailingZeros64(b.words[nw]), to)
		}
		if s*64+64 >= (to+63)/64 {
			break
		}
	}
	return -1
}

func (b *bitmap) within(r, to int) int {
	if r < to {
		return r
	}
	return -1
}

// has reports whether r is a member.
func (b *bitmap) has(r int) bool { return b.words[r/64]&(1<<(r%64)) != 0 }
