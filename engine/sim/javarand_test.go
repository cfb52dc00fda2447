package sim

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The expected values are what OpenJDK 17's java.util.Random and
// commons-math3 3.6.1 print (testdata/synth-reference/SynthRef.java
// generators); new Random(42).nextInt() = -1170105035 and nextDouble() =
// 0.7275636800328681 are also the widely published first draws.
func TestJavaRandomAsJDK(t *testing.T) {
	r := newJavaRandom(42)
	assert.Equal(t, []int32{-1170105035, 234785527, -1360544799, 205897768, 1325939940},
		[]int32{r.nextInt(), r.nextInt(), r.nextInt(), r.nextInt(), r.nextInt()}, "Random.nextInt()")
	r = newJavaRandom(42)
	assert.Equal(t, []float64{0.7275636800328681, 0.6832234717598454, 0.30871945533265976},
		[]float64{r.nextDouble(), r.nextDouble(), r.nextDouble()}, "Random.nextDouble()")
	r = newJavaRandom(42)
	assert.Equal(t, []int64{-5025562857975149833, -5843495416241995736, 5694868678511409995},
		[]int64{r.nextLong(), r.nextLong(), r.nextLong()}, "Random.nextLong()")
	r = newJavaRandom(42)
	assert.Equal(t, []int32{0, 3, 8, 4, 0},
		[]int32{r.nextIntN(10), r.nextIntN(10), r.nextIntN(10), r.nextIntN(10), r.nextIntN(10)}, "Random.nextInt(10)")
	r = newJavaRandom(-7)
	assert.Equal(t, []int32{44, 50, 37, 60, 119890471},
		[]int32{r.nextIntN(59), r.nextIntN(59), r.nextIntN(59), r.nextIntN(64), r.nextIntN(1000000007)},
		"Random.nextInt(bound): odd bounds, a power of two, a bound that rejects")
	// SynthJob: seed = rand.nextLong(); rand.setSeed(seed).
	j := newJavaRandom(2)
	s := j.nextLong()
	j.setSeed(s)
	assert.Equal(t, int64(-4959463499243013640), s)
	assert.Equal(t, 0.8377003144810986, j.nextDouble())
}

func TestWell19937cAsCommonsMath(t *testing.T) {
	w := newWell19937c(12345)
	assert.Equal(t, []int32{-2059206336, 2084983029, 752480142}, []int32{w.nextInt(), w.nextInt(), w.nextInt()})
	w = &well19937c{}
	w.setSeedInts([]int32{0x123, 0x234, 0x345, 0x456})
	assert.Equal(t, []int32{1789761413, 451346249, -402163526}, []int32{w.nextInt(), w.nextInt(), w.nextInt()})
	w = newWell19937c(-8000000000)
	assert.Equal(t, []float64{0.7348334860346326, 0.9732191792471341}, []float64{w.nextDouble(), w.nextDouble()},
		"a negative seed: AbstractWell sign-extends the seed ints")
	w = newWell19937c(12345)
	assert.InDeltaSlice(t, []float64{-1.8509111131230698, -0.24036909084077657, 1.5021140644625768},
		[]float64{w.nextGaussian(), w.nextGaussian(), w.nextGaussian()}, 1e-15, "Box-Muller, the second value cached")
}

func TestSynthDistributionsAsCommonsMath(t *testing.T) {
	ln := newWell19937c(99)
	var got []float64
	for range 3 {
		got = append(got, math.Exp(2+0.5*ln.nextGaussian())) // LogNormalDistribution.sample
	}
	assert.InDeltaSlice(t, []float64{9.817042411641168, 9.784939282916685, 11.51465152198645}, got, 1e-13)
	nd := newWell19937c(99)
	got = got[:0]
	for range 3 {
		got = append(got, 2*nd.nextGaussian()+10) // NormalDistribution.sample
	}
	assert.InDeltaSlice(t, []float64{11.13647958770109, 11.123377582841645, 11.774481079408737}, got, 1e-13)
}

func TestJavaRound(t *testing.T) {
	for in, want := range map[float64]int64{
		0.49999999999999994: 0, -2.5: -2, 2.5: 3, math.NaN(): 0, 1e19: math.MaxInt64, -1e19: math.MinInt64,
		-0.5: 0, 1023.5: 1024, -1023.5: -1023, 0: 0, 4503599627370497: 4503599627370497,
	} {
		assert.Equal(t, want, javaRound(in), "Math.round(%v)", in)
	}
}
