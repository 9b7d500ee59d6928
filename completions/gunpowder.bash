# bash completion for the gunpowder suite: artillery-design, unit-br, war-machine,
# siege-duration, fire-odds. Options, their allowed values and subcommands are read from the
# tool's own --help (cached per tool and subcommand), so the completion never falls out of date.

_gunpowder_help() {
  # $1 tool, $2 subcommand (may be empty). Prints the help text, cached.
  local key="${1}__${2}" var
  var="_GUNPOWDER_HELP_${key//[^A-Za-z0-9_]/_}"
  if [[ -z "${!var+x}" ]]; then
    if [[ -n "$2" ]]; then
      printf -v "$var" '%s' "$("$1" "$2" --help 2>/dev/null)"
    else
      printf -v "$var" '%s' "$("$1" --help 2>/dev/null)"
    fi
  fi
  printf '%s' "${!var}"
}

_gunpowder_complete() {
  local tool="${COMP_WORDS[0]##*/}" cur="${COMP_WORDS[COMP_CWORD]}" prev=""
  ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  COMPREPLY=()
  local help subs sub="" i
  help="$(_gunpowder_help "$tool" "")"
  # Subcommands: the names listed under "Subcommands:" in the help.
  subs="$(printf '%s\n' "$help" | sed -n '/^Subcommands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }')"
  for ((i = 1; i < COMP_CWORD; i++)); do
    if [[ -n "$subs" ]] && printf '%s\n' "$subs" | grep -qx -- "${COMP_WORDS[i]}"; then
      sub="${COMP_WORDS[i]}"
      help="$(_gunpowder_help "$tool" "$sub")"
      break
    fi
  done
  # The value of an option with a fixed set of values: "--format FORMAT:{text,markdown,...}".
  if [[ "$prev" == -* ]]; then
    local choices
    choices="$(printf '%s\n' "$help" | grep -oE -- "(^|[ ,])${prev}( [A-Z_]+)?:\{[^}]*\}" | head -n 1 | sed 's/.*{//; s/}//; s/,/ /g')"
    if [[ -n "$choices" ]]; then
      mapfile -t COMPREPLY < <(compgen -W "$choices" -- "$cur")
      return 0
    fi
    if printf '%s\n' "$help" | grep -qE -- "(^|[ ,])${prev} (FILE|OUTPUT)"; then
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return 0
    fi
    if printf '%s\n' "$help" | grep -qE -- "(^|[ ,])${prev} [A-Z]"; then
      return 0  # a free value (a number, a name): nothing to offer
    fi
  fi
  if [[ "$cur" == -* ]]; then
    local opts
    opts="$(printf '%s\n' "$help" | grep -oE -- '(^|[ ,])--[a-z][a-z0-9-]*' | sed 's/^[ ,]//' | sort -u)"
    mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
    return 0
  fi
  if [[ -n "$subs" && -z "$sub" ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$subs" -- "$cur")
    return 0
  fi
  # Input files: TOML files and directories.
  mapfile -t COMPREPLY < <(compgen -f -X '!*.toml' -- "$cur"; compgen -d -- "$cur")
  return 0
}

complete -F _gunpowder_complete artillery-design unit-br war-machine siege-duration fire-odds
