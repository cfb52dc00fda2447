package xmlconf

import "unsafe"

// strArena makes strings out of large append-only byte chunks: a
// 100,000-property file would otherwise cost 200,000 small allocations
// for names and values, which dominate the reader's share of the time.
// A chunk is never written again below its length, so the strings that
// point into it never change.
type strArena struct{ buf []byte }

const arenaChunk = 64 << 10

func (a *strArena) str(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > arenaChunk/8 {
		return string(b)
	}
	if len(b) > cap(a.buf)-len(a.buf) {
		a.buf = make([]byte, 0, arenaChunk)
	}
	start := len(a.buf)
	a.buf = append(a.buf, b...)
	return unsafe.String(&a.buf[start], len(b))
}
