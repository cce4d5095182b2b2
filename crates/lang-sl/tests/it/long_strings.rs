//! Strings built one piece at a time: concatenation is a rope, so a million appends (or
//! prepends) take linear time, and the million-level rope flattens without deep recursion.

use porcini::embed::HostValue;
use porcini::{Engine, EngineOptions, Host};
use lang_sl::Sl;

const BUILD: &str = r#"
function append(n) {
  s = "";
  i = 0;
  while (i < n) {
    s = s + "x";
    i = i + 1;
  }
  return s;
}
function prepend(n) {
  s = "";
  c = "";
  i = 0;
  while (i < n) {
    if (i / 2 * 2 == i) { c = "a"; } else { c = 7; }
    s = c + s;
    i = i + 1;
  }
  return s;
}
function mixed(n) {
  s = "<";
  i = 0;
  while (i < n) {
    s = "(" + s + ")";
    i = i + 1;
  }
  return s;
}
"#;

fn text(e: &Engine<Sl>, code: &str) -> String {
    match e.eval(code, "long.sl") {
        Ok(HostValue::String(s)) => s,
        other => panic!("{code}: {other:?}"),
    }
}

#[test]
fn a_million_characters_one_at_a_time_both_ways() {
    {
        let e = Engine::<Sl>::new(EngineOptions::default(), Host::new(Box::new(std::io::sink())));
        e.eval(BUILD, "long.sl").unwrap();
        let s = text(&e, "append(1000000)");
        assert_eq!(s.len(), 1_000_000);
        assert!(s.bytes().all(|b| b == b'x'));
        // The last piece prepended is the first character: 999999 is odd, so "7".
        let s = text(&e, "prepend(1000000)");
        assert_eq!(s.len(), 1_000_000);
        assert!(s.starts_with("7a7a7a") && s.ends_with("7a"), "{}", &s[..10]);
        let s = text(&e, "mixed(300000)");
        assert_eq!(s.len(), 600_001);
        assert_eq!((&s[..3], &s[299_999..300_002], &s[600_000..]), ("(((", "(<)", ")"));
    }
}
