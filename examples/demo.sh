#!/bin/sh
# `make demo`: one short example a tool (examples/<tool>.sh), then where to go next.
# $1 is the directory of the tools (default build/bin). tests/cli/demo_lines_test.sh keeps it short.
set -e
bin=${1:-build/bin}
dir=$(dirname "$0")
for tool in artillery-design unit-br war-machine siege-duration fire-odds; do
  echo "== $tool"
  sh "$dir/$tool.sh" "$bin"
  echo
done
cat <<'NEXT'
== Where to go next
  man artillery-design (and unit-br, war-machine, siege-duration, fire-odds): every option, input
    key and JSON key; before `make install`: man docs/man/artillery-design.1
  TOOL --help: the options and a few examples
  README.md, Examples: more commands for each tool; Common interface: formats, --explain,
    --chart and --svg, exit codes
  docs/house-rules.md: change the book's tables for your table (--house-rules FILE)
  examples/*.toml: inputs to copy (installed in share/doc/gunpowder/examples)
NEXT
# Where the tools are: the line to type to run them by name, and the installs.
case $bin in
  /*) path_dir=$bin ;;
  *) path_dir="\$PWD/$bin" ;;
esac
echo
echo "== The tools are in $bin; to run them by name from this directory:"
echo "  export PATH=\"$path_dir:\$PATH\""
echo "  or install them with their man pages and completion: make install (PREFIX=/usr/local),"
echo "  or make deb, then apt install ./gunpowder_*_amd64.deb"
