#!/bin/sh
# large-seeds.sh TOOL DIR - writes to DIR two large inputs for TOOL's fuzz harness (first byte:
# see fuzz/harness.hpp) when TOOL reads large files in pieces, so that `make fuzz` also mutates
# such files: about 300 KiB on standard input and just over 1 MiB in a file (input::for_each_piece
# cuts inputs of 256 KiB and more; standard input of 1 MiB and more also goes through a temporary
# file), both to csv: JSON is some 70 times the input today, too slow for 10 s an input under ASan. Each is
# one ordinary table of the tool's input, repeated with a numbered name; made at each run, not
# committed.
set -eu
tool=$1
dir=$2
mkdir -p "$dir"
case $tool in
  artillery-design) mode=0; table='[[piece]]\nname = "Saker %d"\ntype = "gun"\nshot_lb = 5\ncarriage = "limber"\n' ;;
  unit-br) mode=0; table='[[unit]]\nname = "Tercio shot %d"\ntroop = "matchlock musketeers"\nrace = "man"\ntroops = 120\n' ;;
  # fire-odds and siege-duration read no file in pieces: no large input of their own (libFuzzer
  # may still grow one up to -max_len)
  fire-odds | siege-duration) exit 0 ;;
  # a rules file is read whole, never in pieces (the house-rules harness probes each tool with it)
  house-rules) exit 0 ;;
  # rate (variant 1): each force rated on its own
  war-machine) mode=8; table='[[force]]\nname = "Company %d"\nside = "Crown"\nrole = "attacker"\ntroops = 1200\nbfr = 70\n' ;;
  *) echo "large-seeds.sh: no tables for $tool" >&2; exit 1 ;;
esac
# write FILE FIRST-BYTE BYTES: the first byte, then tables until the file holds at least BYTES.
write() {
  printf "\\$(printf '%03o' "$2")" > "$1"
  awk -v t="$table" -v want="$3" 'BEGIN {
    gsub(/\\n/, "\n", t); n = 1
    for (i = 1; n < want; i++) { s = sprintf(t, i); printf "%s", s; n += length(s) }
  }' >> "$1"
}
write "$dir/stdin-csv-300k" $((mode + 2)) 307200
write "$dir/file-csv-1m" $((64 + mode + 2)) 1048600
