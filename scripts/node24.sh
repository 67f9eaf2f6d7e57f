#!/usr/bin/env bash
# Runs a command with the Node.js that .node-version names (24 LTS) first on PATH:
#   scripts/node24.sh npm start        scripts/node24.sh npm test
# When the machine's own node is already that major, the command runs with it. Otherwise the
# pinned version comes from the npm registry's node-<os>-<arch> package (nothing else is
# fetched), unpacked once into ${WALLFLOWER_NODE_CACHE:-~/.cache/wallflower}, and reused.
# With no command it prints the folder to put first on PATH.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
want=$(tr -d ' \n\r' < "$root/.node-version")
major=${want%%.*}

bin_dir() {
  local have
  have=$(node --version 2>/dev/null || true)
  if [ "${have%%.*}" = "v$major" ]; then
    dirname "$(command -v node)"
    return
  fi
  local os arch
  os=$(uname -s | tr '[:upper:]' '[:lower:]')
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "node24.sh: no Node.js package for $(uname -m)" >&2; exit 1 ;;
  esac
  local cache="${WALLFLOWER_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wallflower}"
  local dir="$cache/node-v$want-$os-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    echo "node24.sh: the machine's Node is ${have:-missing}; fetching Node $want (node-$os-$arch) from the npm registry into $cache" >&2
    mkdir -p "$cache"
    local tmp
    tmp=$(mktemp -d "$cache/.fetch.XXXXXX")
    # npm pack checks the tarball against the registry's integrity hash.
    (cd "$tmp" && npm pack --silent "node-$os-$arch@$want" > /dev/null)
    tar -xzf "$tmp"/node-*.tgz -C "$tmp"
    rm -rf "$dir"
    mv "$tmp/package" "$dir"
    rm -rf "$tmp"
  fi
  echo "$dir/bin"
}

dir=$(bin_dir)
if [ $# -eq 0 ]; then
  echo "$dir"
  exit 0
fi
export PATH="$dir:$PATH"
exec "$@"
