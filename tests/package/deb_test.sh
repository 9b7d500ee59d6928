#!/bin/sh
# The Debian package (issue 28; packaging/package.cmake): CPack builds gunpowder_<version>_amd64.deb
# from the build directory into a scratch directory; its control fields are checked, it is unpacked
# with dpkg-deb -x into a scratch root, and each packaged tool, man page and completion is used from
# there; lintian, when installed, must report no error. Exit 77 (ctest: skipped) without dpkg-deb.
# Usage: deb_test.sh BUILD_DIR WORK_DIR "TOOL;TOOL;..."
set -u
build=$1
work=$2
tools=$(echo "$3" | tr ';' ' ')
if ! command -v dpkg-deb >/dev/null 2>&1; then
  echo "package.deb: skipped: dpkg-deb not found (Debian's dpkg builds and unpacks the package)"
  exit 77
fi
fail=0
bad() { echo "package.deb: $*" >&2; fail=1; }
rm -rf "$work" && mkdir -p "$work"
if ! cpack --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1; then
  cat "$work/cpack.log" >&2
  echo "package.deb: cpack failed" >&2
  exit 1
fi
version=$(sed -n 's/^set(CPACK_PACKAGE_VERSION "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")
deb="$work/out/gunpowder_${version}_amd64.deb"
[ -f "$deb" ] || { ls -l "$work/out" >&2; echo "package.deb: no $deb" >&2; exit 1; }
echo "package.deb: $(basename "$deb"), $(wc -c <"$deb") bytes"

# Control fields.
for field in Package:gunpowder "Version:$version" Architecture:amd64 Section:utils Priority:optional; do
  name=${field%%:*}
  want=${field#*:}
  got=$(dpkg-deb -f "$deb" "$name")
  [ "$got" = "$want" ] || bad "control field $name is '$got', not '$want'"
done
for name in Maintainer Description; do
  [ -n "$(dpkg-deb -f "$deb" "$name")" ] || bad "no control field $name"
done
depends=$(dpkg-deb -f "$deb" Depends)
echo "package.deb: Depends: ${depends:-(none)}"
for d in $(echo "$depends" | tr ',' '\n' | sed 's/[ (].*//; s/^ *//'); do
  case $d in
    libc6 | libstdc++6 | libgcc-s1) ;;  # a dynamic build (STATIC=OFF)
    *) bad "unexpected dependency $d" ;;
  esac
done

# Unpacked into a scratch root: the tools run, the man pages render, the rest is where it belongs.
root="$work/root"
dpkg-deb -x "$deb" "$root" || { echo "package.deb: dpkg-deb -x failed" >&2; exit 1; }
doc="$root/usr/share/doc/gunpowder"
for f in copyright changelog.gz README.md house-rules.md; do
  [ -f "$doc/$f" ] || bad "no /usr/share/doc/gunpowder/$f"
done
[ -n "$(ls "$doc/examples/"*.toml 2>/dev/null)" ] || bad "no examples in /usr/share/doc/gunpowder/examples"
[ -n "$(ls "$doc/schema/"*.json 2>/dev/null)" ] || bad "no JSON schemas in /usr/share/doc/gunpowder/schema"
for tool in $tools; do
  exe="$root/usr/bin/$tool"
  if [ ! -x "$exe" ]; then
    bad "no /usr/bin/$tool"
    continue
  fi
  out=$("$exe" --version 2>&1) || bad "$tool --version failed: $out"
  case $out in *"$version"*) ;; *) bad "$tool --version does not print $version: $out" ;; esac
  "$exe" --help >/dev/null 2>&1 || bad "$tool --help failed"
  page="$root/usr/share/man/man1/$tool.1.gz"
  if [ -f "$page" ]; then
    text=$(MANPAGER=cat MANWIDTH=80 man -l "$page" 2>"$work/man.err") || bad "man -l $tool.1.gz failed"
    # Any warning fails, troff's line-width ones too: the pages fit 80 columns (docs.man-width).
    [ -s "$work/man.err" ] && bad "man -l $tool.1.gz: $(cat "$work/man.err")"
    echo "$text" | grep -q "$tool" || bad "man -l $tool.1.gz does not name $tool"
  else
    bad "no /usr/share/man/man1/$tool.1.gz"
  fi
  [ -f "$root/usr/share/bash-completion/completions/$tool" ] || bad "no bash completion for $tool"
  [ -f "$root/usr/share/zsh/site-functions/_$tool" ] || bad "no zsh completion for $tool"
  [ -f "$root/usr/share/fish/vendor_completions.d/$tool.fish" ] || bad "no fish completion for $tool"
done
# One answer from the packaged tools, as from the build's.
"$root/usr/bin/unit-br" --troop matchlock-musketeers --race man >/dev/null 2>&1 || bad "unit-br one-liner failed"

if command -v lintian >/dev/null 2>&1; then
  if lintian --fail-on error "$deb" >"$work/lintian.log" 2>&1; then
    echo "package.deb: lintian: no error ($(grep -c '^[WI]:' "$work/lintian.log") warnings and notes: $work/lintian.log)"
  else
    cat "$work/lintian.log" >&2
    bad "lintian reports errors"
  fi
else
  echo "package.deb: lintian not installed: not run (apt-get install lintian; .ci/run runs it)"
fi
[ $fail -eq 0 ] && echo "package.deb: ok"
exit $fail
