#!/usr/bin/env bash
# Prints the bin directory of the Node.js LTS the shop is tested on, fetched once from the npm
# registry (the only network CI has): the registry carries Node's official builds as the packages
# node-<platform>-<arch>. Use it as: export PATH="$(bash .ci/node-lts.sh):$PATH"
# NODE_LTS picks the line (default 24: the Dockerfile's, docs/decisions/077-node-versions.md).
set -euo pipefail
line="${NODE_LTS:-24}"
cache="${NODE_LTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/techbazaar-node}"
target="$cache/$line"
if [ ! -x "$target/bin/node" ]; then
  package="node-$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m | sed 's/x86_64/x64/;s/aarch64/arm64/')"
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "$package@$line" >/dev/null)
  mkdir -p "$work/node" "$cache"
  tar -xzf "$work"/*.tgz -C "$work/node" --strip-components=1
  rm -rf "$target" && mv "$work/node" "$target"
fi
"$target/bin/node" --version >&2
echo "$target/bin"
