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

# A build folder made for another place: the checkout was copied or moved
# with its build/, and CMake refuses a cache written for another source or
# build folder. Such a folder is removed (it holds only what a build makes),
# saying so, so the build that follows starts afresh. Returns 0 either way.
qipan_forget_moved_build() {
  local dir=$1 cache=$1/CMakeCache.txt made_in source
  [[ -f $cache ]] || return 0
  made_in=$(sed -n 's/^CMAKE_CACHEFILE_DIR:INTERNAL=//p' "$cache")
  source=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$cache")
  [[ $made_in -ef $dir && $source -ef $QIPAN_ROOT ]] && return 0
  echo "build: $dir was made for ${source:-another checkout} (built in ${made_in:-another folder}): building it afresh" >&2
  rm -rf "$dir"
}

# Node 20's global fetch breaks Emscripten 3.1.6's loading of the .wasm.
qipan_node() { node --no-experimental-fetch "$@"; }
