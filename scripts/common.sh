# Sourced by scripts/play and scripts/test: go to the repository root, check
# Python, and install the npm packages when needed.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

die() { echo "$(basename "$0"): $*" >&2; exit 1; }

python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
  || die "Python 3.11 or newer is needed as python3"

# A hash of files' contents, to redo an install only when its inputs changed.
stamp_of() { cat "$@" 2>/dev/null | cksum; }

# npm ci when node_modules is missing or package-lock.json changed since.
ensure_node_modules() {
  local want stamp=node_modules/.lepeuple-stamp
  want="$(stamp_of package-lock.json)"
  if [[ "$(cat "$stamp" 2>/dev/null)" != "$want" ]]; then
    command -v npm >/dev/null || die "npm (Node.js 20 or newer) is needed"
    npm ci --no-audit --no-fund
    echo "$want" > "$stamp"
  fi
}
