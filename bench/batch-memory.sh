#!/bin/sh
# Batch output and memory (issue 14; issue 24, item 4: flat memory for every batch, every format
# and every source). Prints the wall time, the CPU time, the peak resident memory (/usr/bin/time -v)
# and the output's size (counted by wc -c through a pipe) of:
#  1. artillery-design on generated files of [[piece]] tables of about 20 MB and 200 MB, csv and
#     JSON;
#  2. 100,000 pieces (artillery-design) and 100,000 units (unit-br) from standard input, csv and
#     JSON (target: under 60 MB);
#  3. the same 100,000 pieces and units from a file to text and markdown (target: under 100 MB);
#  4. fire-odds, 1,000 [[arquebus]] scenarios of 1,000 men, csv, JSON, text and markdown (under
#     100 MB);
#  5. war-machine, 10,000 and 20,000 battles of one file (20,000 and 40,000 [[force]] tables),
#     battle (csv, JSON, text, markdown, each with and without --summary; streamed:
#     battle_stream.cpp, above 100 battles and without --force, --roll, --explain, --table,
#     --chart, --svg, --odds-chart, house rules or a [battle] table, which hold the report; target:
#     under 40 MB, and flat: each format's peak at the largest size at most 10 MB over its peak at
#     the smallest, BATCH_MEMORY_WAR_FLAT_MB; it keeps a force in a few dozen bytes for the pairing
#     across the file) and rate (csv, JSON, text, markdown; streamed: rate_stream.cpp; target: under
#     100 MB);
#  6. siege-duration --method structures, 40,000 [[structure]] tables to text, markdown, csv and
#     JSON (under 100 MB; streamed: structures_stream.cpp), and the same without --method (the
#     default, all: streamed too), csv and JSON;
#  7. (part "flat") the output side flat as a batch grows, where the input is parsed whole: fire-odds,
#     2,000 and 20,000 small [[arquebus]] scenarios to csv and JSON, each line's peak less the peak of
#     the same file with a syntax error on its last line (the parse alone, which grows with the file
#     and is accepted) under 25 MB; and unit-br, 5,000 units (an input under 256 KiB, which is not
#     cut by default) to JSON under 60 MB, and 10,000 units that all differ (as many troop counts:
#     the memo of ratings is bounded) to csv and JSON under 60 MB.
# Each line of 2-6 ends with its target and "ok" or "OVER"; with BATCH_MEMORY_STRICT=1 the script
# exits 1 when a line is OVER or its command failed (ctest memory.batches runs it so, with
# BATCH_MEMORY_WAR_SIZES="5000 10000": part 5 at 5,000 and 10,000 battles; default "10000 20000"). $1: the directory of the binaries
# (default build/bin); $2 (optional): the sizes in MB of part 1 (default "20 200"; "0" skips it);
# $3 (optional): the parts 2-7 to run (default "stdin text fire war siege flat"). The first line says
# when, at which commit and under what load it ran. The wall time depends on the machine's load;
# the CPU time (user + system) less so. A streamed batch is read twice (checked, then written);
# text three times and more (checked, measured, then written once for each block of columns), and
# fire-odds's JSON once for each array with rows; war-machine battle reads its file once (twice for
# JSON: the ratings' lines) and fights each battle twice (checked, then written).
set -e
bin=${1:-build/bin}
sizes=${2:-20 200}
parts=${3:-stdin text fire war siege flat}
war_sizes=${BATCH_MEMORY_WAR_SIZES:-10000 20000}
war_flat=${BATCH_MEMORY_WAR_FLAT_MB:-10}
# Without /usr/bin/time (Debian's package time): skipped, exit 77 under BATCH_MEMORY_STRICT (ctest's skip).
[ -x /usr/bin/time ] || { echo "batch-memory: /usr/bin/time not installed, skipped"; [ "${BATCH_MEMORY_STRICT:-0}" = 1 ] && exit 77; exit 0; }
dir=$(cd "$(dirname "$0")/.." && pwd)
. "$dir/bench/forces.sh"
commit=$(git -C "$dir" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=
if [ -n "$(git -C "$dir" status --porcelain --untracked-files=no 2>/dev/null)" ]; then dirty=" (with uncommitted changes)"; fi
echo "batch-memory: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit$dirty, binaries $bin, load average $(cut -d' ' -f1-3 /proc/loadavg)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run LABEL TARGET_MB INPUT COMMAND...: runs COMMAND with INPUT on its standard input ("" for none),
# its output counted; prints one line (TARGET_MB 0: no target).
run() {
  label=$1 target=$2 input=$3
  shift 3
  if [ -n "$input" ]; then
    /usr/bin/time -v -o "$tmp/time" "$@" < "$input" | wc -c > "$tmp/out"
  else
    /usr/bin/time -v -o "$tmp/time" "$@" | wc -c > "$tmp/out"
  fi
  awk -v label="$label" -v target="$target" -v out="$(cat "$tmp/out")" '
    /Elapsed \(wall clock\)/ { split($NF, a, ":"); s = (length(a) == 3) ? a[1] * 3600 + a[2] * 60 + a[3] : a[1] * 60 + a[2] }
    /Maximum resident set size/ { kb = $NF }
    /User time \(seconds\)/ { cpu += $NF }
    /System time \(seconds\)/ { cpu += $NF }
    /Exit status/ { status = $NF }
    END { verdict = target > 0 ? sprintf(" (target under %d MB: %s)", target, kb / 1024 < target ? "ok" : "OVER") : "";
          if (status != 0) verdict = verdict " EXIT " status;
          printf "%s: %.2f s (CPU %.2f s), peak %.0f MB, output %.1f MB%s\n", label, s, cpu, kb / 1024, out / 1e6, verdict }' "$tmp/time" | tee "$tmp/line"
  if grep -q -e "OVER" -e "EXIT" "$tmp/line"; then failed=1; fi
}
failed=0

# peak_kb COMMAND...: the peak resident memory in kB of COMMAND (its output and exit status
# ignored: a run that fails after parsing measures the parse alone).
peak_kb() {
  /usr/bin/time -f %M -o "$tmp/peak" "$@" > /dev/null 2>&1 || true
  tail -n 1 "$tmp/peak"
}

# run_over_parse LABEL TARGET_MB FILE BAD_FILE PROGRAM ARGS...: as run for PROGRAM FILE ARGS..., but
# the target is for its peak less the peak of PROGRAM BAD_FILE ARGS... (BAD_FILE: FILE with a syntax
# error on its last line, so that the run stops right after the parse: the parse alone).
run_over_parse() {
  label=$1 target=$2 file=$3 bad=$4 prog=$5
  shift 5
  base=$(peak_kb "$prog" "$bad" "$@")
  /usr/bin/time -v -o "$tmp/time" "$prog" "$file" "$@" | wc -c > "$tmp/out"
  awk -v label="$label" -v target="$target" -v base="$base" -v out="$(cat "$tmp/out")" '
    /Elapsed \(wall clock\)/ { split($NF, a, ":"); s = (length(a) == 3) ? a[1] * 3600 + a[2] * 60 + a[3] : a[1] * 60 + a[2] }
    /Maximum resident set size/ { kb = $NF }
    /User time \(seconds\)/ { cpu += $NF }
    /System time \(seconds\)/ { cpu += $NF }
    /Exit status/ { status = $NF }
    END { over = (kb - base) / 1024;
          verdict = sprintf(" (target: the output side under %d MB: %s)", target, over < target ? "ok" : "OVER");
          if (status != 0) verdict = verdict " EXIT " status;
          printf "%s: %.2f s (CPU %.2f s), peak %.0f MB, the parse alone %.0f MB, the output side %.0f MB, output %.1f MB%s\n",
            label, s, cpu, kb / 1024, base / 1024, over, out / 1e6, verdict }' "$tmp/time" | tee "$tmp/line"
  if grep -q -e "OVER" -e "EXIT" "$tmp/line"; then failed=1; fi
}

# 1. Files of [[piece]] tables, about 55 bytes a piece, every piece designed by the formulas.
pieces_file() {  # bytes, file; prints the number of pieces
  awk -v bytes="$1" 'BEGIN { split("cannon gun mortar", t, " "); n = 0; i = 0;
    while (n < bytes) {
      s = sprintf("[[piece]]\nname = \"P%d\"\ntype = \"%s\"\nshot_lb = %.2f\n\n", i, t[i % 3 + 1], 1 + (i % 997) * 0.173);
      printf "%s", s; n += length(s); i++ }
    print i > "/dev/stderr" }' > "$2" 2> "$2.count"
  cat "$2.count"
}
for mb in $sizes; do
  [ "$mb" -gt 0 ] || continue
  n=$(pieces_file $((mb * 1000000)) "$tmp/batch.toml")
  for fmt in csv json; do
    run "artillery-design $mb MB file ($n pieces) to $fmt" 0 "" "$bin/artillery-design" "$tmp/batch.toml" --format $fmt
  done
  rm -f "$tmp/batch.toml"
