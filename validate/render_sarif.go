package validate

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// SARIF 2.1.0 as GitHub code scanning accepts it: one run, the rules that
// ran with help text, results with physical locations relative to the
// repository root (%SRCROOT%).

const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations,omitempty"`
	Results     []sarifResult     `json:"results"`
}

// sarifInvocation says the run failed: code scanning shows its
// notifications as the tool's errors instead of "no problems".
type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string          `json:"id"`
	Name                 string          `json:"name"`
	ShortDescription     sarifText       `json:"shortDescription"`
	FullDescription      sarifText       `json:"fullDescription"`
	Help                 sarifText       `json:"help"`
	DefaultConfiguration sarifConfig     `json:"defaultConfiguration"`
	Properties           sarifProperties `json:"properties"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifProperties struct {
	Tags []string `json:"tags"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

// fingerprintKey names capq's partial fingerprint. The /v1 suffix is
// SARIF's convention for changing the recipe without matching old hashes.
const fingerprintKey = "capqFinding/v1"

// fingerprint identifies a finding across runs without its line, so GitHub
// code scanning keeps tracking an alert when lines above it move: the
// baseline's identity of a finding (rule, file, queue, property and the
// message without positions, see Fingerprint), so a new value the message
// quotes is a new alert, as it is a new finding for --baseline.
func fingerprint(f xmlconf.Finding) string {
	h := sha256.New()
	for _, part := range []string{f.Rule, sarifURI(f.File), f.Queue, f.Property, Fingerprint(f)} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical  `json:"physicalLocation"`
	LogicalLocations []sarifLogical `json:"logicalLocations,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifLogical struct {
	Name               string `json:"name"`
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

// InformationURI is where SARIF consumers link for capq.
const InformationURI = "https://github.com/capq/capq"

// WriteSARIF prints the report as a SARIF 2.1.0 log. The driver lists the
// rules that have results (with full help text), which keeps the log small
// and stable as rules are added.
func WriteSARIF(w io.Writer, r Report) error {
	var rules []*Rule
	seen := map[string]bool{}
	for _, x := range r.allRules() {
		seen[x.ID] = false
	}
	for _, f := range r.Findings {
		seen[f.Rule] = true
	}
	for _, x := range r.allRules() {
		if seen[x.ID] {
			rules = append(rules, x)
		}
	}
	index := map[string]int{}
	drv := sarifDriver{Name: "capq", Version: r.Version, InformationURI: InformationURI, Rules: []sarifRule{}}
	if drv.Version == "" {
		drv.Version = "dev"
	}
	for i, x := range rules {
		index[x.ID] = i
		drv.Rules = append(drv.Rules, sarifRuleOf(x))
	}
	run := sarifRun{Tool: sarifTool{Driver: drv}, Results: []sarifResult{}}
	for _, f := range r.Findings {
		run.Results = append(run.Results, sarifResultOf(f, index[f.Rule]))
	}
	if len(r.Unread) > 0 {
		run.Invocations = []sarifInvocation{sarifUnread(r.Unread)}
	}
	enc := json.NewEncoder(safeio.JSONWriter(w))
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}})
}

func sarifRuleOf(x *Rule) sarifRule {
	return sarifRule{
		ID: x.ID, Name: x.Name,
		ShortDescription:     sarifText{Text: x.Docs.Summary},
		FullDescription:      sarifText{Text: firstNonEmpty(x.Docs.Why, x.Docs.Summary)},
		Help:                 sarifText{Text: ExplainText(x), Markdown: ExplainMarkdown(x)},
		DefaultConfiguration: sarifConfig{Level: sarifLevel(x.Severity)},
		Properties:           sarifProperties{Tags: []string{"capacity-scheduler", string(x.Category)}},
	}
}

func sarifResultOf(f xmlconf.Finding, idx int) sarifResult {
	msg := f.Message
	if f.Hint != "" {
		msg += "\n" + f.Hint
	}
	line := f.Line
	if line < 1 {
		line = 1 // GitHub requires a region; findings without a line point at the file
	}
	loc := sarifLocation{PhysicalLocation: sarifPhysical{
		ArtifactLocation: sarifArtifactOf(f.File),
		Region:           sarifRegion{StartLine: line, StartColumn: f.Col},
	}}
	if f.Queue != "" {
		loc.LogicalLocations = []sarifLogical{{Name: f.Queue[strings.LastIndexByte(f.Queue, '.')+1:], FullyQualifiedName: f.Queue, Kind: "namespace"}}
	}
	return sarifResult{RuleID: f.Rule, RuleIndex: idx, Level: sarifLevel(f.Severity), Message: sarifText{Text: msg}, Locations: []sarifLocation{loc},
		PartialFingerprints: map[string]string{fingerprintKey: fingerprint(f)}}
}

// sarifArtifactOf locates a file: relative to %SRCROOT% (the repository
// root capq's caller made the names relative to), or, for a file outside
// it that kept its absolute path, as a file:// URI with no base.
func sarifArtifactOf(file string) sarifArtifact {
	p := filepath.ToSlash(file)
	if strings.HasPrefix(p, "/") {
		u := url.URL{Scheme: "file", Path: p}
		return sarifArtifact{URI: u.String()}
	}
	return sarifArtifact{URI: sarifURI(file), URIBaseID: "%SRCROOT%"}
}

// sarifURI turns a file name into a relative URI reference.
func sarifURI(file string) string {
	if file == "" || file == "<stdin>" {
		return "stdin"
	}
	p := filepath.ToSlash(file)
	p = strings.TrimPrefix(p, "./")
	u := url.URL{Path: p}
	return u.EscapedPath()
}

func sarifLevel(s xmlconf.Severity) string {
	switch s {
	case xmlconf.SeverityError:
		return "error"
	case xmlconf.SeverityWarning:
		return "warning"
	}
	return "note"
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// sarifUnread is the failed invocation, one notification per input that
// could not be read.
func sarifUnread(us []Unread) sarifInvocation {
	inv := sarifInvocation{ToolExecutionNotifications: []sarifNotification{}}
	for _, u := range us {
		n := sarifNotification{Level: "error", Message: sarifText{Text: u.Message}}
		if u.File != "" {
			line := max(u.Line, 1)
			n.Locations = []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: sarifArtifactOf(u.File), Region: sarifRegion{StartLine: line, StartColumn: u.Col}}}}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	return inv
}
