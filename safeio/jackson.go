package safeio

import (
	"encoding/binary"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// JacksonUTF8 returns JSON bytes as UTF-8 text the way Jackson reads
// JSON given as bytes (ObjectMapper.readValue(byte[]) or an InputStream),
// and the encoding it found ("UTF-8", "UTF-16BE", ...).
// ByteSourceJsonBootstrapper.detectEncoding looks at the first four bytes:
//
//   - a byte-order mark (handleBOM): 00 00 FE FF is UTF-32BE, FF FE 00 00
//     UTF-32LE, FE FF UTF-16BE, FF FE UTF-16LE, EF BB BF UTF-8, each
//     skipped; 00 00 FF FE and FE FF 00 00 are refused ("Unsupported
//     UCS-4 endianness (2143|3412) detected");
//   - else the NULs around the first character, which JSON makes ASCII
//     (checkUTF32, then checkUTF16 of the first two bytes): 00 00 00 xx
//     is UTF-32BE, xx 00 00 00 UTF-32LE, 00 xx 00 00 and 00 00 xx 00 are
//     refused, 00 xx UTF-16BE, xx 00 UTF-16LE;
//   - else, or with fewer than four bytes (then only the first two are
//     looked at), UTF-8, returned as it is.
//
// UTF-16 goes through Java's InputStreamReader, which replaces what it
// cannot decode (a lone surrogate, an odd last byte) with U+FFFD, as
// utf16.Decode does. UTF-32 goes through Jackson's UTF32Reader, which
// refuses a code point above U+10FFFF and a last character cut short
// ("Unexpected EOF in the middle of a 4-byte UTF-32 char"); capq
// refuses those wherever they are, where Jackson would stop at the end
// of the JSON value if the cut fell after it.
func JacksonUTF8(data []byte) ([]byte, string, error) {
	enc, skip, err := jacksonEncoding(data)
	if err != nil {
		return nil, "", err
	}
	body := data[skip:]
	switch enc {
	case "UTF-16BE", "UTF-16LE":
		return utf16Text(body, enc == "UTF-16BE"), enc, nil
	case "UTF-32BE", "UTF-32LE":
		text, err := utf32Text(body, enc == "UTF-32BE")
		return text, enc, err
	}
	return body, enc, nil
}

// jacksonEncoding is detectEncoding: the encoding and the length of the
// byte-order mark to skip.
func jacksonEncoding(b []byte) (enc string, skip int, err error) {
	weird := func(order string) (string, int, error) {
		return "", 0, fmt.Errorf("unsupported UCS-4 byte order (%s) detected", order)
	}
	if len(b) < 4 {
		if len(b) >= 2 {
			return utf16Order(b[0], b[1]), 0, nil
		}
		return "UTF-8", 0, nil
	}
	quad := binary.BigEndian.Uint32(b)
	switch {
	case quad == 0x0000FEFF:
		return "UTF-32BE", 4, nil
	case quad == 0xFFFE0000:
		return "UTF-32LE", 4, nil
	case quad == 0x0000FFFE:
		return weird("2143")
	case quad == 0xFEFF0000:
		return weird("3412")
	case quad>>16 == 0xFEFF:
		return "UTF-16BE", 2, nil
	case quad>>16 == 0xFFFE:
		return "UTF-16LE", 2, nil
	case quad>>8 == 0xEFBBBF:
		return "UTF-8", 3, nil
	case quad>>8 == 0:
		return "UTF-32BE", 0, nil
	case quad&0x00FFFFFF == 0:
		return "UTF-32LE", 0, nil
	case quad&^0x00FF0000 == 0:
		return weird("3412")
	case quad&^0x0000FF00 == 0:
		return weird("2143")
	}
	return utf16Order(b[0], b[1]), 0, nil
}

// utf16Order is checkUTF16: a NUL first byte is UTF-16BE, a NUL second
// byte UTF-16LE, anything else UTF-8.
func utf16Order(b0, b1 byte) string {
	switch {
	case b0 == 0:
		return "UTF-16BE"
	case b1 == 0:
		return "UTF-16LE"
	}
	return "UTF-8"
}

func utf16Text(b []byte, big bool) []byte {
	units := make([]uint16, len(b)/2)
	for i := range units {
		if big {
			units[i] = binary.BigEndian.Uint16(b[2*i:])
		} else {
			units[i] = binary.LittleEndian.Uint16(b[2*i:])
		}
	}
	out := make([]byte, 0, len(b))
	for _, r := range utf16.Decode(units) {
		out = utf8.AppendRune(out, r)
	}
	if len(b)%2 == 1 {
		out = utf8.AppendRune(out, utf8.RuneError) // the odd byte, malformed
	}
	return out
}

func utf32Text(b []byte, big bool) ([]byte, error) {
	out := make([]byte, 0, len(b)/2)
	n := len(b) / 4
	for i := 0; i < n; i++ {
		var c uint32
		if big {
			c = binary.BigEndian.Uint32(b[4*i:])
		} else {
			c = binary.LittleEndian.Uint32(b[4*i:])
		}
		if c > utf8.MaxRune {
			return nil, fmt.Errorf("invalid UTF-32 character 0x%x (above 0x10ffff) at char #%d, byte #%d", c, i, 4*i)
		}
		// A lone surrogate is passed on by Jackson as a Java char; in
		// UTF-8 it can only be U+FFFD, as AppendRune writes it.
		out = utf8.AppendRune(out, rune(c))
	}
	if rest := len(b) % 4; rest != 0 {
		return nil, fmt.Errorf("unexpected end of file in the middle of a 4-byte UTF-32 character: got %d bytes of 4, at char #%d", rest, n)
	}
	return out, nil
}
