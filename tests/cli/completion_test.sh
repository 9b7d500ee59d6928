#!/usr/bin/env bash
# Tests of completions/gunpowder.bash: $1 is the directory of the built tools, $2 the script.
set -u
PATH="$1:$PATH"
# shellcheck source=/dev/null
source "$2"
fail=0
expect() {  # expect "words..." "completions expected (space-separated, all must be offered)"
  local line="$1" want="$2" w
  read -r -a COMP_WORDS <<< "$line"
  [[ "$line" == *" " ]] && COMP_WORDS+=("")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  _gunpowder_complete
  for w in $want; do
    if ! printf '%s\n' "${COMPREPLY[@]}" | grep -qx -- "$w"; then
      echo "FAIL: '$line' does not offer '$w' (got: ${COMPREPLY[*]})"
      fail=1
    fi
  done
}
refuse() {  # refuse "words..." "word that must not be offered"
  local line="$1" not="$2"
  read -r -a COMP_WORDS <<< "$line"
  [[ "$line" == *" " ]] && COMP_WORDS+=("")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  _gunpowder_complete
  if printf '%s\n' "${COMPREPLY[@]}" | grep -qx -- "$not"; then
    echo "FAIL: '$line' offers '$not'"
    fail=1
  fi
}
for tool in "$1"/*; do
  t=$(basename "$tool")
  case $t in bench-*) continue ;; esac
  expect "$t --for" "--format"
  expect "$t --format " "text markdown csv json"
  expect "$t --ex" "--explain"
done
if [[ -x "$1/artillery-design" ]]; then
  expect "artillery-design --type " "cannon gun mortar"
  expect "artillery-design --carriage l" "limber"
  refuse "artillery-design --carriage l" "field"
  expect "artillery-design --cat" "--catalogue"
fi
if [[ $fail -ne 0 ]]; then exit 1; fi
echo "completion tests passed"
