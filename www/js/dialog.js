// @ts-check
// What the dialogs loaded on demand (position-view.js, archive-view.js)
// share, itself loaded with the first of them, never on the first screen:
// the dialog and its styles made on first use, and the workers' wasm
// module, which holds what the page's own module leaves out.

/**
 * A dialog `id` over the page, its title `${id}-title` in `markup`, with
 * `styles` added to the page's head.
 * @param {string} id
 * @param {string} markup
 * @param {string} styles
 */
export function createDialog(id, markup, styles) {
  const dialog = document.createElement("dialog");
  dialog.id = id;
  dialog.className = `help ${id}`;
  dialog.setAttribute("aria-labelledby", `${id}-title`);
  dialog.innerHTML = markup;
  const style = document.createElement("style");
  style.textContent = styles;
  document.head.append(style);
  document.body.append(dialog);
  return dialog;
}

/** @type {Promise<typeof import("../mapello_ai.js")> | null} */
let workersModule = null;

/** The workers' wasm module, started once; tried again after a failure. */
export function aiWasm() {
  workersModule ??= import("../mapello_ai.js").then(async (wasm) => {
    await wasm.default();
    return wasm;
  });
  workersModule.catch(() => {
    workersModule = null;
  });
  return workersModule;
}
