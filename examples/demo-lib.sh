# Sourced by the examples/<tool>.sh scripts that `make demo` runs (examples/demo.sh).
# show TITLES TOOL ARGS...: prints the command, runs $bin/TOOL ARGS, prints the tables (blank-line
# separated paragraphs) whose first line begins with one of TITLES ("Forces|Odds"; "*" for the first
# table) and names the ones left out.

quote() {
  for a in "$@"; do
    case $a in
      *[!A-Za-z0-9_./:=,+-]*) printf ' "%s"' "$a" ;;
      *) printf ' %s' "$a" ;;
    esac
  done
}

show() {
  titles=$1
  tool=$2
  shift 2
  echo "\$ $tool$(quote "$@")"
  out=$("$bin/$tool" "$@")
  printf '%s\n' "$out" | awk -v keep="$titles" -v width="${COLUMNS:-100}" '
    BEGIN { RS = ""; n = split(keep, k, "|") }
    function wanted(   i) {
      for (i = 1; i <= n; i++) if (k[i] == "*" ? NR == 1 : index($0, k[i]) == 1) return 1
      return 0
    }
    wanted() { if (shown++) print ""; print; next }
    { title = $0; sub(/\n.*/, "", title); sub(/ \(.*/, "", title); left = left sep title; sep = "; "; m++ }
    END {
      if (!shown) { print "demo: no table of the output begins with " keep > "/dev/stderr"; exit 1 }
      if (!m) exit
      line = "  [" m " more table" (m > 1 ? "s" : "") ": " left "]"
      while (length(line) > width) {  # wrapped at a space to the width
        cut = width; while (cut > 20 && substr(line, cut, 1) != " ") cut--
        print substr(line, 1, cut - 1); line = "    " substr(line, cut + 1)
      }
      print line
    }'
}
