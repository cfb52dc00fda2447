package xmlconf

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/capq/capq/safeio"
)

// startInclude handles <xi:include href="..."> like Hadoop 3: a target
// that exists is read as a whole document and its properties spliced in
// here; a missing one arms the xi:fallback, and </xi:include> fails when
// there was none.
func (p *parser) startInclude(t xml.StartElement, pos Pos) error {
	p.confInclude = ""
	hasHref := false
	for _, a := range t.Attr {
		if a.Name.Local == "href" && !isNamespaceAttr(a.Name) {
			p.confInclude, hasHref = a.Value, true
		}
	}
	if !hasHref {
		return nil
	}
	p.includePos, p.fallbackNoted = pos, false
	path, display, err := p.resolveInclude(p.confInclude, pos)
	if err != nil {
		return err
	}
	if !p.includeAllowed(path) {
		// Skipped whole: neither the file nor the fallback is used.
		p.refuseExternal(pos, untrustedIncludeMsg(p.confInclude))
		return nil
	}
	st, statErr := os.Stat(path)
	if statErr != nil {
		if errors.Is(statErr, fs.ErrNotExist) {
			// Resource errors are non-fatal iff there is an xi:fallback.
			p.fallbackAllowed = true
			return nil
		}
		return p.errAt(pos, fmt.Sprintf("xi:include %q: %v", p.confInclude, unwrapPath(statErr)), "")
	}
	if st.IsDir() {
		return p.errAt(pos, fmt.Sprintf("xi:include %q is a directory", p.confInclude), "point href at an XML file")
	}
	if !st.Mode().IsRegular() {
		// A device or pipe could block or never end (/dev/stdin, /dev/zero).
		return p.errAt(pos, fmt.Sprintf("xi:include %q is not a regular file", p.confInclude), "")
	}
	return p.include(path, display, pos)
}

// resolveInclude maps an href to a file path (for reading) and a display
// path (for positions). Hadoop resolves a relative href against the
// directory of the top-level resource, even from a nested include.
func (p *parser) resolveInclude(href string, pos Pos) (string, string, error) {
	if u, err := url.Parse(href); err == nil && len(u.Scheme) > 1 {
		if !strings.EqualFold(u.Scheme, "file") {
			return "", "", p.errAt(pos, fmt.Sprintf("xi:include %q: only local files can be included, not %s: URLs", href, u.Scheme),
				"copy the file next to the configuration and include it by path")
		}
		// "file:part.xml" is an opaque URL with no path: reading "" said
		// "-: no such file", standard input's name.
		if !filepath.IsAbs(u.Path) {
			return "", "", p.errAt(pos, fmt.Sprintf("xi:include %q: a file URL names no absolute path", href),
				"write file:///absolute/path, or a path relative to the configuration without file:")
		}
		return u.Path, u.Path, nil
	}
	if filepath.IsAbs(href) {
		return href, href, nil
	}
	joined := filepath.Join(filepath.Dir(p.includeBase()), href)
	return joined, joined, nil
}

// includeBase is the file a relative href is resolved against: Hadoop 3's
// parser uses the top-level resource even from a nested include; Xerces'
// XInclude (the DOM profiles) the base URI of the including document.
func (p *parser) includeBase() string {
	if p.dom {
		return p.file
	}
	return p.res.top
}

// include reads the target as a document of its own and splices it in.
func (p *parser) include(path, display string, pos Pos) error {
	r := p.res
	if len(r.chain) > r.opts.MaxIncludeDepth {
		return p.errAt(pos, fmt.Sprintf("xi:include nested deeper than %d files", r.opts.MaxIncludeDepth), "")
	}
	abs := absPath(path)
	for i, c := range r.chain {
		if c == abs {
			loop := append(append([]string(nil), r.chain[i:]...), abs)
			for j := range loop {
				loop[j] = filepath.Base(loop[j])
			}
			return p.errAt(pos, "xi:include loop: "+strings.Join(loop, " -> "),
				"Hadoop would recurse until it runs out of stack; remove one of the includes")
		}
	}
	data, err := readLimited(path, r.opts)
	if err != nil {
		return p.wrapIncluded(err, pos)
	}
	r.files++
	r.bytes += int64(len(data))
	if r.files > maxIncludedFiles {
		return p.errAt(pos, fmt.Sprintf("more than %d xi:include reads from %s", maxIncludedFiles, r.top),
			"files that include others several times multiply; include each file once")
	}
	if total := safeio.MulSat(totalBytesFactor, r.opts.MaxBytes); r.bytes > total {
		return p.errAt(pos, fmt.Sprintf("included files add up to more than %d bytes", total),
			"raise the limit with --max-file-size (the total allowed is 4 times it)")
	}
	r.chain = append(r.chain, abs)
	if p.dom {
		// XInclude puts the included document element where the
		// include stood; the DOM walk reads it from there.
		role, err := p.domIncludeRole(pos)
		if err != nil {
			r.chain = r.chain[:len(r.chain)-1]
			return err
		}
		r.includeRole = role
	}
	doc, err := r.read(display, data)
	r.chain = r.chain[:len(r.chain)-1]
	if err != nil {
		return p.wrapIncluded(err, pos)
	}
	p.doc.Props = append(p.doc.Props, doc.Props...)
	p.doc.Findings = append(p.doc.Findings, doc.Findings...)
	p.doc.Included = append(append(p.doc.Included, path), doc.Included...)
	return nil
}

// wrapIncluded keeps the included file's position and says where it was
// included from.
func (p *parser) wrapIncluded(err error, pos Pos) error {
	var re *ReadError
	if errors.As(err, &re) {
		c := *re
		c.Msg += fmt.Sprintf(" (included from %s)", pos)
		return &c
	}
	return &ReadError{Pos: pos, Msg: err.Error(), Err: err}
}

func (p *parser) startFallback(pos Pos) {
	p.fallbackEntered = true
	if !p.fallbackAllowed || p.fallbackNoted {
		return
	}
	p.fallbackNoted = true
	p.doc.Findings = append(p.doc.Findings, Finding{
		Rule: RuleIncludeFallbak, Pos: p.includePos,
		Message: fmt.Sprintf("xi:include %q not found; its xi:fallback is used", p.confInclude),
		Hint:    "create the included file or drop the include if the fallback is what you want",
	})
}

func (p *parser) endInclude() error {
	if p.fallbackAllowed && !p.fallbackEntered && p.dom {
		return &ReadError{
			Pos: p.includePos,
			Msg: fmt.Sprintf("An 'include' failed, and no 'fallback' element was found: xi:include '%s' while loading '%s'", p.confInclude, p.res.top),
			Hint: fmt.Sprintf("no file %s; Hadoop 2.7 (XInclude) resolves a relative href against the directory of the including file %s; add an <xi:fallback> to make it optional",
				p.includeTarget(), p.file),
		}
	}
	if p.fallbackAllowed && !p.fallbackEntered {
		return &ReadError{
			Pos: p.includePos,
			Msg: fmt.Sprintf("Fetch fail on include for '%s' with no fallback while loading '%s'", p.confInclude, p.res.top),
			Hint: fmt.Sprintf("no file %s; Hadoop resolves a relative href against the directory of %s; add an <xi:fallback> to make it optional",
				p.includeTarget(), p.res.top),
		}
	}
	p.fallbackAllowed, p.fallbackEntered = false, false
	return nil
}

func (p *parser) includeTarget() string {
	path, _, err := p.resolveInclude(p.confInclude, p.includePos)
	if err != nil {
		return p.confInclude
	}
	return path
}

// absPath identifies a file for loop detection (symlinks resolved when
// possible).
func absPath(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}
