#!/usr/bin/env bash
# The main job: opens the ReorderKit desktop app. Without a display it runs
# a scripted tour of all four scenes offscreen instead, writes PNG frames and
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
  echo "demo: opening the app (keys 1-4 switch scenes; press and hold a cell to drag it; Esc cancels)"
  exec "$bin" "$@"
fi

out="$PWD/demo-out"
mkdir -p "$out"
echo "demo: no display; running the scripted tour offscreen into $out"
SDL_VIDEODRIVER=offscreen "$bin" --reset --state "$out/tour-state.json" --tour "$out" "$@" >/dev/null
for scene in colors photos students lessons; do
  # Every second frame of the 25 a second, 8 hundredths of a second each: a whole tour at full
  # size stays inside ImageMagick's default memory and disk limits.
  convert -delay 8 -loop 0 +dither $(ls "$out/$scene"/frame-*.png | sed -n '1~2p') -layers Optimize "$out/$scene.gif"
done
echo "demo: the tour of each scene, as PNG frames and an animated GIF:"
for scene in colors photos students lessons; do
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
  echo "demo: refreshed docs/colors.png docs/photos.png docs/students.png docs/lessons.png docs/drag.gif docs/resort.gif"
fi
