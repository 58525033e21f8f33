# Source this file (`. scripts/node24.sh`) to run on Node.js 24 LTS, the tested runtime: this
# machine's Node 20 is past end of life. Node 24 comes from the npm registry's `node` package (the
# only registry reachable here), installed once into .node24/ (git-ignored) and put first on PATH.
NODE24_DIR="${NODE24_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)/.node24}"
if ! "$NODE24_DIR/node_modules/.bin/node" --version 2>/dev/null | grep -q '^v24\.'; then
  echo "Installing Node.js 24 LTS into $NODE24_DIR (once)…"
  # Said plainly when it fails (no registry, an untrusted proxy): the old Node must not run silently.
  npm install --prefix "$NODE24_DIR" --no-audit --no-fund --loglevel=error node@24 >/dev/null ||
    { echo "Could not install Node.js 24 from the npm registry (see npm's error above)." >&2; return 1 2>/dev/null || exit 1; }
fi
export PATH="$NODE24_DIR/node_modules/.bin:$PATH"
echo "Using Node.js $(node --version)"
