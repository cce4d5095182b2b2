//! Strings built one piece at a time: concatenation is a rope, so a million appends (or
//! prepends) take linear time, and the million-level rope flattens without deep recursion.

use porcini::embed::HostValue;
use porcini::{Engine, EngineOptions, Host};
use lang_es::Es;

const BUILD: &str = r#"
function append(n, piece) {
  let s = "";
  for (let i = 0; i < n; i++) s = s + piece;
  return s;
}
function prepend(n) {
  let s = "";
  for (let i = 0; i < n; i++) s = (i % 2 ? "b" : "\u20ac") + s;
  return s;
}
function appendAssign(n) {
  let s = "";
  for (let i = 0; i < n; i++) s += String.fromCharCode(97 + i % 26);
  return s.length + ":" + s.slice(0, 5) + ":" + s.charCodeAt(n - 1);
}
"#;

fn text(e: &Engine<Es>, code: &str) -> String {
    match e.eval(code, "long.js") {
        Ok(HostValue::String(s)) => s,
        other => panic!("{code}: {other:?}"),
    }
}

#[test]
fn a_million_characters_one_at_a_time_both_ways() {
    let e = Engine::<Es>::new(EngineOptions::default(), Host::new(Box::new(std::io::sink())));
    e.eval(BUILD, "long.js").unwrap();
    let s = text(&e, "append(1000000, 'x')");
    assert_eq!(s.len(), 1_000_000);
    assert!(s.bytes().all(|b| b == b'x'));
    assert_eq!(e.eval("append(1000000, 'x').length", "long.js").unwrap(), HostValue::Int(1_000_000));
    // The last piece prepended ("b", i = 999999 is odd) is the first character.
    let s = text(&e, "prepend(1000000)");
    assert_eq!(s.chars().count(), 1_000_000);
    assert!(s.starts_with("b€b€") && s.ends_with("b€"), "{}", s.chars().take(6).collect::<String>());
    assert_eq!(text(&e, "appendAssign(1000000)"), "1000000:abcde:110");
}
