//! The AI's JavaScript API, tested in Node.
#![cfg(target_arch = "wasm32")]

use mapello::wasm::ai::{balanced_random_map_js, best_move, game_balance, hints, map_balance};
use mapello::wasm::Game;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn get(obj: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(obj, &key.into()).unwrap()
}

fn options(pairs: &[(&str, f64)]) -> JsValue {
    let obj = js_sys::Object::new();
    for (k, v) in pairs {
        js_sys::Reflect::set(&obj, &(*k).into(), &(*v).into()).unwrap();
    }
    obj.into()
}

fn start() -> Game {
    Game::new(JsValue::UNDEFINED).unwrap()
}

#[wasm_bindgen_test]
fn best_move_names_a_legal_move_and_reports_progress() {
    let game = start();
    let calls = js_sys::Array::new();
    let record = js_sys::Function::new_with_args("p", "this.push(p.depth)").bind0(&calls);
    let found = best_move(
        &game,
        options(&[("level", 5.0), ("seed", 3.0)]),
        Some(record),
    )
    .unwrap();
    let mv = get(&found, "move").as_string().unwrap();
    let legal = js_sys::Array::from(&get(&game.state().unwrap(), "legal"));
    assert!(legal.iter().any(|m| m.as_string().unwrap() == mv), "{mv}");
    assert!(calls.length() >= 2);
    assert_eq!(get(&found, "depth"), calls.get(calls.length() - 1));
    assert!(get(&found, "nodes").as_f64().unwrap() > 0.0);
    assert!(js_sys::Array::from(&get(&found, "pv")).length() >= 1);
}

#[wasm_bindgen_test]
fn best_move_is_deterministic_for_a_seed_and_keeps_a_node_budget() {
    let game = start();
    let a = best_move(&game, options(&[("nodes", 5000.0), ("seed", 1.0)]), None).unwrap();
    let b = best_move(&game, options(&[("nodes", 5000.0), ("seed", 1.0)]), None).unwrap();
    assert_eq!(get(&a, "move"), get(&b, "move"));
    assert_eq!(get(&a, "nodes"), get(&b, "nodes"));
    assert!(get(&a, "nodes").as_f64().unwrap() <= 5000.0 + 4096.0);
}

#[wasm_bindgen_test]
fn a_time_budget_uses_the_javascript_clock() {
    let found = best_move(&start(), options(&[("timeMs", 50.0)]), None).unwrap();
    assert!(get(&found, "depth").as_f64().unwrap() >= 1.0);
}

#[wasm_bindgen_test]
fn bad_options_are_refused() {
    assert!(best_move(&start(), options(&[("level", 99.0)]), None).is_err());
    assert!(best_move(&start(), options(&[("depth", 3.0)]), None).is_err());
}

#[wasm_bindgen_test]
fn hints_value_every_legal_move() {
    let game = start();
    let list = js_sys::Array::from(&hints(&game, options(&[("level", 4.0)])).unwrap());
    assert_eq!(list.length(), 4);
    for h in list.iter() {
        assert!(get(&h, "score").as_f64().is_some());
    }
}

#[wasm_bindgen_test]
fn balance_of_a_map_and_a_balanced_random_map() {
    let v = game_balance(&start());
    assert!(v.abs() < 10.0);
    let made = balanced_random_map_js(7.0, JsValue::UNDEFINED).unwrap();
    let code = get(&made, "code").as_string().unwrap();
    let balance = get(&made, "balance").as_f64().unwrap();
    assert!(balance.abs() <= 2.0, "{balance}");
    assert!((map_balance(&code).unwrap() - balance).abs() < 0.06);
    assert!(map_balance("not a code").is_err());
    let few = options(&[("walls", 2.0), ("bonuses", 0.0), ("jokers", 4.0)]);
    assert!(balanced_random_map_js(1.0, few).is_ok());
}
