#!/usr/bin/env bash
# Drives the completion scripts the tools make from their option trees (<build>/completions/, see
# completions/completions.cmake) in one shell, as a user's TAB does, and checks what they offer
# against the tools themselves, not against the scripts' source:
#   - after each subcommand (and for a tool without one), the flags offered are exactly the flags
#     the tool accepts there: every flag named in any of the tool's --help pages, and every flag
#     offered, is tried on the tool, and it is accepted unless the tool says "not expected" or "unknown option";
#   - the values of an option: the formats, the troop types and races unit-br names when it
#     refuses one, the firearms fire-odds accepts, the book's shot weights of the catalogue;
#   - files only where a file is expected: TOML files and directories for the inputs (directories
#     only for gunpowder-book's OUTDIR), any file for a FILE option, nothing for a number.
# $1 the shell (bash, zsh or fish), $2 the directory of the built tools, $3 that of the scripts.
set -u
shell=$1
bin=$(cd "$2" && pwd)
scripts=$(cd "$3" && pwd)
PATH="$bin:$PATH"
if ! command -v "$shell" >/dev/null; then
  echo "FAIL: $shell is not installed (make test-deps installs it)"
  exit 1
fi
work=$(mktemp -d)
err=$(mktemp)
trap 'rm -rf "$work" "$err"' EXIT
mkdir "$work/dir.d"
touch "$work/forces.toml" "$work/notes.txt"
cd "$work" || exit 1
fail=0

