// @ts-check
// The wasm module, started once for the whole page, and handed with its
// catalogue of rule facts to catalogue.js before any other module's code runs:
// a module that imports this one (as presets.js does) waits for both.
// trunk writes the wasm-bindgen glue (mapello.js) next to index.html.
import init, * as api from "../mapello.js";
import { useCatalogue } from "./catalogue.js";

try {
  await init();
  useCatalogue(api);
} catch {
  // A module that cannot start must not stop the page's own code: main.js
  // starts it again, fails the same way, and tells the player why.
}

/** The started module's exports. */
export default api;
