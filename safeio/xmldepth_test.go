package safeio

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type xmlApps struct {
	XMLName xml.Name `xml:"apps"`
	Apps    []struct {
		ID   string `xml:"id"`
		Type string `xml:"type,attr"`
	} `xml:"app"`
}

func TestDecodeXMLAsUnmarshal(t *testing.T) {
	for _, doc := range []string{
		`<apps><app type="x"><id>a&amp;1</id><skip><deep/></skip></app><app><id><![CDATA[b]]></id></app></apps>`,
		`<?xml version="1.0"?><apps xmlns:n="urn:x"><n:app><id>c</id></n:app></apps>`,
		`<other/>`,
		`<apps><app></apps>`,
		``,
	} {
		var want, got xmlApps
		werr := xml.Unmarshal([]byte(doc), &want)
		gerr := DecodeXML([]byte(doc), &got)
		assert.Equal(t, want, got, doc)
		if werr == nil {
			assert.NoError(t, gerr, doc)
		} else {
			assert.Error(t, gerr, doc)
		}
	}
}

// Skipped elements nested without end held a record each in encoding/xml.
func TestDecodeXMLDepth(t *testing.T) {
	deep := func(n int) string {
		return "<apps>" + strings.Repeat("<x>", n) + strings.Repeat("</x>", n) + "</apps>"
	}
	var v xmlApps
	require.NoError(t, DecodeXML([]byte(deep(MaxXMLDepth-1)), &v))
	err := DecodeXML([]byte(deep(MaxXMLDepth)), &v)
	assert.EqualError(t, err, "line 1: elements are nested deeper than 10000 levels")
}
