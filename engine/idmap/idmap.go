package idmap

import "math/bits"

const pageBits = 12

const pageSize = 1 << pageBits

type page[T any] struct {
	vals [pageSize]T
	set  [pageSize / 64]uint64
	n    int
}

// Map holds a T by non-negative id. The zero value is empty.
type Map[T any] struct {
	pages []*page[T]
	// top is the highest page ever used. It is never freed, so a trickle
	// of short-lived ids does not free and allocate it in turn.
	top int
	n   int
}

// Len is the number of ids held.
func (m *Map[T]) Len() int { return m.n }

// Get returns the value of id and whether id is held.
func (m *Map[T]) Get(id int64) (T, bool) {
	if p := m.page(id); p != nil {
		i := id & (pageSize - 1)
		if p.set[i>>6]&(1<<(i&63)) != 0 {
			return p.vals[i], true
		}
	}
	var zero T
	return zero, false
}

// Set holds v for id; a negative id is ignored.
func (m *Map[T]) Set(id int64, v T) {
	if id < 0 {
		return
	}
	pi := int(id >> pageBits)
	if pi >= len(m.pages) {
		m.pages = append(m.pages, make([]*page[T], pi+1-len(m.pages))...)
	}
	p := m.pages[pi]
	if p == nil {
		p = new(page[T])
		m.pages[pi] = p
	}
	m.top = max(m.top, pi)
	i := id & (pageSize - 1)
	if p.set[i>>6]&(1<<(i&63)) == 0 {
		p.set[i>>6] |= 1 << (i & 63)
		p.n++
		m.n++
	}
	p.vals[i] = v
}

// Delete forgets id, freeing its page when nothing in it is held and a
// later page is in use.
func (m *Map[T]) Delete(id int64) {
	p := m.page(id)
	if p == nil {
		return
	}
	i := id & (pageSize - 1)
	if p.set[i>>6]&(1<<(i&63)) == 0 {
		return
	}
	p.set[i>>6] &^= 1 << (i & 63)
	var zero T
	p.vals[i] = zero
	p.n--
	m.n--
	if pi := int(id >> pageBits); p.n == 0 && pi < m.top {
		m.pages[pi] = nil
	}
}

// Each calls f with every held id and its value, in id order.
func (m *Map[T]) Each(f func(id int64, v *T)) {
	for pi, p := range m.pages {
		if p == nil {
			continue
		}
		for w, b := range p.set {
			for ; b != 0; b &= b - 1 {
				i := w*64 + bits.TrailingZeros64(b)
				f(int64(pi)<<pageBits|int64(i), &p.vals[i])
			}
		}
	}
}

func (m *Map[T]) page(id int64) *page[T] {
	if id < 0 || id>>pageBits >= int64(len(m.pages)) {
		return nil
	}
	return m.pages[id>>pageBits]
}
