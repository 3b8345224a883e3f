#!/usr/bin/env bash
# Playwright records video with its own ffmpeg build, which cannot be downloaded here. Point the
# path it expects at Debian's ffmpeg instead. Safe to run repeatedly.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/bin/ffmpeg ] || { echo "no /usr/bin/ffmpeg"; exit 1; }
rev=$(node -e "const b=require('./node_modules/playwright-core/browsers.json').browsers.find(b=>b.name==='ffmpeg');console.log(b.revision)" 2>/dev/null || true)
[ -n "$rev" ] || { echo "playwright-core not installed yet"; exit 1; }
cache="${PLAYWRIGHT_BROWSERS_PATH:-$HOME/.cache/ms-playwright}"
dir="$cache/ffmpeg-$rev"
mkdir -p "$dir"
ln -sf /usr/bin/ffmpeg "$dir/ffmpeg-linux"
echo "linked $dir/ffmpeg-linux -> /usr/bin/ffmpeg"
