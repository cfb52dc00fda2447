package xmlconf

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The expectations below were printed by OpenJDK 17.0.15 (Integer.parseInt,
// Long.parseLong, Float.parseFloat, String.equalsIgnoreCase) on this
// project's reference machine; the messages are Java 8's (no " under radix
// 16" suffix, see NumberError).

// TestParseJavaIntegerLikeJDK: Integer.parseInt / Long.parseLong read any
// Unicode decimal digit through Character.digit, take one leading sign,
// and accumulate against the type's limit.
func TestParseJavaIntegerLikeJDK(t *testing.T) {
	const bad = "NFE"
	cases := []struct {
		in                   string
		int10, int16, long10 string
	}{
		{"１０", "10", "16", "10"}, // fullwidth digits
		{"١٠", "10", "16", "10"}, // Arabic-Indic digits
		{"1０", "10", "16", "10"},
		{"+10", "10", "16", "10"},
		{"-0", "0", "0", "0"},
		{"+", bad, bad, bad},
		{"-", bad, bad, bad},
		{"", bad, bad, bad},
		{"2147483647", "2147483647", bad, "2147483647"},
		{"2147483648", bad, bad, "2147483648"},
		{"-2147483648", "-2147483648", bad, "-2147483648"},
		{"-2147483649", bad, bad, "-2147483649"},
		{"Ａ", bad, "10", bad}, // fullwidth letters are hex digits
		{"ｆ", bad, "15", bad},
		{"zz", bad, bad, bad},
		{"9223372036854775807", bad, bad, "9223372036854775807"},
		{"9223372036854775808", bad, bad, bad},
		{"10000000000000000000", bad, bad, bad}, // past multmin before the last digit: the product would wrap
		{"-10000000000000000000", bad, bad, bad},
		{"-9223372036854775808", bad, bad, "-9223372036854775808"},
		{"𝟎", bad, bad, bad}, // U+1D7CE is Nd but outside the BMP: two surrogates
		{"²", bad, bad, bad}, // No, not Nd
		{"①", bad, bad, bad},
		{"1_0", bad, bad, bad},
		{" 1", bad, bad, bad},
		{"--1", bad, bad, bad},
		{"+-1", bad, bad, bad},
		{"\xff1", bad, bad, bad},
	}
	show := func(v int64, err error) string {
		if err != nil {
			return bad
		}
		return fmt.Sprint(v)
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			assert.Equal(t, tc.int10, show(parseJavaInteger(tc.in, 10, 32)), "Integer.parseInt")
			assert.Equal(t, tc.int16, show(parseJavaInteger(tc.in, 16, 32)), "Integer.parseInt radix 16")
			assert.Equal(t, tc.long10, show(parseJavaInteger(tc.in, 10, 64)), "Long.parseLong")
			if _, err := parseJavaInteger(tc.in, 10, 32); err != nil {
				assert.EqualError(t, err, fmt.Sprintf("For input string: %q", tc.in))
			}
		})
	}
}

// jdk17DecimalDigits is every BMP char for which JDK 17's
// Character.digit(c, 10) is not -1, as ranges whose first char is 0.
const jdk17DecimalDigits = "0030-0039 0660-0669 06F0-06F9 07C0-07C9 0966-096F 09E6-09EF 0A66-0A6F 0AE6-0AEF " +
	"0B66-0B6F 0BE6-0BEF 0C66-0C6F 0CE6-0CEF 0D66-0D6F 0DE6-0DEF 0E50-0E59 0ED0-0ED9 0F20-0F29 1040-1049 " +
	"1090-1099 17E0-17E9 1810-1819 1946-194F 19D0-19D9 1A80-1A89 1A90-1A99 1B50-1B59 1BB0-1BB9 1C40-1C49 " +
	"1C50-1C59 A620-A629 A8D0-A8D9 A900-A909 A9D0-A9D9 A9F0-A9F9 AA50-AA59 ABF0-ABF9 FF10-FF19"

// TestJavaDigitMatchesJDK17 compares javaDigit with Character.digit over
// the whole Basic Multilingual Plane, for radix 10 and 16 (JDK 17 counts
// 24 chars of value 10-15 in radix 16: ASCII and fullwidth a-f, A-F).
func TestJavaDigitMatchesJDK17(t *testing.T) {
	want := map[rune]int{}
	for _, rg := range strings.Fields(jdk17DecimalDigits) {
		var lo, hi rune
		_, err := fmt.Sscanf(rg, "%x-%x", &lo, &hi)
		require.NoError(t, err)
		for c := lo; c <= hi; c++ {
			want[c] = int(c-lo) % 10
		}
	}
	letters := 0
	for c := rune(0); c <= 0xffff; c++ {
		d, ok := want[c]
		if !ok {
			d = -1
		}
		require.Equal(t, d, javaDigit(c, 10), "Character.digit(U+%04X, 10)", c)
		if h := javaDigit(c, 16); h >= 10 {
			letters++
		} else {
			require.Equal(t, d, h, "Character.digit(U+%04X, 16)", c)
		}
	}
	assert.Equal(t, 24, letters)
}

