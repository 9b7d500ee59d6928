# forces.sh - sourced by the benchmarks: battle_pairs FIRST LAST prints the [[force]] tables of
# battles FIRST to LAST, an attacker A<i> rated by BFR against its defender D<i> rated by BR
# (opponent given), troops and ratings varying with i (bench/batch-memory.sh part war,
# bench/war-machine-campaign.sh long).
battle_pairs() {
  awk -v first="$1" -v last="$2" 'BEGIN { for (i = first; i <= last; i++) {
    printf "[[force]]\nname = \"A%d\"\nside = \"north\"\nrole = \"attacker\"\ntroops = %d\nbfr = %d\nmounted_pct = %d\nopponent = \"D%d\"\ntactic = \"attack\"\n\n", i, 100 + (i * 37) % 900, 40 + (i * 13) % 90, (i * 7) % 60, i
    printf "[[force]]\nname = \"D%d\"\nside = \"south\"\nrole = \"defender\"\ntroops = %d\nbr = %d\nsituation = [\"defending-in-place\"]\ntactic = \"hold\"\n\n", i, 100 + (i * 53) % 900, 50 + (i * 29) % 120 } }'
}