# The capture of zsh's completion: one interactive zsh on a pseudo-terminal (zpty) with compinit,
# whose compadd also prints each match it adds, and TAB bound to a widget that prints a mark when
# the completion is over. It reads command lines on its standard input, types each one and TAB,
# prints the matches and "__END__", then clears the line (C-u). The marks are written split in the
# source so that the echo of these lines never matches them.
zsh_capture='
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "PS1=; PATH=$BIN:\$PATH; fpath=($FPATH_DIR \$fpath); autoload -Uz compinit; compinit -u -D"
zpty -w z '\''compadd() { if (( ${@[(I)-[OAD]]} )); then builtin compadd "$@"; return; fi; local -a m; builtin compadd -O m "$@"; (( $#m )) && print -rl -- "" "__""M:"${^m}; builtin compadd "$@"; }'\''
zpty -w z '\''_capture() { comppostfuncs=(_capture_done); _main_complete "$@"; }; _capture_done() { print -rl -- "" __DO""NE__; }'\''
zpty -w z '\''bindkey -e; zle -C capture-complete complete-word _capture; bindkey "^I" capture-complete'\''
zpty -w z '\''unsetopt auto_list list_ambiguous auto_menu beep; LISTMAX=100000'\''
while IFS= read -r LINE; do
  zpty -w -n z "$LINE"$'\''\t'\''
  out=
  zpty -r -m z out "*__DONE__*" || break
  print -r -- "$out" | tr -d "\r" | sed -n "s/^__M://p"
  print -r -- __END__
  zpty -w -n z $'\''\C-u'\''
done
zpty -d z
'
if [[ $shell == zsh ]]; then
  coproc ZSH_CAPTURE { BIN=$bin FPATH_DIR=$scripts/zsh zsh -f -c "$zsh_capture" 2>/dev/null; }
  # As fds 7 and 8, which subshells (pipelines) inherit, unlike a coprocess's own.
  exec 7>&"${ZSH_CAPTURE[1]}" 8<&"${ZSH_CAPTURE[0]}"
fi

# offered "command line": what the shell offers for the word at the end of the line (the line
# ends with a blank to complete a new word), one a line, sorted, directories without their "/".
offered() {
  local line=$1 tool=${1%% *}
  case $shell in
    bash)
      (
        # shellcheck source=/dev/null
        source "$scripts/bash/$tool"
        # bash splits "--format=json" at "=" (COMP_WORDBREAKS); so does this.
        read -r -a COMP_WORDS <<< "${line//=/ = }"
        [[ "$line" == *" " || "$line" == *"=" ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        "_gunpowder_${tool//-/_}"
        printf '%s\n' "${COMPREPLY[@]}"
      )
      ;;
    zsh)
      printf '%s\n' "$line" >&7
      local w
      while IFS= read -r -t 30 w <&8 && [[ "$w" != __END__ ]]; do echo "$w"; done
      ;;
    # fish offers "--format=json" whole: the value is what follows "=".
    fish) LINE=$line fish --no-config -c 'source $argv[1]; complete -C "$LINE"' "$scripts/fish/$tool.fish" | cut -f1 |
      sed 's/^--[a-z0-9-]*=//' ;;
  esac | sed 's:/$::' | grep -v '^$' | sort -u
}

words() { printf '%s\n' "$@" | grep -v '^$' | sort -u; }

# same "what" "expected (sorted lines)" "got (sorted lines)"
same() {
  if [[ "$2" != "$3" ]]; then
    echo "FAIL ($shell): $1"
    diff <(echo "$2") <(echo "$3") | sed -n 's/^</  missing:/p; s/^>/  offered, not expected:/p'
    fail=1
  fi
}
# has "line" "word...": each word is offered
has() {
  local got w
  got=$(offered "$1")
  for w in $2; do
    grep -qxF -- "$w" <<< "$got" || { echo "FAIL ($shell): '$1' does not offer $w (got: $(echo $got))"; fail=1; }
  done
}
# hasnt "line" "word...": no word is offered
hasnt() {
  local got w
  got=$(offered "$1")
  for w in $2; do
    if grep -qxF -- "$w" <<< "$got"; then
      echo "FAIL ($shell): '$1' offers $w"
      fail=1
    fi
  done
}

# accepted_flags TOOL SUB OFFERED: the long flags the tool accepts there (SUB may be empty), tried
# one by one among every flag of its --help pages and those OFFERED.
accepted_flags() {
  local tool=$1 sub=$2 f candidates
  candidates=$({
    "$tool" --help
    for s in $subs; do "$tool" "$s" --help; done
    echo "$3"
  } 2>/dev/null | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)
  for f in $candidates; do
    timeout 10 "$tool" $sub "$f" </dev/null >/dev/null 2>"$err"
    grep -q "not expected\|unknown option" "$err" || echo "$f"
  done
}

subcommands() {  # the subcommands a tool has, as its own tests name them
  case $1 in
    war-machine) echo "rate battle campaign march siege" ;;
    fire-odds) echo "artillery firearm broadside arquebus dowel" ;;
    *) echo "" ;;
  esac
}

for tool in $(ls "$bin"); do
  case $tool in bench-* | fuzz_* | *.*) continue ;; esac
  [[ -x "$bin/$tool" && -f "$scripts/bash/$tool" ]] || { echo "FAIL: no completion for $tool"; fail=1; continue; }
  subs=$(subcommands "$tool")
  # A tool whose subcommand is required says so before it looks at the flags: its own flags are
  # checked after each subcommand.
  "$tool" --no-such-flag </dev/null >/dev/null 2>"$err"
  top=""
  grep -q "not expected\|unknown option" "$err" && top=yes
  for sub in ${top:+""} $subs; do
    line="$tool ${sub:+$sub }--"
    got=$(offered "$line" | grep -- '^--')
    same "'$line' offers exactly the flags $tool ${sub:+$sub }accepts" "$(accepted_flags "$tool" "$sub" "$got")" "$got"
  done
  same "'$tool --format ' offers the formats" "$(words text markdown md csv json)" "$(offered "$tool --format ")"
  # The subcommands, and the inputs where the tool takes them before one.
  if [[ -n "$subs" ]]; then
    expected=$(words $subs)
    [[ -n "$top" ]] && expected=$(words $subs forces.toml dir.d)
    same "'$tool ' offers its subcommands" "$expected" "$(offered "$tool ")"
  elif "$tool" --help | grep -q '^ *OUTDIR'; then  # gunpowder-book: the directory it writes, no file
    same "'$tool ' offers directories only (OUTDIR)" "$(words dir.d)" "$(offered "$tool ")"
  else
    same "'$tool ' offers the input files (TOML) and directories" "$(words forces.toml dir.d)" "$(offered "$tool ")"
  fi
