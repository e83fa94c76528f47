# Shared by the scripts in this folder (sourced, not run).
#   QIPAN_JOBS           parallel build jobs (default 2)
#   QIPAN_BUILD_PREFIX   where build dirs go: <prefix><preset> (default <repo>/build/)
QIPAN_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
QIPAN_JOBS=${QIPAN_JOBS:-2}
QIPAN_BUILD_PREFIX=${QIPAN_BUILD_PREFIX:-$QIPAN_ROOT/build/}
QIPAN_PRESETS=(release wasm debug-asan)
# em++ needs Debian's node modules (acorn) when node itself is not Debian's
# (docs/platform.md); harmless elsewhere.
if [[ -d /usr/share/nodejs ]]; then
  export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
fi

qipan_build_dir() { echo "${QIPAN_BUILD_PREFIX}$1"; }

# Node 20's global fetch breaks Emscripten 3.1.6's loading of the .wasm.
qipan_node() { node --no-experimental-fetch "$@"; }
