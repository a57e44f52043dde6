#!/usr/bin/env bash
# The main job: opens the ReorderKit desktop app. Without a display it runs
# a scripted tour of all five scenes offscreen instead, writes PNG frames and
# an animated GIF of each scene to demo-out/, and prints their paths.
#
#   Scripts/demo.sh                  # the app (or, headless, the tour)
#   Scripts/demo.sh --items 10000    # arguments go to the app
#   DEMO_TOUR=1 Scripts/demo.sh      # the tour even with a display
#   DEMO_DOCS=1 Scripts/demo.sh      # the tour, then refresh the screenshots and the drag GIF in docs/
set -euo pipefail
cd "$(dirname "$0")/.."

echo "demo: building reorder-demo"
swift build --product reorder-demo >/dev/null
bin="$(swift build --show-bin-path)/reorder-demo"

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ "${DEMO_TOUR:-0}" != 1 ] && [ "${DEMO_DOCS:-0}" != 1 ]; then
  echo "demo: opening the app (keys 1-5 switch scenes; press and hold a cell to drag it; Esc cancels)"
  exec "$bin" "$@"
fi

out="$PWD/demo-out"
mkdir -p "$out"
echo "demo: no display; running the scripted tour offscreen into $out"
rm -f "$out"/tour-state.*
SDL_VIDEODRIVER=offscreen "$bin" --reset --state "$out/tour-state.sqlite" --tour "$out" \
  --tour-scene colors --tour-scene photos --tour-scene students --tour-scene lessons "$@" >/dev/null
# The board wants a wide window: five columns side by side.
SDL_VIDEODRIVER=offscreen "$bin" --reset --state "$out/tour-board.sqlite" --tour "$out" --tour-scene board \
  --size 1100x720 "$@" >/dev/null
# The board's frames, every second one, at 60 %: its wide window at full size would pass
# ImageMagick's default memory and disk limits.
rm -rf "$out/board-small" && mkdir -p "$out/board-small"
for f in $(ls "$out"/board/frame-*.png | sed -n '1~2p'); do convert "$f" -resize 60% "$out/board-small/${f##*/}"; done
for scene in colors photos students lessons board; do
  # Every second frame of the 25 a second, 8 hundredths of a second each: a whole tour at full
  # size stays inside ImageMagick's default memory and disk limits.
  if [ "$scene" = board ]; then frames=$(ls "$out"/board-small/frame-*.png); else frames=$(ls "$out/$scene"/frame-*.png | sed -n '1~2p'); fi
  convert -delay 8 -loop 0 +dither $frames -layers Optimize "$out/$scene.gif"
done
echo "demo: the tour of each scene, as PNG frames and an animated GIF:"
for scene in colors photos students lessons board; do
  n=$(ls "$out/$scene" | wc -l)
  echo "  $out/$scene.gif"
  echo "  $out/$scene/ ($n frames)"
  echo "  $out/$scene.png (still), $out/$scene-drag.png (mid-drag)"
done

if [ "${DEMO_DOCS:-0}" = 1 ]; then
  mkdir -p docs
  cp "$out/colors-drag.png" docs/colors.png
  cp "$out/photos.png" docs/photos.png
  cp "$out/students-birthday.png" docs/students.png
  cp "$out/lessons-drag.png" docs/lessons.png
  # The first drag of the Colors tour: press, lift, drag, drop, settle.
  convert -delay 4 -loop 0 +dither $(ls "$out"/colors/frame-*.png | head -n 80) -layers Optimize docs/drag.gif
  # The Students re-sorts: by birthday, then by height.
  convert -delay 4 -loop 0 +dither $(ls "$out"/students/frame-*.png | sed -n '8,75p') -layers Optimize docs/resort.gif
  # The board: a card into Doing, a fourth card refused by its limit, a keyboard move across
  # columns, a column moved by its header, undo.
  cp "$out/board-drag.png" docs/board.png
  cp "$out/board.gif" docs/board.gif
  echo "demo: refreshed docs/colors.png docs/photos.png docs/students.png docs/lessons.png docs/board.png docs/drag.gif docs/resort.gif docs/board.gif"
fi
