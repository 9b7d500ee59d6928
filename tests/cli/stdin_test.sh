#!/bin/bash
# stdin_test.sh BIN EXAMPLES WORK - standard input through real pipes (the golden cases give a
# regular file or /dev/null): with no file named, every command that reads one reads a pipe on
# standard input, giving what naming the file gives, its diagnostics naming <stdin>; an empty pipe
# or an empty file keeps the usage error of /dev/null (exit 64, the same message); a one-liner whose
# flags say what to compute leaves standard input to the commands after it; a terminal is the
# usage error at once.
set -u
bin=$1
examples=$2
work=$3
mkdir -p "$work"
failures=0

fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# piped TOOL FILE ARGS...: `cat FILE | TOOL ARGS` is `TOOL ARGS FILE`.
piped() {
  local tool=$1 file=$2
  shift 2
  local named piped rc_named rc_piped
  named=$("$bin/$tool" "$@" "$examples/$file" 2>&1 </dev/null)
  rc_named=$?
  piped=$(cat "$examples/$file" | "$bin/$tool" "$@" 2>&1)
  rc_piped=$?
  if [[ $rc_named -ne 0 ]]; then
    fail "$tool $* $file: exit $rc_named naming the file"
  elif [[ $rc_piped -ne 0 || "$piped" != "$named" ]]; then
    fail "cat $file | $tool $*: exit $rc_piped, output differs from naming the file"
    diff <(echo "$named") <(echo "$piped") | head -10
  fi
}

# empty TOOL ARGS...: an empty pipe and an empty file are /dev/null's usage error.
empty() {
  local tool=$1
  shift
  local devnull rc_devnull out rc
  devnull=$("$bin/$tool" "$@" 2>&1 </dev/null)
  rc_devnull=$?
  [[ $rc_devnull -eq 64 ]] || fail "$tool $* </dev/null: exit $rc_devnull, not 64"
  out=$(printf '' | "$bin/$tool" "$@" 2>&1)
  rc=$?
  [[ $rc -eq 64 && "$out" == "$devnull" ]] || fail "printf '' | $tool $*: exit $rc, '$out' (not '$devnull')"
  : >"$work/empty.toml"
  out=$("$bin/$tool" "$@" 2>&1 <"$work/empty.toml")
  rc=$?
  [[ $rc -eq 64 && "$out" == "$devnull" ]] || fail "$tool $* <empty file: exit $rc, '$out' (not '$devnull')"
}

# keeps TOOL ARGS...: the command leaves standard input alone (`while read` loops keep theirs).
keeps() {
  local tool=$1
  shift
  local out
  out=$(printf 'x\n' | ("$bin/$tool" "$@" >/dev/null 2>&1; cat))
  [[ "$out" == "x" ]] || fail "printf 'x\\n' | ($tool $* ; cat) printed '$out', not x"
}

piped artillery-design pieces.toml
piped unit-br unit-br-units.toml
piped siege-duration siege-duration.toml --method simplified
piped fire-odds fire-odds.toml
piped war-machine war-machine-prince.toml rate
piped war-machine war-machine-field.toml battle
piped war-machine war-machine-field.toml campaign --battles 3
piped war-machine war-machine-siege.toml siege --weeks 4 --food-weeks 2

# A writer that takes its time: the command waits for it, as reading would.
out=$( (sleep 0.3; cat "$examples/war-machine-field.toml") | "$bin/war-machine" battle 2>&1)
[[ $? -eq 0 && "$out" == "$("$bin/war-machine" battle "$examples/war-machine-field.toml" </dev/null 2>&1)" ]] ||
  fail "a slow pipe into war-machine battle"

# Diagnostics of piped input name <stdin>, as '-' does.
for cmd in "artillery-design" "unit-br" "siege-duration" "fire-odds" "war-machine rate" "war-machine battle"; do
  # shellcheck disable=SC2086
  out=$(printf 'x = \n' | "$bin"/$cmd 2>&1)
  rc=$?
  [[ $rc -eq 65 && "$out" == *"<stdin>:1:"* ]] || fail "printf 'x = ' | $cmd: exit $rc, '$out'"
done

empty artillery-design
empty unit-br
empty siege-duration
empty fire-odds
empty war-machine rate
empty war-machine battle
empty war-machine campaign
empty war-machine siege

# A terminal on standard input: the usage error at once, never a wait for typing (where script(1)
# is there to give the command a terminal).
if command -v script >/dev/null 2>&1; then
  out=$(timeout 20 script -qec "$bin/war-machine battle" /dev/null </dev/null 2>&1)
  rc=$?
  [[ $rc -eq 64 && "$out" == *"give one TOML file"* ]] || fail "war-machine battle on a terminal: exit $rc, '$out'"
fi

keeps fire-odds broadside --dice 5
keeps artillery-design --type gun --shot-lb 12
keeps artillery-design --type gun  # a flags run that fails still reads no file
keeps artillery-design --catalogue
keeps unit-br --troop "matchlock musketeers" --race man --troops 120
keeps unit-br --catalogue
keeps war-machine siege --weeks 5 --food-weeks 2 --defender-troops 400
keeps war-machine march --troops 300 --troop-class good --movement-ft 120
keeps war-machine battle --help
keeps siege-duration --print-rules siege_duration

if [[ $failures -ne 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "standard input: every check passed"
