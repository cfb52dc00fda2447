package sim

import "math"

// well19937c is commons-math3's Well19937c (AbstractWell,
// BitsStreamGenerator): the generator inside every NormalDistribution and
// LogNormalDistribution SLS's SYNTH generator builds, reseeded from the
// shared java.util.Random (SynthUtils.getNormalDist, getLogNormalDist).
type well19937c struct {
	v     [wellR]int32
	index int
	// gauss is BitsStreamGenerator.nextGaussian's cached second value;
	// hasGauss stands for "not NaN".
	gauss    float64
	hasGauss bool
}

// Well19937c's parameters: k = 19937 bits in r = 624 ints, and the
// offsets m1, m2, m3 of the recurrence.
const (
	wellR  = (19937 + 32 - 1) / 32
	wellM1 = 70
	wellM2 = 179
	wellM3 = 449
)

func newWell19937c(seed int64) *well19937c {
	w := &well19937c{}
	w.setSeed(seed)
	return w
}

// setSeed is AbstractWell.setSeed(long): the seed's high and low ints,
// the rest of the pool filled by the Mersenne Twister's initialisation
// recurrence over sign-extended longs, then the Gaussian cache cleared.
func (w *well19937c) setSeed(seed int64) {
	w.setSeedInts([]int32{int32(uint64(seed) >> 32), int32(seed)})
}

// setSeedInts is AbstractWell.setSeed(int[]).
func (w *well19937c) setSeedInts(seed []int32) {
	n := copy(w.v[:], seed)
	for i := n; i < wellR; i++ {
		l := int64(w.v[i-n])
		w.v[i] = int32((1812433253*(l^(l>>30)) + int64(i)) & 0xffffffff)
	}
	w.index = 0
	w.hasGauss = false
}

// next is Well19937c.next(bits): one step of the WELL recurrence and
// Matsumoto-Kurita tempering.
func (w *well19937c) next(bits uint) int32 {
	i := w.index
	rm1, rm2 := (i+wellR-1)%wellR, (i+wellR-2)%wellR
	v0 := uint32(w.v[i])
	vM1 := uint32(w.v[(i+wellM1)%wellR])
	vM2 := uint32(w.v[(i+wellM2)%wellR])
	vM3 := uint32(w.v[(i+wellM3)%wellR])
	z0 := (0x80000000 & uint32(w.v[rm1])) ^ (0x7FFFFFFF & uint32(w.v[rm2]))
	z1 := (v0 ^ (v0 << 25)) ^ (vM1 ^ (vM1 >> 27))
	z2 := (vM2 >> 9) ^ (vM3 ^ (vM3 >> 1))
	z3 := z1 ^ z2
	z4 := z0 ^ (z1 ^ (z1 << 9)) ^ (z2 ^ (z2 << 21)) ^ (z3 ^ (z3 >> 21))
	w.v[i] = int32(z3)
	w.v[rm1] = int32(z4)
	w.v[rm2] = int32(uint32(w.v[rm2]) & 0x80000000)
	w.index = rm1
	z4 ^= (z4 << 7) & 0xe46e1700
	z4 ^= (z4 << 15) & 0x9b868000
	return int32(z4 >> (32 - bits))
}

// nextInt is BitsStreamGenerator.nextInt().
func (w *well19937c) nextInt() int32 { return w.next(32) }

// nextDouble is BitsStreamGenerator.nextDouble(): 52 bits from two
// 26-bit draws (not java.util.Random's 53).
func (w *well19937c) nextDouble() float64 {
	high := int64(w.next(26)) << 26
	low := int64(w.next(26))
	return float64(high|low) * (1.0 / (1 << 52))
}

// nextGaussian is BitsStreamGenerator.nextGaussian(): Box-Muller over
// two doubles, the sine half cached for the next call. commons-math3
// computes it with FastMath.log, cos and sin, capq with Go's math, which
// can differ in the last bit (FORMAT.md says what that can change).
func (w *well19937c) nextGaussian() float64 {
	if w.hasGauss {
		w.hasGauss = false
		return w.gauss
	}
	x := w.nextDouble()
	y := w.nextDouble()
	alpha := 2 * math.Pi * x
	r := math.Sqrt(-2 * math.Log(y))
	w.gauss, w.hasGauss = r*math.Sin(alpha), true
	return r * math.Cos(alpha)
}
