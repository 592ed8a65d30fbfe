import type { Page } from "@playwright/test";

export const mapsPlace = { description: "12 Adeola Odeku Street, Victoria Island, Lagos", lat: 6.4281, lng: 3.4219 };

/**
 * The one stand-in of the suite: the Google Maps places service cannot be reached here, so its script is
 * answered with a small one that offers the same calls (suggestions for what is typed, and a geocode).
 */
export async function fakeMapsPlaces(page: Page) {
  const script = `
    (() => {
      const place = ${JSON.stringify(mapsPlace)};
      class AutocompleteService {
        getPlacePredictions(request, done) {
          const matches = place.description.toLowerCase().includes(String(request.input).toLowerCase());
          done(matches ? [{ description: place.description, place_id: "fake-place-1" }] : [], matches ? "OK" : "ZERO_RESULTS");
        }
      }
      class Geocoder {
        geocode(request, done) {
          done([{ formatted_address: place.description, geometry: { location: { lat: () => place.lat, lng: () => place.lng } } }], "OK");
        }
      }
      window.google = { maps: { Geocoder, places: { AutocompleteService, PlacesServiceStatus: { OK: "OK" } } } };
      const callback = new URL(document.currentScript.src).searchParams.get("callback");
      if (callback && window[callback]) window[callback]();
    })();`;
  await page.route("https://maps.googleapis.com/**", (route) => route.fulfill({ contentType: "text/javascript", body: script }));
}
