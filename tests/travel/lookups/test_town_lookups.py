"""Every lookup that needs a place works for a town of the gazetteer (Kyoto): its country
for holidays, its zone for the time difference, its coordinates for daylight and distance."""

from __future__ import annotations

from concierge.store import LookupStatus
from concierge.travel.edits.trips import TripEditor
from concierge.travel.lookups.kinds import KINDS, LookupContext
from concierge.travel.lookups.progress import Progress
from concierge.travel.places.index import PlaceIndex
from tests.travel.lookups.conftest import Lookups

TO_KYOTO = {"origin": "LIS", "destination": "Kyoto, Japan"}  # as the trip passes them


def test_each_place_lookup_for_a_town(places: PlaceIndex) -> None:
    ctx = LookupContext(places=places, progress=Progress())
    ahead = KINDS["time_difference"].run({**TO_KYOTO, "at": "2027-01-10T12:00:00Z"}, ctx)
    assert ahead.to_dict()["stops"][0]["destination_hours_ahead"] == 9
    golden_week = {"start_date": "2027-04-29", "end_date": "2027-05-05"}
    holidays = KINDS["holidays"].run({**TO_KYOTO, **golden_week}, ctx)
    assert "in Japan" in holidays.summary()
    assert {"date": "2027-05-03", "name": "Constitution Day"} in (
        holidays.to_dict()["stops"][0]["holidays"]
    )
    april = {"start_date": "2027-04-05", "end_date": "2027-04-06"}
    days = KINDS["daylight"].run({**TO_KYOTO, **april}, ctx).to_dict()["stops"][0]["days"]
    assert days[0]["sunrise"].startswith("05:")  # Kyoto, early April: about 05:45 JST
    flights = KINDS["flights"].run(TO_KYOTO, ctx).to_dict()
    assert 10_500 < flights["distance_km"] < 11_500
    near = [a["iata"] for a in flights["destination_airports"]]
    assert {"ITM", "KIX"} <= set(near) and near.index("ITM") < near.index("KIX")  # 40, 90 km


async def test_a_trip_to_kyoto_stores_its_zone_and_its_time_difference_runs(
    lookups: Lookups, places: PlaceIndex
) -> None:
    editor = TripEditor(lookups.trips, places)
    [new_york] = await editor.stops.stops(lookups.trip.id)
    kyoto = (await editor.update_stop(new_york.id, {"place": "kyoto"}, strict_places=False)).record
    assert (kyoto.place, kyoto.place_code, kyoto.timezone) == ("Kyoto, Japan", None, "Asia/Tokyo")
    job_id = await lookups.service.start(lookups.trip.id, "time_difference")
    done = await lookups.service.wait(job_id)
    assert done is not None and done.status is LookupStatus.SUCCEEDED, done
    assert done.result is not None and done.result["stops"][0]["destination_tz"] == "Asia/Tokyo"
    assert done.summary.startswith("Kyoto, Japan is 9 hours ahead of Lisbon (LIS)")
