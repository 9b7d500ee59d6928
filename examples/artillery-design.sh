#!/bin/sh
# The examples of artillery-design (run by `make demo`; $1 is the directory of the binaries).
set -e
bin=${1:-build/bin}
dir=$(dirname "$0")
set -x
"$bin/artillery-design" --type gun --shot 18 --format json
"$bin/artillery-design" --type mortar --shot 20 --carriage field
"$bin/artillery-design" --catalogue --format markdown
"$bin/artillery-design" "$dir/pieces.toml"
"$bin/artillery-design" --type gun --shot 15 --explain
"$bin/artillery-design" --compare --rate-reading rof-first
"$bin/artillery-design" --economies
"$bin/artillery-design" --type cannon --shot 60 --gunpowder dwarven --stone-lb 12
"$bin/artillery-design" --type cannon --shot 60 --gunpowder dwarven --rules "$dir/house-rules/dwarven-powder-half-price.toml"
"$bin/artillery-design" --type gun --shot 30 --rules "$dir/house-rules/30-pdr-gun.toml" --format markdown
