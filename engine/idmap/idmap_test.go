package idmap

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMapMatchesAMap runs random sets, overwrites and deletes against a
// Go map, ids issued in increasing order with most dying young,
// as containers do.
func TestMapMatchesAMap(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var m Map[int]
	ref := map[int64]int{}
	next := int64(0)
	for step := 0; step < 200_000; step++ {
		switch op := rng.Intn(10); {
		case op < 4:
			m.Set(next, step)
			ref[next] = step
			next++
		case op < 8 && next > 0:
			id := next - 1 - int64(rng.ExpFloat64()*3000)
			m.Delete(id)
			delete(ref, id)
		case next > 0:
			id := rng.Int63n(next)
			if v, ok := m.Get(id); ok {
				m.Set(id, v+1)
				ref[id]++
			}
		}
	}
	require.Equal(t, len(ref), m.Len())
	for id := int64(-1); id <= next+pageSize; id++ {
		v, ok := m.Get(id)
		want, wantOK := ref[id]
		require.Equal(t, wantOK, ok, "id %d", id)
		require.Equal(t, want, v, "id %d", id)
	}
	var seen []int64
	m.Each(func(id int64, v *int) {
		assert.Equal(t, ref[id], *v)
		seen = append(seen, id)
	})
	assert.Len(t, seen, len(ref))
	assert.IsIncreasing(t, seen)
}

// TestMapFreesDeadPages: a page is freed once nothing in it is held and a
// later page is in use; the highest page is kept.
func TestMapFreesDeadPages(t *testing.T) {
	var m Map[int]
	for id := int64(0); id < 3*pageSize; id++ {
		m.Set(id, 1)
	}
	for id := int64(0); id < 3*pageSize; id++ {
		m.Delete(id)
	}
	assert.Nil(t, m.pages[0])
	assert.Nil(t, m.pages[1])
	assert.NotNil(t, m.pages[2], "the highest page stays")
	assert.Zero(t, m.Len())
	m.Set(5, 7) // an id below the freed pages is held again
	v, ok := m.Get(5)
	assert.True(t, ok)
	assert.Equal(t, 7, v)
	m.Set(-1, 3)
	_, ok = m.Get(-1)
	assert.False(t, ok, "negative ids are ignored")
}
