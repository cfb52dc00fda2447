#!/usr/bin/env bash
# Installs Debian's chromium for capq preview's browser test
# (engine/preview/browser_test.go). CI runs it from .ci/run; on a developer
# machine without chromium the test skips with a message saying so.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  chromium --version 2>/dev/null || true
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# fonts-dejavu-core gives the page readable text in screenshots.
apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
chromium --version 2>/dev/null || true
