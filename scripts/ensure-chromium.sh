#!/usr/bin/env bash
# Make sure Debian's Chromium is at /usr/bin/chromium for the browser tests.
# The machines reach only the npm registry and Debian's packages, so Playwright must never
# try to download a browser of its own: we drive this system Chromium with playwright-core.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

if [ -x "$CHROMIUM" ]; then
  echo "ensure-chromium: found $CHROMIUM ($("$CHROMIUM" --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: $CHROMIUM is missing and this is not root, so it cannot be installed here." >&2
  echo "ensure-chromium: install it with: sudo apt-get update && sudo apt-get install -y chromium" >&2
  exit 1
fi

echo "ensure-chromium: $CHROMIUM is missing; installing Debian package 'chromium' with apt-get (a minute or two)"
echo "ensure-chromium: running apt-get update"
apt-get update
echo "ensure-chromium: running apt-get install -y chromium"
DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: apt-get finished but $CHROMIUM is still missing" >&2
  exit 1
fi
echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
