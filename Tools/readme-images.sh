#!/usr/bin/env bash
# Renders the README's pictures with the tool itself: bash Tools/readme-images.sh (after make release).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/gallery-render
out=docs/images
photos=Fixtures/photos
mkdir -p "$out"
"$bin" --width 375 --offset 120 --display-scale 2 "$photos" -o "$out/line-offset-120@2x.png"
"$bin" --layout grid --device iphone-8 --height 420 --offset 60 --display-scale 1 "$photos" -o "$out/grid-iphone-8.png"
"$bin" --device iphone-15 --height 160 --offset 510 --border-width 3 --border-color white --background '#1C1C1E' "$photos" -o "$out/line-iphone-15@3x.png"
"$bin" --device iphone-se --landscape --height 180 --offset 300 --snap --velocity 800 --shape rounded --corner-radius 14 "$photos" -o "$out/landscape-snap.png"
"$bin" animate --fling 1000 --snap --offset 120 --width 240 --height 90 --item-size 70 --fps 10 "$photos" -o "$out/fling-snap.png"
# The seed's tap: the carousel toggles to the flow layout and back (each under 512 KiB at 20 fps).
"$bin" animate --to-layout flow --offset 340 --width 280 --height 150 --duration 0.4 --fps 20 "$photos" -o "$out/toggle-to-flow.png"
"$bin" animate --layout flow --to-layout line --width 280 --height 150 --duration 0.4 --fps 20 "$photos" -o "$out/toggle-to-line.png"
# Seed 0: the round-photo grid while the device turns (small: 15 fps, @1x).
"$bin" animate --layout grid --rotate --width 200 --height 300 --fps 15 "$photos" -o "$out/rotate-grid.png"
# iCarousel's types: 16:9-ish cards in a cover flow and a rotary, and a time machine flung back (15 fps).
"$bin" --layout coverflow --width 360 --height 170 --item-size 130x90 --shape rounded --corner-radius 10 --offset 520 --display-scale 2 "$photos" -o "$out/coverflow.png"
"$bin" --layout rotary --width 360 --height 170 --count 8 --item-size 110x80 --shape rounded --corner-radius 10 --offset 55 --display-scale 2 "$photos" -o "$out/rotary.png"
"$bin" animate --layout time-machine --width 240 --height 200 --count 10 --item-size 120x90 --shape rounded --corner-radius 8 --offset 900 --fling -700 --fps 15 "$photos" -o "$out/time-machine-fling.png"
# Paging: a page-cube fling, a drag past the start that rubber-bands and springs back, a
# group-paging-centred "peek" section flung a group on, and two page transforms at rest (15-20 fps).
"$bin" animate --layout page-cube --count 6 --width 160 --height 240 --shape rounded --corner-radius 14 --offset 30 --fling 700 --fps 20 --background '#1C1C1E' "$photos" -o "$out/page-cube-fling.png"
"$bin" animate --drag -140 --width 240 --height 90 --item-size 70 --fps 15 "$photos" -o "$out/drag-bounce.png"
"$bin" animate --layout compositional --scrolling group-paging-centered --invalidation-scale 0.85,1 --width 260 --height 130 --count 8 --shape rounded --corner-radius 12 --fling 900 --fps 15 "$photos" -o "$out/peek.png"
"$bin" --layout paging-scale --paging-preset cover-flow --width 200 --height 300 --page-inset 30 --shape rounded --corner-radius 16 --offset 110 --display-scale 2 --background '#E5E5EA' "$photos" -o "$out/paging-scale-cover-flow.png"
"$bin" --layout page-linear-card --width 200 --height 300 --shape rounded --corner-radius 16 --offset 290 --display-scale 2 --background '#E5E5EA' "$photos" -o "$out/page-linear-card.png"
# Cells: captioned 16:9 cards with shadows and a page control, in dark mode.
"$bin" --layout compositional --scrolling group-paging-centered --item-size 280x158 --invalidation-scale 0.9,1 --width 390 --height 290 --count 8 --shape rounded --corner-radius 16 --caption 'Day {number} · A weekend in the hills above the lake' --caption-weight semibold --caption-size 15 --shadow-opacity 0.6 --shadow-radius 12 --shadow-offset 0,8 --page-control --appearance dark --background '#1C1C1E' --display-scale 2 --offset 290 "$photos" -o "$out/cards-dark.png"
