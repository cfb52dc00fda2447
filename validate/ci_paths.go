package validate

import (
	"bytes"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// SARIF and GitHub annotations name files relative to the repository
// root: GitHub resolves them against the checkout, not against the
// directory capq ran in, so "capacity-scheduler.xml" linted from conf/
// must be reported as "conf/capacity-scheduler.xml".

// RepoRoot returns the directory CI paths are relative to: --root when
// given, else the top of the enclosing git work tree, else the working
// directory (no git, or not in a repository).
func RepoRoot(flag string) string {
	if flag != "" {
		if abs, err := filepath.Abs(flag); err == nil {
			return resolveLinks(abs)
		}
		return flag
	}
	var out bytes.Buffer
	cmd := exec.Command("git", "rev-parse", "--show-toplevel")
	cmd.Stdout = &out
	if err := cmd.Run(); err == nil {
		if top := strings.TrimSpace(out.String()); top != "" {
			return resolveLinks(top)
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	return resolveLinks(wd)
}

// RootRelative rewrites the file names of a report for SARIF and GitHub
// output: relative to root, with forward slashes. A git:REV:PATH name
// becomes PATH (git paths are already relative to the root); a file
// outside root keeps its name, as there is nothing better to say.
func RootRelative(rep *Report, root string) {
	for i, f := range rep.Files {
		rep.Files[i] = underRoot(f, root)
	}
	unread := make([]Unread, len(rep.Unread))
	for i, u := range rep.Unread {
		u.File = underRoot(u.File, root)
		unread[i] = u
	}
	rep.Unread = unread
	fs := make([]xmlconf.Finding, len(rep.Findings))
	for i, f := range rep.Findings {
		f.File = underRoot(f.File, root)
		fs[i] = f
	}
	rep.Findings = fs
}

func underRoot(file, root string) string {
	if file == "" || file == "<stdin>" {
		return file
	}
	if rest, ok := strings.CutPrefix(file, "git:"); ok {
		if _, p, ok := strings.Cut(rest, ":"); ok {
			return strings.TrimPrefix(path.Clean(filepath.ToSlash(p)), "./")
		}
		return file
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return filepath.ToSlash(file)
	}
	abs = filepath.Join(resolveLinks(filepath.Dir(abs)), filepath.Base(abs))
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(file)
	}
	return filepath.ToSlash(rel)
}

// resolveLinks resolves symbolic links where it can (git prints the real
// path of the work tree; the working directory may be reached through a
// link, as /tmp is on macOS).
func resolveLinks(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// AppendGitHubSummary appends the report's Markdown table to the file
// named (GitHub Actions' $GITHUB_STEP_SUMMARY). The file belongs to the
// runner and other steps append to it too, so it is opened for
// appending, never replaced; it must be a regular file and none of
// inputs (safeio.OpenAppend): the variable is only a name, and a FIFO
// there hung capq while one of its inputs got Markdown appended.
func AppendGitHubSummary(name string, rep Report, inputs []string) error {
	f, err := safeio.OpenAppend(name, inputs)
	if err != nil {
		return err
	}
	werr := WriteGitHubSummary(f, rep)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	return werr
}

// InputFiles returns the files a report was made from as the command
// named them (before RootRelative rewrites them): its inputs and every
// file a finding names (included files, a conf dir's yarn-site.xml).
func (r Report) InputFiles() []string {
	return r.allFiles()
}
