"""The Micro in a web browser: the page's Python side, the build of the static site; no pygame."""
