"""Rebuild packaging/surface_locations.json: the countries the search surfaces' engines
(serpapi:..., dataforseo:...) can be asked from, with each provider's code for them.

    python packaging/refresh_surface_locations.py --iso /usr/share/iso-codes/json/iso_3166-1.json
    python packaging/refresh_surface_locations.py --dataforseo   # DATAFORSEO_LOGIN/PASSWORD set

--iso builds the list from ISO 3166-1 (Debian's iso-codes): SerpApi's gl is the country's
alpha-2 code in lower case (serpapi.com/google-countries), DataForSEO's location_code of a
country is its Google Ads geo target criterion ID, 2000 + the ISO numeric code (2840, the
United States, in every example of docs.dataforseo.com). --dataforseo keeps only the
countries DataForSEO's own list (GET /v3/serp/google/locations, location_type "Country")
names, with its codes. The cities (Google's canonical names, which SerpApi's `location` and
DataForSEO's `location_name` take) are kept as they are: add one by its canonical_name from
https://serpapi.com/locations.json?q=NAME, under its country's code.
"""
import argparse
import base64
import datetime
import json
import os
import sys
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(HERE, "surface_locations.json")


def from_iso(path):
    with open(path, encoding="utf-8") as file:
        countries = json.load(file)["3166-1"]
    return {entry["alpha_2"]: {"name": entry["name"], "gl": entry["alpha_2"].lower(),
                               "location_code": 2000 + int(entry["numeric"])}
            for entry in countries}


def dataforseo_countries():
    token = base64.b64encode(("%s:%s" % (os.environ["DATAFORSEO_LOGIN"],
                                         os.environ["DATAFORSEO_PASSWORD"])).encode()).decode()
    request = urllib.request.Request("https://api.dataforseo.com/v3/serp/google/locations",
                                     headers={"Authorization": "Basic " + token})
    with urllib.request.urlopen(request, timeout=120) as reply:
        document = json.load(reply)
    return {item["country_iso_code"]: item["location_code"]
            for task in document["tasks"] for item in task["result"] or []
            if item.get("location_type") == "Country"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iso", help="iso-codes' iso_3166-1.json")
    parser.add_argument("--dataforseo", action="store_true",
                        help="keep only the countries DataForSEO lists, with its codes")
    options = parser.parse_args()
    with open(TARGET, encoding="utf-8") as file:
        previous = json.load(file)
    if options.iso:
        countries, source = from_iso(options.iso), "ISO 3166-1 (iso-codes)"
    else:
        countries, source = previous["countries"], previous["source"]
    if options.dataforseo:
        codes = dataforseo_countries()
        countries = {code: dict(entry, location_code=codes[code])
                     for code, entry in countries.items() if code in codes}
        source += "; DataForSEO GET /v3/serp/google/locations"
    document = {"source": source, "date": datetime.date.today().isoformat(),
                "citiesSource": previous["citiesSource"],
                "countries": dict(sorted(countries.items())),
                "cities": {code: cities for code, cities in previous["cities"].items()
                           if code in countries}}
    with open(TARGET, "w", encoding="utf-8") as file:
        json.dump(document, file, ensure_ascii=False, separators=(",", ":"))
        file.write("\n")
    print("%s: %d countries" % (TARGET, len(countries)), file=sys.stderr)


if __name__ == "__main__":
    main()
