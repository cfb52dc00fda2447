package xmlconf

import (
	"fmt"
	"strings"
)

// maxSubst is Configuration.MAX_SUBST.
const maxSubst = 20

// Expand substitutes ${var} references in expr the way Hadoop 3's
// Configuration.substituteVars does: ${env.NAME} (with ":-" and "-"
// defaults) from c.Env, then other keys of c (raw values), then
// c.Defaults (Hadoop's default resources). The first
// unresolvable reference stops expansion and the text is returned as it
// stands; a value that refers back to itself returns the original
// expression; more than 20 rounds is Hadoop's IllegalStateException.
// JVM system properties are not modelled: capq has no JVM.
//
// The work is bounded: every round's bytes count against the Conf's
// expansion budget, and past it Expand returns expr with an error
// wrapping ErrExpandBudget (rule XML010).
func (c *Conf) Expand(expr string) (string, error) {
	eval := expr
	for s := 0; s < maxSubst; s++ {
		start, end := findSubVariable(eval)
		if start < 0 {
			return eval, nil
		}
		name := eval[start:end]
		val, ok := c.resolveVar(name)
		if !ok {
			return eval, nil
		}
		if !c.budget.spend(len(eval) + 2*len(val)) {
			return expr, budgetError(expr)
		}
		ref := eval[start-2 : end+1]
		if strings.Contains(val, ref) {
			return expr, nil
		}
		eval = eval[:start-2] + val + eval[end+1:]
	}
	//lint:ignore ST1005 Hadoop's exact IllegalStateException message
	return expr, fmt.Errorf("Variable substitution depth too large: %d %s", maxSubst, expr)
}

// HasVariable reports whether s contains a ${var} reference Hadoop would
// try to expand.
func HasVariable(s string) bool {
	if !strings.Contains(s, "${") {
		return false // the common case, found with a vectorised search
	}
	start, _ := findSubVariable(s)
	return start >= 0
}

// findSubVariable returns the bounds of the name in the first match of
// \$\{[^\}\$ ]+\}, or -1.
func findSubVariable(s string) (int, int) {
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '$' || s[i+1] != '{' {
			continue
		}
		j := i + 2
		for j < len(s) && s[j] != '}' && s[j] != '$' && s[j] != ' ' {
			j++
		}
		if j < len(s) && s[j] == '}' && j > i+2 {
			return i + 2, j
		}
	}
	return -1, -1
}

func (c *Conf) resolveVar(name string) (string, bool) {
	if strings.HasPrefix(name, "env.") && len(name) > 4 && c.Untrusted {
		// Untrusted input: the environment is never read, nor its
		// defaults used, so no value of it can reach a report (XML009).
		return "", false
	}
	if strings.HasPrefix(name, "env.") && len(name) > 4 {
		if v, ok := c.resolveEnv(name[4:]); ok {
			return v, true
		}
	}
	if v, ok := c.Raw(name); ok {
		return v, true
	}
	// Hadoop's getRaw also sees yarn-default.xml and core-default.xml.
	v, ok := c.Defaults[name]
	return v, ok
}

// resolveEnv mirrors the env.NAME branch, including its two default forms:
// ":-" (default when unset or empty) and "-" (default when unset).
func (c *Conf) resolveEnv(v string) (string, bool) {
	getenv := func(k string) (string, bool) {
		if c.Env == nil {
			return "", false
		}
		return c.Env(k)
	}
	for i := 0; i < len(v); i++ {
		ch := v[i]
		if ch == ':' && i < len(v)-1 && v[i+1] == '-' {
			if val, ok := getenv(v[:i]); ok && val != "" {
				return val, true
			}
			return v[i+2:], true
		}
		if ch == '-' {
			if val, ok := getenv(v[:i]); ok {
				return val, true
			}
			return v[i+1:], true
		}
	}
	return getenv(v)
}

// jvmProperties are system properties every JVM defines: Configuration.
// substituteVars reads System.getProperty before the configuration, so a
// ${user.name} (core-default.xml's hadoop.tmp.dir) always resolves on the
// ResourceManager even though capq cannot know its value.
var jvmProperties = map[string]bool{
	"user.name": true, "user.home": true, "user.dir": true, "java.io.tmpdir": true,
	"java.home": true, "java.version": true, "os.name": true, "os.arch": true,
	"file.separator": true, "path.separator": true, "line.separator": true,
}

// launcherProperties are the system properties Hadoop's launch scripts
// pass to every YARN daemon: hadoop-functions.sh's
// hadoop_finalize_hadoop_opts (-Dhadoop.log.dir, hadoop.log.file,
// hadoop.home.dir, hadoop.id.str, hadoop.root.logger, hadoop.policy.file,
// hadoop.security.logger) and hadoop-yarn.sh's _yarn_hadoop_finalize
// (-Dyarn.log.dir, yarn.log.file, yarn.home.dir, yarn.root.logger); 2.x's
// bin/yarn set the same and yarn.id.str, yarn.policy.file. yarn-default.xml
// itself writes yarn.nodemanager.log-dirs=${yarn.log.dir}/userlogs, which
// real yarn-site.xml files copy.
var launcherProperties = map[string]bool{
	"hadoop.log.dir": true, "hadoop.log.file": true, "hadoop.home.dir": true, "hadoop.id.str": true,
	"hadoop.root.logger": true, "hadoop.policy.file": true, "hadoop.security.logger": true,
	"yarn.log.dir": true, "yarn.log.file": true, "yarn.home.dir": true, "yarn.root.logger": true,
	"yarn.id.str": true, "yarn.policy.file": true,
}

// DaemonAlwaysSets reports whether the first ${var} left in s (where
// Expand stopped) names a system property the ResourceManager always has:
// one every JVM defines, or one the launch scripts pass.
func DaemonAlwaysSets(s string) bool {
	start, end := findSubVariable(s)
	return start >= 0 && (jvmProperties[s[start:end]] || launcherProperties[s[start:end]])
}
