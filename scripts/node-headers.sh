#!/usr/bin/env bash
# Native modules (better-sqlite3) are built from source when no prebuilt binary can be downloaded,
# and node-gyp then needs Node's C headers. It looks in its cache before downloading them, so this
# points the cache entry for the running Node at the headers installed with it (Debian's nodejs
# puts them in /usr/include/node). Offline machines build with it; online ones lose nothing.
set -euo pipefail
version=$(node -p 'process.versions.node')
headers=$(node -p "require('path').resolve(process.execPath, '..', '..', 'include', 'node')")
if [ ! -f "$headers/node.h" ]; then
  echo "node-headers: no headers at $headers; node-gyp will download them if it has to"
  exit 0
fi
cache="${npm_config_devdir:-${XDG_CACHE_HOME:-$HOME/.cache}/node-gyp}/$version"
# node-gyp re-downloads a cache entry older than its own layout version ("installVersion").
npm_dir=$(dirname "$(readlink -f "$(command -v npm)")")/..
layout=$(node -p "try { require('$npm_dir/node_modules/node-gyp/package.json').installVersion } catch { 11 }")
mkdir -p "$cache/include"
ln -sfn "$headers" "$cache/include/node"
echo "$layout" > "$cache/installVersion"
echo "node-headers: node-gyp uses $headers for Node $version"
