#!/usr/bin/env bash
# Installs what svc needs and runs `svc-server demo` end to end: the service, the sample API and
# web app on loopback, backend and frontend projects through the whole lifecycle.
# System packages (Chromium for frontend tests, ffmpeg for video, bubblewrap for the sandbox that
# backend test code runs in, PostgreSQL for the scale-out mode and its tests) are installed when
# run as root on a Debian-like system; otherwise install them yourself first. After it, `npm test`
# runs the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium ffmpeg bubblewrap postgresql >/dev/null
  # DokuWiki and Prometheus: real web apps the frontend corpus's end-to-end slice runs against.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends php8.2-cli php-cli dokuwiki prometheus >/dev/null
  bash scripts/setup-postgres.sh || echo "PostgreSQL not started: the scale-out tests need it (scripts/setup-postgres.sh)"
fi
bash scripts/node-headers.sh
npm ci --no-audit --no-fund
npm run build
bash scripts/link-ffmpeg.sh || echo "video recording unavailable: frontend runs keep step screenshots"
exec node dist/cli/svc-server.js demo "$@"
