package sim

import (
	"math"

	"github.com/capq/capq/xmlconf"
)

// javaRandom is java.util.Random as the JDK defines it (and
// commons-math3's JDKRandomGenerator, which extends it): a 48-bit linear
// congruential generator. SLS's SYNTH generator draws its workloads,
// submission seconds, job classes, reservation coins, discrete samples
// and the seeds of every distribution from one of these, so capq needs
// its exact sequence to generate SLS's jobs.
type javaRandom struct{ seed int64 }

const (
	javaRandMultiplier = 0x5DEECE66D
	javaRandAddend     = 0xB
	javaRandMask       = (int64(1) << 48) - 1
)

func newJavaRandom(seed int64) *javaRandom {
	r := &javaRandom{}
	r.setSeed(seed)
	return r
}

// setSeed is Random.setSeed: the seed scrambled with the multiplier.
func (r *javaRandom) setSeed(seed int64) { r.seed = (seed ^ javaRandMultiplier) & javaRandMask }

// next is Random.next(bits): the top bits of the advanced 48-bit state,
// as a signed int.
func (r *javaRandom) next(bits uint) int32 {
	r.seed = (r.seed*javaRandMultiplier + javaRandAddend) & javaRandMask
	return int32(r.seed >> (48 - bits))
}

// nextInt is Random.nextInt().
func (r *javaRandom) nextInt() int32 { return r.next(32) }

// nextIntN is Random.nextInt(bound) for bound > 0: a power of two takes
// the top bits, anything else rejects the draws that would bias the
// remainder (JDK 8 to 21 share this algorithm).
func (r *javaRandom) nextIntN(bound int32) int32 {
	if bound&(-bound) == bound {
		return int32((int64(bound) * int64(r.next(31))) >> 31)
	}
	for {
		bits := r.next(31)
		val := bits % bound
		// bits - val + (bound-1) overflowing int is the rejection test.
		if bits-val+(bound-1) >= 0 {
			return val
		}
	}
}

// nextLong is Random.nextLong(): two 32-bit draws, the second added
// with its sign.
func (r *javaRandom) nextLong() int64 {
	hi := int64(r.next(32))
	return (hi << 32) + int64(r.next(32))
}

// nextDouble is Random.nextDouble(): 53 bits from a 26- and a 27-bit draw.
func (r *javaRandom) nextDouble() float64 {
	return float64((int64(r.next(26))<<27)+int64(r.next(27))) * (1.0 / (1 << 53))
}

// javaRound is Math.round(double) (Java 7 and later): the closest long,
// ties towards positive infinity, NaN 0, saturated at the long range.
func javaRound(a float64) int64 {
	bits := int64(math.Float64bits(a))
	biasedExp := (bits >> 52) & 0x7FF
	shift := (51 + 1023) - biasedExp
	if shift&-64 == 0 { // 0 <= shift < 64: a has a fractional part to round
		const signif = (int64(1) << 52) - 1
		r := (bits & signif) | (signif + 1)
		if bits < 0 {
			r = -r
		}
		return ((r >> shift) + 1) >> 1
	}
	return xmlconf.JavaLong(a)
}