done

# After a subcommand: its flags and the common ones, the values of short options too.
same "'war-machine battle -f ' offers the formats" "$(words text markdown md csv json)" \
  "$(offered "war-machine battle -f ")"
same "'war-machine battle --tie-policy ' offers the policies" "$(words reroll no-result defender higher-br)" \
  "$(offered "war-machine battle --tie-policy ")"
same "'war-machine battle --format json --' still knows the subcommand" \
  "$(offered "war-machine battle --" | grep -vx -- '--format')" "$(offered "war-machine battle --format json --" | grep -vx -- '--format')"
same "'war-machine march --troop-cl' offers --troop-class" "--troop-class" "$(offered "war-machine march --troop-cl")"
hasnt "war-machine battle --" "--troop-class --food-weeks --movement-ft --troops --weeks --completion"
if [[ $shell != zsh ]]; then  # zsh's _arguments completes "--format value", not "--format=value"
  same "'unit-br --format=' offers the formats" "$(words text markdown md csv json)" "$(offered "unit-br --format=")"
fi
same "'artillery-design --carriage l' offers limber" "limber" "$(offered "artillery-design --carriage l")"
same "'artillery-design -c l' offers limber" "limber" "$(offered "artillery-design -c l")"

# Files only where a file is expected.
same "'war-machine battle ' offers TOML inputs and directories" "$(words forces.toml dir.d)" \
  "$(offered "war-machine battle ")"
has "war-machine battle --write-forces " "forces.toml notes.txt dir.d"
has "unit-br --output " "forces.toml notes.txt"
has "unit-br -o " "forces.toml notes.txt"
same "'war-machine march --troops ' offers nothing (a number)" "" "$(offered "war-machine march --troops ")"
same "'unit-br --name ' offers nothing (a name)" "" "$(offered "unit-br --name ")"

# Known names: exactly those the tools accept.
troops=$(unit-br --troop no-such-troop 2>&1 | sed -n 's/.*(allowed: \(.*\))$/\1/p' | tr -d , | tr ' ' '\n' | sort)
same "'unit-br --troop ' offers the troop types unit-br allows" "$troops" "$(offered "unit-br --troop ")"
races=$(unit-br --troop pikemen --race no-such-race 2>&1 | sed -n 's/.*(allowed: \(.*\))$/\1/p' | tr -d , | tr ' ' '\n' |
  sort)
same "'unit-br --race ' offers the races unit-br allows" "$races" "$(offered "unit-br --race ")"
[[ -n "$troops" && -n "$races" ]] || { echo "FAIL: unit-br no longer lists the troop types or races it allows"; fail=1; }
weapons=$(offered "fire-odds firearm --weapon ")
same "'fire-odds firearm -w ' offers what --weapon does" "$weapons" "$(offered "fire-odds firearm -w ")"
[[ $(wc -l <<< "$weapons") -eq 14 ]] || { echo "FAIL ($shell): not the 14 firearms: $(echo $weapons)"; fail=1; }
for w in $weapons; do
  fire-odds firearm --weapon "$w" --range-yd 10 --target-ac 5 >/dev/null 2>&1 ||
    { echo "FAIL ($shell): fire-odds refuses the offered firearm $w"; fail=1; }
done
shots=$(artillery-design --catalogue --format json | grep -o '"shot_lb": [0-9.]*' | grep -o '[0-9.]*$' | sort -u)
same "'artillery-design --shot-lb ' offers the book's shot weights" "$shots" "$(offered "artillery-design --shot-lb ")"
same "'fire-odds artillery -s ' offers the book's shot weights" "$shots" "$(offered "fire-odds artillery -s ")"

if [[ $fail -ne 0 ]]; then exit 1; fi
echo "$shell completion tests passed"
