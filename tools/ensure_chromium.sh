#!/usr/bin/env bash
# Make sure Debian's Chromium is installed at /usr/bin/chromium (used by the e2e tests).
# Playwright cannot download its own browsers here, so we use the distribution package.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
    exit 0
fi

echo "chromium: $CHROMIUM missing, installing Debian's chromium package"
if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
else
    SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends chromium

if [ ! -x "$CHROMIUM" ]; then
    echo "chromium: install finished but $CHROMIUM is still missing" >&2
    exit 1
fi
echo "chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
