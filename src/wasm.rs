//! The JavaScript API (placeholder until the rules core lands).
use wasm_bindgen::prelude::*;

/// A game in progress.
#[wasm_bindgen]
pub struct Game;

#[wasm_bindgen]
impl Game {
    /// A new game; `options` may be `undefined`.
    #[wasm_bindgen(constructor)]
    pub fn new(_options: JsValue) -> Game {
        Game
    }

    /// The state as a plain object (see the contract in www/).
    pub fn state(&self) -> JsValue {
        let mut cells = vec![b'.'; 100];
        cells[44] = b'X';
        cells[45] = b'O';
        cells[54] = b'O';
        cells[55] = b'X';
        let obj = js_sys::Object::new();
        let set = |k: &str, v: JsValue| js_sys::Reflect::set(&obj, &k.into(), &v).unwrap();
        set("size", 8.into());
        set("ring", true.into());
        set("cells", String::from_utf8(cells).unwrap().into());
        set("toMove", "X".into());
        obj.into()
    }
}