done

# 100,000 pieces (about 5.8 MB) and 100,000 units (about 7.3 MB).
awk 'BEGIN { split("cannon gun mortar", t, " ");
  for (i = 0; i < 100000; i++)
    printf "[[piece]]\nname = \"P%d\"\ntype = \"%s\"\nshot_lb = %.2f\n\n", i, t[i % 3 + 1], 1 + (i % 997) * 0.173 }' > "$tmp/pieces.toml"
awk 'BEGIN {
  n = split("matchlock-arquebusiers flintlock-arquebusiers matchlock-musketeers flintlock-musketeers pikemen armored-pikemen swordsmen armored-swordsmen heavy-swordsmen dragoons hussars coutiliers reiters harquebusiers cuirassiers demi-lancers gendarmes", t, " ");
  for (i = 0; i < 100000; i++)
    printf "[[unit]]\nname = \"Unit %d\"\ntroop = \"%s\"\nrace = \"man\"\ntroops = %d\nveteran = %s\n\n", i, t[i % n + 1], 60 + (i % 7) * 10, (i % 4 == 0) ? "true" : "false" }' > "$tmp/units.toml"

for part in $parts; do
  case $part in
  stdin)  # 2.
    for fmt in csv json; do
      run "artillery-design 100,000 pieces from standard input to $fmt" 60 "$tmp/pieces.toml" "$bin/artillery-design" - --format $fmt
      run "unit-br 100,000 units from standard input to $fmt" 60 "$tmp/units.toml" "$bin/unit-br" - --format $fmt
    done ;;
  text)  # 3.
    for fmt in text markdown; do
      run "artillery-design 100,000 pieces to $fmt" 100 "" "$bin/artillery-design" "$tmp/pieces.toml" --format $fmt
      run "unit-br 100,000 units to $fmt" 100 "" "$bin/unit-br" "$tmp/units.toml" --format $fmt
    done ;;
  fire)  # 4.
    awk 'BEGIN { for (i = 0; i < 1000; i++)
      printf "[[arquebus]]\nname = \"S%d\"\nmen = 1000\nrange_in = %d\ncover = \"half\"\n\n", i, 2 + i % 10 }' > "$tmp/fire.toml"
    for fmt in csv json text markdown; do
      run "fire-odds 1,000 [[arquebus]] scenarios of 1,000 men to $fmt" 100 "" "$bin/fire-odds" "$tmp/fire.toml" --format $fmt
    done ;;
  war)  # 5.
    for n in $war_sizes; do
      battle_pairs 1 $n > "$tmp/forces.toml"
      for fmt in csv json text markdown; do
        for summary in --summary ""; do
          run "war-machine battle, $n battles ($((2 * n)) forces), $fmt${summary:+ }$summary" 40 "" "$bin/war-machine" battle "$tmp/forces.toml" --format $fmt $summary
          awk '/Maximum resident set size/ { print $NF }' "$tmp/time" > "$tmp/battle-$fmt$summary-$n"
        done
      done
      for fmt in csv json text markdown; do
        run "war-machine rate, $((2 * n)) forces, $fmt" 100 "" "$bin/war-machine" rate "$tmp/forces.toml" --format $fmt
      done
    done
    # battle flat: the largest batch's peak at most war_flat MB over the smallest's, each format.
    small=$(echo $war_sizes | awk '{ print $1 }') large=$(echo $war_sizes | awk '{ print $NF }')
    if [ "$small" != "$large" ]; then
      for fmt in csv json text markdown; do
        for summary in --summary ""; do
          awk -v label="war-machine battle flat, $fmt${summary:+ }$summary" -v small="$small" -v large="$large" -v flat="$war_flat" \
            -v a="$(cat "$tmp/battle-$fmt$summary-$small")" -v b="$(cat "$tmp/battle-$fmt$summary-$large")" 'BEGIN {
              more = int((b - a) / 1024 + (b >= a ? 0.5 : -0.5));
              printf "%s: peak %.0f MB at %d battles, %.0f MB at %d (%d MB more; target at most %d MB more: %s)\n",
                label, a / 1024, small, b / 1024, large, more, flat, more <= flat ? "ok" : "OVER" }' | tee "$tmp/line"
          if grep -q "OVER" "$tmp/line"; then failed=1; fi
        done
      done
    fi ;;
  siege)  # 6.
    awk 'BEGIN { for (i = 0; i < 40000; i++) { m = i % 3;
      if (m == 0) printf "[[structure]]\nname = \"R%d\"\nshape = \"rectangular\"\nmaterial = \"substantial\"\nlength_in = %d\nwidth_in = 4\nheight_levels = 2\n\n", i, 2 + i % 9;
      else if (m == 1) printf "[[structure]]\nname = \"W%d\"\nshape = \"wall\"\nmaterial = \"substantial\"\nlength_in = %d\nheight_levels = 3\n\n", i, 3 + i % 20;
      else printf "[[structure]]\nname = \"T%d\"\nshape = \"round\"\nmaterial = \"fortified\"\ndiameter_in = 4\nheight_levels = 3\ncannon = %d\n\n", i, i % 12 } }' > "$tmp/structures.toml"
    for fmt in text markdown csv json; do
      run "siege-duration --method structures, 40,000 structures to $fmt" 100 "" "$bin/siege-duration" "$tmp/structures.toml" --method structures --format $fmt
    done
    for fmt in csv json; do
      run "siege-duration (method all, the default), 40,000 structures to $fmt" 100 "" "$bin/siege-duration" "$tmp/structures.toml" --format $fmt
    done ;;
  flat)  # 7.
    for n in 2000 20000; do
      awk -v n=$n 'BEGIN { for (i = 0; i < n; i++) printf "[[arquebus]]\nname = \"a%d\"\nmen = %d\nrange_in = 8\n\n", i, 1 + i % 50 }' > "$tmp/arquebus.toml"
      { cat "$tmp/arquebus.toml"; echo "bad = = 1"; } > "$tmp/arquebus-bad.toml"
      for fmt in csv json; do
        run_over_parse "fire-odds, $n [[arquebus]] scenarios to $fmt" 25 "$tmp/arquebus.toml" "$tmp/arquebus-bad.toml" "$bin/fire-odds" --format $fmt
      done
    done
    awk 'BEGIN { for (i = 0; i < 5000; i++) printf "[[unit]]\nname = \"u%d\"\ntroop = \"pikemen\"\n", i }' > "$tmp/units5k.toml"
    run "unit-br 5,000 units (a file under 256 KiB) to json" 60 "" "$bin/unit-br" "$tmp/units5k.toml" --format json
    awk 'BEGIN { for (i = 0; i < 10000; i++) printf "[[unit]]\nname = \"u%d\"\ntroop = \"pikemen\"\ntroops = %d\n", i, 10 + i }' > "$tmp/units-distinct.toml"
    for fmt in csv json; do
      run "unit-br 10,000 units of as many troop counts to $fmt" 60 "" "$bin/unit-br" "$tmp/units-distinct.toml" --format $fmt
    done ;;
  *) echo "batch-memory: unknown part $part (stdin, text, fire, war, siege, flat)" >&2; exit 64 ;;
  esac
done
if [ "${BATCH_MEMORY_STRICT:-0}" = 1 ] && [ "$failed" = 1 ]; then
  echo "batch-memory: a batch is over its memory target or failed (above)" >&2
  exit 1
fi
