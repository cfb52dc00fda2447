package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// synthSample is SynthTraceJobProducer.Sample: a constant ({"val"}), a
// distribution ({"val", "std", "dist"}) or a weighted discrete choice
// ({"discrete", "weights"}).
type synthSample struct {
	Val      *float64    `json:"val"`
	Std      *float64    `json:"std"`
	Dist     *string     `json:"dist"`
	Discrete javaStrings `json:"discrete"`
	Weights  []float64   `json:"weights"`

	// Set by init (Sample.init): the shared java.util.Random and, for a
	// distribution, its own Well19937c and parameters (location and
	// scale: mean and deviation of a normal, mu and sigma of a
	// log-normal). well stays nil where SynthUtils returns no
	// distribution (val <= 0), which SLS only notices when it samples.
	rand   *javaRandom
	well   *well19937c
	normal bool
	loc    float64
	scale  float64
}

// javaStrings is a JSON list read into Java's List<String> by Jackson:
// strings as they are, numbers as their literal text.
type javaStrings []string

func (js *javaStrings) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if raw == nil {
		*js = nil
		return nil
	}
	out := make([]string, len(raw))
	for i, r := range raw {
		r = bytes.TrimSpace(r)
		if len(r) > 0 && r[0] == '"' {
			if err := json.Unmarshal(r, &out[i]); err != nil {
				return err
			}
			continue
		}
		if _, err := strconv.ParseFloat(string(r), 64); err != nil {
			return fmt.Errorf("discrete value %s is neither a string nor a number", r)
		}
		out[i] = string(r)
	}
	*js = out
	return nil
}

// check is Sample's @JsonCreator: which keys may go together. SLS refuses
// the whole description when one sample breaks these rules.
func (s *synthSample) check() error {
	switch {
	case s.Val != nil && s.Std == nil:
		if s.Dist != nil || s.Discrete != nil || s.Weights != nil {
			return fmt.Errorf("a constant sample (val without std) takes no dist, discrete or weights")
		}
	case s.Val != nil:
		if s.Discrete != nil || s.Weights != nil {
			return fmt.Errorf("a distribution (val and std) takes no discrete or weights")
		}
		if s.Dist != nil && *s.Dist != "LOGNORM" && *s.Dist != "NORM" {
			return fmt.Errorf("unknown dist %q (want LOGNORM or NORM)", *s.Dist)
		}
	case s.Discrete == nil:
		return fmt.Errorf("a sample needs val (and std) or discrete")
	case s.Weights != nil && len(s.Weights) != len(s.Discrete):
		return fmt.Errorf("discrete and weights differ in length")
	}
	return nil
}

// init is Sample.init: a distribution takes its generator's seed from the
// shared Random now (SynthUtils.getNormalDist, getLogNormalDist), in the
// order the job classes and their tasks are initialised.
func (s *synthSample) init(r *javaRandom) {
	s.rand = r
	if s.Val == nil || s.Std == nil {
		return
	}
	mean, std := *s.Val, *s.Std
	if !(mean > 0) {
		return // SynthUtils returns null and draws no seed
	}
	if std == 0 {
		std = mean / 6 // SynthUtils' default for a missing parameter
	}
	s.normal = s.Dist != nil && *s.Dist == "NORM"
	if s.normal {
		s.loc, s.scale = mean, std
	} else {
		// SynthUtils.getLogNormalDist: the log-normal of this mean and
		// standard deviation.
		sigmasq := math.Log1p(std * std / (mean * mean))
		s.loc, s.scale = math.Log(mean)-0.5*sigmasq, math.Sqrt(sigmasq)
	}
	s.well = newWell19937c(r.nextLong())
}

// double is Sample.getDouble: the constant, a draw of the distribution
// (NormalDistribution.sample: mean + sd * nextGaussian;
// LogNormalDistribution.sample: exp(mu + sigma * nextGaussian)), or the
// discrete value picked with the shared Random, read as a Java double
// (Double.parseDouble: "7d" is 7, "0x1p3" 8).
func (s *synthSample) double() (float64, error) {
	switch {
	case s == nil:
		return 0, fmt.Errorf("missing sample")
	case s.Val != nil && s.Std == nil:
		return *s.Val, nil
	case s.Val != nil:
		if s.well == nil {
			return 0, fmt.Errorf("a distribution needs a positive val (got %g; SLS fails with a NullPointerException)", *s.Val)
		}
		if s.normal {
			return s.scale*s.well.nextGaussian() + s.loc, nil
		}
		return math.Exp(s.loc + s.scale*s.well.nextGaussian()), nil
	}
	ws := s.Weights
	if ws == nil {
		ws = make([]float64, len(s.Discrete))
		for i := range ws {
			ws[i] = 1
		}
	}
	i, err := getWeighted(ws, s.rand)
	if err != nil {
		return 0, fmt.Errorf("discrete: %w", err)
	}
	v := s.Discrete[i]
	f, ok := javaParseDouble(javaTrim(v))
	if !ok {
		return 0, fmt.Errorf("discrete value %q is not a number (Double.parseDouble fails)", clipText(v))
	}
	return f, nil
}

// long is Sample.getLong: Math.round of getDouble.
func (s *synthSample) long() (int64, error) {
	v, err := s.double()
	return javaRound(v), err
}

// int is Sample.getInt: Math.toIntExact of getLong, which throws (and
// stops SLS) outside Java's int.
func (s *synthSample) int() (int32, error) {
	v, err := s.long()
	if err != nil {
		return 0, err
	}
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, fmt.Errorf("value %d is out of Java int range (Math.toIntExact fails)", v)
	}
	return int32(v), nil
}

// getWeighted is SynthUtils.getWeighted: the first index whose running
// sum exceeds nextDouble() times the total. When none does (weights all 0)
// SLS gets an index past the list and fails; so does capq.
func getWeighted(ws []float64, r *javaRandom) (int, error) {
	total := 0.0
	for _, w := range ws {
		total += w
	}
	x := r.nextDouble() * total
	cur := 0.0
	for i, w := range ws {
		cur += w
		if cur > x {
			return i, nil
		}
	}
	return 0, fmt.Errorf("no weight is above the draw (weights %v sum to %g; SLS fails with an index out of bounds)", ws, total)
}
