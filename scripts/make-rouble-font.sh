#!/usr/bin/env bash
# Rebuilds src/ui/theme/fonts/manrope-rouble-wght.woff2: the «₽» glyph alone, cut from Fontsource's
# Manrope latin-ext subset (variable weight axis kept). Run after upgrading @fontsource-variable/manrope.
# The face is declared in src/ui/theme/fonts/manrope.css. Needs fonttools with brotli (Debian: apt-get install fonttools python3-brotli). OFL-1.1 allows subsets.
set -euo pipefail
cd "$(dirname "$0")/.."
pyftsubset node_modules/@fontsource-variable/manrope/files/manrope-latin-ext-wght-normal.woff2 \
  --unicodes=U+20BD --flavor=woff2 --layout-features='' \
  --output-file=src/ui/theme/fonts/manrope-rouble-wght.woff2
