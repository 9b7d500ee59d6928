# Shared helpers of the benchmark scripts (sourced).
# median_ms N CMD...: runs CMD N times (output discarded) and prints the median wall time in ms.
median_ms() {
  n=$1; shift
  i=0
  : > /tmp/gunpowder-bench.$$
  while [ $i -lt $n ]; do
    s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N)
    echo $(( (e - s) / 1000 )) >> /tmp/gunpowder-bench.$$
    i=$((i + 1))
  done
  sort -n /tmp/gunpowder-bench.$$ | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "%.2f\n", m / 1000}'
  rm -f /tmp/gunpowder-bench.$$
}
# once_ms CMD...: one run's wall time in ms.
once_ms() {
  s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N)
  awk -v d=$(( (e - s) / 1000 )) 'BEGIN { printf "%.1f\n", d / 1000 }'
}