// TestHadoopGetIntegerLikeConfiguration: Configuration.getInt/getLong trim
// with String.trim (chars up to U+0020 only), then getHexDigits turns
// "0x.."/"-0x.." into radix-16 text, sign kept: "0x-10" is -16 as well.
func TestHadoopGetIntegerLikeConfiguration(t *testing.T) {
	ints := map[string]int32{
		"-0": 0, "-0x10": -16, "0x-10": -16, "0x+10": 16, "0x１０": 16, "0xＦ": 15, " １０\n": 10,
		"0x7fffffff": math.MaxInt32, "-0x80000000": math.MinInt32, "0XfF": 255,
	}
	for in, want := range ints {
		got, err := HadoopGetInt(in)
		require.NoError(t, err, "%q", in)
		assert.Equal(t, want, got, "%q", in)
	}
	for _, in := range []string{"-0x-10", "+0x10", "0x80000000", "\u300010", "\u00a010", "0x", "-0x", "0xg"} {
		_, err := HadoopGetInt(in)
		assert.Error(t, err, "%q", in)
	}
	longs := map[string]int64{
		"9223372036854775807": math.MaxInt64, "-9223372036854775808": math.MinInt64,
		"0x7fffffffffffffff": math.MaxInt64, "-0x8000000000000000": math.MinInt64, "٣": 3,
	}
	for in, want := range longs {
		got, err := HadoopGetLong(in)
		require.NoError(t, err, "%q", in)
		assert.Equal(t, want, got, "%q", in)
	}
	for _, in := range []string{"9223372036854775808", "0x8000000000000000", "1e3", "10.0"} {
		_, err := HadoopGetLong(in)
		assert.Error(t, err, "%q", in)
	}
	_, err := HadoopGetInt("0xzz")
	assert.EqualError(t, err, `For input string: "zz"`, "the hex digits, Java 8's message")
}

// TestHadoopGetBoolEqualsIgnoreCase: getBoolean compares with
// String.equalsIgnoreCase, which pairs "ſ" (U+017F) with "s" through
// toUpperCase; dotless "ı" uppercases to I and matches nothing here.
func TestHadoopGetBoolEqualsIgnoreCase(t *testing.T) {
	got, ok := HadoopGetBool("falſe", true)
	assert.True(t, ok)
	assert.False(t, got)
	got, ok = HadoopGetBool(" FALſE ", true)
	assert.True(t, ok)
	assert.False(t, got)
	got, ok = HadoopGetBool("truı", false)
	assert.False(t, ok)
	assert.False(t, got)
	_, ok = HadoopGetBool("\u00a0true", false)
	assert.False(t, ok, "String.trim leaves a no-break space")
}

// TestParseJavaFloatLikeJDK: FloatingDecimal reads ASCII digits only.
func TestParseJavaFloatLikeJDK(t *testing.T) {
	for in, want := range map[string]float32{
		"+Infinity": float32(math.Inf(1)), "0x1.8p1": 3, "0x1.8p1f": 3, "0x.8p1": 1, "1e99999999999": float32(math.Inf(1)),
		"1.5D": 1.5, "+.5": 0.5,
	} {
		got, err := ParseJavaFloat(in)
		require.NoError(t, err, "%q", in)
		assert.Equal(t, want, got, "%q", in)
	}
	got, err := ParseJavaFloat("-NaN")
	require.NoError(t, err)
	assert.True(t, math.IsNaN(float64(got)))
	got, err = ParseJavaFloat("-0")
	require.NoError(t, err)
	assert.True(t, math.Signbit(float64(got)), "-0.0")
	for _, in := range []string{"１０", "1٠", "\u00a010", "\u30001", "0x1p", "NaNf", "Infinityd", "1e+"} {
		_, err := ParseJavaFloat(in)
		assert.EqualError(t, err, fmt.Sprintf("For input string: %q", JavaTrim(in)), "%q", in)
	}
}

// FuzzParseJavaInteger: Integer.parseInt/Long.parseLong agree with
// strconv.ParseInt once every digit Character.digit reads is written in
// ASCII (strconv reads one sign and ASCII digits, in range, as Java does),
// and never accept what that rewrite cannot make ASCII.
func FuzzParseJavaInteger(f *testing.F) {
	for _, s := range []string{"10", "+10", "-0", "１０", "-١٠", "2147483648", "-9223372036854775808", "+", "1_0", "0x10", "𝟎", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b strings.Builder
		ascii := true
		for _, c := range s {
			switch d := javaDigit(c, 10); {
			case c < 0x80:
				b.WriteRune(c)
			case d >= 0:
				b.WriteByte(byte('0' + d))
			default:
				ascii = false
			}
		}
		for _, bits := range []int{32, 64} {
			got, err := parseJavaInteger(s, 10, bits)
			if !ascii || !utf8.ValidString(s) {
				if err == nil {
					t.Fatalf("%q parsed as %d with a char that is no digit", s, got)
				}
				continue
			}
			want, werr := strconv.ParseInt(b.String(), 10, bits)
			if (err == nil) != (werr == nil) || (err == nil && got != want) {
				t.Fatalf("%q (%d bits): got %d, %v; strconv on %q: %d, %v", s, bits, got, err, b.String(), want, werr)
			}
		}
	})
}
