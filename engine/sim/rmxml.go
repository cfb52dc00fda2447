package sim

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"

	"github.com/capq/capq/safeio"
)

// The RM's REST answers also come as XML (Accept: application/xml). The
// engine reads only their JSON form, so the XML form is turned into the
// same JSON here, field for field, before it is read.

type rmAppsXML struct {
	XMLName xml.Name `xml:"apps"`
	Apps    []struct {
		ID            string  `xml:"id" json:"id"`
		User          string  `xml:"user" json:"user"`
		Queue         string  `xml:"queue" json:"queue"`
		State         string  `xml:"state" json:"state"`
		StartedTime   int64   `xml:"startedTime" json:"startedTime"`
		FinishedTime  int64   `xml:"finishedTime" json:"finishedTime"`
		ElapsedTime   int64   `xml:"elapsedTime" json:"elapsedTime"`
		MemorySeconds float64 `xml:"memorySeconds" json:"memorySeconds"`
		VcoreSeconds  float64 `xml:"vcoreSeconds" json:"vcoreSeconds"`
		AllocatedMB   int64   `xml:"allocatedMB" json:"allocatedMB"`
		Tags          string  `xml:"applicationTags" json:"applicationTags"`
		Priority      int32   `xml:"priority" json:"priority"`
		// AppInfo's label expressions are fields JAXB writes under
		// their own names and leaves out when null: a pointer keeps
		// "absent" apart from "empty", as the JSON reader does.
		AppLabel *string `xml:"appNodeLabelExpression" json:"appNodeLabelExpression"`
		AMLabel  *string `xml:"amNodeLabelExpression" json:"amNodeLabelExpression"`
	} `xml:"app" json:"app"`
}

type rmNodesXML struct {
	XMLName xml.Name `xml:"nodes"`
	Nodes   []struct {
		Rack        string   `xml:"rack" json:"rack"`
		State       string   `xml:"state" json:"state"`
		ID          string   `xml:"id" json:"id"`
		Host        string   `xml:"nodeHostName" json:"nodeHostName"`
		AvailMemMB  int64    `xml:"availMemoryMB" json:"availMemoryMB"`
		UsedMemMB   int64    `xml:"usedMemoryMB" json:"usedMemoryMB"`
		AvailVCores int64    `xml:"availableVirtualCores" json:"availableVirtualCores"`
		UsedVCores  int64    `xml:"usedVirtualCores" json:"usedVirtualCores"`
		NodeLabels  []string `xml:"nodeLabels" json:"nodeLabels,omitempty"`
	} `xml:"node" json:"node"`
}

// RMAnswerJSON returns data as JSON: unchanged when it is JSON, converted
// when it is the XML form of the apps (what "apps") or nodes answer.
func RMAnswerJSON(name, what string, data []byte) ([]byte, error) {
	if err := safeio.RefuseWide(data, ""); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	data, _ = safeio.CutBOM(data) // read by capq alone: a BOM is skipped (bom.go)
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '<' {
		return data, nil
	}
	var v any
	switch what {
	case "apps":
		var x rmAppsXML
		if err := safeio.DecodeXML(data, &x); err != nil {
			return nil, fmt.Errorf("%s: not the XML of GET /ws/v1/cluster/apps: %w", name, err)
		}
		v = map[string]any{"apps": map[string]any{"app": x.Apps}}
	default:
		var x rmNodesXML
		if err := safeio.DecodeXML(data, &x); err != nil {
			return nil, fmt.Errorf("%s: not the XML of GET /ws/v1/cluster/nodes: %w", name, err)
		}
		v = map[string]any{"nodes": map[string]any{"node": x.Nodes}}
	}
	return json.Marshal(v)
}
