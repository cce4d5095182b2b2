//! A tiny JavaScript-like notation for building test heaps, so that each
//! test case is one line of text that node can evaluate too (the generator
//! `tools/gen_inspect_tests.js` defines the same helper functions in
//! JavaScript and records node's output for every case).
//!
//! Grammar: literals (`1`, `-0`, `NaN`, `'s'`, `"s"`, `true`, `null`,
//! `undefined`), arrays with holes (`[1, , 3]`), object literals with
//! identifier, string or number keys, `[Symbol('k')]` keys and `get x() {}` /
//! `set x(v) {}` accessors, and helper calls:
//! `inst(name, {..})` a class instance, `nullproto({..})`,
//! `fn(name[, {..}])` / `afn` / `gfn` functions, `cls(name[, super[, {..}]])`,
//! `err(ctor, message[, stack[, {..}[, cause]]])`, `ref(n, value)` and
//! `self(n)` for cycles, `range(n[, mul[, add]])`, `rep(n, v)`,
//! `words(n, min, max)`, `sparse(len, {i: v})`, `withProps([..], {..})`,
//! `Symbol(desc)`.

use super::super::{Key, Kind, Object, Prop, Value};
use super::super::super::number_parse::string_to_number;

/// A heap under construction plus the cursor of the parser.
pub struct Parser {
    src: Vec<char>,
    pos: usize,
    pub heap: Vec<Object>,
    /// Placeholders `self(n)` waiting for the object labelled `n`:
    /// (label, object holding the reference, which slot).
    pending: Vec<(u32, usize, Slot)>,
    /// How many entries `pending` had when the arguments of the helper
    /// call being built started: only later ones lie inside its value.
    call_mark: usize,
}

/// Where a forward reference sits inside an object.
#[derive(Clone, Copy)]
enum Slot {
    Prop(usize),
    Element(usize),
}

/// A parsed value, possibly a not yet resolved `self(n)`.
pub enum Parsed {
    Value(Value),
    SelfRef(u32),
}

