#!/usr/bin/env bash
# capq's GitHub Action (action.yml): lint the Capacity Scheduler
# configurations a change touches, show what a refresh would do, optionally
# preview the change on a workload, and write SARIF for code scanning.
#
# Inputs come from the environment (action.yml maps its inputs):
#   CAPQ             the capq binary
#   INPUT_PATHS      newline- or space-separated globs of configurations
#                    (default: every capacity-scheduler.xml)
#   INPUT_BASE       the revision to compare with (default: origin/$GITHUB_BASE_REF
#                    on pull requests; nothing, so no diff, otherwise)
#   INPUT_HADOOP_VERSION, INPUT_FAIL_ON, INPUT_WORKLOAD, INPUT_SARIF_FILE
#   INPUT_FILES      the files to check, overriding the change detection
# Exit code: the worst of the capq runs (2 could not run, 1 findings or a
# refused refresh, 0 clean).
set -uo pipefail
# No pathname expansion: INPUT_PATHS holds patterns matched against the
# changed files, and expanding "**/capacity-scheduler.xml" against the
# working tree would replace it with the files that happen to exist.
set -f

capq=${CAPQ:-capq}
version=${INPUT_HADOOP_VERSION:-3.4}
fail_on=${INPUT_FAIL_ON:-error}
sarif=${INPUT_SARIF_FILE:-capq.sarif}
paths=${INPUT_PATHS:-"**/capacity-scheduler.xml capacity-scheduler.xml"}
base=${INPUT_BASE:-}
if [ -z "$base" ] && [ -n "${GITHUB_BASE_REF:-}" ]; then
  base="origin/${GITHUB_BASE_REF}"
fi

# matches reports whether a path matches one of the globs (bash's extglob
# "**" is not needed: a leading "**/" also matches nested directories).
matches() {
  local f=$1 g
  for g in $paths; do
    # shellcheck disable=SC2053
    [[ $f == $g ]] && return 0
    [[ $g == '**/'* && $f == */${g#'**/'} ]] && return 0
  done
  return 1
}

# changed lists the configurations to check, NUL-terminated. git lists
# them with -z: otherwise it C-quotes a name with a non-ASCII byte or a
# newline ("conf/\303\251quipe/..."), which no file matches, and the
# change would pass unchecked.
changed() {
  if [ -n "${INPUT_FILES:-}" ]; then
    printf '%s\0' $INPUT_FILES
    return
  fi
  local f
  while IFS= read -r -d '' f; do
    [ -n "$f" ] && matches "$f" && [ -f "$f" ] && printf '%s\0' "$f"
  done < <(if [ -n "$base" ]; then
    git diff -z --name-only --diff-filter=ACMR "$base"...HEAD
  else
    git ls-files -z
  fi)
}

# shown writes a file name from the change for the job log: a newline in
# it must not start a workflow command ("::error::..."), and % and CR are
# escaped too, as GitHub reads them in a command's data; other control
# characters (a terminal escape) become "?".
shown() {
  local s=${1//%/%25}
  s=${s//$'\r'/%0D}
  s=${s//$'\n'/%0A}
  printf '%s' "${s//[[:cntrl:]]/?}"
}

mapfile -d '' -t files < <(changed)
echo "capq: $("$capq" version)"
if [ ${#files[@]} -eq 0 ]; then
  echo "capq: no Capacity Scheduler configuration changed"
  [ -n "${GITHUB_OUTPUT:-}" ] && { echo "files=0"; echo "sarif-file="; } >>"$GITHUB_OUTPUT"
  exit 0
fi

worst=0
record() { # keep the worst exit code: 2 beats 1 beats 0
  local rc=$1
  if [ "$rc" -gt "$worst" ]; then worst=$rc; fi
}

echo "::group::capq lint (${#files[@]} files)"
"$capq" lint --hadoop-version "$version" --fail-on "$fail_on" --format github "${files[@]}"
record $?
echo "::endgroup::"
"$capq" lint --hadoop-version "$version" --fail-on "$fail_on" --format sarif "${files[@]}" >"$sarif"
rc=$?
[ "$rc" -eq 2 ] && record 2

if [ -n "$base" ]; then
  for f in "${files[@]}"; do
    if ! git cat-file -e "$base:$f" 2>/dev/null; then
      echo "capq: $(shown "$f") is new in this change; nothing to diff"
      continue
    fi
    echo "::group::capq diff $(shown "$f")"
    "$capq" diff --hadoop-version "$version" --format github "git:$base:$f" "$f"
    record $?
    echo "::endgroup::"
    if [ -n "${INPUT_WORKLOAD:-}" ]; then
      echo "::group::capq preview $(shown "$f")"
      "$capq" preview --hadoop-version "$version" --workload "$INPUT_WORKLOAD" "git:$base:$f" "$f"
      record $?
      echo "::endgroup::"
    fi
  done
fi

if [ -n "${GITHUB_OUTPUT:-}" ]; then
  { echo "files=${#files[@]}"; echo "sarif-file=$sarif"; } >>"$GITHUB_OUTPUT"
fi
exit "$worst"
