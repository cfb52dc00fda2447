package safeio

import (
	"bytes"
	"encoding/xml"
	"fmt"
)

// MaxXMLDepth is how deep DecodeXML lets elements nest: encoding/xml's own
// bound on the fields it fills, far past any ResourceManager answer (two
// levels per queue level of the tree).
const MaxXMLDepth = 10000

// DecodeXML unmarshals data into v as xml.Unmarshal does, refusing
// elements nested deeper than MaxXMLDepth. encoding/xml bounds only the
// depth of the fields it fills; it keeps a record of every open element
// it skips, so a 63 MB answer of nested unknown elements held 1.5 GB and
// took 6 s before failing.
func DecodeXML(data []byte, v any) error {
	raw := xml.NewDecoder(bytes.NewReader(data))
	return xml.NewTokenDecoder(&depthReader{raw: raw, max: MaxXMLDepth}).Decode(v)
}

// depthReader hands the raw tokens of raw to a decoder that matches and
// translates them, counting the depth before the decoder records it.
type depthReader struct {
	raw        *xml.Decoder
	depth, max int
}

func (r *depthReader) Token() (xml.Token, error) {
	t, err := r.raw.RawToken()
	if err != nil {
		return nil, err
	}
	switch t.(type) {
	case xml.StartElement:
		r.depth++
		if r.depth > r.max {
			line, _ := r.raw.InputPos()
			return nil, fmt.Errorf("line %d: elements are nested deeper than %d levels", line, r.max)
		}
	case xml.EndElement:
		r.depth--
	}
	// RawToken's bytes are reused by its next call.
	return xml.CopyToken(t), nil
}