fn utf16(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

/// Parses a whole comma-separated list of values (one for `inspect`
/// cases, several for `console.log` cases) into a heap and the values.
pub fn parse_args(src: &str) -> Result<(Vec<Object>, Vec<Value>), String> {
    let mut p = Parser {
        src: src.chars().collect(),
        pos: 0,
        heap: Vec::new(),
        pending: Vec::new(),
        call_mark: 0,
    };
    let mut values = Vec::new();
    p.ws();
    while p.pos < p.src.len() {
        match p.value()? {
            Parsed::Value(v) => values.push(v),
            Parsed::SelfRef(_) => return Err("self() outside an object".into()),
        }
        p.ws();
        if !p.eat(',') {
            break;
        }
        p.ws();
    }
    if p.pos != p.src.len() {
        return Err(format!("trailing input at {}", p.pos));
    }
    if !p.pending.is_empty() {
        return Err("self() without an enclosing ref()".into());
    }
    Ok((p.heap, values))
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.src.get(self.pos).copied()
    }
    fn ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }
    fn eat(&mut self, c: char) -> bool {
        self.ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: char) -> Result<(), String> {
        if self.eat(c) { Ok(()) } else { Err(format!("expected {c:?} at {}", self.pos)) }
    }
    fn ident(&mut self) -> String {
        self.ws();
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            self.pos += 1;
        }
        self.src.get(start..self.pos).unwrap_or(&[]).iter().collect()
    }
    fn alloc(&mut self, kind: Kind) -> usize {
        self.heap.push(Object { kind, props: Vec::new() });
        self.heap.len() - 1
    }

    fn value(&mut self) -> Result<Parsed, String> {
        self.ws();
        let c = self.peek().ok_or("unexpected end")?;
        if c == '\'' || c == '"' {
            return Ok(Parsed::Value(Value::String(self.string()?)));
        }
        if c == '-' || c == '.' || c.is_ascii_digit() {
            return Ok(Parsed::Value(Value::Number(self.number()?)));
        }
        if c == '[' {
            return self.array().map(|id| Parsed::Value(Value::Object(id)));
        }
        if c == '{' {
            let id = self.alloc(Kind::Object { constructor: Some(utf16("Object")) });
            self.object_body(id)?;
            return Ok(Parsed::Value(Value::Object(id)));
        }
        let name = self.ident();
        let v = match name.as_str() {
            "undefined" => Value::Undefined,
            "null" => Value::Null,
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            "NaN" => Value::Number(f64::NAN),
            "Infinity" => Value::Number(f64::INFINITY),
            _ => return self.call(&name),
        };
        Ok(Parsed::Value(v))
    }

    fn number(&mut self) -> Result<f64, String> {
        self.ws();
        let negative = self.peek() == Some('-');
        if negative {
            self.pos += 1;
            if self.ident_ahead("Infinity") {
                return Ok(f64::NEG_INFINITY);
            }
        }
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == '.' || (c == '+' || c == '-') && self.prev_is_e())
        {
            self.pos += 1;
        }
        let text: String = self.src.get(start..self.pos).unwrap_or(&[]).iter().collect();
        let v = string_to_number(&utf16(&text));
        if v.is_nan() {
            return Err(format!("bad number {text:?}"));
        }
        Ok(if negative { -v } else { v })
    }
    fn prev_is_e(&self) -> bool {
        self.pos > 0 && matches!(self.src.get(self.pos - 1), Some('e' | 'E'))
    }
    fn ident_ahead(&mut self, word: &str) -> bool {
        let save = self.pos;
        if self.ident() == word {
            return true;
        }
        self.pos = save;
        false
    }

    fn string(&mut self) -> Result<Vec<u16>, String> {
        let quote = self.peek().ok_or("eof")?;
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            let c = self.peek().ok_or("unterminated string")?;
            self.pos += 1;
            if c == quote {
                return Ok(out);
            }
            if c != '\\' {
                let mut buf = [0u16; 2];
                out.extend_from_slice(c.encode_utf16(&mut buf));
                continue;
            }
            let e = self.peek().ok_or("bad escape")?;
            self.pos += 1;
            let hex = |p: &mut Self, n: usize| -> Result<u32, String> {
                let s: String = p.src.get(p.pos..p.pos + n).ok_or("short escape")?.iter().collect();
                p.pos += n;
                u32::from_str_radix(&s, 16).map_err(|e| e.to_string())
            };
            match e {
                'n' => out.push(10),
                't' => out.push(9),
                'r' => out.push(13),
                'b' => out.push(8),
                'f' => out.push(12),
                'v' => out.push(11),
                '0' => out.push(0),
                'x' => out.push(hex(self, 2)? as u16),
                'u' if self.peek() == Some('{') => {
                    self.pos += 1;
                    let start = self.pos;
                    while self.peek().is_some_and(|c| c != '}') {
                        self.pos += 1;
                    }
                    let s: String = self.src.get(start..self.pos).unwrap_or(&[]).iter().collect();
                    self.pos += 1;
                    let cp = u32::from_str_radix(&s, 16).map_err(|e| e.to_string())?;
                    let ch = char::from_u32(cp).ok_or("bad code point")?;
                    let mut buf = [0u16; 2];
                    out.extend_from_slice(ch.encode_utf16(&mut buf));
                }
                'u' => out.push(hex(self, 4)? as u16),
                other => {
                    let mut buf = [0u16; 2];
                    out.extend_from_slice(other.encode_utf16(&mut buf));
                }
            }
        }
    }

    /// `[a, , b]`: returns the new array's id.
    fn array(&mut self) -> Result<usize, String> {
        self.expect('[')?;
        let id = self.alloc(Kind::Array { length: 0, elements: Vec::new() });
        let mut index = 0u32;
        let mut elements = Vec::new();
        loop {
            self.ws();
            if self.eat(']') {
                break;
            }
            if self.eat(',') {
                index += 1;
                continue;
            }
            match self.value()? {
                Parsed::Value(v) => elements.push((index, v)),
                Parsed::SelfRef(l) => {
                    self.pending.push((l, id, Slot::Element(elements.len())));
                    elements.push((index, Value::Undefined));
                }
            }
            index += 1;
            if !self.eat(',') {
                self.expect(']')?;
                break;
            }
        }
        if let Some(o) = self.heap.get_mut(id) {
            o.kind = Kind::Array { length: index, elements };
        }
        Ok(id)
    }

    fn key(&mut self) -> Result<Key, String> {
        self.ws();
        match self.peek() {
            Some('\'' | '"') => Ok(Key::String(self.string()?)),
            Some('[') => {
                self.pos += 1;
                if self.ident() != "Symbol" {
                    return Err("only [Symbol(..)] computed keys".into());
                }
                self.expect('(')?;
                self.ws();
                let d = self.string()?;
                self.expect(')')?;
                self.expect(']')?;
                Ok(Key::Symbol(d))
            }
            Some(c) if c.is_ascii_digit() => {
                let n = self.number()?;
                Ok(Key::String(utf16(&super::super::format_number(n))))
            }
            _ => Ok(Key::String(utf16(&self.ident()))),
        }
    }

    /// `{ k: v, get g() {}, set s(v) {} }` into the props of `id`.
    fn object_body(&mut self, id: usize) -> Result<(), String> {
        self.expect('{')?;
        let mut props: Vec<(Key, Prop)> = Vec::new();
        loop {
            if self.eat('}') {
                break;
            }
            let save = self.pos;
            let word = self.ident();
            let accessor = (word == "get" || word == "set") && {
                self.ws();
                self.peek().is_some_and(|c| c != ':' && c != ',' && c != '(')
            };
            if accessor {
                let key = self.key()?;
                while self.peek().is_some_and(|c| c != '}') {
                    self.pos += 1;
                }
                self.expect('}')?;
                let prop = if word == "get" { Prop::Getter } else { Prop::Setter };
                match props.iter_mut().find(|(k, _)| *k == key) {
                    Some(entry) => entry.1 = Prop::GetterSetter,
                    None => props.push((key, prop)),
                }
            } else {
                self.pos = save;
                let key = self.key()?;
                self.expect(':')?;
                let parsed = self.value()?;
                // A repeated key keeps its first position with the last value.
                let slot = props.iter().position(|(k, _)| *k == key).unwrap_or(props.len());
                let v = match parsed {
                    Parsed::Value(v) => v,
                    Parsed::SelfRef(l) => {
                        self.pending.push((l, id, Slot::Prop(slot)));
                        Value::Undefined
                    }
                };
                match props.get_mut(slot) {
                    Some(entry) => entry.1 = Prop::Value(v),
                    None => props.push((key, Prop::Value(v))),
                }
            }
            if !self.eat(',') {
                self.expect('}')?;
                break;
            }
        }
        // Node lists integer-like keys first, in ascending order.
        let index_of = |k: &Key| match k {
            Key::String(s) => String::from_utf16_lossy(s).parse::<u32>().ok().filter(|n| n.to_string() == String::from_utf16_lossy(s)),
            Key::Symbol(_) => None,
        };
        let mut order: Vec<usize> = (0..props.len()).collect();
        order.sort_by_key(|&i| match props.get(i).and_then(|(k, _)| index_of(k)) {
            Some(n) => (0, n, 0),
            None => (if matches!(props.get(i), Some((Key::Symbol(_), _))) { 2 } else { 1 }, 0, i),
        });
        if order.iter().enumerate().any(|(a, &b)| a != b) && self.pending.iter().any(|p| p.1 == id) {
            return Err("self() in reordered object".into());
        }
        let sorted = order.iter().filter_map(|&i| props.get(i).cloned()).collect();
        if let Some(o) = self.heap.get_mut(id) {
            o.props = sorted;
        }
        Ok(())
    }

    /// Parses `( args )` of a helper as raw values.
    fn call(&mut self, name: &str) -> Result<Parsed, String> {
        self.expect('(')?;
        let mark = self.pending.len();
        let mut args: Vec<Parsed> = Vec::new();
        loop {
            if self.eat(')') {
                break;
            }
            args.push(self.value()?);
            if !self.eat(',') {
                self.expect(')')?;
                break;
            }
        }
        let mut vals = args.into_iter().map(|a| match a {
            Parsed::Value(v) => Ok(v),
            Parsed::SelfRef(_) => Err("self() as a helper argument".to_string()),
        });
        self.call_mark = mark;
        let mut next = || vals.next().transpose();
        super::helpers::build(self, name, &mut next)
    }

    /// Moves the props of a parsed object literal onto another object, or
    /// returns an empty list for `undefined`.
    pub fn take_props(&mut self, v: Option<Value>, onto: usize) -> Result<(), String> {
        let Some(Value::Object(src)) = v else { return Ok(()) };
        let props = self.heap.get(src).map(|o| o.props.clone()).unwrap_or_default();
        for p in self.pending.iter_mut() {
            if p.1 == src {
                p.1 = onto;
            }
        }
        if let Some(o) = self.heap.get_mut(onto) {
            o.props = props;
        }
        Ok(())
    }

    pub fn new_object(&mut self, kind: Kind) -> usize {
        self.alloc(kind)
    }
    /// Labels object `id` as `label` and points every `self(label)` parsed
    /// so far (all of them inside this object) at it, as the JavaScript
    /// helper does when `ref` returns.
    pub fn label(&mut self, label: u32, id: usize) -> Result<(), String> {
        let inner = self.pending.split_off(self.call_mark.min(self.pending.len()));
        let (now, later): (Vec<_>, Vec<_>) = inner.into_iter().partition(|p| p.0 == label);
        self.pending.extend(later);
        for (_, holder, slot) in now {
            let object = self.heap.get_mut(holder).ok_or("bad holder")?;
            let v = Value::Object(id);
            match (slot, &mut object.kind) {
                (Slot::Element(i), Kind::Array { elements, .. }) => {
                    if let Some(e) = elements.get_mut(i) {
                        e.1 = v;
                    }
                }
                (Slot::Prop(i), _) => {
                    if let Some(e) = object.props.get_mut(i) {
                        e.1 = Prop::Value(v);
                    }
                }
                _ => return Err("bad slot".into()),
            }
        }
        Ok(())
    }
}
