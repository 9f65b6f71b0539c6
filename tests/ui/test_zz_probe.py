from tests.ui.trips_support import *  # noqa
from tests.ui.trips_support import shown_window, services, place_index
from tests.ui.visible_text import pseudo_language, untranslated

async def test_probe(services, qtbot):
    with pseudo_language():
        async with shown_window(services) as main:
            main.resize(1280, 800)
            found = untranslated(main, visible_only=False)
            open("/tmp/probe/found.txt", "w").write("\n".join(found))
            print(len(found))
