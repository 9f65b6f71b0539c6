"""dmgbuild settings for Concierge's disk image: the app beside a link to /Applications.

packaging/macos/build-macos.sh runs
``dmgbuild -s packaging/macos/dmg_settings.py -D app=dist/Concierge.app "Concierge" out.dmg``;
dmgbuild runs this file with ``defines`` (the -D values) in its namespace.
"""

import os.path

application = defines["app"]  # type: ignore[name-defined]  # noqa: F821
appname = os.path.basename(application)

# LZFSE-compressed (macOS 10.11 and later; the app needs 13.0).
format = "ULFO"
files = [application]
symlinks = {"Applications": "/Applications"}
icon = os.path.join(application, "Contents", "Resources", "concierge.icns")
if not os.path.exists(icon):
    icon = None

default_view = "icon-view"
show_icon_preview = False
show_status_bar = False
show_toolbar = False
show_pathbar = False
show_sidebar = False
window_rect = ((200, 200), (600, 320))
icon_size = 128
text_size = 13
icon_locations = {appname: (150, 150), "Applications": (450, 150)}
